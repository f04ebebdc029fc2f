#include "carvallo/acceleration.hpp"

#include <cmath>

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

// 000 Eq 36 with redundant rows screened out by a rank-revealing QR of Jᵀ.
class AugmentedSolver final : public AccelerationSolver {
 public:
  AccelerationMethod method() const override { return AccelerationMethod::Augmented; }

  void solve(const Model& model, double t, const VectorXd& q, const VectorXd& qd, const BaumgarteGains& gains,
             AccelerationResult& out) override {
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
  // X = M⁻¹J_rᵀ, a = M⁻¹Q_b, S = J_r X, ν_r = S⁻¹(J_r a − Q_d,r), q̈ = a − Xν_r. Identical solution up to
  // round-off, at a quarter of the cost of a pivoting LU of the (n + r)-square matrix (docs/performance.md).
  // Returns false (caller falls back to the LU) when M is not positive definite or S is ill conditioned.
  bool try_range_space(int n, int r) {
    llt_m_.compute(terms_.M);
    if (llt_m_.info() != Eigen::Success) return false;
    Jr_.resize(r, n);
    Qdr_.resize(r);
    for (int k = 0; k < r; ++k) {
      const int i = rows_[static_cast<std::size_t>(k)];
      Jr_.row(k) = terms_.J.row(i);
      Qdr_[k] = terms_.Qd[i];
    }
    X_ = Jr_.transpose();
    llt_m_.matrixL().solveInPlace(X_);
    a_ = terms_.Qb;
    llt_m_.matrixL().solveInPlace(a_);
    // With Y = L⁻¹J_rᵀ and c = L⁻¹Q_b: S = YᵀY, J_r a = Yᵀc.
    S_.noalias() = X_.transpose() * X_;
    llt_s_.compute(S_);
    if (llt_s_.info() != Eigen::Success) return false;
    const auto d = llt_s_.matrixLLT().diagonal();
    if (r > 0 && !(d.minCoeff() > 1e-7 * d.maxCoeff())) return false;  // cond(S) above ~1e14
    nu_r_.noalias() = X_.transpose() * a_;
    nu_r_ -= Qdr_;
    llt_s_.solveInPlace(nu_r_);
    a_.noalias() -= X_ * nu_r_;
    llt_m_.matrixU().solveInPlace(a_);
    return true;
  }

  // Solves the augmented system with the current row selection. With `final` false, returns false instead
  // of throwing when the selection no longer fits.
  bool try_solve(const Model& model, double t, AccelerationResult& out, bool final) {
    const int n = model.nq(), r = static_cast<int>(rows_.size());
    if (try_range_space(n, r)) return finish(model, t, a_, nu_r_, out, final);
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
                        "augmented matrix [M Jᵀ; J 0] is singular (reciprocal condition " + format_number(rc) +
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
                              format_number(res) + ")",
                          t, model.constraint_name(i), i, 0, res);
    }
  }

  MatrixXd Jt_, A_, Jr_, X_, S_;
  VectorXd b_, x_, a_, Qdr_, nu_r_;
  Eigen::LLT<MatrixXd> llt_m_, llt_s_;
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
  const int n = model.nq(), nh = model.nch(), nn = model.ncnh();
  model.M(q, t, M);
  model.Q_b(q, qd, t, Qb);
  J.resize(nh + nn, n);
  Qd.resize(nh + nn);
  if (nh > 0) {
    model.C_q(q, t, Cq);
    model.Q_dh(q, qd, t, Qdh);
    J.topRows(nh) = Cq;
    Qd.head(nh) = Qdh;
    if (gains.gamma1 != 0.0 || gains.gamma2 != 0.0) {
      // 001 Eq 112: C̈ − Γ₁Ċ − Γ₂C = 0.
      model.C(q, t, C);
      model.C_dot(q, qd, t, Cdot);
      Qd.head(nh) += gains.gamma1 * Cdot + gains.gamma2 * C;
    }
  }
  if (nn > 0) {
    model.D_qd(q, qd, t, Dqd);
    model.Q_dnh(q, qd, t, Qdnh);
    J.bottomRows(nn) = Dqd;
    Qd.tail(nn) = Qdnh;
    if (gains.gamma_nh != 0.0) {
      // 001 Eq 104: Ḋ − Γ D = 0.
      model.D(q, qd, t, D);
      Qd.tail(nn) += gains.gamma_nh * D;
    }
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
