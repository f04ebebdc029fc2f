#include "carvallo/partitioning.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace carvallo {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

std::string join_names(const Model& model, const std::vector<int>& idx, bool coordinates) {
  std::string s;
  for (std::size_t k = 0; k < idx.size(); ++k) {
    if (k) s += ", ";
    s += coordinates ? model.coordinate_name(idx[k]) : model.constraint_name(idx[k]);
  }
  return s;
}

// Largest |r_i| over the given rows; `worst` receives the row index.
double max_abs(const VectorXd& r, const std::vector<int>& rows, int& worst) {
  double m = 0.0;
  worst = rows.empty() ? -1 : rows.front();
  for (int i : rows)
    if (std::abs(r[i]) > m) {
      m = std::abs(r[i]);
      worst = i;
    }
  return m;
}

void throw_singular(const Model& model, double t, const Partition& p, double rc, const char* what) {
  throw SolverError(SolverError::Kind::SingularMatrix,
                    std::string(what) + ": the Jacobian block of the dependent coordinates is singular (rcond " +
                        format_for_message(rc) + "); they cannot be solved for from the independent ones",
                    t, join_names(model, p.dependent, true), p.dependent.empty() ? -1 : p.dependent.front());
}

// The dependent block as the leading rank × rank block of a full-pivoting LU, P A Q = L U (unit lower L,
// upper U): (P A Q)(a, b) = A(p.rows[a], p.dependent[b]) for a, b < rank, and a leading block of a product
// of triangular factors is the product of their leading blocks, so that block is L₁₁U₁₁ with no
// factorization of its own. It has the interface Eigen's condition estimator asks of a decomposition
// (solve with the block, and with its transpose through adjoint()), so the condition is estimated by the
// same algorithm as for the PartialPivLU it replaces.
class LeadingBlockLU {
 public:
  using MatrixType = MatrixXd;
  using Scalar = double;
  using RealScalar = double;

  LeadingBlockLU(const MatrixXd& lu, int rank, bool transposed = false) : lu_(lu), r_(rank), transposed_(transposed) {}
  Eigen::Index rows() const { return r_; }
  Eigen::Index cols() const { return r_; }
  LeadingBlockLU adjoint() const { return {lu_, r_, !transposed_}; }

  template <class B>
  VectorXd solve(const B& b) const {
    VectorXd x = b;
    if (transposed_) solve_transposed_in_place(x.data());
    else solve_in_place(x.data());
    return x;
  }

  // x ← (L₁₁U₁₁)⁻¹x: L₁₁y = x (unit diagonal), then U₁₁x = y. Column-oriented (contiguous inner loops).
  void solve_in_place(double* x) const {
    for (int j = 0; j < r_; ++j) {
      const double* c = &lu_(0, j);
      for (int i = j + 1; i < r_; ++i) x[i] -= c[i] * x[j];
    }
    for (int j = r_ - 1; j >= 0; --j) {
      const double* c = &lu_(0, j);
      x[j] /= c[j];
      for (int i = 0; i < j; ++i) x[i] -= c[i] * x[j];
    }
  }
  // x ← (L₁₁U₁₁)⁻ᵀx: U₁₁ᵀy = x, then L₁₁ᵀx = y (dot products down the columns).
  void solve_transposed_in_place(double* x) const {
    for (int j = 0; j < r_; ++j) {
      const double* c = &lu_(0, j);
      double v = x[j];
      for (int i = 0; i < j; ++i) v -= c[i] * x[i];
      x[j] = v / c[j];
    }
    for (int j = r_ - 1; j >= 0; --j) {
      const double* c = &lu_(0, j);
      double v = x[j];
      for (int i = j + 1; i < r_; ++i) v -= c[i] * x[i];
      x[j] = v;
    }
  }

 private:
  const MatrixXd& lu_;
  int r_;
  bool transposed_;
};

// ws.dx ← the dependent block of A (rows p.rows, columns p.dependent) solved for ws.r, factorizing the block
// unless `known` says where its factors already are; a block whose reciprocal condition is not above
// tol.min_rcond is refused (SingularMatrix).
void solve_dependent_block(const Model& model, double t, const Partition& p, const Tolerances& tol, const MatrixXd& A,
                           KnownAtStart::Factor known, PartitionWorkspace& ws, const char* what) {
  const int r = p.rank;
  switch (known) {
    case KnownAtStart::Factor::DependentBlock: ws.dx = ws.lu.solve(ws.r); return;
    case KnownAtStart::Factor::DofAnalysis: {
      double norm = 0.0;  // ||block||₁, the largest column sum
      for (int b = 0; b < r; ++b) {
        double sum = 0.0;
        for (int a = 0; a < r; ++a) sum += std::abs(A(p.rows[static_cast<std::size_t>(a)], p.dependent[static_cast<std::size_t>(b)]));
        norm = std::max(norm, sum);
      }
      const LeadingBlockLU block(ws.full_lu.lu, r);
      const double rc = Eigen::internal::rcond_estimate_helper(norm, block);
      if (!(rc > tol.min_rcond)) throw_singular(model, t, p, rc, what);
      ws.dx = ws.r;
      block.solve_in_place(ws.dx.data());
      return;
    }
    case KnownAtStart::Factor::None: break;
  }
  ws.Ad.resize(r, r);
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) ws.Ad(a, b) = A(p.rows[static_cast<std::size_t>(a)], p.dependent[static_cast<std::size_t>(b)]);
  ws.lu.compute(ws.Ad);
  const double rc = ws.lu.rcond();
  if (!(rc > tol.min_rcond)) throw_singular(model, t, p, rc, what);
  ws.dx = ws.lu.solve(ws.r);
}

// Row index of J for a row of the velocity partition is already a J row (holonomic first).
void check_redundant(const Model& model, double t, const VectorXd& r, const Partition& p, double limit,
                     const char* what) {
  for (int i : p.redundant_rows)
    if (std::abs(r[i]) > limit)
      throw SolverError(SolverError::Kind::InconsistentInput,
                        std::string(what) + ": redundant constraint is violated although the independent ones hold (" +
                            format_for_message(std::abs(r[i])) + ")",
                        t, model.constraint_name(i), i, 0, std::abs(r[i]));
}

}  // namespace

namespace {

// Gaussian elimination with complete pivoting (Golub and Van Loan, Algorithm 3.4.3), the pivot the first
// entry in column-major order within kPivotTieSlack of the largest (partitioning.hpp). The rank counts the
// pivots above rank_tol times the largest, as Eigen's FullPivLU with that threshold does.
void full_pivot_lu(const MatrixXd& A, double rank_tol, FullPivotLU& f) {
  const int m = static_cast<int>(A.rows()), n = static_cast<int>(A.cols()), steps = std::min(m, n);
  f.lu = A;
  std::vector<int> row_at(static_cast<std::size_t>(m));
  f.column_at.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < m; ++i) row_at[static_cast<std::size_t>(i)] = i;
  for (int j = 0; j < n; ++j) f.column_at[static_cast<std::size_t>(j)] = j;
  MatrixXd& lu = f.lu;
  double largest_pivot = 0.0;
  int nonzero_pivots = steps;
  for (int k = 0; k < steps; ++k) {
    double biggest = 0.0;
    for (int j = k; j < n; ++j)
      for (int i = k; i < m; ++i) biggest = std::max(biggest, std::abs(lu(i, j)));
    if (!(biggest > 0.0)) {  // the rest is zero (or not a number: nothing more is independent)
      nonzero_pivots = k;
      break;
    }
    const double enough = biggest * (1.0 - kPivotTieSlack);
    int pi = -1, pj = -1;
    for (int j = k; j < n && pi < 0; ++j)
      for (int i = k; i < m; ++i)
        if (std::abs(lu(i, j)) >= enough) {
          pi = i;
          pj = j;
          break;
        }
    if (pi != k) {
      lu.row(k).swap(lu.row(pi));
      std::swap(row_at[static_cast<std::size_t>(k)], row_at[static_cast<std::size_t>(pi)]);
    }
    if (pj != k) {
      lu.col(k).swap(lu.col(pj));
      std::swap(f.column_at[static_cast<std::size_t>(k)], f.column_at[static_cast<std::size_t>(pj)]);
    }
    const double pivot = lu(k, k);
    largest_pivot = std::max(largest_pivot, std::abs(pivot));
    for (int i = k + 1; i < m; ++i) lu(i, k) /= pivot;
    for (int j = k + 1; j < n; ++j) {
      const double u = lu(k, j);
      if (u == 0.0) continue;
      for (int i = k + 1; i < m; ++i) lu(i, j) -= lu(i, k) * u;
    }
  }
  f.rank = 0;
  for (int k = 0; k < nonzero_pivots; ++k)
    if (std::abs(lu(k, k)) > rank_tol * largest_pivot) ++f.rank;
  f.row_position.resize(static_cast<std::size_t>(m));
  for (int k = 0; k < m; ++k) f.row_position[static_cast<std::size_t>(row_at[static_cast<std::size_t>(k)])] = k;
}

}  // namespace

void dof_analysis(const MatrixXd& A, double rank_tol, Partition& out, PartitionWorkspace& ws) {
  const int m = static_cast<int>(A.rows()), n = static_cast<int>(A.cols());
  out.dependent.clear();
  out.independent.clear();
  out.rows.clear();
  out.redundant_rows.clear();
  if (m == 0) {
    out.rank = 0;
    for (int j = 0; j < n; ++j) out.independent.push_back(j);
    return;
  }
  full_pivot_lu(A, rank_tol, ws.full_lu);
  const int r = ws.full_lu.rank;
  out.rank = r;
  const auto& Q = ws.full_lu.column_at;
  for (int k = 0; k < r; ++k) out.dependent.push_back(Q[static_cast<std::size_t>(k)]);
  for (int k = r; k < n; ++k) out.independent.push_back(Q[static_cast<std::size_t>(k)]);
  std::sort(out.independent.begin(), out.independent.end());
  const auto& P = ws.full_lu.row_position;
  out.rows.resize(static_cast<std::size_t>(r));
  for (int i = 0; i < m; ++i) {
    const int at = P[static_cast<std::size_t>(i)];
    if (at < r) out.rows[static_cast<std::size_t>(at)] = i;
    else out.redundant_rows.push_back(i);
  }
  std::sort(out.redundant_rows.begin(), out.redundant_rows.end());
}

void fixed_partition(const Model& model, const MatrixXd& A, const std::vector<int>& independent, double rank_tol,
                     double t, Partition& out, PartitionWorkspace& ws) {
  const int n = static_cast<int>(A.cols());
  std::vector<char> is_indep(static_cast<std::size_t>(n), 0);
  for (int j : independent) {
    if (j < 0 || j >= n)
      throw SolverError(SolverError::Kind::InvalidArgument, "independent coordinate index out of range", t);
    is_indep[static_cast<std::size_t>(j)] = 1;
  }
  Partition full;
  dof_analysis(A, rank_tol, full, ws);
  const int ndof = n - full.rank;
  if (static_cast<int>(independent.size()) != ndof)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      std::to_string(independent.size()) + " independent coordinates were given but the system has " +
                          std::to_string(ndof) + " degrees of freedom here",
                      t, join_names(model, independent, true));
  out.rank = full.rank;
  out.independent = independent;
  std::sort(out.independent.begin(), out.independent.end());
  out.dependent.clear();
  for (int j = 0; j < n; ++j)
    if (!is_indep[static_cast<std::size_t>(j)]) out.dependent.push_back(j);
  // Independent rows of the dependent block.
  ws.A.resize(A.rows(), static_cast<Eigen::Index>(out.dependent.size()));
  for (std::size_t b = 0; b < out.dependent.size(); ++b) ws.A.col(static_cast<Eigen::Index>(b)) = A.col(out.dependent[b]);
  Partition blk;
  PartitionWorkspace tmp;
  dof_analysis(ws.A, rank_tol, blk, tmp);
  if (blk.rank < full.rank)
    throw SolverError(SolverError::Kind::SingularMatrix,
                      "the chosen independent coordinates cannot all be independent in this configuration", t,
                      join_names(model, independent, true));
  out.rows = blk.rows;
  out.redundant_rows = blk.redundant_rows;
}

double dependent_block_rcond(const MatrixXd& A, const Partition& p, PartitionWorkspace& ws) {
  const int r = p.rank;
  if (r == 0) return 1.0;
  ws.Ad.resize(r, r);
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) ws.Ad(a, b) = A(p.rows[static_cast<std::size_t>(a)], p.dependent[static_cast<std::size_t>(b)]);
  ws.lu.compute(ws.Ad);
  return ws.lu.rcond();
}

double reachable_position_tolerance(const Tolerances& tol, const VectorXd& q) {
  const double scale = q.size() > 0 ? q.lpNorm<Eigen::Infinity>() : 0.0;
  const double floor = 64.0 * std::numeric_limits<double>::epsilon() * scale;
  return std::isfinite(floor) ? std::max(tol.position, floor) : tol.position;
}

int position_analysis(const Model& model, double t, VectorXd& q, const Partition& p, const Tolerances& tol,
                      PartitionWorkspace& ws, const KnownAtStart& known) {
  if (model.nch() == 0) return 0;
  int it = 0, worst = -1;
  const double target = reachable_position_tolerance(tol, q);
  for (;;) {
    const bool at_start = it == 0;
    if (at_start && known.residual) ws.c = *known.residual;
    else model.C(q, t, ws.c);
    const double res = max_abs(ws.c, p.rows, worst);
    if (res <= target) break;
    if (it == tol.max_iterations)
      throw SolverError(SolverError::Kind::NonConvergence,
                        "position analysis did not reach ||C|| <= " + format_for_message(target) + " in " +
                            std::to_string(it) + " Newton iterations",
                        t, worst >= 0 ? model.constraint_name(worst) : std::string(), worst, it, res);
    const bool jacobian_known = at_start && known.jacobian;
    if (!jacobian_known) model.C_q(q, t, ws.A);
    ws.r.resize(p.rank);
    for (int a = 0; a < p.rank; ++a) ws.r[a] = -ws.c[p.rows[static_cast<std::size_t>(a)]];
    solve_dependent_block(model, t, p, tol, jacobian_known ? *known.jacobian : ws.A,
                          jacobian_known ? known.factor : KnownAtStart::Factor::None, ws, "position analysis");
    for (int b = 0; b < p.rank; ++b) q[p.dependent[static_cast<std::size_t>(b)]] += ws.dx[b];
    ++it;
  }
  if (!p.redundant_rows.empty()) check_redundant(model, t, ws.c, p, tol.redundant_factor * target, "position analysis");
  return it;
}

double reachable_velocity_tolerance(const Tolerances& tol, const MatrixXd& J, const VectorXd& qd) {
  double scale = 0.0;
  for (Eigen::Index i = 0; i < J.rows(); ++i) scale = std::max(scale, (J.row(i).cwiseAbs() * qd.cwiseAbs()).value());
  const double floor = 64.0 * std::numeric_limits<double>::epsilon() * scale;
  return std::isfinite(floor) ? std::max(tol.velocity, floor) : tol.velocity;
}

int velocity_analysis(const Model& model, double t, const VectorXd& q, VectorXd& qd, const Partition& p,
                      const Tolerances& tol, PartitionWorkspace& ws, double* target_out, const KnownAtStart& known) {
  if (model.nc() == 0) return 0;
  int it = 0, worst = -1;
  // The target is tol.velocity until J is known; then it may grow to what round-off allows there.
  double target = tol.velocity;
  for (;;) {
    const bool at_start = it == 0;
    if (at_start && known.residual) ws.c = *known.residual;
    else model.velocity_residual(q, qd, t, ws.c);  // [Ċ; D]
    const double res = max_abs(ws.c, p.rows, worst);
    if (res <= target) break;
    if (it == tol.max_iterations)
      throw SolverError(SolverError::Kind::NonConvergence,
                        "velocity analysis did not reach ||[Cdot; D]|| <= " + format_for_message(target) + " in " +
                            std::to_string(it) + " Newton iterations",
                        t, worst >= 0 ? model.constraint_name(worst) : std::string(), worst, it, res);
    const bool jacobian_known = at_start && known.jacobian;
    if (!jacobian_known) model.J(q, qd, t, ws.A);  // ∂[Ċ; D]/∂q̇ = [C_q; D_q̇]
    const MatrixXd& J = jacobian_known ? *known.jacobian : ws.A;
    target = std::max(target, reachable_velocity_tolerance(tol, J, qd));
    if (res <= target) break;
    ws.r.resize(p.rank);
    for (int a = 0; a < p.rank; ++a) ws.r[a] = -ws.c[p.rows[static_cast<std::size_t>(a)]];
    solve_dependent_block(model, t, p, tol, J, jacobian_known ? known.factor : KnownAtStart::Factor::None, ws,
                          "velocity analysis");
    for (int b = 0; b < p.rank; ++b) qd[p.dependent[static_cast<std::size_t>(b)]] += ws.dx[b];
    ++it;
  }
  if (!p.redundant_rows.empty()) check_redundant(model, t, ws.c, p, tol.redundant_factor * target, "velocity analysis");
  if (target_out) *target_out = target;
  return it;
}

namespace {
std::vector<int> indices_of(const Model& model, const std::vector<std::string>& names, double t) {
  std::vector<int> idx;
  for (const auto& n : names) {
    try {
      idx.push_back(model.coordinate_index(n));
    } catch (const SolverError&) {
      throw SolverError(SolverError::Kind::InvalidArgument, "unknown coordinate name", t, n);
    }
  }
  return idx;
}
}  // namespace

State make_consistent(const Model& model, const State& guess, const InitialConditionSpec& spec, const Tolerances& tol) {
  State s = guess;
  const double t = s.t;
  if (s.q.size() != model.nq() || s.qd.size() != model.nq())
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "initial state has the wrong size (model '" + model.name() + "' has " +
                          std::to_string(model.nq()) + " coordinates)",
                      t);
  PartitionWorkspace ws;
  Partition pp, pv;
  Eigen::MatrixXd A;
  auto inconsistent = [&](const SolverError& e, const char* level) {
    return SolverError(SolverError::Kind::InconsistentInput,
                       std::string("no consistent ") + level +
                           " exists near the given initial state with the independent values held fixed (" + e.what() +
                           ")",
                       t, e.subject(), e.index(), e.iterations(), e.residual());
  };
  if (model.nch() > 0) {
    model.C_q(s.q, t, A);
    if (spec.independent_coordinates.empty()) dof_analysis(A, tol.rank, pp, ws);
    else fixed_partition(model, A, indices_of(model, spec.independent_coordinates, t), tol.rank, t, pp, ws);
    try {
      position_analysis(model, t, s.q, pp, tol, ws);
    } catch (const SolverError& e) {
      if (e.kind() == SolverError::Kind::NonConvergence) throw inconsistent(e, "configuration");
      throw;
    }
  }
  if (model.nc() > 0) {
    model.J(s.q, s.qd, t, A);
    std::vector<std::string> vel = spec.independent_velocities;
    if (vel.empty() && model.ncnh() == 0) vel = spec.independent_coordinates;
    if (vel.empty()) dof_analysis(A, tol.rank, pv, ws);
    else fixed_partition(model, A, indices_of(model, vel, t), tol.rank, t, pv, ws);
    try {
      velocity_analysis(model, t, s.q, s.qd, pv, tol, ws);
    } catch (const SolverError& e) {
      if (e.kind() == SolverError::Kind::NonConvergence) throw inconsistent(e, "velocity");
      throw;
    }
  }
  return s;
}

}  // namespace carvallo
