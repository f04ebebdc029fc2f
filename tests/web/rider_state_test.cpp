// The rider's part of the UI state (web/logic/rider_state.hpp) and the held-torque bookkeeping
// (web/logic/rider_controls.hpp), natively: torque specs as the CLI reads them, stored in one spelling
// that round-trips exactly through the link and setState; hostile specs refused by name with the last
// good state kept; steady-turn requests; the countersteer scenario applied from its own definition;
// key presses and releases between two frames kept with their times.
#include "logic/rider_controls.hpp"
#include "logic/rider_state.hpp"
#include "logic/state_link.hpp"

#include "bicycle/scenarios.hpp"
#include "bicycle/turns.hpp"

#include "mentions.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace carvallo::web;
using carvallo_test::mentions;

TEST_CASE("torque specs are read as the CLI reads them and stored in their shortest spelling", "[web][rider]") {
  std::string c;
  CHECK_FALSE(check_torque_spec("pulse:2@0.5:0.1", c));
  CHECK(c == "pulse:2@0.5:0.1");
  CHECK_FALSE(check_torque_spec("step:0.50@1e0", c));
  CHECK(c == "step:0.5@1");
  CHECK_FALSE(check_torque_spec("sine:0.1:0.8", c));
  CHECK(c == "sine:0.1:0.8");
  CHECK_FALSE(check_torque_spec("-1.25", c));
  CHECK(c == "-1.25");
  CHECK_FALSE(check_torque_spec("none", c));
  CHECK(c.empty());
  CHECK_FALSE(check_torque_spec("step:-0@1", c));  // no torque: one spelling
  CHECK(c.empty());
  // The signal read back is the one written (the CLI's parser on the canonical text).
  const auto s = torque_signal("pulse:2@0.5:0.1");
  CHECK(s == carvallo::examples::InputSignal::pulse(2.0, 0.5, 0.1));
  CHECK(torque_signal("") == carvallo::examples::InputSignal{});
  // The CLI's reader takes what strtod takes (a hex start time); the link then holds plain decimals.
  CHECK_FALSE(check_torque_spec("pulse:1@0x10:1", c));
  CHECK(c == "pulse:1@16:1");
  for (const char* bad : {"step:1e308@1", "pulse:2@0.5:nan", "pulse:2@0.5:1e300", "pulse:1@0:0", "garbage", "sine:1:1e9",
                          "step:2000@1", "step:1@", "nan", "inf"}) {
    INFO(bad);
    CHECK(check_torque_spec(bad, c));
  }
}

TEST_CASE("torques and the steady turn round-trip exactly through the link and setState", "[web][rider][link]") {
  UiState s;
  s.inputs["steer_torque"] = "pulse:2@0.5:0.1";
  s.inputs["roll_torque"] = "sine:0.3:1.7";
  s.hold_torque = 2.5;
  s.from_turn = "lean=0.7,family=handlebar-reversed,steer=-2.8241721856511544";
  s.show_turns = true;
  const std::string link = to_link(s);
  CHECK(link.find("&steer_torque=pulse:2@0.5:0.1") != std::string::npos);
  CHECK(link.find("&from_turn=lean=0.7,family=handlebar-reversed,steer=-2.8241721856511544") != std::string::npos);
  const auto r = read_link(link);
  CHECK(r.ignored.empty());
  CHECK(r.state == s);
  CHECK(to_link(r.state) == link);
  UiState j;
  CHECK(apply_json(j, to_json(s)).size() == 0);
  CHECK(j == s);
}

TEST_CASE("hostile torque specs and turns are refused by name; the last good state stays", "[web][rider][link]") {
  UiState good;
  good.inputs["steer_torque"] = "step:1@2";
  const std::string hostile[] = {"steer_torque=step:1e308@1", "steer_torque=pulse:1@0:nan", "roll_torque=pulse:1@0:1e300",
                                 "steer_torque=%00garbage", "from_turn=lean=5,family=handlebar-forward",
                                 "from_turn=lean=0.3,family=sideways", "from_turn=lean=0.3", "from_turn=lean=1e308,family=handlebar-forward",
                                 "from_turn=lean=0.3,family=handlebar-forward,steer=nan", "torque=1e308", "turns=2"};
  for (const auto& h : hostile) {
    INFO(h);
    const auto r = read_link("v=x&" + h, good);
    const std::string key = h.substr(0, h.find('='));
    CHECK(mentions(r.ignored, key + "="));
    CHECK(input_spec(r.state, "steer_torque") == "step:1@2");
    CHECK(input_spec(r.state, "roll_torque").empty());
    CHECK(r.state.from_turn.empty());
    CHECK(r.state.hold_torque == good.hold_torque);
  }
  UiState s = good;
  auto ignored = apply_json(s, nlohmann::json{{"steer_torque", 1e308}, {"roll_torque", "pulse:1@0:-1"}, {"from_turn", "garbage"}});
  CHECK(ignored.size() == 3);
  CHECK(mentions(ignored, "steer_torque: wrong type"));
  CHECK(mentions(ignored, "roll_torque"));
  CHECK(mentions(ignored, "from_turn"));
  CHECK(s == good);
}

TEST_CASE("turn requests read as simulate --from-turn reads them, with an optional steer", "[web][rider]") {
  std::string c;
  CHECK_FALSE(check_turn_request("family=handlebar-forward,lean=0.30", c));
  CHECK(c == "lean=0.3,family=handlebar-forward");
  auto r = turn_request(c);
  REQUIRE(r);
  CHECK(r->lean == 0.3);
  CHECK(r->family == carvallo::bicycle::kHandlebarForward);
  CHECK_FALSE(r->steer);
  CHECK_FALSE(check_turn_request("lean=-0.7,family=handlebar-reversed,steer=-2.5", c));
  r = turn_request(c);
  REQUIRE(r);
  CHECK(r->lean == -0.7);
  CHECK(r->family == carvallo::bicycle::kHandlebarReversed);
  CHECK(r->steer == -2.5);
  CHECK(turn_request_text(*r) == c);
  CHECK_FALSE(turn_request(""));
  for (const char* bad : {"lean=0", "lean=1.5,family=handlebar-forward", "lean=0.3,family=x", "lean=0.3,lean=0.4,family=handlebar-forward",
                          "lean=0.3,family=handlebar-forward,speed=3", "lean", ","}) {
    INFO(bad);
    CHECK(check_turn_request(bad, c));
  }
}

TEST_CASE("the countersteer scenario sets the state from its own definition", "[web][rider]") {
  const auto* sc = carvallo::bicycle::find_scenario("countersteer");
  REQUIRE(sc);
  UiState s;
  s.model = "four-bar";
  s.from_turn = "lean=0.3,family=handlebar-forward";
  s.settings["roll_rate"] = 0.5;
  apply_scenario(s, *sc);
  CHECK(s.model == "bicycle");
  // The issue's demo: 5 m/s, a short right (positive) steer-torque pulse, nothing else disturbing it.
  CHECK(setting(s, "speed") == 5.0);
  CHECK(setting(s, "roll_rate") == 0.0);
  CHECK(input_spec(s, "steer_torque").rfind("pulse:", 0) == 0);
  CHECK(torque_signal(input_spec(s, "steer_torque")) == sc->input.steer);
  CHECK(sc->input.steer.amplitude > 0);
  CHECK(input_spec(s, "roll_torque").empty());
  CHECK(s.from_turn.empty());
  CHECK(read_link(to_link(s)).state == s);
}

TEST_CASE("held keys: a press and release between two frames is kept with its times; release all never leaves a torque", "[web][rider]") {
  RiderControls c;
  c.set(262, RiderControls::kSteer, +1, true, 1.00);
  c.set(262, RiderControls::kSteer, +1, true, 1.01);  // key repeat: no change
  c.set(262, RiderControls::kSteer, +1, false, 1.03);
  auto changes = c.take_changes();
  REQUIRE(changes.size() == 2);
  CHECK((changes[0].channel == RiderControls::kSteer && changes[0].direction == 1 && changes[0].when == 1.00));
  CHECK((changes[1].direction == 0 && changes[1].when == 1.03));
  CHECK(c.take_changes().empty());
  // Both arrows: they cancel; letting one go leaves the other.
  c.set(262, RiderControls::kSteer, +1, true, 2.0);
  c.set(263, RiderControls::kSteer, -1, true, 2.1);
  CHECK(c.direction(RiderControls::kSteer) == 0);
  c.set(262, RiderControls::kSteer, +1, false, 2.2);
  CHECK(c.direction(RiderControls::kSteer) == -1);
  c.set(68, RiderControls::kRoll, +1, true, 2.3);
  c.release_all(2.4);
  CHECK(c.direction(RiderControls::kSteer) == 0);
  CHECK(c.direction(RiderControls::kRoll) == 0);
  changes = c.take_changes();
  REQUIRE(changes.size() == 6);  // steer +1, 0, -1; roll +1; both 0 at the release
  CHECK((changes.back().direction == 0 && changes.back().when == 2.4));
  c.set(999, RiderControls::kSteer, +1, false, 3.0);  // an up without a down changes nothing
  c.set(1, 7, +1, true, 3.0);                         // no such torque
  CHECK(c.take_changes().empty());
}
