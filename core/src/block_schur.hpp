#pragma once
// The augmented system's Schur complement for a block-diagonal M (000 Eq 36 by its range space), used by the
// augmented solver (acceleration.cpp).
//
// In the redundant formulation each body's coordinates form their own diagonal block of M, so M = LLᵀ block
// by block, and Y = L⁻¹J_rᵀ keeps the sparsity of J: a block of Y is nonzero only in the kept constraint rows
// that touch the block's coordinates. Then c = L⁻¹Q_b, S = YᵀY = J_r M⁻¹J_rᵀ, ν_r = S⁻¹(Yᵀc − Q_d,r) and
// q̈ = L⁻ᵀ(c − Yν_r): the augmented system's solution up to round-off.
//
// The structure (M's finest contiguous block partition and, per block, the rows touching it) is found from
// the entries of M and J, or from the model's recorded structure (Model::dynamics_structure), and only grows.
//
// The arithmetic is written once, templated on the scalar (block_schur.cpp, BlockSchur::run): on double it
// is the loops; on the recording scalar (expression_graph.hpp) the same template records the same operations
// in the same order into a straight-line program, which therefore computes the loops' values bit for bit
// (contraction off: cmake/Warnings.cmake). Once the structure has held for kSolvesBeforeRecording solves the
// program replaces the loops; with the model's own recorded terms it becomes one program from (q, q̇, t).

#include "carvallo/acceleration.hpp"
#include "carvallo/straight_line_program.hpp"

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <vector>

namespace carvallo::detail {

/// The solve's intermediate values on scalar T (the factors L of M and of S, Y, c, ν in S's order).
template <class T>
struct SchurWork {
  Mat<T> L, S;
  std::vector<T> Y, x, nu_s;
};

class BlockSchur {
 public:
  /// The block structure of M and the rows of J touching each block, grown where M or the kept rows of J
  /// have a nonzero outside them. With the model's structure (M and J from its recorded program) the blocks
  /// are grown once to cover every structural nonzero, which no state can leave, and the entries are not
  /// checked. Call before the solves.
  void check_structure(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const std::vector<int>& rows,
                       const DynamicsStructure* structure);

  /// q̈ and ν_r by the loops; false if M is not (numerically) positive definite or cond(S) exceeds ~1e14.
  bool solve_loops(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& Qb,
                   const Eigen::VectorXd& Qdr, Eigen::VectorXd& qdd, Eigen::VectorXd& nu);
  /// The same by the recorded program, once the structure has held for kSolvesBeforeRecording solves. False
  /// when it did not solve (not recorded yet, disabled, or a pivot that the loops would refuse: the caller
  /// then runs the loops, which refuse it too or solve).
  bool solve_recorded(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& Qb,
                      const Eigen::VectorXd& Qdr, Eigen::VectorXd& qdd, Eigen::VectorXd& nu);
  /// The model's terms (Model::record_dynamics_terms) and this solve as one program from (q, q̇, t), once the
  /// solve has been recorded and its blocks cover the model's structure, so that neither M nor J is formed.
  /// The caller makes sure that no Baumgarte term is added to Q_d and that no row is redundant. False when it
  /// did not solve (as solve_recorded(), or an output that is not finite: the caller's path reports it).
  bool solve_whole(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t,
                   Eigen::VectorXd& qdd, Eigen::VectorXd& nu);
  /// The same for two velocities at one configuration, as one program: the recording graph shares every
  /// node that does not depend on q̇ (M, J, their factorization), so the two cost little more than one, with
  /// the values of two solve_whole() calls. False as solve_whole(), when either does not solve.
  bool solve_whole_pair(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& qd_a,
                        const Eigen::VectorXd& qd_b, double t, Eigen::VectorXd& qdd_a, Eigen::VectorXd& nu_a,
                        Eigen::VectorXd& qdd_b, Eigen::VectorXd& nu_b);
  /// false: the loops only (comparisons).
  void enable_recording(bool enabled) {
    recording_enabled_ = enabled;
    if (!enabled) program_.reset();
  }

 private:
  // factor, project and solve on scalar T: the one source of the arithmetic. `pivot` sees each diagonal
  // entry of M's and then S's factor after its square root, and refuses it by returning false.
  template <class T, class Pivot>
  bool run(const Mat<T>& M, const Mat<T>& J, const Vec<T>& Qb, const Vec<T>& Qdr, SchurWork<T>& w, Pivot&& pivot) const;
  template <int K, class T>
  void accumulate(const Mat<T>& J, std::size_t b, SchurWork<T>& w) const;
  template <int K, class T>
  void forward(std::size_t b, SchurWork<T>& w) const;
  template <int K, class T>
  void backward(std::size_t b, SchurWork<T>& w) const;
  template <class F>
  void by_block_size(std::size_t b, F&& f) const;

  void check_values(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const std::vector<int>& rows);
  void grow_blocks(const Eigen::MatrixXd& M);
  void grow_touches(const Eigen::MatrixXd& J);
  void order_rows();

  // Recording.
  void forget_program();
  bool accept(const double* out, int n, int r);
  std::unique_ptr<StraightLineProgram> record_solve(ExpressionGraph& g, const std::vector<int>& inputs,
                                                    const Mat<Recorded>& M, const Mat<Recorded>& J,
                                                    const Vec<Recorded>& Qb, const Vec<Recorded>& Qdr) const;
  // The whole evaluation at q for each of `velocities` (one or two): inputs q, each q̇, t; outputs each
  // solve's record_solve() outputs in turn.
  std::unique_ptr<StraightLineProgram> record_whole(const Model& model, const Eigen::VectorXd& q,
                                                    const std::vector<const Eigen::VectorXd*>& velocities, double t);
  // Runs the whole program for as many velocities (one or two; recorded at the first call for a model)
  // into program_out_; false when it could not be recorded, an output is not finite or a pivot is refused.
  bool run_whole(const Model& model, const Eigen::VectorXd& q, const std::vector<const Eigen::VectorXd*>& velocities,
                 double t);
  // Runs the solve on the recording scalar and appends its outputs' nodes (as record_solve's program);
  // false when the recording depends on a value.
  bool solve_outputs(ExpressionGraph& g, const Mat<Recorded>& M, const Mat<Recorded>& J, const Vec<Recorded>& Qb,
                     const Vec<Recorded>& Qdr, std::vector<int>& outputs) const;
  // The program's inputs in their order: M's block entries (lower triangles, column by column), each
  // touching row's entries of J in block order, Q_b, Q_d,r. index_inputs() finds where they are.
  void index_inputs(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J);
  void gather(const Eigen::MatrixXd& M, const Eigen::MatrixXd& J, const Eigen::VectorXd& Qb, const Eigen::VectorXd& Qdr);
  void record();

  // The structure.
  Eigen::MatrixXd outside_m_, outside_j_, pattern_m_, pattern_j_;
  std::uint64_t covered_ = 0;  // the DynamicsStructure::id the blocks cover, 0 for none
  Eigen::Matrix<char, Eigen::Dynamic, Eigen::Dynamic> touches_;
  // starts_[b]: block b's first coordinate; rows_: the kept rows; for block b, the kept rows touching it are
  // tlist_[tstart_[b] .. tstart_[b + 1]) (indices into rows_), at positions tpos_ in S's elimination order
  // pos_; yoff_[b]: where its rows of Y start.
  std::vector<int> starts_, block_of_, rows_, tlist_, tpos_, tstart_, yoff_, pos_;
  std::size_t ysize_ = 0;
  SchurWork<double> work_;

  // The recorded solve and the whole evaluation.
  static constexpr int kSolvesBeforeRecording = 64;
  static constexpr int kRefusalsBeforeGivingUp = 8;  // e.g. M singular (Euler parameters): the loops' LU
  bool recording_enabled_ = true;
  int stable_solves_ = 0;  // solves since the structure last changed
  int refusals_ = 0;       // consecutive solves whose pivots the program refused
  std::unique_ptr<StraightLineProgram> program_;
  std::vector<double> program_in_, program_out_, program_ws_;
  std::vector<Eigen::Index> m_inputs_, j_inputs_;  // positions in M.data() and J.data() of the first inputs
  Eigen::Index j_rows_ = 0;
  std::unique_ptr<StraightLineProgram> whole_[2];  // for one velocity and for two
  std::uint64_t whole_model_[2] = {0, 0};  // the DynamicsStructure::id each was recorded for (null: could not be)
  std::vector<double> whole_in_;
};

}  // namespace carvallo::detail
