#pragma once
// Time simulation of the linearized Whipple bicycle (Meijaard et al. 2007, Eq. (A1) via the canonical
// matrices) at constant forward speed, with the heading and the rear contact's path integrated from the
// linearized kinematics, so the 3D view can ride and draw tracks. The integrator is the engine's
// (carvallo/integrators.hpp: ab4, rk4, dopri5). Pure C++ (no GL, ImGui or Emscripten).
//
// State y = [phi, delta, phi', delta', psi, x, y]: roll, steer (rad), their rates (rad/s), heading psi
// (rad, about z down) and the rear contact point (m) in the ground plane.

#include "bicycle/canonical.hpp"
#include "carvallo/integrators.hpp"

#include <Eigen/Core>

#include <memory>
#include <string>
#include <vector>

namespace carvallo::web {

struct SimulationSample {
  double t, roll, steer, speed;
};

struct LinearSimulationSetup {
  bicycle::CanonicalModel model;
  double w = 1.02, c = 0.08, lambda = 0.3141592653589793;  ///< geometry for the kinematics
  double speed = 5.0;                                       ///< m/s, constant
  double roll0 = 0, steer0 = 0, roll_rate0 = 0, steer_rate0 = 0;
  std::string integrator = "rk4";
  double time_step = 0.005;  ///< s
};

class LinearSimulation {
 public:
  /// Roll angle beyond which the run stops with a fall event (the linear model is meaningless beyond).
  static constexpr double kFallRoll = 0.7853981633974483;  // 45 degrees

  explicit LinearSimulation(const LinearSimulationSetup& setup);
  ~LinearSimulation();

  /// Advances n steps of the time step (none once fallen). Throws carvallo::Error on solver failure.
  void step(int n = 1);
  /// Adds `roll_rate` (rad/s) to the roll rate: a lateral disturbance.
  void kick(double roll_rate);

  double time() const { return t_; }
  const Eigen::VectorXd& state() const { return y_; }
  bool fallen() const { return fallen_; }
  const LinearSimulationSetup& setup() const { return setup_; }
  const std::vector<SimulationSample>& history() const { return history_; }
  /// Ground points of the rear and front wheel contacts, one per recorded step.
  const std::vector<Eigen::Vector2d>& rear_track() const { return rear_track_; }
  const std::vector<Eigen::Vector2d>& front_track() const { return front_track_; }
  long evaluations() const { return integrator_->stats().evaluations; }

 private:
  class System;
  void record();
  LinearSimulationSetup setup_;
  std::unique_ptr<System> system_;
  std::unique_ptr<Integrator> integrator_;
  Eigen::VectorXd y_;
  double t_ = 0.0;
  bool fallen_ = false;
  std::vector<SimulationSample> history_;
  std::vector<Eigen::Vector2d> rear_track_, front_track_;
};

}  // namespace carvallo::web
