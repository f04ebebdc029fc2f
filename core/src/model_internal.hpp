#pragma once
// What the files of Model share (model.cpp: the type erasure and plain evaluations; model_recorded.cpp: the
// recorded constraint programs; model_derived.cpp: every other derivative on the graph; model_derivatives.cpp
// and model_linearization.cpp: the constraint derivatives and the terms of the linearization): the per-model
// caches and the checks.

#include "carvallo/model.hpp"
#include "carvallo/straight_line_program.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace carvallo {

namespace detail {

/// The constraint functions recorded once (expression_graph.hpp) and compiled to straight-line programs
/// (straight_line_program.hpp), one per quantity the solvers ask for at every step. Inputs (q, t) for cq,
/// else (q, q̇, t). Outputs: cq: C_q's structural nonzeros (cq_entries); velocity: Ċ then D; dqd: D_q̇'s
/// nonzeros (dqd_entries); jacobian: C_q's then D_q̇'s nonzeros; terms: C_q's nonzeros, Q_d,h's and Q_d,nh's
/// negatives between D_q̇'s nonzeros (see constraint_terms). C and D alone stay the definition's double code.
struct RecordedConstraints {
  std::vector<std::pair<int, int>> cq_entries, dqd_entries;
  StraightLineProgram cq, velocity, dqd, jacobian, terms;
  // Model::dynamics_terms: M's structural nonzeros (structure.mass), Q_b, then terms' outputs. Absent
  // (has_dynamics false) when the mass or the forces branch on the state or throw while recorded.
  bool has_dynamics = false;
  StraightLineProgram dynamics;
  DynamicsStructure structure;
};

/// What Model derives on the graph besides the recorded constraint programs (model_derived.cpp).
enum class Derived : int { C_q, C_t, C_dot, Q_dh, D_qd, D_q, D_t, Q_dnh, Q_b_q, Q_b_qd, Ma_q, JTnu_q, JTnu_qd, Q_d_q, Q_d_qd, linearization, count };

/// A derived quantity's program, recorded at its first call; per_call when the definition branched on the
/// state while recorded (then every call records at its own state).
struct DerivedProgram {
  std::once_flag once;
  bool per_call = false;
  StraightLineProgram program;
};

struct JacobianCache {
  std::once_flag recorded_once;
  bool recording = true;                          // Model::with_recorded_programs
  std::unique_ptr<RecordedConstraints> recorded;  // null: not recorded (off, or a value-dependent definition)
  std::array<DerivedProgram, static_cast<std::size_t>(Derived::count)> derived;
};

}  // namespace detail

namespace model_internal {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Every entry finite: x·0 is 0 for a finite x and NaN otherwise, and the sum is a vectorized reduction
// (Eigen's allFinite() ends in a scalar loop; these checks run on every evaluation).
template <class D>
bool all_finite(const Eigen::DenseBase<D>& a) {
  return (a.derived().array() * 0.0).sum() == 0.0;
}

[[noreturn]] inline void throw_non_finite(double t, const std::string& what, const std::string& subject, int index) {
  throw SolverError(SolverError::Kind::NonFinite, "the model's " + what + " is not finite (NaN or infinite)", t,
                    subject, index);
}

inline void check_rows(const Model& m, const MatrixXd& A, double t, const char* what, int row_offset, bool rows_are_constraints) {
  if (all_finite(A)) return;  // the loops below only name the culprit
  for (Eigen::Index i = 0; i < A.rows(); ++i)
    for (Eigen::Index j = 0; j < A.cols(); ++j)
      if (!std::isfinite(A(i, j))) {
        const int r = static_cast<int>(i) + row_offset;
        throw_non_finite(t, std::string(what) + " (column " + m.coordinate_name(static_cast<int>(j)) + ")",
                         rows_are_constraints ? m.constraint_name(r) : m.coordinate_name(r), r);
      }
}

inline void check_vec(const Model& m, const VectorXd& v, double t, const char* what, int row_offset, bool rows_are_constraints) {
  if (all_finite(v)) return;
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i])) {
      const int r = static_cast<int>(i) + row_offset;
      throw_non_finite(t, what, rows_are_constraints ? m.constraint_name(r) : m.coordinate_name(r), r);
    }
}

// Runs p at (q, t), or (q, q̇, t) when qd is given, into this thread's buffer; null if an output is not
// finite (the caller then names it). Defined in model_recorded.cpp.
const double* run_recorded(const StraightLineProgram& p, const VectorXd& q, const VectorXd* qd, double t);
// Writes the listed entries of a sparse Jacobian (the rest zero) from consecutive outputs; returns the
// position after them.
const double* scatter(const std::vector<std::pair<int, int>>& entries, const double* o, int rows, int cols,
                      MatrixXd& out);

/// The definition recorded at one state (expression_graph.hpp) for a derivative built on its graph: q, q̇
/// (zeros when the quantity has none), t and `extra` (a vector the quantity depends on linearly, such as the
/// multipliers of JTnu_q) are the input nodes, in that order; C, D, M and Q_b are recorded at their first
/// use. Defined in model_derived.cpp.
class StateRecording {
 public:
  StateRecording(const Model& m, ExpressionGraph& g, const VectorXd& q, const VectorXd* qd, double t,
                 const VectorXd* extra);
  ExpressionGraph& graph() { return g_; }
  std::vector<int> inputs() const;
  const std::vector<int>& q() const { return q_; }
  const std::vector<int>& qd() const { return qd_; }
  const std::vector<int>& extra() const { return extra_; }

  // Output nodes of the definition's functions (constants are nodes too); M column by column.
  const std::vector<int>& C();
  const std::vector<int>& D();
  const std::vector<int>& M();
  const std::vector<int>& Q();

  /// d/ds of `of` along (q̇, 0, 1) in (q, q̇, t): Ċ of C, D_q q̇ + D_t of D (-1: structurally zero).
  std::vector<int> rate(const std::vector<int>& of);
  /// ∂/∂t of `of`.
  std::vector<int> time_rate(const std::vector<int>& of);
  /// ∂of/∂wrt, column by column (of.size() × wrt.size(), -1 for a structural zero).
  std::vector<int> jacobian(const std::vector<int>& of, const std::vector<int>& wrt);
  /// Σ w_i of_i for input nodes w.
  int weighted_sum(const std::vector<int>& w, const std::vector<int>& of);
  /// Node by node: -a; a + b (-1 is zero in both).
  std::vector<int> negated(std::vector<int> a);
  std::vector<int> sum(const std::vector<int>& a, const std::vector<int>& b);

 private:
  std::vector<int> along(const std::vector<int>& seed_of_inputs, const std::vector<int>& of);
  const Model& m_;
  ExpressionGraph& g_;
  Vec<Recorded> qr_, qdr_;
  Recorded tr_;
  std::vector<int> q_, qd_, extra_;
  int t_ = -1;
  std::vector<int> C_, D_, M_, Q_;
  bool has_C_ = false, has_D_ = false, has_M_ = false, has_Q_ = false;
};

/// The outputs of `build` at (q, q̇, t, extra): the program recorded at the first call (cache.derived[k])
/// run at this state, or, for a definition that branched while recorded and for a model without programs
/// (with_recorded_programs(false)), the graph recorded at this state read directly. Outputs live in this
/// thread's buffer until the next call. Exceptions of the definition propagate. Defined in model_derived.cpp.
const double* evaluate_derived(const Model& m, detail::JacobianCache& cache, detail::Derived k, const VectorXd& q,
                               const VectorXd* qd, double t, const VectorXd* extra,
                               const std::function<std::vector<int>(StateRecording&)>& build);

}  // namespace model_internal

}  // namespace carvallo
