#include "carvallo/acceleration.hpp"

#include "carvallo/expression_graph.hpp"
#include "carvallo/straight_line_program.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <type_traits>
#include <vector>

namespace carvallo {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

void check_result(const Model& model, double t, const AccelerationResult& r) {
  for (int i = 0; i < r.qdd.size(); ++i)
    if (!std::isfinite(r.qdd[i]))
      throw SolverError(SolverError::Kind::NonFinite, "acceleration is not finite", t, model.coordinate_name(i), i);
  for (int i = 0; i < r.nu.size(); ++i)
    if (!std::isfinite(r.nu[i]))
      throw SolverError(SolverError::Kind::NonFinite, "Lagrange multiplier is not finite", t,
                        model.constraint_name(i), i);
}

// In-place Cholesky factorization of the symmetric block A[s, e) × [s, e) (lower triangle read and
// overwritten with L). Column-oriented, so the inner loop runs down a column (contiguous in memory).
// Returns false if a pivot is not positive (A not positive definite) or not finite.
bool cholesky_in_place(MatrixXd& A, int s, int e) {
  for (int j = s; j < e; ++j) {
    double* cj = &A(0, j);
    for (int p = s; p < j; ++p) {
      const double* cp = &A(0, p);
      const double ljp = cp[j];
      if (ljp == 0.0) continue;  // S = J M⁻¹Jᵀ is sparse where two constraints share no body
      for (int i = j; i < e; ++i) cj[i] -= cp[i] * ljp;
    }
    if (!(cj[j] > 0.0) || !std::isfinite(cj[j])) return false;
    const double d = std::sqrt(cj[j]);
    cj[j] = d;
    const double inv = 1.0 / d;
    for (int i = j + 1; i < e; ++i) cj[i] *= inv;
  }
  return true;
}

// x ← L⁻¹x and x ← L⁻ᵀx for the factor of cholesky_in_place on [s, e).
void lower_solve(const MatrixXd& L, int s, int e, double* x) {
  for (int j = s; j < e; ++j) {
    const double* cj = &L(0, j);
    x[j] /= cj[j];
    for (int i = j + 1; i < e; ++i) x[i] -= cj[i] * x[j];
  }
}
void upper_solve(const MatrixXd& L, int s, int e, double* x) {
  for (int j = e - 1; j >= s; --j) {
    const double* cj = &L(0, j);
    double v = x[j];
    for (int i = j + 1; i < e; ++i) v -= cj[i] * x[i];
    x[j] = v / cj[j];
  }
}

// The Schur complement of the augmented system for a block-diagonal M.
//
// In the redundant formulation each body's coordinates form their own diagonal block of M, so M = LLᵀ
// block by block, and Y = L⁻¹J_rᵀ keeps the sparsity of J: a block of Y is nonzero only in the kept
// constraint rows that touch the block's coordinates. The structure (M's finest contiguous block
// partition and, per block, the rows touching it) is found from the entries of M and J and only ever
// grows: every call checks that M and J have no nonzero outside it (a cheap vectorized test) and widens
// it when they do, so a zero that is coincidental at the first state cannot make it wrong later. For a
// dense M it is one block, an ordinary Cholesky factorization. No allocation after the structure is set.
class BlockSchur {
 public:
  // The block structure of M and the rows of J touching each block, grown where M or the kept rows of J have
  // a nonzero outside them (see above). Call before factor(), project() and solve_recorded(). With the
  // model's structure (M and J from its recorded program, Model::dynamics_structure) the blocks are grown
  // once to cover every structural nonzero, which no state can leave, and the entries are not checked.
  void check_structure(const MatrixXd& M, const MatrixXd& J, const std::vector<int>& rows,
                       const DynamicsStructure* structure) {
    if (structure == nullptr) {
      covered_ = 0;
      check_values(M, J, rows);
      return;
    }
    if (structure->id == covered_ && rows == rows_ && block_of_.size() == static_cast<std::size_t>(M.rows()) &&
        outside_j_.rows() == J.rows() && outside_j_.cols() == J.cols())
      return;
    pattern_m_.setZero(M.rows(), M.cols());
    for (const auto& [i, j] : structure->mass) pattern_m_(i, j) = 1.0;
    pattern_j_.setZero(J.rows(), J.cols());
    for (const auto& [i, j] : structure->jacobian) pattern_j_(i, j) = 1.0;
    check_values(pattern_m_, pattern_j_, rows);
    covered_ = structure->id;
  }

  void check_values(const MatrixXd& M, const MatrixXd& J, const std::vector<int>& rows) {
    const int n = static_cast<int>(M.rows());
    if (static_cast<int>(block_of_.size()) != n || !vanishes_outside(M, outside_m_)) grow_blocks(M);
    const auto r = static_cast<int>(rows.size());
    if (rows != rows_ || touches_.rows() != static_cast<int>(starts_.size()) - 1 || outside_j_.rows() != J.rows() ||
        outside_j_.cols() != J.cols()) {
      rows_ = rows;
      touches_.setZero(static_cast<int>(starts_.size()) - 1, r);
      outside_j_.setOnes(J.rows(), J.cols());
      grow_touches(J);
    } else if (!vanishes_outside(J, outside_j_)) {
      grow_touches(J);
    }
  }

  // M = LLᵀ; false if M is not (numerically) positive definite.
  bool factor(const MatrixXd& M) {
    L_ = M;
    for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
      if (!cholesky_in_place(L_, starts_[b], starts_[b + 1])) return false;
    return true;
  }

  // S = YᵀY = J_r M⁻¹ J_rᵀ (lower triangle, then factorized in place); false if S is not positive
  // definite or its condition exceeds about 1e14.
  bool project(const MatrixXd& J) {
    const auto r = static_cast<int>(rows_.size());
    S_.setZero(r, r);
    for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { accumulate(k, J, b); });
    if (!cholesky_in_place(S_, 0, r)) return false;
    if (r == 0) return true;
    const auto d = S_.diagonal();
    return d.minCoeff() > 1e-7 * d.maxCoeff();  // cond(S) below ~1e14
  }

  // factor(), project() and solve() as one recorded program (straight_line_program.hpp): once the structure has
  // held for kSolvesBeforeRecording solves, they are recorded over M's block entries, the touching entries
  // of J, Q_b and Q_d,r in the loops' own order of operations, so the values are the loops' (structural
  // zeros fold: x − 0·y is x, up to the sign of a zero), and run as one straight-line program, machine code
  // where the build has it. Returns false when it did not solve (not recorded yet, disabled, or a pivot
  // that the loops would refuse: the caller then runs the loops, which refuse it too or solve).
  bool solve_recorded(const MatrixXd& M, const MatrixXd& J, const VectorXd& Qb, const VectorXd& Qdr, VectorXd& qdd,
                      VectorXd& nu);
  // The model's terms (Model::record_dynamics_terms) and this solve as one program from (q, q̇, t), once the
  // solve has been recorded and its blocks cover the model's structure (check_structure() with it), so that
  // neither M nor J is formed. The caller makes sure that no Baumgarte term is added to Q_d and that no row is
  // redundant. False when it did not solve (as solve_recorded(), or an output that is not finite: the
  // caller's path then reports it).
  bool solve_whole(const Model& model, const VectorXd& q, const VectorXd& qd, double t, VectorXd& qdd, VectorXd& nu);
  void enable_recording(bool enabled) {
    recording_enabled_ = enabled;
    if (!enabled) program_.reset();
  }

  // q̈ and ν_r from Q_b and the kept rows' Q_d (after factor() and project()).
  void solve(const VectorXd& Qb, const VectorXd& Qdr, VectorXd& qdd, VectorXd& nu) {
    const auto r = static_cast<int>(rows_.size());
    qdd = Qb;
    nu_s_.resize(r);  // ν in the elimination order of S
    for (int c = 0; c < r; ++c) nu_s_[pos_[static_cast<std::size_t>(c)]] = -Qdr[c];
    for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { forward(k, b, qdd, nu_s_); });
    lower_solve(S_, 0, r, nu_s_.data());
    upper_solve(S_, 0, r, nu_s_.data());
    for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { backward(k, b, nu_s_, qdd); });
    nu.resize(r);
    for (int c = 0; c < r; ++c) nu[c] = nu_s_[pos_[static_cast<std::size_t>(c)]];
  }

 private:
  // A's entries where `outside` is 1 are all zero (vectorized: M and J are finite, checked by the Model).
  static bool vanishes_outside(const MatrixXd& A, const MatrixXd& outside) {
    return A.size() == 0 || A.cwiseProduct(outside).cwiseAbs().maxCoeff() == 0.0;  // maxCoeff needs an entry
  }

  // Block b's columns of Y (L_b⁻¹ J(row, block)ᵀ for each row touching it) and their products into S.
  // K is the block size (0: any, read at run time).
  template <int K>
  void accumulate(std::integral_constant<int, K>, const MatrixXd& J, std::size_t b) {
    const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
    const int t0 = tstart_[b], t1 = tstart_[b + 1];
    // data() + offset, not &ybuf_[offset]: a block no row touches has offset == size (0 for a model without
    // constraint rows), and indexing there is undefined (UBSan: reference binding to null).
    double* Yb = ybuf_.data() + yoff_[b];
    for (int a = t0; a < t1; ++a) {
      double* y = Yb + static_cast<std::ptrdiff_t>(a - t0) * k;
      const int row = rows_[static_cast<std::size_t>(tlist_[static_cast<std::size_t>(a)])];  // a J row
      for (int j = 0; j < k; ++j) y[j] = J(row, s + j);
      block_lower_solve<K>(s, k, y);
    }
    for (int a = t0; a < t1; ++a) {
      const double* ya = Yb + static_cast<std::ptrdiff_t>(a - t0) * k;
      double* Sa = &S_(tpos_[static_cast<std::size_t>(a)], 0);  // row of S (stride r)
      const Eigen::Index stride = S_.rows();
      for (int c = t0; c <= a; ++c) {
        const double* yc = Yb + static_cast<std::ptrdiff_t>(c - t0) * k;
        double sum = 0.0;
        for (int i = 0; i < k; ++i) sum += ya[i] * yc[i];
        Sa[stride * tpos_[static_cast<std::size_t>(c)]] += sum;  // tpos_ increases within a block: lower triangle
      }
    }
  }

  // Calls f with the size of block b as a compile-time constant for the sizes of bodies (0: other).
  template <class F>
  void by_block_size(std::size_t b, F&& f) const {
    switch (starts_[b + 1] - starts_[b]) {
      case 1: f(std::integral_constant<int, 1>{}); break;
      case 2: f(std::integral_constant<int, 2>{}); break;
      case 3: f(std::integral_constant<int, 3>{}); break;
      case 4: f(std::integral_constant<int, 4>{}); break;
      default: f(std::integral_constant<int, 0>{}); break;
    }
  }

  // y ← L_b⁻¹y and y ← L_b⁻ᵀy for the diagonal block of L at [s, s + k) (K = k, or 0: read k).
  template <int K>
  void block_lower_solve(int s, int k, double* y) const {
    if constexpr (K > 0) k = K;
    for (int j = 0; j < k; ++j) {
      double v = y[j];
      for (int i = 0; i < j; ++i) v -= L_(s + j, s + i) * y[i];
      y[j] = v / L_(s + j, s + j);
    }
  }
  template <int K>
  void block_upper_solve(int s, int k, double* y) const {
    if constexpr (K > 0) k = K;
    for (int j = k - 1; j >= 0; --j) {
      double v = y[j];
      for (int i = j + 1; i < k; ++i) v -= L_(s + i, s + j) * y[i];
      y[j] = v / L_(s + j, s + j);
    }
  }

  // Block b of c = L⁻¹Q_b (in place in x), and its share of Yᵀc added to nu.
  template <int K>
  void forward(std::integral_constant<int, K>, std::size_t b, VectorXd& x, VectorXd& nu) const {
    const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
    block_lower_solve<K>(s, k, x.data() + s);
    const double* Yb = ybuf_.data() + yoff_[b];  // as in accumulate(): the offset may equal the size
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
      double sum = 0.0;
      for (int i = 0; i < k; ++i) sum += Yb[i] * x[s + i];
      nu[tpos_[static_cast<std::size_t>(a)]] += sum;
    }
  }
  // Block b of q̈ = L⁻ᵀ(c − Yν) (x holds c on entry).
  template <int K>
  void backward(std::integral_constant<int, K>, std::size_t b, const VectorXd& nu, VectorXd& x) const {
    const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
    const double* Yb = ybuf_.data() + yoff_[b];  // as in accumulate(): the offset may equal the size
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
      const double n = nu[tpos_[static_cast<std::size_t>(a)]];
      for (int i = 0; i < k; ++i) x[s + i] -= Yb[i] * n;
    }
    block_upper_solve<K>(s, k, x.data() + s);
  }

  // The finest contiguous partition in which neither M's nonzeros nor the previous blocks couple two
  // blocks (blocks only merge).
  void grow_blocks(const MatrixXd& M) {
    const int n = static_cast<int>(M.rows());
    std::vector<int> old = block_of_;
    if (static_cast<int>(old.size()) != n) old.assign(static_cast<std::size_t>(n), -1);
    std::vector<int> reach(static_cast<std::size_t>(n));  // last index coupled to i
    for (int i = 0; i < n; ++i) {
      int last = i;
      for (int j = i + 1; j < n; ++j)
        if (M(i, j) != 0.0 || M(j, i) != 0.0 || (old[static_cast<std::size_t>(i)] >= 0 && old[static_cast<std::size_t>(i)] == old[static_cast<std::size_t>(j)]))
          last = j;
      reach[static_cast<std::size_t>(i)] = last;
    }
    starts_.clear();
    block_of_.assign(static_cast<std::size_t>(n), 0);
    for (int b = 0; b < n;) {
      int end = b + 1;
      for (int i = b; i < end; ++i) end = std::max(end, reach[static_cast<std::size_t>(i)] + 1);
      for (int i = b; i < end; ++i) block_of_[static_cast<std::size_t>(i)] = static_cast<int>(starts_.size());
      starts_.push_back(b);
      b = end;
    }
    starts_.push_back(n);
    outside_m_.setOnes(n, n);
    for (std::size_t b = 0; b + 1 < starts_.size(); ++b) {
      const int s = starts_[b], k = starts_[b + 1] - s;
      outside_m_.block(s, s, k, k).setZero();
    }
    rows_.clear();  // the touch structure refers to the blocks: rebuilt by the next check_structure()
    forget_program();
  }

  // Adds the (block, kept row) pairs where J has a nonzero, then rebuilds the lists and the mask.
  void grow_touches(const MatrixXd& J) {
    forget_program();
    const auto r = static_cast<int>(rows_.size());
    const int nb = static_cast<int>(starts_.size()) - 1;
    for (int c = 0; c < r; ++c)
      for (int i = 0; i < J.cols(); ++i)
        if (J(rows_[static_cast<std::size_t>(c)], i) != 0.0) touches_(block_of_[static_cast<std::size_t>(i)], c) = 1;
    order_rows();
    tlist_.clear();
    tpos_.clear();
    tstart_.assign(static_cast<std::size_t>(nb) + 1, 0);
    yoff_.assign(static_cast<std::size_t>(nb), 0);
    int ysize = 0;
    outside_j_.setZero(J.rows(), J.cols());
    std::vector<int> touching;
    for (int b = 0; b < nb; ++b) {
      tstart_[static_cast<std::size_t>(b)] = static_cast<int>(tlist_.size());
      yoff_[static_cast<std::size_t>(b)] = ysize;
      const int s = starts_[static_cast<std::size_t>(b)], k = starts_[static_cast<std::size_t>(b) + 1] - s;
      touching.clear();
      for (int c = 0; c < r; ++c) {
        if (touches_(b, c)) {
          touching.push_back(c);
          ysize += k;
        } else {
          for (int i = s; i < s + k; ++i) outside_j_(rows_[static_cast<std::size_t>(c)], i) = 1.0;
        }
      }
      // In elimination order, so that each block's products land in the lower triangle of S.
      std::sort(touching.begin(), touching.end(),
                [&](int x, int y) { return pos_[static_cast<std::size_t>(x)] < pos_[static_cast<std::size_t>(y)]; });
      for (int c : touching) {
        tlist_.push_back(c);
        tpos_.push_back(pos_[static_cast<std::size_t>(c)]);
      }
    }
    tstart_[static_cast<std::size_t>(nb)] = static_cast<int>(tlist_.size());
    ybuf_.resize(static_cast<std::size_t>(ysize));
  }

  // The order in which S's rows are eliminated (pos_[c]: the position of kept row c): greedy minimum degree
  // on S's structure, where two rows are coupled when they touch a common block. The rows arrive in the
  // order of the rank-revealing QR's pivots, which says nothing about their structure; a row order that
  // eliminates rows coupled to few others first keeps the Cholesky factor of S about as sparse as S
  // (for the bicycle's chain of bodies, one wheel's contact rows, then its hub, the steer joint, ...),
  // and cholesky_in_place skips the zeros. Same solution up to round-off.
  void order_rows() {
    const auto r = static_cast<int>(rows_.size());
    const int nb = static_cast<int>(starts_.size()) - 1;
    std::vector<std::vector<char>> adj(static_cast<std::size_t>(r), std::vector<char>(static_cast<std::size_t>(r), 0));
    for (int b = 0; b < nb; ++b)
      for (int c1 = 0; c1 < r; ++c1)
        if (touches_(b, c1))
          for (int c2 = 0; c2 < r; ++c2)
            if (c2 != c1 && touches_(b, c2)) adj[static_cast<std::size_t>(c1)][static_cast<std::size_t>(c2)] = 1;
    pos_.assign(static_cast<std::size_t>(r), -1);
    for (int next = 0; next < r; ++next) {
      int best = -1, best_degree = 0;
      for (int c = 0; c < r; ++c) {
        if (pos_[static_cast<std::size_t>(c)] >= 0) continue;
        int degree = 0;
        for (int d = 0; d < r; ++d) degree += adj[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)];
        if (best < 0 || degree < best_degree) best = c, best_degree = degree;  // ties: the lower row first
      }
      pos_[static_cast<std::size_t>(best)] = next;
      // Eliminating `best` couples its remaining neighbours (the fill of the factor).
      auto& nbrs = adj[static_cast<std::size_t>(best)];
      for (int c1 = 0; c1 < r; ++c1) {
        if (!nbrs[static_cast<std::size_t>(c1)]) continue;
        adj[static_cast<std::size_t>(c1)][static_cast<std::size_t>(best)] = 0;
        for (int c2 = 0; c2 < r; ++c2)
          if (c2 != c1 && nbrs[static_cast<std::size_t>(c2)]) adj[static_cast<std::size_t>(c1)][static_cast<std::size_t>(c2)] = 1;
      }
      std::fill(nbrs.begin(), nbrs.end(), 0);
    }
  }

  MatrixXd L_, S_, outside_m_, outside_j_, pattern_m_, pattern_j_;
  std::uint64_t covered_ = 0;  // the DynamicsStructure::id the blocks cover, 0 for none
  Eigen::Matrix<char, Eigen::Dynamic, Eigen::Dynamic> touches_;
  std::vector<int> starts_, block_of_, rows_, tlist_, tpos_, tstart_, yoff_, pos_;
  std::vector<double> ybuf_;
  VectorXd nu_s_;

  // The recorded solve (solve_recorded).
  static constexpr int kSolvesBeforeRecording = 64;
  bool recording_enabled_ = true;
  int stable_solves_ = 0;  // solves since the structure last changed
  int refusals_ = 0;       // consecutive solves whose pivots the program refused
  static constexpr int kRefusalsBeforeGivingUp = 8;  // e.g. M singular (Euler parameters): the loops' LU
  std::unique_ptr<StraightLineProgram> program_;
  std::vector<double> program_in_, program_out_, program_ws_;
  std::vector<Eigen::Index> m_inputs_, j_inputs_;  // positions in M.data() and J.data() of the first inputs
  Eigen::Index j_rows_ = 0;
  // The whole evaluation (solve_whole): the model's terms and the solve, for the model of whole_model_.
  std::unique_ptr<StraightLineProgram> whole_;
  std::uint64_t whole_model_ = 0;  // the DynamicsStructure::id it was recorded for (whole_ null: could not be)
  std::vector<double> whole_in_;
  void forget_program() {
    program_.reset();
    whole_.reset();
    whole_model_ = 0;
    stable_solves_ = 0;
    refusals_ = 0;
  }
  // Whether a program's last outputs (q̈, ν_r, then the pivots) pass the loops' checks.
  bool accept(const std::vector<double>& out, int n, int r);
  std::unique_ptr<StraightLineProgram> record_solve(
      ExpressionGraph& g, const std::vector<int>& inputs, const Mat<Recorded>& M,
      const Mat<Recorded>& J, const Vec<Recorded>& Qb,
      const Vec<Recorded>& Qdr) const;
  void record_whole(const Model& model, const VectorXd& q, const VectorXd& qd, double t);
  // The program's inputs in their order: M's block entries (lower triangles, column by column), each
  // touching row's entries of J in block order, Q_b, Q_d,r. index_inputs() finds where they are.
  void index_inputs(const MatrixXd& M, const MatrixXd& J);
  void gather(const MatrixXd& M, const MatrixXd& J, const VectorXd& Qb, const VectorXd& Qdr);
  void record();
};

void BlockSchur::index_inputs(const MatrixXd& M, const MatrixXd& J) {
  j_rows_ = J.rows();
  m_inputs_.clear();
  j_inputs_.clear();
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    for (int j = starts_[b]; j < starts_[b + 1]; ++j)
      for (int i = j; i < starts_[b + 1]; ++i) m_inputs_.push_back(i + j * M.rows());
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a) {
      const int row = rows_[static_cast<std::size_t>(tlist_[static_cast<std::size_t>(a)])];
      for (int j = starts_[b]; j < starts_[b + 1]; ++j) j_inputs_.push_back(row + j * J.rows());
    }
}

void BlockSchur::gather(const MatrixXd& M, const MatrixXd& J, const VectorXd& Qb, const VectorXd& Qdr) {
  program_in_.resize(m_inputs_.size() + j_inputs_.size() + static_cast<std::size_t>(Qb.size() + Qdr.size()));
  double* in = program_in_.data();
  for (const Eigen::Index k : m_inputs_) *in++ = M.data()[k];
  for (const Eigen::Index k : j_inputs_) *in++ = J.data()[k];
  in = std::copy(Qb.data(), Qb.data() + Qb.size(), in);
  std::copy(Qdr.data(), Qdr.data() + Qdr.size(), in);
}

// factor(), project() and solve() step by step on Recorded values (expression_graph.hpp): the same
// operations in the same order, so that the program computes the loops' values. The loops' checks become
// outputs: each diagonal entry of M's and S's factors, after its square root.
void BlockSchur::record() {
  using R = Recorded;
  const auto n = static_cast<int>(block_of_.size());
  ExpressionGraph g(8192);
  const ExpressionGraph::Scope scope(g);
  std::vector<int> inputs;
  std::size_t next = 0;
  const auto input = [&] {
    const double v = program_in_[next++];
    inputs.push_back(g.input(v));
    return R(v, inputs.back());
  };
  Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic> M(n, n), J(j_rows_, n);
  Eigen::Matrix<R, Eigen::Dynamic, 1> Qb(n), Qdr(static_cast<Eigen::Index>(rows_.size()));
  for (const Eigen::Index k : m_inputs_) M.data()[k] = input();
  for (const Eigen::Index k : j_inputs_) J.data()[k] = input();
  for (int i = 0; i < Qb.size(); ++i) Qb[i] = input();
  for (int i = 0; i < Qdr.size(); ++i) Qdr[i] = input();
  program_ = record_solve(g, inputs, M, J, Qb, Qdr);
}

std::unique_ptr<StraightLineProgram> BlockSchur::record_solve(
    ExpressionGraph& g, const std::vector<int>& inputs, const Mat<Recorded>& M,
    const Mat<Recorded>& J, const Vec<Recorded>& Qb,
    const Vec<Recorded>& Qdr) const {
  using R = Recorded;
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  const auto zero = [](const R& x) { return !x.live() && x.v == 0.0; };  // structurally zero
  std::vector<int> pivots;
  // cholesky_in_place on [s, e).
  const auto cholesky = [&](Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic>& A, int s, int e) {
    for (int j = s; j < e; ++j) {
      for (int p = s; p < j; ++p) {
        const R ljp = A(j, p);
        if (zero(ljp)) continue;
        for (int i = j; i < e; ++i) A(i, j) = A(i, j) - A(i, p) * ljp;
      }
      const R d = sqrt(A(j, j));
      A(j, j) = d;
      pivots.push_back(detail::node_of(d));
      const R inv = R(1.0) / d;
      for (int i = j + 1; i < e; ++i) A(i, j) = A(i, j) * inv;
    }
  };
  // The loops' operands: M's block lower triangles, Y's rows (J's kept rows touching each block), c = Q_b, ν_s.
  Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic> L = Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic>::Constant(n, n, R(0.0));
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    for (int j = starts_[b]; j < starts_[b + 1]; ++j)
      for (int i = j; i < starts_[b + 1]; ++i) L(i, j) = M(i, j);
  std::vector<R> Y(ybuf_.size(), R(0.0));
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a) {
      const int row = rows_[static_cast<std::size_t>(tlist_[static_cast<std::size_t>(a)])];
      for (int j = 0; j < starts_[b + 1] - starts_[b]; ++j)
        Y[static_cast<std::size_t>(yoff_[b] + (a - tstart_[b]) * (starts_[b + 1] - starts_[b]) + j)] =
            J(row, starts_[b] + j);
    }
  std::vector<R> x(static_cast<std::size_t>(n)), nu_s(static_cast<std::size_t>(r));
  for (int i = 0; i < n; ++i) x[static_cast<std::size_t>(i)] = Qb[i];
  for (int c = 0; c < r; ++c) nu_s[static_cast<std::size_t>(pos_[static_cast<std::size_t>(c)])] = -Qdr[c];
  // factor()
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) cholesky(L, starts_[b], starts_[b + 1]);
  // block_lower_solve and block_upper_solve on y = v[s, s + k).
  const auto lower = [&](int s, int k, R* y) {
    for (int j = 0; j < k; ++j) {
      R v = y[j];
      for (int i = 0; i < j; ++i) v = v - L(s + j, s + i) * y[i];
      y[j] = v / L(s + j, s + j);
    }
  };
  const auto upper = [&](int s, int k, R* y) {
    for (int j = k - 1; j >= 0; --j) {
      R v = y[j];
      for (int i = j + 1; i < k; ++i) v = v - L(s + i, s + j) * y[i];
      y[j] = v / L(s + j, s + j);
    }
  };
  // project(): accumulate() block by block, then S's factor.
  Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic> S = Eigen::Matrix<R, Eigen::Dynamic, Eigen::Dynamic>::Constant(r, r, R(0.0));
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) {
    const int s = starts_[b], k = starts_[b + 1] - s, t0 = tstart_[b], t1 = tstart_[b + 1];
    R* Yb = Y.data() + yoff_[b];
    for (int a = t0; a < t1; ++a) lower(s, k, Yb + static_cast<std::ptrdiff_t>(a - t0) * k);
    for (int a = t0; a < t1; ++a)
      for (int c = t0; c <= a; ++c) {
        R sum(0.0);
        for (int i = 0; i < k; ++i) sum = sum + Yb[(a - t0) * k + i] * Yb[(c - t0) * k + i];
        const int ra = tpos_[static_cast<std::size_t>(a)], rc = tpos_[static_cast<std::size_t>(c)];
        S(ra, rc) = S(ra, rc) + sum;
      }
  }
  cholesky(S, 0, r);
  // solve(): forward() per block, S⁻¹, backward() per block.
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) {
    const int s = starts_[b], k = starts_[b + 1] - s;
    lower(s, k, x.data() + s);
    const R* Yb = Y.data() + yoff_[b];
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
      R sum(0.0);
      for (int i = 0; i < k; ++i) sum = sum + Yb[i] * x[static_cast<std::size_t>(s + i)];
      R& target = nu_s[static_cast<std::size_t>(tpos_[static_cast<std::size_t>(a)])];
      target = target + sum;
    }
  }
  for (int j = 0; j < r; ++j) {  // lower_solve
    nu_s[static_cast<std::size_t>(j)] = nu_s[static_cast<std::size_t>(j)] / S(j, j);
    for (int i = j + 1; i < r; ++i)
      nu_s[static_cast<std::size_t>(i)] = nu_s[static_cast<std::size_t>(i)] - S(i, j) * nu_s[static_cast<std::size_t>(j)];
  }
  for (int j = r - 1; j >= 0; --j) {  // upper_solve
    R v = nu_s[static_cast<std::size_t>(j)];
    for (int i = j + 1; i < r; ++i) v = v - S(i, j) * nu_s[static_cast<std::size_t>(i)];
    nu_s[static_cast<std::size_t>(j)] = v / S(j, j);
  }
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) {
    const int s = starts_[b], k = starts_[b + 1] - s;
    const R* Yb = Y.data() + yoff_[b];
    for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
      const R nv = nu_s[static_cast<std::size_t>(tpos_[static_cast<std::size_t>(a)])];
      for (int i = 0; i < k; ++i) x[static_cast<std::size_t>(s + i)] = x[static_cast<std::size_t>(s + i)] - Yb[i] * nv;
    }
    upper(s, k, x.data() + s);
  }
  std::vector<int> outputs;
  for (const R& v : x) outputs.push_back(detail::node_of(v));
  for (int c = 0; c < r; ++c) outputs.push_back(detail::node_of(nu_s[static_cast<std::size_t>(pos_[static_cast<std::size_t>(c)])]));
  outputs.insert(outputs.end(), pivots.begin(), pivots.end());
  if (g.value_dependent) return nullptr;  // cannot happen: nothing above compares a value; kept as the rule says
  return std::make_unique<StraightLineProgram>(g, inputs, outputs);
}

void BlockSchur::record_whole(const Model& model, const VectorXd& q, const VectorXd& qd, double t) {
  using R = Recorded;
  const int n = model.nq();
  ExpressionGraph g(16384);
  const ExpressionGraph::Scope scope(g);
  Vec<R> qr(n), qdr(n);
  std::vector<int> inputs;
  for (int i = 0; i < n; ++i) qr[i] = R(q[i], g.input(q[i])), inputs.push_back(qr[i].id);
  for (int i = 0; i < n; ++i) qdr[i] = R(qd[i], g.input(qd[i])), inputs.push_back(qdr[i].id);
  const R tr(t, g.input(t));
  inputs.push_back(tr.id);
  Mat<R> M, J;
  Vec<R> Qb, Qd;
  if (!model.record_dynamics_terms(qr, qdr, tr, M, Qb, J, Qd)) return;
  Vec<R> Qdr(static_cast<Eigen::Index>(rows_.size()));
  for (int c = 0; c < Qdr.size(); ++c) Qdr[c] = Qd[rows_[static_cast<std::size_t>(c)]];
  whole_ = record_solve(g, inputs, M, J, Qb, Qdr);
}

bool BlockSchur::solve_whole(const Model& model, const VectorXd& q, const VectorXd& qd, double t, VectorXd& qdd,
                             VectorXd& nu) {
  const DynamicsStructure* structure = model.dynamics_structure();
  if (!recording_enabled_ || refusals_ >= kRefusalsBeforeGivingUp || !program_ || structure == nullptr ||
      structure->id != covered_ || q.size() != model.nq() || qd.size() != model.nq() ||
      static_cast<int>(block_of_.size()) != model.nq())
    return false;
  if (whole_model_ != structure->id) {  // a model it has not recorded
    whole_.reset();
    whole_model_ = structure->id;
    record_whole(model, q, qd, t);
  }
  if (!whole_) return false;
  whole_in_.assign(q.data(), q.data() + q.size());
  whole_in_.insert(whole_in_.end(), qd.data(), qd.data() + qd.size());
  whole_in_.push_back(t);
  program_out_.resize(static_cast<std::size_t>(whole_->output_count()));
  whole_->run(whole_in_.data(), program_out_.data(), program_ws_);
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  for (int i = 0; i < n + r; ++i)
    if (!std::isfinite(program_out_[static_cast<std::size_t>(i)])) return false;
  if (!accept(program_out_, n, r)) return false;
  qdd = Eigen::Map<const VectorXd>(program_out_.data(), n);
  nu = Eigen::Map<const VectorXd>(program_out_.data() + n, r);
  return true;
}

bool BlockSchur::accept(const std::vector<double>& out, int n, int r) {
  // The loops' checks: every pivot positive and finite (after its square root, equivalently), and S's
  // diagonal within 1e7 of its largest (cond(S) below ~1e14).
  const double* d = out.data() + n + r;
  double smallest = INFINITY, largest = 0.0;
  for (int i = 0; i < n + r; ++i) {
    if (!(d[i] > 0.0) || !std::isfinite(d[i])) return ++refusals_, false;
    if (i >= n) smallest = std::min(smallest, d[i]), largest = std::max(largest, d[i]);
  }
  if (r > 0 && !(smallest > 1e-7 * largest)) return ++refusals_, false;
  refusals_ = 0;
  return true;
}

bool BlockSchur::solve_recorded(const MatrixXd& M, const MatrixXd& J, const VectorXd& Qb, const VectorXd& Qdr,
                                VectorXd& qdd, VectorXd& nu) {
  if (!recording_enabled_ || refusals_ >= kRefusalsBeforeGivingUp) return false;  // until the structure changes
  if (!program_) {
    if (++stable_solves_ < kSolvesBeforeRecording) return false;
    index_inputs(M, J);
    gather(M, J, Qb, Qdr);
    record();
    if (!program_) return false;
  } else {
    gather(M, J, Qb, Qdr);
  }
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  program_out_.resize(static_cast<std::size_t>(program_->output_count()));
  program_->run(program_in_.data(), program_out_.data(), program_ws_);
  if (!accept(program_out_, n, r)) return false;
  qdd = Eigen::Map<const VectorXd>(program_out_.data(), n);
  nu = Eigen::Map<const VectorXd>(program_out_.data() + n, r);
  return true;
}

// 000 Eq 36 with redundant rows screened out by a rank-revealing QR of Jᵀ.
class AugmentedSolver final : public AccelerationSolver {
 public:
  AccelerationMethod method() const override { return AccelerationMethod::Augmented; }
  void set_recorded_programs(bool enabled) override { schur_.enable_recording(enabled); }
  long whole_program_solves() const override { return whole_program_solves_; }

  void solve(const Model& model, double t, const VectorXd& q, const VectorXd& qd, const BaumgarteGains& gains,
             AccelerationResult& out) override {
    // The whole evaluation as one program (BlockSchur::solve_whole) while its conditions hold: no Baumgarte
    // term and every row kept (no redundant row to check); otherwise, or when it refuses, the terms and a solve.
    const bool plain = gains.gamma1 == 0.0 && gains.gamma2 == 0.0 && gains.gamma_nh == 0.0;
    if (plain && have_rows_ && rows_total_ == model.nc() && static_cast<int>(rows_.size()) == rows_total_ &&
        schur_.solve_whole(model, q, qd, t, a_, nu_r_)) {
      ++whole_program_solves_;
      finish(model, t, a_, nu_r_, out, true);
      return;
    }
    terms_.evaluate(model, t, q, qd, gains);
    const int m = model.nc();
    // The rank-revealing QR is the expensive part and the set of independent rows rarely changes, so the
    // last selection is reused while it works: the reduced system must be well conditioned and the
    // dropped rows must still be satisfied. Otherwise the rows are screened again.
    const bool reuse = have_rows_ && rows_total_ == m;
    if (!reuse || !try_solve(model, t, out, false)) {
      screen_rows(m);
      try_solve(model, t, out, true);
    }
    check_result(model, t, out);
  }

 private:
  void screen_rows(int m) {
    rows_.clear();
    if (m > 0) {
      Jt_ = terms_.J.transpose();
      qr_.setThreshold(rank_tol_);
      qr_.compute(Jt_);
      const int r = static_cast<int>(qr_.rank());
      for (int k = 0; k < r; ++k) rows_.push_back(qr_.colsPermutation().indices()[k]);
    }
    have_rows_ = true;
    rows_total_ = m;
  }

  // The same system by its Schur complement when M is positive definite (the usual case): M = LLᵀ,
  // Y = L⁻¹J_rᵀ, c = L⁻¹Q_b, S = YᵀY = J_r M⁻¹J_rᵀ, ν_r = S⁻¹(Yᵀc − Q_d,r), q̈ = L⁻ᵀ(c − Yν_r). Identical
  // solution up to round-off. M is factorized block by block (BlockSchur): in the redundant formulation
  // each body's coordinates form their own diagonal block, so L⁻¹ is cheap and Y keeps J's sparsity
  // (docs/performance.md). Returns false (caller falls back to the LU) when M is not positive definite or
  // S is ill conditioned.
  bool try_range_space(int r) {
    schur_.check_structure(terms_.M, terms_.J, rows_, terms_.structure);
    Qdr_.resize(r);
    for (int k = 0; k < r; ++k) Qdr_[k] = terms_.Qd[rows_[static_cast<std::size_t>(k)]];
    if (schur_.solve_recorded(terms_.M, terms_.J, terms_.Qb, Qdr_, a_, nu_r_)) return true;
    if (!schur_.factor(terms_.M) || !schur_.project(terms_.J)) return false;
    schur_.solve(terms_.Qb, Qdr_, a_, nu_r_);
    return true;
  }

  // Solves the augmented system with the current row selection. With `final` false, returns false instead
  // of throwing when the selection no longer fits.
  bool try_solve(const Model& model, double t, AccelerationResult& out, bool final) {
    const int n = model.nq(), r = static_cast<int>(rows_.size());
    if (try_range_space(r)) return finish(model, t, a_, nu_r_, out, final);
    A_.setZero(n + r, n + r);
    b_.resize(n + r);
    A_.topLeftCorner(n, n) = terms_.M;
    b_.head(n) = terms_.Qb;
    for (int k = 0; k < r; ++k) {
      const int i = rows_[static_cast<std::size_t>(k)];
      A_.block(n + k, 0, 1, n) = terms_.J.row(i);
      A_.block(0, n + k, n, 1) = terms_.J.row(i).transpose();
      b_[n + k] = terms_.Qd[i];
    }
    lu_.compute(A_);
    const double rc = lu_.rcond();
    if (!(rc > 1e-14)) {
      if (!final) return false;
      throw SolverError(SolverError::Kind::SingularMatrix,
                        "augmented matrix [M Jᵀ; J 0] is singular (reciprocal condition " + format_for_message(rc) +
                            "): the mass matrix is not positive definite on the constraint null space",
                        t);
    }
    x_.noalias() = lu_.solve(b_);
    return finish(model, t, x_.head(n), x_.tail(r), out, final);
  }

  // Scatters the kept rows' multipliers (dropped rows get 0) and checks that the dropped rows hold.
  template <class A, class N>
  bool finish(const Model& model, double t, const A& qdd, const N& nu_kept, AccelerationResult& out, bool final) const {
    const int m = model.nc(), r = static_cast<int>(rows_.size());
    out.qdd = qdd;
    out.nu.setZero(m);
    for (int k = 0; k < r; ++k) out.nu[rows_[static_cast<std::size_t>(k)]] = nu_kept[k];
    out.rank = r;
    out.rank_deficiency = m - r;
    if (r < m) {
      if (!final && !redundant_rows_hold(out)) return false;
      if (final) check_redundant_rows(model, t, out);
    }
    return true;
  }

  long whole_program_solves_ = 0;

  bool redundant_rows_hold(const AccelerationResult& out) const {
    const double scale = 1.0 + terms_.Qd.lpNorm<Eigen::Infinity>() +
                         terms_.J.lpNorm<Eigen::Infinity>() * out.qdd.lpNorm<Eigen::Infinity>();
    for (int i = 0; i < terms_.J.rows(); ++i)
      if (std::abs(terms_.J.row(i).dot(out.qdd) - terms_.Qd[i]) > 1e-6 * scale) return false;
    return true;
  }

  // The dropped rows must be implied by the kept ones: J_i q̈ = Q_d,i.
  void check_redundant_rows(const Model& model, double t, const AccelerationResult& out) const {
    const double scale = 1.0 + terms_.Qd.lpNorm<Eigen::Infinity>() +
                         terms_.J.lpNorm<Eigen::Infinity>() * out.qdd.lpNorm<Eigen::Infinity>();
    for (int i = 0; i < model.nc(); ++i) {
      const double res = std::abs(terms_.J.row(i).dot(out.qdd) - terms_.Qd[i]);
      if (res > 1e-6 * scale)
        throw SolverError(SolverError::Kind::InconsistentInput,
                          "redundant constraint's acceleration equation contradicts the others (residual " +
                              format_for_message(res) + ")",
                          t, model.constraint_name(i), i, 0, res);
    }
  }

  MatrixXd Jt_, A_;
  VectorXd b_, x_, a_, Qdr_, nu_r_;
  BlockSchur schur_;
  Eigen::ColPivHouseholderQR<MatrixXd> qr_;
  Eigen::PartialPivLU<MatrixXd> lu_;
  std::vector<int> rows_;
  bool have_rows_ = false;
  int rows_total_ = -1;
};

// 002 Eq 77 (Udwadia–Kalaba) with the Moore–Penrose pseudo-inverse of K = J M⁻¹ Jᵀ.
class UdwadiaKalabaSolver final : public AccelerationSolver {
 public:
  AccelerationMethod method() const override { return AccelerationMethod::UdwadiaKalaba; }

  void solve(const Model& model, double t, const VectorXd& q, const VectorXd& qd, const BaumgarteGains& gains,
             AccelerationResult& out) override {
    terms_.evaluate(model, t, q, qd, gains);
    const int m = model.nc();
    llt_.compute(terms_.M);
    if (llt_.info() != Eigen::Success)
      throw SolverError(SolverError::Kind::SingularMatrix,
                        "mass matrix is not positive definite (Udwadia-Kalaba needs M invertible; use the "
                        "augmented formulation)",
                        t);
    a_ = llt_.solve(terms_.Qb);  // unconstrained acceleration
    out.nu.setZero(m);
    if (m == 0) {
      out.qdd = a_;
      out.rank = out.rank_deficiency = 0;
      check_result(model, t, out);
      return;
    }
    eps_ = terms_.Qd - terms_.J * a_;                 // constraint error
    MinvJt_ = llt_.solve(terms_.J.transpose());       // M⁻¹Jᵀ
    K_.noalias() = terms_.J * MinvJt_;                // kinetic matrix
    cod_.setThreshold(rank_tol_);
    cod_.compute(K_);
    x_ = cod_.solve(eps_);                            // K⁺ε (minimum-norm least squares)
    out.nu = -x_;
    out.qdd = a_;
    out.qdd.noalias() += MinvJt_ * x_;
    out.rank = static_cast<int>(cod_.rank());
    out.rank_deficiency = m - out.rank;
    if (out.rank_deficiency > 0) {
      // With redundant rows K⁺ε is the least-squares solution; it satisfies J q̈ = Q_d only if the
      // redundant equations are consistent.
      const double scale = 1.0 + terms_.Qd.lpNorm<Eigen::Infinity>() +
                           terms_.J.lpNorm<Eigen::Infinity>() * out.qdd.lpNorm<Eigen::Infinity>();
      for (int i = 0; i < m; ++i) {
        const double res = std::abs(terms_.J.row(i).dot(out.qdd) - terms_.Qd[i]);
        if (res > 1e-6 * scale)
          throw SolverError(SolverError::Kind::InconsistentInput,
                            "redundant constraint's acceleration equation contradicts the others", t,
                            model.constraint_name(i), i, 0, res);
      }
    }
    check_result(model, t, out);
  }

 private:
  Eigen::LLT<MatrixXd> llt_;
  Eigen::CompleteOrthogonalDecomposition<MatrixXd> cod_;
  MatrixXd MinvJt_, K_;
  VectorXd a_, eps_, x_;
};

}  // namespace

void DynamicsTerms::evaluate(const Model& model, double t, const VectorXd& q, const VectorXd& qd,
                             const BaumgarteGains& gains) {
  const int nh = model.nch(), nn = model.ncnh();
  // M, Q_b and the four constraint terms as one recorded program where the model records (Model::dynamics_terms).
  structure = model.dynamics_terms(q, qd, t, M, Qb, J, Qd) ? model.dynamics_structure() : nullptr;
  if (nh > 0 && (gains.gamma1 != 0.0 || gains.gamma2 != 0.0)) {
    // 001 Eq 112: C̈ − Γ₁Ċ − Γ₂C = 0.
    model.C(q, t, C);
    model.C_dot(q, qd, t, Cdot);
    Qd.head(nh) += gains.gamma1 * Cdot + gains.gamma2 * C;
  }
  if (nn > 0 && gains.gamma_nh != 0.0) {
    // 001 Eq 104: Ḋ − Γ D = 0.
    model.D(q, qd, t, D);
    Qd.tail(nn) += gains.gamma_nh * D;
  }
}

const char* to_string(AccelerationMethod m) {
  switch (m) {
    case AccelerationMethod::Augmented: return "augmented";
    case AccelerationMethod::UdwadiaKalaba: return "udwadia-kalaba";
  }
  return "?";
}

AccelerationMethod parse_acceleration_method(const std::string& name) {
  if (name == "augmented") return AccelerationMethod::Augmented;
  if (name == "udwadia-kalaba") return AccelerationMethod::UdwadiaKalaba;
  throw SolverError(SolverError::Kind::InvalidArgument,
                    "unknown acceleration method '" + name + "' (augmented, udwadia-kalaba)", 0.0);
}

std::unique_ptr<AccelerationSolver> make_acceleration_solver(AccelerationMethod method) {
  switch (method) {
    case AccelerationMethod::Augmented: return std::make_unique<AugmentedSolver>();
    case AccelerationMethod::UdwadiaKalaba: return std::make_unique<UdwadiaKalabaSolver>();
  }
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown acceleration method", 0.0);
}

Eigen::VectorXd constraint_forces(const Eigen::MatrixXd& J, const AccelerationResult& r) {
  return -(J.transpose() * r.nu);
}

}  // namespace carvallo
