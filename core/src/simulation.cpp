#include "carvallo/simulation.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo {

namespace {

// 000 Eqs 39-41: y = [q; q̇], g = [q̇; q̈].
class MultibodyOde final : public OdeSystem {
 public:
  // Holds its own (shared) Model handle so that a moved Simulation keeps a valid one.
  MultibodyOde(Model m, AccelerationSolver& s, BaumgarteGains g) : model_(std::move(m)), solver_(s), gains_(g) {}
  void rhs(double t, const Eigen::VectorXd& y, Eigen::VectorXd& dy) override {
    const int n = model_.nq();
    q_ = y.head(n);
    qd_ = y.tail(n);
    solver_.solve(model_, t, q_, qd_, gains_, result_);
    dy.resize(2 * n);
    dy.head(n) = qd_;
    dy.tail(n) = result_.qdd;
  }
  const AccelerationResult& result() const { return result_; }

 private:
  Model model_;
  AccelerationSolver& solver_;
  BaumgarteGains gains_;
  Eigen::VectorXd q_, qd_;
  AccelerationResult result_;
};

BaumgarteGains combine(BaumgarteGains a, const BaumgarteGains& b) {
  a.gamma1 += b.gamma1;
  a.gamma2 += b.gamma2;
  a.gamma_nh += b.gamma_nh;
  return a;
}

}  // namespace

struct Simulation::Impl {
  std::unique_ptr<AccelerationSolver> solver;
  std::unique_ptr<Integrator> integrator;
  std::unique_ptr<Stabilizer> stabilizer;
  std::unique_ptr<MultibodyOde> ode;
  Eigen::VectorXd y, y_before;
  AccelerationResult acc;
  double t_carry = 0.0;  // Kahan compensation of t: 10000 steps of 1e-3 s end at t = 10, not 10 − 1e-13
};

Simulation::Simulation(Model model, SimulationOptions options)
    : model_(std::move(model)), options_(std::move(options)), impl_(std::make_unique<Impl>()) {
  impl_->solver = make_acceleration_solver(options_.acceleration);
  impl_->solver->set_rank_tolerance(options_.stabilizer.tolerances.rank);
  impl_->integrator = make_integrator(options_.integrator, options_.adaptive);
  impl_->stabilizer = make_stabilizer(options_.stabilization, model_, options_.stabilizer);
  impl_->ode = std::make_unique<MultibodyOde>(model_, *impl_->solver,
                                              combine(impl_->stabilizer->gains(), options_.extra_gains));
  state_.q = Eigen::VectorXd::Zero(model_.nq());
  state_.qd = Eigen::VectorXd::Zero(model_.nq());
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

const IntegratorStats& Simulation::integrator_stats() const { return impl_->integrator->stats(); }

double Simulation::next_step() const { return impl_->integrator->next_step(); }

void Simulation::set_state(const State& s) {
  if (s.q.size() != model_.nq() || s.qd.size() != model_.nq())
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "state has the wrong size (model '" + model_.name() + "' has " + std::to_string(model_.nq()) +
                          " coordinates)",
                      s.t);
  if (!std::isfinite(s.t)) throw SolverError(SolverError::Kind::NonFinite, "initial time is not finite", 0.0);
  for (int i = 0; i < model_.nq(); ++i)
    if (!std::isfinite(s.q[i]) || !std::isfinite(s.qd[i]))
      throw SolverError(SolverError::Kind::NonFinite, "initial state is not finite", s.t, model_.coordinate_name(i), i);
  state_ = s;
  impl_->t_carry = 0.0;
  impl_->integrator->restart();
}

const StepReport& Simulation::step(double h) {
  if (!(h > 0.0) || !std::isfinite(h))
    throw SolverError(SolverError::Kind::InvalidArgument, "step size must be positive and finite", state_.t);
  const int n = model_.nq();
  Impl& im = *impl_;
  im.y.resize(2 * n);
  im.y.head(n) = state_.q;
  im.y.tail(n) = state_.qd;
  const long evals_before = im.integrator->stats().evaluations;
  im.integrator->step(*im.ode, state_.t, h, im.y);
  for (int i = 0; i < 2 * n; ++i)
    if (!std::isfinite(im.y[i]))
      throw SolverError(SolverError::Kind::NonFinite, "the integrated state diverged", state_.t + h,
                        model_.coordinate_name(i % n), i % n);
  State next;
  const double dt = h - im.t_carry;
  next.t = state_.t + dt;
  im.t_carry = (next.t - state_.t) - dt;
  next.q = im.y.head(n);
  next.qd = im.y.tail(n);
  report_.correction.clear();
  im.stabilizer->correct(model_, next.t, next.q, next.qd, report_.correction);
  // AB4's history is only valid for the uncorrected trajectory: restart after a significant correction.
  const double scale = 1.0 + std::max(next.q.lpNorm<Eigen::Infinity>(), next.qd.lpNorm<Eigen::Infinity>());
  report_.restarted = false;
  if (report_.correction.change > options_.restart_threshold * scale) {
    im.integrator->restart();
    report_.restarted = im.integrator->method() == IntegratorMethod::AdamsBashforth4;
  }
  state_ = std::move(next);
  report_.evaluations = im.integrator->stats().evaluations - evals_before;
  report_.t = state_.t;
  if (options_.diagnostics) {
    // Norms the stabilizer already evaluated at this state are not evaluated again.
    const CorrectionReport& c = report_.correction;
    const bool have_positions = c.C_norm >= 0.0, have_velocities = c.Cdot_norm >= 0.0 && c.D_norm >= 0.0;
    diagnose(report_, !have_positions, !have_velocities);
    if (have_positions) report_.C_norm = c.C_norm;
    if (have_velocities) {
      report_.Cdot_norm = c.Cdot_norm;
      report_.D_norm = c.D_norm;
    }
  }
  return report_;
}

StepReport Simulation::evaluate() const {
  StepReport r;
  r.t = state_.t;
  diagnose(r, true, true);
  return r;
}

void Simulation::diagnose(StepReport& r, bool positions, bool velocities) const {
  thread_local Eigen::VectorXd v;
  if (positions) r.C_norm = 0.0;
  if (velocities) r.Cdot_norm = r.D_norm = 0.0;
  if (model_.nch() > 0 && positions) {
    model_.C(state_.q, state_.t, v);
    r.C_norm = v.lpNorm<Eigen::Infinity>();
  }
  if (model_.nch() > 0 && velocities) {
    model_.C_dot(state_.q, state_.qd, state_.t, v);
    r.Cdot_norm = v.lpNorm<Eigen::Infinity>();
  }
  if (model_.ncnh() > 0 && velocities) {
    model_.D(state_.q, state_.qd, state_.t, v);
    r.D_norm = v.lpNorm<Eigen::Infinity>();
  }
  r.kinetic_energy = model_.kinetic_energy(state_.q, state_.qd, state_.t);
  r.potential_energy = model_.potential_energy(state_.q, state_.t);
  r.energy = r.kinetic_energy + r.potential_energy;
}

const AccelerationResult& Simulation::accelerations() {
  impl_->solver->solve(model_, state_.t, state_.q, state_.qd,
                       combine(impl_->stabilizer->gains(), options_.extra_gains), impl_->acc);
  return impl_->acc;
}

}  // namespace carvallo
