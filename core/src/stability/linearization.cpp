#include "carvallo/stability/linearization.hpp"

#include <Eigen/LU>

#include <cmath>
#include <cstdio>

namespace carvallo::stability {

namespace {

std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

void check_size(const Eigen::VectorXd& v, int n, const char* what, double t) {
  if (v.size() != n)
    throw LinearizationError("linearize: reference " + std::string(what) + " has " + std::to_string(v.size()) +
                             " entries, the model has " + std::to_string(n) + " coordinates (t0 = " + number(t) + ")");
}

/// Worst entry of a residual vector against a per-entry bound; throws naming the constraint.
void check_residual(const Model& model, const Eigen::VectorXd& r, int row_offset, double bound, const char* what,
                    double t) {
  for (Eigen::Index i = 0; i < r.size(); ++i)
    if (!(std::abs(r[i]) <= bound))
      throw LinearizationError("linearize: the reference violates " + std::string(what) + " '" +
                               model.constraint_name(row_offset + static_cast<int>(i)) + "' by " + number(r[i]) +
                               " at t0 = " + number(t) + " (not a solution, 000 Eq 20)");
}

}  // namespace

Reference equilibrium(const Eigen::VectorXd& q, double t) {
  return {q, Eigen::VectorXd::Zero(q.size()), Eigen::VectorXd::Zero(q.size()), t};
}

Linearization linearize(const Model& model, const Reference& ref, const LinearizationOptions& options) {
  const int nq = model.nq(), nch = model.nch(), ncnh = model.ncnh(), nc = nch + ncnh;
  const double t = ref.t;
  check_size(ref.q, nq, "q", t);
  check_size(ref.qd, nq, "q̇", t);
  check_size(ref.qdd, nq, "q̈", t);
  if (!ref.q.allFinite() || !ref.qd.allFinite() || !ref.qdd.allFinite() || !std::isfinite(t))
    throw LinearizationError("linearize: non-finite reference at t0 = " + number(t));
  const double tol = options.consistency_tolerance;

  // The reference must satisfy the constraints at position and velocity level.
  Eigen::VectorXd r;
  if (nch > 0) {
    model.C(ref.q, t, r);
    check_residual(model, r, 0, tol * (1.0 + ref.q.lpNorm<Eigen::Infinity>()), "holonomic constraint", t);
    model.C_dot(ref.q, ref.qd, t, r);
    check_residual(model, r, 0, tol * (1.0 + ref.qd.lpNorm<Eigen::Infinity>()), "the velocity of holonomic constraint", t);
  }
  if (ncnh > 0) {
    model.D(ref.q, ref.qd, t, r);
    check_residual(model, r, nch, tol * (1.0 + ref.qd.lpNorm<Eigen::Infinity>()), "nonholonomic constraint", t);
  }

  Linearization lin;
  lin.nq = nq;
  lin.nch = nch;
  lin.ncnh = ncnh;
  lin.reference = ref;
  const int nx = nq + nc;

  Eigen::MatrixXd M, J;
  Eigen::VectorXd Qb, Qd;
  model.M(ref.q, t, M);
  model.Q_b(ref.q, ref.qd, t, Qb);
  model.J(ref.q, ref.qd, t, J);
  model.Q_d(ref.q, ref.qd, t, Qd);

  // Consistent multipliers from the augmented formulation (000 Eq 36).
  Eigen::MatrixXd Ma = Eigen::MatrixXd::Zero(nx, nx);
  Ma.topLeftCorner(nq, nq) = M;
  Ma.topRightCorner(nq, nc) = J.transpose();
  Ma.bottomLeftCorner(nc, nq) = J;
  Eigen::VectorXd rhs(nx);
  rhs << Qb, Qd;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(Ma);
  if (!lu.isInvertible())
    throw LinearizationError("linearize: the augmented matrix [[M, Jᵀ], [J, 0]] is singular (rank " +
                             std::to_string(lu.rank()) + " of " + std::to_string(nx) + ") at t0 = " + number(t) +
                             ": dependent constraints, or M singular on the admissible velocities");
  const Eigen::VectorXd sol = lu.solve(rhs);
  const Eigen::VectorXd qdd = sol.head(nq);
  lin.nu = sol.tail(nc);
  const double qdd_bound = tol * (1.0 + qdd.lpNorm<Eigen::Infinity>());
  for (int i = 0; i < nq; ++i)
    if (!(std::abs(qdd[i] - ref.qdd[i]) <= qdd_bound))
      throw LinearizationError("linearize: the reference acceleration of '" + model.coordinate_name(i) + "' is " +
                               number(ref.qdd[i]) + " but the equations of motion give " + number(qdd[i]) +
                               " at t0 = " + number(t) + " (not a solution, 000 Eq 20)");

  lin.Mbar = Eigen::MatrixXd::Zero(nx, nx);
  lin.Rbar = Eigen::MatrixXd::Zero(nx, nx);
  lin.Kbar = Eigen::MatrixXd::Zero(nx, nx);
  lin.Mbar.topLeftCorner(nq, nq) = M;  // 000 Eq 24

  LinearizationBlocks blocks;
  model.linearization_blocks(ref.q, ref.qd, t, ref.qdd, lin.nu, blocks);
  // 000 Eq 26: R̄11 = −∂Q_b/∂q̇ + ∂(Jᵀν)/∂q̇, R̄21 = ∂E/∂q̇.
  lin.Rbar.topLeftCorner(nq, nq) = blocks.R11;
  lin.Rbar.block(nq + nch, 0, ncnh, nq) = blocks.D_qd;
  // 000 Eq 28: K̄11 = ∂(M q̈)/∂q − ∂Q_b/∂q + ∂(Jᵀν)/∂q, K̄12 = Jᵀ, K̄21 = ∂E/∂q.
  lin.Kbar.topLeftCorner(nq, nq) = blocks.K11;
  lin.Kbar.topRightCorner(nq, nc) = J.transpose();
  lin.Kbar.block(nq, 0, nch, nq) = blocks.C_q;
  lin.Kbar.block(nq + nch, 0, ncnh, nq) = blocks.D_q;
  return lin;
}

InvarianceReport check_reference_invariance(const Model& model, const std::function<Reference(double t)>& reference,
                                            double t_a, double t_b, double tolerance,
                                            const LinearizationOptions& options) {
  const Linearization a = linearize(model, reference(t_a), options);
  const Linearization b = linearize(model, reference(t_b), options);
  InvarianceReport report;
  const int nq = a.nq;
  auto name = [&](int i) {
    return i < nq ? "q:" + model.coordinate_name(i) : "ν:" + model.constraint_name(i - nq);
  };
  auto compare = [&](const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, const char* what) {
    const double scale = 1.0 + std::max(x.lpNorm<Eigen::Infinity>(), y.lpNorm<Eigen::Infinity>());
    for (Eigen::Index j = 0; j < x.cols(); ++j)
      for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double d = std::abs(x(i, j) - y(i, j)) / scale;
        if (d > report.max_relative_difference) {
          report.max_relative_difference = d;
          report.worst = x.cols() == 1 ? std::string(what) + "(" + model.constraint_name(static_cast<int>(i)) + ")"
                                       : std::string(what) + "(" + name(static_cast<int>(i)) + ", " +
                                             name(static_cast<int>(j)) + ")";
        }
      }
  };
  compare(a.Mbar, b.Mbar, "M̄");
  compare(a.Rbar, b.Rbar, "R̄");
  compare(a.Kbar, b.Kbar, "K̄");
  compare(a.nu, b.nu, "ν");
  report.invariant = report.max_relative_difference <= tolerance;
  return report;
}

}  // namespace carvallo::stability
