// The rider's torques and steady turns in a running playground model (web/logic/model_view.hpp,
// turn_families.hpp), natively: a held torque acts exactly from press to release; the countersteer
// scenario steers right, leans left and turns left (the sign conventions of Meijaard et al. 2007); a run
// started on a stable steady turn stays on it (the nonlinear simulation against the turn solver, two
// formulations); the families traced a slice at a time (TurnFamilyTracer) are what continue_turns gives in
// one call.
#include "logic/model_view.hpp"
#include "logic/rider_state.hpp"
#include "logic/turn_families.hpp"

#include "bicycle/scenarios.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace carvallo::web;

namespace {
double probe(const ModelView& v, const char* name) {
  return v.run().probes()[static_cast<std::size_t>(v.run().probe_index(name))];
}
double input(const ModelView& v, const char* name) {
  return v.run().input_values()[static_cast<std::size_t>(v.run().input_index(name))];
}
}  // namespace

TEST_CASE("a held steer torque acts from press to release, then is zero", "[web][rider]") {
  UiState s;
  s.settings["roll_rate"] = 0;
  ModelView v(s);
  const int steer = v.run().input_index("steer_torque");
  REQUIRE(steer >= 0);
  v.hold_input(steer, 1.5);
  CHECK(input(v, "steer_torque") == 1.5);  // paused at t = 0: on at once
  v.step(15);                               // 0.075 s
  CHECK(input(v, "steer_torque") == 1.5);
  CHECK(v.history().back().inputs[static_cast<std::size_t>(steer)] == 1.5);
  v.hold_input(steer, 0.0);  // released at the step the run is at
  CHECK(input(v, "steer_torque") == 0.0);
  // The impulse is the torque times the time held: the steer rate it left behind is the same as a
  // scripted pulse of the same length gives (a second way of applying it).
  UiState p = s;
  p.inputs["steer_torque"] = "pulse:1.5@0:0.075";
  ModelView w(p);
  w.step(15);
  CHECK(std::abs(probe(v, "steer_rate") - probe(w, "steer_rate")) < 1e-12);
  CHECK(std::abs(probe(v, "roll") - probe(w, "roll")) < 1e-12);
}

TEST_CASE("countersteering: a right steer-torque pulse steers right, leans left and turns left", "[web][rider]") {
  UiState s;
  apply_scenario(s, *carvallo::bicycle::find_scenario("countersteer"));
  ModelView v(s);
  double first_steer = 0, min_roll = 0;
  while (v.time() < 3.0 - 1e-9) {
    v.step(1);
    if (first_steer == 0 && std::abs(probe(v, "steer")) > 1e-4) first_steer = probe(v, "steer");
    min_roll = std::min(min_roll, probe(v, "roll"));
  }
  CHECK(first_steer > 0);      // steer right first (Meijaard: right positive)
  CHECK(min_roll < -0.01);     // lean left
  CHECK(probe(v, "yaw") < -0.05);  // heading turned left (yaw positive to the right, z down)
  CHECK(!v.run().ended());
}

TEST_CASE("a run on a stable steady turn stays on it: radius and lean after 5 s within 1e-3", "[web][rider][turns]") {
  // Basu-Mandal et al. (2007): a small section of the handlebar-reversed family is stable; at lean 0.7 rad
  // the benchmark's turn there has eigenvalues with Re < 0 (carvallo turn --lean 0.7).
  UiState s;
  s.from_turn = "lean=0.7,family=handlebar-reversed,steer=-2.82";
  const auto turn = requested_turn(s.bike, *turn_request(s.from_turn), true);
  REQUIRE(turn);
  CHECK(turn->stable);
  ModelView v(s);
  CHECK(std::abs(probe(v, "roll") - 0.7) < 1e-12);
  v.step(static_cast<int>(std::lround(5.0 / s.sim.time_step)));
  REQUIRE_FALSE(v.run().ended());
  CHECK(std::abs(probe(v, "roll") - turn->lean) < 1e-3 * turn->lean);
  CHECK(std::abs(probe(v, "speed") - turn->speed) < 1e-3 * turn->speed);
  // The rear contact's path: its curvature radius from three points of the last second's track.
  const auto tracks = v.tracks();
  const auto track = tracks.front();
  const auto& a = track[track.size() - 201];
  const auto& b = track[track.size() - 101];
  const auto& c = track.back();
  const double ab = (a - b).norm(), bc = (b - c).norm(), ca = (c - a).norm();
  const double area2 = std::abs((b - a).cross(c - a).z());
  const double radius = ab * bc * ca / (2 * area2);
  CHECK(std::abs(radius - turn->radius) < 1e-3 * turn->radius);
}

TEST_CASE("a new bicycle's families start empty; the first slice makes its solver, the next ones trace", "[web][rider][turns]") {
  TurnFamilies f;
  f.reset(carvallo::bicycle::benchmark_parameters());
  CHECK(f.started());
  CHECK_FALSE(f.done());  // nothing computed yet, and not finished either
  CHECK(f.branches().empty());
  CHECK(f.progress() == 0.0);
  CHECK(f.computing_for(carvallo::bicycle::benchmark_parameters()));
  CHECK_FALSE(f.advance(0.0));  // the solver only
  CHECK_FALSE(f.done());
  CHECK(f.timing().advances == 1);
  CHECK(f.error().empty());
  // A bicycle the solver refuses ends the computation with the reason, in the slice that makes it.
  carvallo::bicycle::Parameters bad = carvallo::bicycle::benchmark_parameters();
  bad.w = -1.0;
  f.reset(bad);
  CHECK_FALSE(f.done());
  f.advance(0.0);
  CHECK(f.done());
  CHECK_FALSE(f.error().empty());
  CHECK(f.branches().empty());
}

// [slow]: the families with their stability twice, about 1.1 s natively (half a minute under the sanitizers;
// it runs in the WebAssembly layer).
TEST_CASE("the turn families computed a little at a time are what continue_turns gives", "[web][rider][turns][slow]") {
  TurnFamilies f;
  f.reset(carvallo::bicycle::benchmark_parameters());
  int calls = 0, completed = 0;
  while (!f.done() && calls < 100000) {
    completed += f.advance(0.0);  // one slice per call: the families are spread over many calls
    ++calls;
  }
  CHECK(completed == 1);
  CHECK(calls > 100);
  CHECK(f.progress() == 1.0);
  CHECK(f.error().empty());
  const carvallo::bicycle::TurnSolver solver(carvallo::bicycle::benchmark_parameters());
  const auto branches = carvallo::bicycle::continue_turns(solver, TurnFamilies::leans(), TurnFamilies::options());
  REQUIRE(branches.size() == f.branches().size());
  std::size_t stable = 0;
  for (std::size_t b = 0; b < branches.size(); ++b) {
    REQUIRE(branches[b].turns.size() == f.branches()[b].turns.size());
    for (std::size_t k = 0; k < branches[b].turns.size(); ++k) {
      CHECK(branches[b].turns[k].speed == f.branches()[b].turns[k].speed);
      stable += branches[b].turns[k].stable;
    }
  }
  CHECK(stable > 0);
}

TEST_CASE("the turn families' share of a frame: 25 ms at a GPU's frame rate, half of a slow frame up to 100 ms", "[web][turns]") {
  CHECK(TurnFamilies::frame_budget_seconds(16.7) == 0.025);
  CHECK(TurnFamilies::frame_budget_seconds(50.0) == 0.025);
  CHECK(TurnFamilies::frame_budget_seconds(70.0) == Approx(0.035));
  CHECK(TurnFamilies::frame_budget_seconds(120.0) == Approx(0.040));
  CHECK(TurnFamilies::frame_budget_seconds(1000.0) == Approx(0.040));
  CHECK(TurnFamilies::frame_budget_seconds(0.0) == 0.025);  // no frame measured yet
  CHECK(TurnFamilies::frame_budget_seconds(std::nan("")) == 0.025);
  CHECK(TurnFamilies::frame_budget_seconds(std::numeric_limits<double>::infinity()) == Approx(0.040));
}

TEST_CASE("the turns offered to a keyboard: every family's turns at each tenth of a radian, by family, lean, speed", "[web][turns][a11y]") {
  using carvallo::bicycle::SteadyTurn;
  auto turn = [](const char* family, double lean, double speed) {
    SteadyTurn t;
    t.family = family;
    t.lean = lean;
    t.speed = speed;
    return t;
  };
  std::vector<carvallo::bicycle::TurnBranch> branches(2);
  branches[0].family = "handlebar-reversed";
  for (int k = 1; k <= 70; ++k) branches[0].turns.push_back(turn("handlebar-reversed", k / 50.0, 10.0 - k * 0.1));
  branches[1].family = "handlebar-forward";
  // A fold: two turns of the family at lean 0.2, listed by speed.
  branches[1].turns = {turn("handlebar-forward", 0.2, 7.0), turn("handlebar-forward", 0.2, 3.0), turn("handlebar-forward", 0.22, 4.0),
                       turn("handlebar-forward", 0.3 + 1e-6, 4.0), turn("handlebar-forward", 0.02, 4.0)};
  const auto listed = listed_turns(branches);
  REQUIRE(listed.size() == 2 + 14);
  CHECK(listed[0]->family == "handlebar-forward");
  CHECK(listed[0]->speed == 3.0);
  CHECK(listed[1]->speed == 7.0);
  for (int k = 1; k <= 14; ++k) {
    const auto& t = *listed[static_cast<std::size_t>(1 + k)];
    CHECK(t.family == "handlebar-reversed");
    CHECK(t.lean == Approx(k / 10.0));
  }
  CHECK(listed_turns({}).empty());
}
