#pragma once
// The playground's bicycle simulation: the nonlinear multibody model (examples/bicycle/simulation.hpp) run
// by the engine with the integrator, acceleration solver and stabilization the user picked, plus what the
// panels draw: a bounded history of roll, steer, speed and constraint violations, and the two wheels'
// contact tracks. Pure C++ (no GL, ImGui or Emscripten).

#include "bicycle/parameters.hpp"
#include "bicycle/simulation.hpp"

#include <Eigen/Core>

#include <memory>
#include <string>
#include <vector>

namespace carvallo::web {

struct SimulationSample {
  double t, roll, steer, speed;
  double position_violation, velocity_violation;  ///< ||C||∞ and max(||Ċ||∞, ||D||∞) after the step
};

struct BicycleRunSetup {
  bicycle::Parameters parameters = bicycle::benchmark_parameters();
  double speed = 5.0;  ///< m/s, initial forward speed of the rear contact
  double roll0 = 0, steer0 = 0, roll_rate0 = 0, steer_rate0 = 0;
  std::string integrator = "ab4", solver = "augmented", stabilization = "rgcpa";
  double time_step = 0.005;  ///< s
};

class BicycleRun {
 public:
  /// Throws carvallo::Error (e.g. no consistent initial state for the given roll and steer).
  explicit BicycleRun(const BicycleRunSetup& setup);

  /// Advances n steps (none once fallen). Throws carvallo::Error on a solver failure (state kept).
  void step(int n = 1);
  /// Adds `roll_rate` (rad/s) to the roll rate: a lateral push.
  void kick(double roll_rate);

  double time() const { return sim_.state().t; }
  bool fallen() const { return sim_.fallen(); }
  const std::string& fall_reason() const { return sim_.fall_reason(); }
  const bicycle::Observables& observables() const { return sim_.observables(); }
  const BicycleRunSetup& setup() const { return setup_; }
  const std::vector<SimulationSample>& history() const { return history_; }
  const std::vector<Eigen::Vector2d>& rear_track() const { return rear_track_; }
  const std::vector<Eigen::Vector2d>& front_track() const { return front_track_; }
  long evaluations() const { return sim_.simulation().integrator_stats().evaluations; }
  double energy() const { return sim_.energy(); }
  double initial_energy() const { return energy0_; }

 private:
  void record();
  BicycleRunSetup setup_;
  bicycle::BicycleSimulation sim_;
  double energy0_ = 0.0;
  std::vector<SimulationSample> history_;
  std::vector<Eigen::Vector2d> rear_track_, front_track_;
};

}  // namespace carvallo::web
