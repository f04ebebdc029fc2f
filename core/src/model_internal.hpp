#pragma once
// What the files of Model share (model.cpp: the type erasure and plain evaluations; model_recorded.cpp: the
// recorded programs; model_derivatives.cpp: the constraint Jacobians by dual numbers; model_linearization.cpp:
// the second-order terms of the linearization): the per-model caches and the dual-number helpers.

#include "carvallo/model.hpp"
#include "carvallo/straight_line_program.hpp"

#include <algorithm>
#include <cmath>
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
/// negatives between D_q̇'s nonzeros (see constraint_terms). C and D alone stay the definition's double code
/// and Ċ, Q_d,h and Q_d,nh alone its duals: as programs they were no faster (docs/performance.md).
struct RecordedConstraints {
  std::vector<std::pair<int, int>> cq_entries, dqd_entries;
  StraightLineProgram cq, velocity, dqd, jacobian, terms;
  // Model::dynamics_terms: M's structural nonzeros (structure.mass), Q_b, then terms' outputs. Absent
  // (has_dynamics false) when the mass or the forces branch on the state or throw while recorded.
  bool has_dynamics = false;
  StraightLineProgram dynamics;
  DynamicsStructure structure;
};

struct JacobianCache {
  std::once_flag cq_once, dqd_once, dq_once, recorded_once;
  ColumnColoring cq, dqd, dq;
  bool recording = true;                          // Model::with_recorded_programs
  std::unique_ptr<RecordedConstraints> recorded;  // null: not recorded (off, or a value-dependent definition)
};

}  // namespace detail

namespace model_internal {

using Eigen::MatrixXd;
using Eigen::VectorXd;

struct Scratch {
  Vec<Dual1> q1, qd1, o1;
  Mat<Dual1> M1;
  Vec<Dual2> q2, qd2, o2;
  Vec<Dual3> q3, qd3, o3;
  Vec<double> o0;
  Vec<DualChunk> qc, qdc, oc;
};

inline Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Passive copies (zero tangents).
template <class S>
void passive(const VectorXd& x, Vec<S>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = S(x[i]);
}

// The colour classes [c0, c0 + width) in one evaluation: every column of those colours is seeded in its
// colour's slot, and each nonzero (i, j) is read from slot color(j).
template <class F>
void colored_jacobian(const ColumnColoring& cc, const VectorXd& x, int rows, Vec<DualChunk>& xs, Vec<DualChunk>& out_s,
                      MatrixXd& out, F&& f) {
  const auto n = static_cast<int>(x.size());
  passive(x, xs);
  for (int c0 = 0; c0 < cc.colors; c0 += kJacobianChunk) {
    const int c1 = std::min(cc.colors, c0 + kJacobianChunk);
    for (int j = 0; j < n; ++j)
      if (cc.color[static_cast<std::size_t>(j)] >= c0 && cc.color[static_cast<std::size_t>(j)] < c1)
        xs[j].d[static_cast<std::size_t>(cc.color[static_cast<std::size_t>(j)] - c0)] = 1.0;
    out_s.setZero(rows);
    f(xs, out_s);
    for (int j = 0; j < n; ++j) {
      const int c = cc.color[static_cast<std::size_t>(j)];
      if (c < c0 || c >= c1) continue;
      for (int i : cc.rows[static_cast<std::size_t>(j)]) out(i, j) = out_s[i].d[static_cast<std::size_t>(c - c0)];
      xs[j].d[static_cast<std::size_t>(c - c0)] = 0.0;
    }
  }
}

// The colouring the Jacobians use: from the traced pattern, or from the dense pattern when the traced one is
// only proven for the branches of the traced state (sparsity.hpp, "Branches").
inline ColumnColoring coloring_for(const SparsityPattern& p) {
  return color_columns(p.value_dependent ? dense_pattern(p.rows, p.cols()) : p);
}

// A watched argument: its value, live (branches on it are counted), no input bits.
inline void live(const VectorXd& x, Vec<SparsityTracer>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = SparsityTracer(x[i], 0, true);
}

inline void seed1(const VectorXd& x, const VectorXd& dir, Vec<Dual1>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = Dual1(x[i], dir[i]);
}

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
// finite (the dual-number AD then names it, or, where the program's folding differs from the duals'
// arithmetic on an infinity, gives its own values). Defined in model_recorded.cpp.
const double* run_recorded(const StraightLineProgram& p, const VectorXd& q, const VectorXd* qd, double t);
// Writes the listed entries of a sparse Jacobian (the rest zero) from consecutive outputs; returns the
// position after them.
const double* scatter(const std::vector<std::pair<int, int>>& entries, const double* o, int rows, int cols,
                      MatrixXd& out);

// The one loop of the dual-number derivatives that seed one direction at a time: for each j < n,
// seed(j, 1.0) sets direction e_j's tangents, column(j) evaluates and reads what it needs, and seed(j, 0.0)
// clears them again.
template <class Seed, class Column>
void by_columns(int n, Seed&& seed, Column&& column) {
  for (int j = 0; j < n; ++j) {
    seed(j, 1.0);
    column(j);
    seed(j, 0.0);
  }
}

}  // namespace model_internal

}  // namespace carvallo
