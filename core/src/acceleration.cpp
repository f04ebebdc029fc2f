#include "carvallo/acceleration.hpp"

#include "block_schur.hpp"

#include <cmath>
#include <memory>
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
    if (plain && whole_program_ready(model) && schur_.solve_whole(model, q, qd, t, a_, nu_r_)) {
      ++whole_program_solves_;
      finish(model, t, a_, nu_r_, out, true);
      return;
    }
    solve_by_terms(model, t, q, qd, gains, out);
  }

  void solve_pair(const Model& model, double t, const VectorXd& q, const VectorXd& qd_a, const VectorXd& qd_b,
                  AccelerationResult& a, AccelerationResult& b) override {
    if (whole_program_ready(model) &&
        schur_.solve_whole_pair(model, q, qd_a, qd_b, t, a_, nu_r_, second_qdd_, second_nu_)) {
      whole_program_solves_ += 2;
      finish(model, t, a_, nu_r_, a, true);
      finish(model, t, second_qdd_, second_nu_, b, true);
      return;
    }
    AccelerationSolver::solve_pair(model, t, q, qd_a, qd_b, a, b);  // two solves
  }

 private:
  // The one program from (q, q̇, t) may run: every row kept (no redundant row to check).
  bool whole_program_ready(const Model& model) const {
    return have_rows_ && rows_total_ == model.nc() && static_cast<int>(rows_.size()) == rows_total_;
  }

  void solve_by_terms(const Model& model, double t, const VectorXd& q, const VectorXd& qd, const BaumgarteGains& gains,
                      AccelerationResult& out) {
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
  // (block_schur.hpp). Returns false (caller falls back to the LU) when M is not positive definite or
  // S is ill conditioned.
  bool try_range_space(int r) {
    schur_.check_structure(terms_.M, terms_.J, rows_, terms_.structure);
    Qdr_.resize(r);
    for (int k = 0; k < r; ++k) Qdr_[k] = terms_.Qd[rows_[static_cast<std::size_t>(k)]];
    return schur_.solve_recorded(terms_.M, terms_.J, terms_.Qb, Qdr_, a_, nu_r_) ||
           schur_.solve_loops(terms_.M, terms_.J, terms_.Qb, Qdr_, a_, nu_r_);
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
  VectorXd second_qdd_, second_nu_;  // solve_pair's second solution
  detail::BlockSchur schur_;
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
