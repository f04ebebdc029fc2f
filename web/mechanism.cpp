#include "mechanism.hpp"

#include "carvallo/errors.hpp"

namespace carvallo::web {

MechanismSettings MechanismRun::defaults(const std::string& name, const std::string& variant) {
  const auto instance = examples::make_model(name, variant);
  MechanismSettings s;
  s.integrator = to_string(instance.defaults.integrator);
  s.solver = to_string(instance.defaults.acceleration);
  s.stabilization = instance.defaults.stabilizer;
  s.time_step = instance.defaults.step;
  return s;
}

MechanismRun::MechanismRun(const std::string& name, const std::string& variant, const MechanismSettings& settings)
    : entry_(examples::find_model(name)), settings_(settings) {
  if (!entry_) throw SolverError(SolverError::Kind::InvalidArgument, "unknown model '" + name + "'", 0.0);
  instance_ = std::make_unique<examples::ModelInstance>(entry_->make(variant));
  // The paper's settings (tolerances, gains, selective partitioning's coordinates), then the user's methods.
  SimulationOptions options = examples::simulation_options(instance_->defaults);
  options.acceleration = parse_acceleration_method(settings.solver);
  options.integrator = parse_integrator_method(settings.integrator);
  options.stabilization = parse_stabilization_method(settings.stabilization);
  sim_ = std::make_unique<Simulation>(instance_->model, options);
  sim_->set_state(State{instance_->t0, instance_->q0, instance_->qd0});
  record(sim_->evaluate());
}

void MechanismRun::step(int n) {
  for (int i = 0; i < n; ++i) record(sim_->step(settings_.time_step));
}

void MechanismRun::record(const StepReport& r) {
  constexpr std::size_t kMax = 40000;
  if (history_.size() >= kMax) history_.erase(history_.begin(), history_.begin() + kMax / 2);
  MechanismSample s;
  const State& st = sim_->state();
  s.t = st.t;
  s.C = r.C_norm;
  s.Cdot = r.Cdot_norm;
  s.D = r.D_norm;
  s.energy = r.energy;
  for (const auto& p : instance_->probes) s.probes.push_back(p.value(instance_->model, st.t, st.q, st.qd));
  history_.push_back(std::move(s));
}

examples::Drawing MechanismRun::drawing() const {
  return instance_->draw ? instance_->draw(sim_->state().q) : examples::Drawing{};
}

examples::Drawing MechanismRun::initial_drawing() const {
  return instance_->draw ? instance_->draw(instance_->q0) : examples::Drawing{};
}

}  // namespace carvallo::web
