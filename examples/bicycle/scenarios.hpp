#pragma once
// Named demonstrations of the nonlinear bicycle: an initial motion plus the rider's scripted torques, for
// the CLI (`carvallo simulate --scenario <name>`) and the playground's menu.

#include "bicycle/simulation.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::bicycle {

struct Scenario {
  std::string name;         ///< e.g. "countersteer"
  std::string description;  ///< one sentence: what to watch
  InitialMotion motion;
  RiderInput input;
  double duration = 5.0;  ///< [s]
  double step = 1e-3;     ///< [s]

  /// What front ends that know no model run it by: the registry's name of the model (examples/registry.hpp),
  /// the initial motion as that model's settings (speed, roll, steer, roll_rate, steer_rate) and the torques
  /// as its inputs (steer_torque, roll_torque).
  std::string model = "bicycle";
  std::map<std::string, double> settings() const;
  std::map<std::string, examples::InputSignal> inputs() const;
};

/// Every scenario, in menu order (never throws):
///   countersteer  5 m/s (self-stable for the benchmark); a 0.1 s right steer-torque pulse of 2 N m at 0.5 s.
///                 The bicycle steers right, leans left and turns left, then recovers upright on a new
///                 heading to the left (the classic countersteering demonstration).
const std::vector<Scenario>& scenarios();
/// The scenario named `name`, or nullptr. Never throws.
const Scenario* find_scenario(std::string_view name);

}  // namespace carvallo::bicycle
