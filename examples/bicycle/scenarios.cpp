#include "bicycle/scenarios.hpp"

namespace carvallo::bicycle {

const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> list = [] {
    Scenario counter;
    counter.name = "countersteer";
    counter.description =
        "5 m/s, a short right steer-torque pulse (2 N m for 0.1 s at 0.5 s): the bicycle steers right, leans left "
        "and turns left, then rights itself on the new heading";
    counter.motion.speed = 5.0;
    counter.input.steer = examples::InputSignal::pulse(2.0, 0.5, 0.1);
    counter.duration = 8.0;
    counter.step = 1e-3;
    return std::vector<Scenario>{counter};
  }();
  return list;
}

std::map<std::string, double> Scenario::settings() const {
  // The names of bicycle_settings() (bicycle_model.cpp).
  return {{"speed", motion.speed}, {"roll", motion.roll}, {"steer", motion.steer}, {"roll_rate", motion.roll_rate},
          {"steer_rate", motion.steer_rate}};
}

std::map<std::string, examples::InputSignal> Scenario::inputs() const {
  // The names of bicycle_inputs() (bicycle_model.cpp).
  return {{"steer_torque", input.steer}, {"roll_torque", input.roll}};
}

const Scenario* find_scenario(std::string_view name) {
  for (const auto& s : scenarios())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace carvallo::bicycle
