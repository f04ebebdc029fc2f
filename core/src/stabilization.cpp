#include "carvallo/stabilization.hpp"

#include <cmath>

namespace carvallo {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

class NoStabilization final : public Stabilizer {
 public:
  StabilizationMethod method() const override { return StabilizationMethod::None; }
  void correct(const Model&, double, VectorXd&, VectorXd&, CorrectionReport& out) override { out.clear(); }
};

class BaumgarteStabilization final : public Stabilizer {
 public:
  explicit BaumgarteStabilization(const BaumgarteGains& g) : gains_(g) {}
  StabilizationMethod method() const override { return StabilizationMethod::Baumgarte; }
  BaumgarteGains gains() const override { return gains_; }
  void correct(const Model&, double, VectorXd&, VectorXd&, CorrectionReport& out) override { out.clear(); }

 private:
  BaumgarteGains gains_;
};

// 002 Eqs 78-79 (direct correction by the Moore-Penrose pseudo-inverse).
class DirectCorrection final : public Stabilizer {
 public:
  explicit DirectCorrection(const StabilizationOptions& o) : tol_(o.tolerances), every_step_(o.correct_every_step) {}
  StabilizationMethod method() const override { return StabilizationMethod::DirectCorrection; }

  void correct(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) override {
    out.clear();
    q0_ = q;
    qd0_ = qd;
    cod_.setThreshold(tol_.rank);
    if (model.nch() > 0) {
      const double target = reachable_position_tolerance(tol_, q);
      for (int it = 0;; ++it) {
        model.C(q, t, r_);
        Eigen::Index worst = 0;
        const double res = r_.cwiseAbs().maxCoeff(&worst);
        if (res <= target && !(every_step_ && it == 0 && res > 0.0)) {
          out.position_iterations = it;
          break;
        }
        if (it == tol_.max_iterations)
          throw SolverError(SolverError::Kind::NonConvergence,
                            "direct position correction did not reach ||C|| <= " + format_for_message(target),
                            t, model.constraint_name(static_cast<int>(worst)), static_cast<int>(worst), it, res);
        model.C_q(q, t, A_);
        cod_.compute(A_);
        out.position_rank = static_cast<int>(cod_.rank());
        out.redundant_holonomic = model.nch() - out.position_rank;
        q -= cod_.solve(r_);  // Δq = −C_q⁺ C   (002 Eq 78)
      }
    }
    if (model.nc() > 0) {
      // The target is tol.velocity until J is known; then it may grow to what round-off allows there.
      double target = tol_.velocity;
      for (int it = 0;; ++it) {
        model.velocity_residual(q, qd, t, r_);
        Eigen::Index worst = 0;
        const double res = r_.cwiseAbs().maxCoeff(&worst);
        if (res <= target && !(every_step_ && it == 0 && res > 0.0)) {
          out.velocity_iterations = it;
          break;
        }
        if (it == tol_.max_iterations)
          throw SolverError(SolverError::Kind::NonConvergence,
                            "direct velocity correction did not reach ||[Cdot; D]|| <= " + format_for_message(target),
                            t, model.constraint_name(static_cast<int>(worst)), static_cast<int>(worst), it, res);
        model.J(q, qd, t, A_);
        target = std::max(target, reachable_velocity_tolerance(tol_, A_, qd));
        out.velocity_target = target;
        if (res <= target && !(every_step_ && it == 0 && res > 0.0)) {
          out.velocity_iterations = it;
          break;
        }
        cod_.compute(A_);
        out.velocity_rank = static_cast<int>(cod_.rank());
        out.redundant_total = model.nc() - out.velocity_rank;
        qd -= cod_.solve(r_);  // Δq̇ = −J⁺ [Ċ; D]   (002 Eq 79, with D added)
      }
    }
    out.change = std::max((q - q0_).lpNorm<Eigen::Infinity>(), (qd - qd0_).lpNorm<Eigen::Infinity>());
  }

 private:
  Tolerances tol_;
  bool every_step_ = false;
  Eigen::CompleteOrthogonalDecomposition<MatrixXd> cod_;
  MatrixXd A_;
  VectorXd r_, q0_, qd0_;
};

// 000 §3.3-3.4.
class Rgcpa : public Stabilizer {
 public:
  explicit Rgcpa(const StabilizationOptions& o) : lazy_(o.analyse_only_when_violated), tol_(o.tolerances) {}
  StabilizationMethod method() const override { return StabilizationMethod::Rgcpa; }

  void correct(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) override {
    out.clear();
    q0_ = q;
    qd0_ = qd;
    full_rgcpa(model, t, q, qd, out);
    out.change = std::max((q - q0_).lpNorm<Eigen::Infinity>(), (qd - qd0_).lpNorm<Eigen::Infinity>());
  }

 protected:
  void full_rgcpa(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) {
    if (model.nch() > 0 && !(lazy_ && positions_within_tolerance(model, t, q, out))) {
      model.C_q(q, t, A_);
      dof_analysis(A_, tol_.rank, pp_, ws_);  // 000 Eq 45
      out.position_rank = pp_.rank;
      out.redundant_holonomic = static_cast<int>(pp_.redundant_rows.size());
      out.independent_coordinates = pp_.independent;
      // The first Newton step solves with C_q and the analysis' own factors; the lazy check's C is reused.
      KnownAtStart known;
      known.residual = lazy_ ? &r_ : nullptr;
      known.jacobian = &A_;
      known.factor = KnownAtStart::Factor::DofAnalysis;
      out.position_iterations = position_analysis(model, t, q, pp_, tol_, ws_, known);  // 000 Eqs 46-54
      out.C_norm = ws_.c.lpNorm<Eigen::Infinity>();  // C at the corrected q: the diagnostics need not evaluate it
    } else if (model.nch() == 0) {
      out.independent_coordinates.resize(static_cast<std::size_t>(model.nq()));
      for (int j = 0; j < model.nq(); ++j) out.independent_coordinates[static_cast<std::size_t>(j)] = j;
    }
    if (model.nc() > 0 && !(lazy_ && velocities_within_tolerance(model, t, q, qd, out))) {
      model.J(q, qd, t, A_);
      dof_analysis(A_, tol_.rank, pv_, ws_);  // 000 Eq 63 (velocity DOF analysis)
      out.velocity_rank = pv_.rank;
      out.redundant_total = static_cast<int>(pv_.redundant_rows.size());
      out.independent_velocities = pv_.independent;
      // 000 Eqs 58-61, 66-78. The lazy check's [Ċ; D] (r_), this J and its factors are those of the
      // analysis' first step.
      KnownAtStart known;
      known.residual = lazy_ ? &r_ : nullptr;
      known.jacobian = &A_;
      known.factor = KnownAtStart::Factor::DofAnalysis;
      out.velocity_iterations = velocity_analysis(model, t, q, qd, pv_, tol_, ws_, &out.velocity_target, known);
      report_velocity_norms(model, ws_.c, out);  // [Ċ; D] at the corrected state
    } else if (model.nc() == 0) {
      out.independent_velocities = out.independent_coordinates;
    }
  }

  // The lazy checks. When a level needs no correction its norms are those of the returned state (a
  // position correction comes before the velocity check, and a velocity correction leaves q alone).
  bool positions_within_tolerance(const Model& model, double t, const VectorXd& q, CorrectionReport& out) {
    model.C(q, t, r_);
    const double norm = r_.lpNorm<Eigen::Infinity>();
    if (!(norm <= reachable_position_tolerance(tol_, q))) return false;
    out.C_norm = norm;
    return true;
  }
  bool velocities_within_tolerance(const Model& model, double t, const VectorXd& q, const VectorXd& qd,
                                   CorrectionReport& out) {
    model.velocity_residual(q, qd, t, r_);
    if (!(r_.lpNorm<Eigen::Infinity>() <= tol_.velocity)) return false;
    report_velocity_norms(model, r_, out);
    return true;
  }
  static void report_velocity_norms(const Model& model, const VectorXd& residual, CorrectionReport& out) {
    const int nh = model.nch(), nn = model.ncnh();
    out.Cdot_norm = nh > 0 ? residual.head(nh).lpNorm<Eigen::Infinity>() : 0.0;
    out.D_norm = nn > 0 ? residual.tail(nn).lpNorm<Eigen::Infinity>() : 0.0;
  }

  bool lazy_ = false;
  VectorXd r_;
  Tolerances tol_;
  PartitionWorkspace ws_;
  Partition pp_, pv_;
  MatrixXd A_;
  VectorXd q0_, qd0_;
};

// 004 §3.2: fixed independent coordinates; fall back to RGCPA when the fixed choice fails.
class Selective final : public Rgcpa {
 public:
  Selective(const Model& model, const StabilizationOptions& o) : Rgcpa(o), strict_(o.tolerances) {
    strict_.min_rcond = std::max(o.selective_min_rcond, o.tolerances.min_rcond);
    for (const auto& n : o.independent_coordinates) iq_.push_back(model.coordinate_index(n));
    // Holonomic-only systems: the independent velocities are the independent coordinates.
    velocities_follow_coordinates_ = o.independent_velocities.empty() && model.ncnh() == 0;
    const auto& vel = velocities_follow_coordinates_ ? o.independent_coordinates : o.independent_velocities;
    for (const auto& n : vel) iv_.push_back(model.coordinate_index(n));
    // Levels without a named choice are chosen at the first correction (choose_missing), then fixed.
  }
  StabilizationMethod method() const override { return StabilizationMethod::Selective; }

  static std::string names(const Model& model, const std::vector<int>& idx) {
    std::string s;
    for (std::size_t k = 0; k < idx.size(); ++k) s += (k ? ", " : "") + model.coordinate_name(idx[k]);
    return s;
  }

  void correct(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) override {
    out.clear();
    q0_ = q;
    qd0_ = qd;
    if (!initialized_) {
      choose_missing(model, t, q, qd, out);
      // The rows kept (redundancy) are found once, with the fixed columns.
      if (model.nch() > 0) {
        model.C_q(q, t, A_);
        fixed_partition(model, A_, iq_, tol_.rank, t, fp_, ws_);
      }
      if (model.nc() > 0) {
        model.J(q, qd, t, A_);
        fixed_partition(model, A_, iv_, tol_.rank, t, fv_, ws_);
      }
      initialized_ = true;
    }
    try {
      if (lazy_) correct_when_violated(model, t, q, qd, out);
      else correct_checking_condition(model, t, q, qd, out);
    } catch (const SolverError& e) {
      if (e.kind() != SolverError::Kind::SingularMatrix && e.kind() != SolverError::Kind::NonConvergence) throw;
      q = q0_;
      qd = qd0_;
      out.clear();
      full_rgcpa(model, t, q, qd, out);
      out.fallback = true;
      out.note = std::string("selective partitioning failed, fell back to RGCPA for this step: ") + e.what();
    }
    out.change = std::max((q - q0_).lpNorm<Eigen::Infinity>(), (qd - qd0_).lpNorm<Eigen::Infinity>());
  }

 private:
  // Where the model names no independent coordinates (or velocities), the DOF analysis of C_q (or J) at the
  // first state corrected chooses them, as RGCPA would at that step (000 Eq 45: full-pivoting LU, the
  // best-conditioned dependent block there), and the choice is then kept fixed as 004 §3.2 keeps the
  // user's. A choice that later becomes singular falls back to RGCPA step by step, as a named one does.
  void choose_missing(const Model& model, double t, const VectorXd& q, const VectorXd& qd, CorrectionReport& out) {
    Partition p;
    if (model.nch() > 0 && iq_.empty()) {
      model.C_q(q, t, A_);
      dof_analysis(A_, tol_.rank, p, ws_);
      iq_ = p.independent;
      out.note = "independent coordinates chosen by the DOF analysis at t = " + format_for_message(t) + " s: " + names(model, iq_);
    }
    if (model.nc() > 0 && iv_.empty()) {
      if (velocities_follow_coordinates_ && !iq_.empty()) {
        iv_ = iq_;
      } else {
        model.J(q, qd, t, A_);
        dof_analysis(A_, tol_.rank, p, ws_);
        iv_ = p.independent;
      }
    }
  }

  // Every step: is the fixed choice still well conditioned? (the check that replaces RGCPA's pivoting),
  // then the position and velocity analyses on the fixed partition.
  // The velocity level's check is made at the corrected q, where its analysis starts: the block factorized
  // for a check is the one the first Newton step of that level solves with.
  void correct_checking_condition(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) {
    report_partition(out);
    out.position_rank = fp_.rank;
    out.velocity_rank = fv_.rank;
    KnownAtStart known;
    known.jacobian = &A_;
    known.factor = KnownAtStart::Factor::DependentBlock;
    if (model.nch() > 0) {
      model.C_q(q, t, A_);
      const double rc = dependent_block_rcond(A_, fp_, ws_);
      if (!(rc > strict_.min_rcond))
        throw SolverError(SolverError::Kind::SingularMatrix,
                          "the fixed independent coordinates are (nearly) dependent here (rcond " + format_for_message(rc) + ")",
                          t, names(model, iq_));
      out.position_iterations = position_analysis(model, t, q, fp_, strict_, ws_, known);
    }
    if (model.nc() > 0) {
      model.J(q, qd, t, A_);
      const double rc = dependent_block_rcond(A_, fv_, ws_);
      if (!(rc > strict_.min_rcond))
        throw SolverError(SolverError::Kind::SingularMatrix,
                          "the fixed independent velocities are (nearly) dependent here (rcond " + format_for_message(rc) + ")",
                          t, names(model, iv_));
      out.velocity_iterations = velocity_analysis(model, t, q, qd, fv_, strict_, ws_, &out.velocity_target, known);
    }
  }

  // The lazy variant (analyse_only_when_violated): ||C|| and ||[Ċ; D]|| first; C_q or J, the dependent
  // block's factorization and its condition estimate only for a level that needs a correction. The
  // condition is then checked by the Newton iteration itself: it factorizes the same block and refuses
  // it below strict_.min_rcond (SingularMatrix, hence the fallback). A level within tolerance is not
  // solved for, so how well its block is conditioned does not matter in that step; the corrected states
  // are those of correct_checking_condition wherever that one does not fall back.
  void correct_when_violated(const Model& model, double t, VectorXd& q, VectorXd& qd, CorrectionReport& out) {
    report_partition(out);
    if (model.nch() > 0 && !positions_within_tolerance(model, t, q, out)) {
      out.position_rank = fp_.rank;
      KnownAtStart known;
      known.residual = &r_;  // C here
      out.position_iterations = position_analysis(model, t, q, fp_, strict_, ws_, known);
      out.C_norm = ws_.c.lpNorm<Eigen::Infinity>();  // at the corrected q
    }
    if (model.nc() > 0 && !velocities_within_tolerance(model, t, q, qd, out)) {
      out.velocity_rank = fv_.rank;
      KnownAtStart known;
      known.residual = &r_;  // [Ċ; D] here
      out.velocity_iterations = velocity_analysis(model, t, q, qd, fv_, strict_, ws_, &out.velocity_target, known);
      report_velocity_norms(model, ws_.c, out);  // at the corrected state
    }
  }

  void report_partition(CorrectionReport& out) const {
    out.redundant_holonomic = static_cast<int>(fp_.redundant_rows.size());
    out.redundant_total = static_cast<int>(fv_.redundant_rows.size());
    out.independent_coordinates = iq_;
    out.independent_velocities = iv_;
  }

  Tolerances strict_;
  std::vector<int> iq_, iv_;
  Partition fp_, fv_;
  bool initialized_ = false;
  bool velocities_follow_coordinates_ = false;
};

}  // namespace

void CorrectionReport::clear() {
  position_iterations = velocity_iterations = 0;
  position_rank = velocity_rank = -1;
  redundant_holonomic = redundant_total = 0;
  independent_coordinates.clear();
  independent_velocities.clear();
  fallback = false;
  note.clear();
  change = 0.0;
  C_norm = Cdot_norm = D_norm = -1.0;
  velocity_target = -1.0;
}

const char* to_string(StabilizationMethod m) {
  switch (m) {
    case StabilizationMethod::None: return "none";
    case StabilizationMethod::Baumgarte: return "baumgarte";
    case StabilizationMethod::DirectCorrection: return "direct";
    case StabilizationMethod::Rgcpa: return "rgcpa";
    case StabilizationMethod::Selective: return "selective";
  }
  return "?";
}

StabilizationMethod parse_stabilization_method(const std::string& name) {
  for (auto m : {StabilizationMethod::None, StabilizationMethod::Baumgarte, StabilizationMethod::DirectCorrection,
                 StabilizationMethod::Rgcpa, StabilizationMethod::Selective})
    if (name == to_string(m)) return m;
  throw SolverError(SolverError::Kind::InvalidArgument,
                    "unknown stabilization '" + name + "' (none, baumgarte, direct, rgcpa, selective)", 0.0);
}

std::unique_ptr<Stabilizer> make_stabilizer(StabilizationMethod method, const Model& model,
                                            const StabilizationOptions& options) {
  switch (method) {
    case StabilizationMethod::None: return std::make_unique<NoStabilization>();
    case StabilizationMethod::Baumgarte: return std::make_unique<BaumgarteStabilization>(options.gains);
    case StabilizationMethod::DirectCorrection: return std::make_unique<DirectCorrection>(options);
    case StabilizationMethod::Rgcpa: return std::make_unique<Rgcpa>(options);
    case StabilizationMethod::Selective: return std::make_unique<Selective>(model, options);
  }
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown stabilization method", 0.0);
}

}  // namespace carvallo
