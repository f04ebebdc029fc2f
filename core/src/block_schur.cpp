#include "block_schur.hpp"

#include "carvallo/expression_graph.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace carvallo::detail {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Whether the loops may skip a product with x: a zero value in double, a constant zero when recording (a live
// value that happens to be zero at the recording state must stay in the program). Skipping x − 0·y leaves
// x, so both give the same values (up to the sign of a zero).
bool skippable_zero(double x) { return x == 0.0; }
bool skippable_zero(const Recorded& x) { return !x.live() && x.v == 0.0; }

// In-place Cholesky factorization of the symmetric block A[s, e) × [s, e) (lower triangle read and
// overwritten with L), column by column. False when `pivot` refuses a diagonal entry of L.
template <class T, class Pivot>
bool cholesky_in_place(Mat<T>& A, int s, int e, Pivot& pivot) {
  using std::sqrt;
  for (int j = s; j < e; ++j) {
    for (int p = s; p < j; ++p) {
      const T ljp = A(j, p);
      if (skippable_zero(ljp)) continue;  // S = J M⁻¹Jᵀ is sparse where two constraints share no body
      for (int i = j; i < e; ++i) A(i, j) = A(i, j) - A(i, p) * ljp;
    }
    const T d = sqrt(A(j, j));
    if (!pivot(d)) return false;
    A(j, j) = d;
    const T inv = T(1.0) / d;
    for (int i = j + 1; i < e; ++i) A(i, j) = A(i, j) * inv;
  }
  return true;
}

// y ← L⁻¹y and y ← L⁻ᵀy for the diagonal block of L at [s, s + k) (K = k, or 0: read k).
template <int K, class T>
void block_lower_solve(const Mat<T>& L, int s, int k, T* y) {
  if constexpr (K > 0) k = K;
  for (int j = 0; j < k; ++j) {
    T v = y[j];
    for (int i = 0; i < j; ++i) v = v - L(s + j, s + i) * y[i];
    y[j] = v / L(s + j, s + j);
  }
}
template <int K, class T>
void block_upper_solve(const Mat<T>& L, int s, int k, T* y) {
  if constexpr (K > 0) k = K;
  for (int j = k - 1; j >= 0; --j) {
    T v = y[j];
    for (int i = j + 1; i < k; ++i) v = v - L(s + i, s + j) * y[i];
    y[j] = v / L(s + j, s + j);
  }
}

}  // namespace

// ---- the arithmetic, once for every scalar ---------------------------------------------------------------

// Calls f with the size of block b as a compile-time constant for the sizes of bodies (0: other).
template <class F>
void BlockSchur::by_block_size(std::size_t b, F&& f) const {
  switch (starts_[b + 1] - starts_[b]) {
    case 1: f(std::integral_constant<int, 1>{}); break;
    case 2: f(std::integral_constant<int, 2>{}); break;
    case 3: f(std::integral_constant<int, 3>{}); break;
    case 4: f(std::integral_constant<int, 4>{}); break;
    default: f(std::integral_constant<int, 0>{}); break;
  }
}

// Block b's rows of Y (L_b⁻¹ J(row, block)ᵀ for each kept row touching it) and their products into S.
template <int K, class T>
void BlockSchur::accumulate(const Mat<T>& J, std::size_t b, SchurWork<T>& w) const {
  const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
  const int t0 = tstart_[b], t1 = tstart_[b + 1];
  // data() + offset, not &Y[offset]: a block no row touches has offset == size (0 for a model without
  // constraint rows), and indexing there is undefined (UBSan: reference binding to null).
  T* Yb = w.Y.data() + yoff_[b];
  for (int a = t0; a < t1; ++a) {
    T* y = Yb + static_cast<std::ptrdiff_t>(a - t0) * k;
    const int row = rows_[static_cast<std::size_t>(tlist_[static_cast<std::size_t>(a)])];
    for (int j = 0; j < k; ++j) y[j] = J(row, s + j);
    block_lower_solve<K>(w.L, s, k, y);
  }
  for (int a = t0; a < t1; ++a) {
    const T* ya = Yb + static_cast<std::ptrdiff_t>(a - t0) * k;
    const int ra = tpos_[static_cast<std::size_t>(a)];
    for (int c = t0; c <= a; ++c) {  // tpos_ increases within a block: the lower triangle of S
      const T* yc = Yb + static_cast<std::ptrdiff_t>(c - t0) * k;
      T sum(0.0);
      for (int i = 0; i < k; ++i) sum = sum + ya[i] * yc[i];
      const int rc = tpos_[static_cast<std::size_t>(c)];
      w.S(ra, rc) = w.S(ra, rc) + sum;
    }
  }
}

// Block b of c = L⁻¹Q_b (in place in x), and its share of Yᵀc added to ν.
template <int K, class T>
void BlockSchur::forward(std::size_t b, SchurWork<T>& w) const {
  const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
  block_lower_solve<K>(w.L, s, k, w.x.data() + s);
  const T* Yb = w.Y.data() + yoff_[b];  // as in accumulate(): the offset may equal the size
  for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
    T sum(0.0);
    for (int i = 0; i < k; ++i) sum = sum + Yb[i] * w.x[static_cast<std::size_t>(s + i)];
    T& target = w.nu_s[static_cast<std::size_t>(tpos_[static_cast<std::size_t>(a)])];
    target = target + sum;
  }
}

// Block b of q̈ = L⁻ᵀ(c − Yν) (x holds c on entry).
template <int K, class T>
void BlockSchur::backward(std::size_t b, SchurWork<T>& w) const {
  const int s = starts_[b], k = K > 0 ? K : starts_[b + 1] - s;
  const T* Yb = w.Y.data() + yoff_[b];  // as in accumulate(): the offset may equal the size
  for (int a = tstart_[b]; a < tstart_[b + 1]; ++a, Yb += k) {
    const T n = w.nu_s[static_cast<std::size_t>(tpos_[static_cast<std::size_t>(a)])];
    for (int i = 0; i < k; ++i) {
      T& xi = w.x[static_cast<std::size_t>(s + i)];
      xi = xi - Yb[i] * n;
    }
  }
  block_upper_solve<K>(w.L, s, k, w.x.data() + s);
}

template <class T, class Pivot>
bool BlockSchur::run(const Mat<T>& M, const Mat<T>& J, const Vec<T>& Qb, const Vec<T>& Qdr, SchurWork<T>& w,
                     Pivot&& pivot) const {
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  // factor: M = LLᵀ block by block (only the blocks' lower triangles are read).
  w.L.resize(n, n);
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    for (int j = starts_[b]; j < starts_[b + 1]; ++j)
      for (int i = j; i < starts_[b + 1]; ++i) w.L(i, j) = M(i, j);
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b)
    if (!cholesky_in_place(w.L, starts_[b], starts_[b + 1], pivot)) return false;
  // project: S = YᵀY (lower triangle), then its factor.
  w.Y.resize(ysize_);
  w.S.setConstant(r, r, T(0.0));
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { accumulate<decltype(k)::value>(J, b, w); });
  if (!cholesky_in_place(w.S, 0, r, pivot)) return false;
  // solve: c = L⁻¹Q_b and Yᵀc − Q_d,r block by block, ν = S⁻¹(...), q̈ = L⁻ᵀ(c − Yν).
  w.x.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) w.x[static_cast<std::size_t>(i)] = Qb[i];
  w.nu_s.resize(static_cast<std::size_t>(r));  // ν in the elimination order of S
  for (int c = 0; c < r; ++c) w.nu_s[static_cast<std::size_t>(pos_[static_cast<std::size_t>(c)])] = -Qdr[c];
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { forward<decltype(k)::value>(b, w); });
  for (int j = 0; j < r; ++j) {  // ν ← L_S⁻¹ν
    T& nj = w.nu_s[static_cast<std::size_t>(j)];
    nj = nj / w.S(j, j);
    for (int i = j + 1; i < r; ++i) {
      T& ni = w.nu_s[static_cast<std::size_t>(i)];
      ni = ni - w.S(i, j) * nj;
    }
  }
  for (int j = r - 1; j >= 0; --j) {  // ν ← L_S⁻ᵀν
    T v = w.nu_s[static_cast<std::size_t>(j)];
    for (int i = j + 1; i < r; ++i) v = v - w.S(i, j) * w.nu_s[static_cast<std::size_t>(i)];
    w.nu_s[static_cast<std::size_t>(j)] = v / w.S(j, j);
  }
  for (std::size_t b = 0; b + 1 < starts_.size(); ++b) by_block_size(b, [&](auto k) { backward<decltype(k)::value>(b, w); });
  return true;
}

bool BlockSchur::solve_loops(const MatrixXd& M, const MatrixXd& J, const VectorXd& Qb, const VectorXd& Qdr,
                             VectorXd& qdd, VectorXd& nu) {
  const auto positive = [](double d) { return d > 0.0 && std::isfinite(d); };
  if (!run(M, J, Qb, Qdr, work_, positive)) return false;
  const auto r = static_cast<int>(rows_.size());
  if (r > 0) {
    const auto d = work_.S.diagonal();
    if (!(d.minCoeff() > 1e-7 * d.maxCoeff())) return false;  // cond(S) below ~1e14
  }
  qdd = Eigen::Map<const VectorXd>(work_.x.data(), static_cast<Eigen::Index>(work_.x.size()));
  nu.resize(r);
  for (int c = 0; c < r; ++c) nu[c] = work_.nu_s[static_cast<std::size_t>(pos_[static_cast<std::size_t>(c)])];
  return true;
}

// ---- the structure ----------------------------------------------------------------------------------------

namespace {

// A's entries where `outside` is 1 are all zero (vectorized: M and J are finite, checked by the Model).
bool vanishes_outside(const MatrixXd& A, const MatrixXd& outside) {
  return A.size() == 0 || A.cwiseProduct(outside).cwiseAbs().maxCoeff() == 0.0;  // maxCoeff needs an entry
}

}  // namespace

void BlockSchur::check_structure(const MatrixXd& M, const MatrixXd& J, const std::vector<int>& rows,
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

// Every call checks that M and J have no nonzero outside the structure (a cheap vectorized test) and widens
// it when they do, so a zero that is coincidental at the first state cannot make it wrong later.
void BlockSchur::check_values(const MatrixXd& M, const MatrixXd& J, const std::vector<int>& rows) {
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

// The finest contiguous partition in which neither M's nonzeros nor the previous blocks couple two blocks
// (blocks only merge).
void BlockSchur::grow_blocks(const MatrixXd& M) {
  const int n = static_cast<int>(M.rows());
  std::vector<int> old = block_of_;
  if (static_cast<int>(old.size()) != n) old.assign(static_cast<std::size_t>(n), -1);
  std::vector<int> reach(static_cast<std::size_t>(n));  // last index coupled to i
  for (int i = 0; i < n; ++i) {
    int last = i;
    for (int j = i + 1; j < n; ++j)
      if (M(i, j) != 0.0 || M(j, i) != 0.0 ||
          (old[static_cast<std::size_t>(i)] >= 0 && old[static_cast<std::size_t>(i)] == old[static_cast<std::size_t>(j)]))
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
void BlockSchur::grow_touches(const MatrixXd& J) {
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
  ysize_ = static_cast<std::size_t>(ysize);
}

// The order in which S's rows are eliminated (pos_[c]: the position of kept row c): greedy minimum degree on
// S's structure, where two rows are coupled when they touch a common block. The rows arrive in the order of
// the rank-revealing QR's pivots, which says nothing about their structure; a row order that eliminates rows
// coupled to few others first keeps the Cholesky factor of S about as sparse as S (for the bicycle's chain
// of bodies, one wheel's contact rows, then its hub, the steer joint, ...), and cholesky_in_place skips the
// zeros. Same solution up to round-off.
void BlockSchur::order_rows() {
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

// ---- the recorded programs --------------------------------------------------------------------------------

void BlockSchur::forget_program() {
  program_.reset();
  for (int k = 0; k < 2; ++k) whole_[k].reset(), whole_model_[k] = 0;
  stable_solves_ = 0;
  refusals_ = 0;
}

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

// run() on Recorded inputs at the current values: the loops' operations recorded in their order.
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
  Mat<R> M(n, n), J(j_rows_, n);
  Vec<R> Qb(n), Qdr(static_cast<Eigen::Index>(rows_.size()));
  for (const Eigen::Index k : m_inputs_) M.data()[k] = input();
  for (const Eigen::Index k : j_inputs_) J.data()[k] = input();
  for (int i = 0; i < Qb.size(); ++i) Qb[i] = input();
  for (int i = 0; i < Qdr.size(); ++i) Qdr[i] = input();
  program_ = record_solve(g, inputs, M, J, Qb, Qdr);
}

// The program's outputs: q̈, ν_r, then each pivot (the loops' checks, made on the program's outputs by accept()).
std::unique_ptr<StraightLineProgram> BlockSchur::record_solve(ExpressionGraph& g, const std::vector<int>& inputs,
                                                              const Mat<Recorded>& M, const Mat<Recorded>& J,
                                                              const Vec<Recorded>& Qb, const Vec<Recorded>& Qdr) const {
  std::vector<int> outputs;
  if (!solve_outputs(g, M, J, Qb, Qdr, outputs)) return nullptr;
  return std::make_unique<StraightLineProgram>(g, inputs, outputs);
}

bool BlockSchur::solve_outputs(ExpressionGraph& g, const Mat<Recorded>& M, const Mat<Recorded>& J,
                               const Vec<Recorded>& Qb, const Vec<Recorded>& Qdr, std::vector<int>& outputs) const {
  std::vector<int> pivots;
  const auto keep = [&](const Recorded& d) {
    pivots.push_back(detail::node_of(d));
    return true;
  };
  SchurWork<Recorded> w;
  run(M, J, Qb, Qdr, w, keep);
  for (const Recorded& v : w.x) outputs.push_back(detail::node_of(v));
  for (int c = 0; c < static_cast<int>(rows_.size()); ++c)
    outputs.push_back(detail::node_of(w.nu_s[static_cast<std::size_t>(pos_[static_cast<std::size_t>(c)])]));
  outputs.insert(outputs.end(), pivots.begin(), pivots.end());
  return !g.value_dependent;  // nothing in run() compares a recorded value but skippable_zero's constants
}

std::unique_ptr<StraightLineProgram> BlockSchur::record_whole(const Model& model, const VectorXd& q,
                                                              const std::vector<const VectorXd*>& velocities,
                                                              double t) {
  using R = Recorded;
  const int n = model.nq();
  ExpressionGraph g(16384 * static_cast<int>(velocities.size()));
  const ExpressionGraph::Scope scope(g);
  Vec<R> qr(n);
  std::vector<Vec<R>> qdr(velocities.size(), Vec<R>(n));
  std::vector<int> inputs;
  for (int i = 0; i < n; ++i) qr[i] = R(q[i], g.input(q[i])), inputs.push_back(qr[i].id);
  for (std::size_t k = 0; k < velocities.size(); ++k)
    for (int i = 0; i < n; ++i) {
      const double v = (*velocities[k])[i];
      qdr[k][i] = R(v, g.input(v));
      inputs.push_back(qdr[k][i].id);
    }
  const R tr(t, g.input(t));
  inputs.push_back(tr.id);
  std::vector<int> outputs;
  for (const Vec<R>& qd : qdr) {
    Mat<R> M, J;
    Vec<R> Qb, Qd;
    if (!model.record_dynamics_terms(qr, qd, tr, M, Qb, J, Qd)) return nullptr;
    Vec<R> Qdr(static_cast<Eigen::Index>(rows_.size()));
    for (int c = 0; c < Qdr.size(); ++c) Qdr[c] = Qd[rows_[static_cast<std::size_t>(c)]];
    if (!solve_outputs(g, M, J, Qb, Qdr, outputs)) return nullptr;
  }
  return std::make_unique<StraightLineProgram>(g, inputs, outputs);
}

bool BlockSchur::run_whole(const Model& model, const VectorXd& q, const std::vector<const VectorXd*>& velocities,
                           double t) {
  const DynamicsStructure* structure = model.dynamics_structure();
  if (!recording_enabled_ || refusals_ >= kRefusalsBeforeGivingUp || !program_ || structure == nullptr ||
      structure->id != covered_ || q.size() != model.nq() || static_cast<int>(block_of_.size()) != model.nq())
    return false;
  for (const VectorXd* qd : velocities)
    if (qd->size() != model.nq()) return false;
  const std::size_t k = velocities.size() - 1;
  if (whole_model_[k] != structure->id) {  // a model it has not recorded
    whole_model_[k] = structure->id;
    whole_[k] = record_whole(model, q, velocities, t);
  }
  if (!whole_[k]) return false;
  whole_in_.assign(q.data(), q.data() + q.size());
  for (const VectorXd* qd : velocities) whole_in_.insert(whole_in_.end(), qd->data(), qd->data() + qd->size());
  whole_in_.push_back(t);
  program_out_.resize(static_cast<std::size_t>(whole_[k]->output_count()));
  whole_[k]->run(whole_in_.data(), program_out_.data(), program_ws_);
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  const std::size_t each = program_out_.size() / velocities.size();
  for (std::size_t s = 0; s < velocities.size(); ++s) {
    const double* out = program_out_.data() + s * each;
    for (int i = 0; i < n + r; ++i)
      if (!std::isfinite(out[i])) return false;
    if (!accept(out, n, r)) return false;
  }
  return true;
}

bool BlockSchur::solve_whole(const Model& model, const VectorXd& q, const VectorXd& qd, double t, VectorXd& qdd,
                             VectorXd& nu) {
  if (!run_whole(model, q, {&qd}, t)) return false;
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  qdd = Eigen::Map<const VectorXd>(program_out_.data(), n);
  nu = Eigen::Map<const VectorXd>(program_out_.data() + n, r);
  return true;
}

bool BlockSchur::solve_whole_pair(const Model& model, const VectorXd& q, const VectorXd& qd_a, const VectorXd& qd_b,
                                  double t, VectorXd& qdd_a, VectorXd& nu_a, VectorXd& qdd_b, VectorXd& nu_b) {
  if (!run_whole(model, q, {&qd_a, &qd_b}, t)) return false;
  const auto n = static_cast<int>(block_of_.size()), r = static_cast<int>(rows_.size());
  const double* b = program_out_.data() + program_out_.size() / 2;
  qdd_a = Eigen::Map<const VectorXd>(program_out_.data(), n);
  nu_a = Eigen::Map<const VectorXd>(program_out_.data() + n, r);
  qdd_b = Eigen::Map<const VectorXd>(b, n);
  nu_b = Eigen::Map<const VectorXd>(b + n, r);
  return true;
}

bool BlockSchur::accept(const double* out, int n, int r) {
  // The loops' checks: every pivot positive and finite, and S's diagonal within 1e7 of its largest (cond(S)
  // below ~1e14).
  const double* d = out + n + r;
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
  if (!accept(program_out_.data(), n, r)) return false;
  qdd = Eigen::Map<const VectorXd>(program_out_.data(), n);
  nu = Eigen::Map<const VectorXd>(program_out_.data() + n, r);
  return true;
}

}  // namespace carvallo::detail
