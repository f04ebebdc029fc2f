// Scripted input signals (examples/input_signal.hpp): the text forms the CLI accepts, their pieces and edges,
// and the stepping helper that ends steps at the edges.
#include "input_signal.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace carvallo::examples;

TEST_CASE("input signals: parse, evaluate, edges, text round trip", "[input_signal]") {
  std::string why;
  const auto step = parse_input_signal("step:0.5@1", why);
  REQUIRE(step);
  CHECK(step->kind == InputSignal::Kind::Step);
  CHECK(step->value(0.999) == 0.0);
  CHECK(step->value(1.0) == 0.5);  // right-continuous
  CHECK(step->next_change(0.0) == 1.0);
  CHECK_FALSE(step->next_change(1.0));

  const auto pulse = parse_input_signal("pulse:-2@0.5:0.25", why);
  REQUIRE(pulse);
  CHECK(pulse->value(0.4) == 0.0);
  CHECK(pulse->value(0.6) == -2.0);
  CHECK(pulse->value(0.75) == 0.0);
  CHECK(pulse->next_change(0.5) == 0.75);

  const auto sine = parse_input_signal("sine:0.1:2", why);
  REQUIRE(sine);
  CHECK(std::abs(sine->value(0.125) - 0.1) < 1e-15);  // a quarter period of 2 Hz
  CHECK_FALSE(sine->next_change(0.0));

  const auto constant = parse_input_signal("1.5", why);
  REQUIRE(constant);
  CHECK(constant->value(123.0) == 1.5);

  for (const auto& s : {*step, *pulse, *sine, *constant}) {
    const auto back = parse_input_signal(s.to_string(), why);
    REQUIRE(back);
    CHECK(*back == s);
  }
}

TEST_CASE("input signals: malformed text is refused with a reason", "[input_signal]") {
  for (const char* bad : {"", "step:1", "step:x@1", "pulse:1@0", "pulse:1@0:0", "pulse:1@0:-1", "sine:1", "sine:1:-2",
                          "ramp:1@2", "step:1@nan", "1e400", "step:2e9@0"}) {
    std::string why;
    INFO(bad);
    CHECK_FALSE(parse_input_signal(bad, why));
    CHECK_FALSE(why.empty());
  }
}

TEST_CASE("step_through_changes ends sub-steps at every edge inside a step", "[input_signal]") {
  const std::vector<InputSignal> signals = {InputSignal::pulse(1.0, 0.25, 0.5), InputSignal::step(2.0, 0.4)};
  std::vector<double> steps;
  std::vector<std::vector<SignalPiece>> changes;
  step_through_changes(signals, 0.0, 1.0, [&](double dt) { steps.push_back(dt); },
                       [&](const std::vector<SignalPiece>& p) { changes.push_back(p); });
  REQUIRE(steps.size() == 4);
  CHECK(std::abs(steps[0] - 0.25) < 1e-15);
  CHECK(std::abs(steps[1] - 0.15) < 1e-15);
  CHECK(std::abs(steps[2] - 0.35) < 1e-15);
  CHECK(std::abs(steps[3] - 0.25) < 1e-15);
  REQUIRE(changes.size() == 3);
  CHECK(changes[0][0].constant == 1.0);
  CHECK(changes[1][1].constant == 2.0);
  CHECK(changes[2][0].constant == 0.0);
  // An edge at the end of the step is applied after it.
  steps.clear();
  changes.clear();
  step_through_changes(signals, 0.0, 0.25, [&](double dt) { steps.push_back(dt); },
                       [&](const std::vector<SignalPiece>& p) { changes.push_back(p); });
  CHECK(steps.size() == 1);
  REQUIRE(changes.size() == 1);
  CHECK(changes[0][0].constant == 1.0);
}
