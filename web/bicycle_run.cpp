#include "bicycle_run.hpp"

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <algorithm>

namespace carvallo::web {

namespace {

SimulationOptions options_for(const BicycleRunSetup& s) {
  SimulationOptions o = bicycle::default_bicycle_simulation_options(s.parameters);
  o.integrator = parse_integrator_method(s.integrator);
  o.acceleration = parse_acceleration_method(s.solver);
  o.stabilization = parse_stabilization_method(s.stabilization);
  return o;
}

bicycle::InitialMotion motion_for(const BicycleRunSetup& s) {
  bicycle::InitialMotion m;
  m.speed = s.speed;
  m.roll = s.roll0;
  m.steer = s.steer0;
  m.roll_rate = s.roll_rate0;
  m.steer_rate = s.steer_rate0;
  return m;
}

}  // namespace

BicycleRun::BicycleRun(const BicycleRunSetup& setup)
    : setup_(setup), sim_(setup.parameters, motion_for(setup), options_for(setup)), energy0_(sim_.energy()) {
  record();
}

void BicycleRun::step(int n) {
  for (int i = 0; i < n && !sim_.fallen(); ++i) {
    sim_.step(setup_.time_step);
    record();
  }
}

void BicycleRun::kick(double roll_rate) {
  sim_.kick(roll_rate);
  energy0_ = sim_.energy();  // a push adds energy: drift is measured from here on
}

void BicycleRun::record() {
  // Bounded memory for long runs: drop the older half.
  constexpr std::size_t kMax = 40000;
  if (history_.size() >= kMax) history_.erase(history_.begin(), history_.begin() + kMax / 2);
  if (rear_track_.size() >= kMax) {
    rear_track_.erase(rear_track_.begin(), rear_track_.begin() + kMax / 2);
    front_track_.erase(front_track_.begin(), front_track_.begin() + kMax / 2);
  }
  const auto& o = sim_.observables();
  const StepReport& r = sim_.last_report();
  history_.push_back({sim_.state().t, o.roll, o.steer, o.speed, r.C_norm, std::max(r.Cdot_norm, r.D_norm)});
  rear_track_.emplace_back(o.x, o.y);
  const Eigen::Vector3d front = sim_.bike().front_contact.contact_point<double>(sim_.state().q);
  front_track_.emplace_back(front.x(), front.y());
}

}  // namespace carvallo::web
