// The UI state carries every registered model's settings and inputs by the registry's names: the link and
// setState read and write them (the rolling disk's lean, the sleigh's yaw_rate), refuse what the registry
// refuses with the field named and the previous value kept, and read the bicycle's older names.
#include "logic/model_view.hpp"
#include "logic/state_link.hpp"

#include "registry.hpp"

#include "mentions.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace carvallo::web;
using carvallo_test::mentions;

namespace {

double initial_probe(const UiState& state, const std::string& name) {
  const ModelView view(state);
  const int k = view.run().probe_index(name);
  REQUIRE(k >= 0);
  return view.run().probes()[static_cast<std::size_t>(k)];
}

}  // namespace

TEST_CASE("the link carries the rolling disk's lean and the sleigh's yaw_rate, and round-trips them", "[web][link][settings]") {
  const auto disk = read_link("#model=rolling-disk&lean=0.3");
  CHECK(disk.ignored.empty());
  CHECK(disk.state.model == "rolling-disk");
  CHECK(setting(disk.state, "lean") == 0.3);
  CHECK(setting(UiState{}, "lean", -1) == -1);  // the bicycle has no lean setting
  const std::string link = to_link(disk.state);
  CHECK(link.find("&lean=0.3&") != std::string::npos);
  CHECK(link.find("roll0") == std::string::npos);  // the bicycle's names are not the disk's
  const auto again = read_link(link);
  CHECK(again.ignored.empty());
  CHECK(again.state == disk.state);
  CHECK(setting(again.state, "lean") == 0.3);
  // The run starts at that lean, not at the registry's default.
  CHECK(initial_probe(disk.state, "lean") == Approx(0.3).margin(1e-12));
  CHECK(initial_probe(read_link("#model=rolling-disk").state, "lean") == Approx(0.05).margin(1e-12));

  const auto sleigh = read_link("model=chaplygin-sleigh&yaw_rate=-1.25");
  CHECK(sleigh.ignored.empty());
  CHECK(setting(sleigh.state, "yaw_rate") == -1.25);
  const auto sleigh_again = read_link(to_link(sleigh.state));
  CHECK(sleigh_again.state == sleigh.state);
  CHECK(setting(sleigh_again.state, "yaw_rate") == -1.25);
  CHECK(initial_probe(sleigh.state, "yaw_rate") == -1.25);
}

TEST_CASE("setState sets a model's settings by name, the model first", "[web][json][settings]") {
  UiState s;
  CHECK(apply_json(s, nlohmann::json{{"model", "rolling-disk"}, {"lean", 0.3}}).empty());
  CHECK(s.model == "rolling-disk");
  CHECK(setting(s, "lean") == 0.3);
  const auto j = to_json(s);
  CHECK(j["lean"] == 0.3);
  CHECK(j["lean_rate"] == 0.0);
  CHECK_FALSE(j.contains("roll"));
  UiState t;
  CHECK(apply_json(t, j).empty());  // getState's output passes back silently
  CHECK(t == s);
}

TEST_CASE("a refused setting is named and keeps its previous value: out of range, not a number, unknown", "[web][link][settings]") {
  UiState on_screen = read_link("model=rolling-disk&lean=0.3").state;
  for (const char* bad : {"lean=5", "lean=nan", "lean=0x1", "lean=", "lean=-1e999"}) {
    INFO(bad);
    auto r = read_link(std::string("model=rolling-disk&").append(bad));
    CHECK(mentions(r.ignored, std::string(bad).append(": ")));
    REQUIRE(r.refused == std::vector<std::string>{"lean"});
    keep_fields(on_screen, r.state, r.refused);
    CHECK(setting(r.state, "lean") == 0.3);
  }
  CHECK(mentions(read_link("model=rolling-disk&lean=5").ignored, "out of range"));
  CHECK(mentions(read_link("model=rolling-disk&lean=nan").ignored, "lean=nan: not a number"));
  const auto unknown = read_link("model=rolling-disk&leen=0.3");
  CHECK(unknown.ignored == std::vector<std::string>{"leen: unknown field"});
  // A setting of another model is not this one's.
  CHECK(read_link("model=four-bar&lean=0.3").ignored == std::vector<std::string>{"lean: unknown field"});

  UiState s = on_screen;
  auto ignored = apply_json(s, nlohmann::json{{"lean", 5.0}, {"lean_rate", "fast"}, {"nosuch", 1}});
  CHECK(mentions(ignored, "lean: lean = 5 rad is out of range [-1.2, 1.2] rad"));
  CHECK(mentions(ignored, "lean_rate: wrong type (expected a number)"));
  CHECK(mentions(ignored, "nosuch: unknown field"));
  CHECK(setting(s, "lean") == 0.3);
  CHECK(setting(s, "lean_rate") == 0.0);
  CHECK(set_setting(s, "lean", 1.3) == std::optional<std::string>("lean = 1.3 rad is out of range [-1.2, 1.2] rad"));
  CHECK(set_setting(s, "lean", std::nan("")) == std::optional<std::string>("lean must be a finite number"));
  CHECK(set_setting(s, "roll", 0.1) == std::optional<std::string>("rolling-disk has no setting 'roll'"));
  CHECK(setting(s, "lean") == 0.3);
}

TEST_CASE("the bicycle's older link names still set its settings; other models pass them over", "[web][link][settings]") {
  const auto r = read_link("speed=4&roll0=0.1&steer0=-0.05&droll0=0.2&dsteer0=0.3&steer_torque=step:1@2");
  CHECK(r.ignored.empty());
  CHECK(setting(r.state, "speed") == 4);
  CHECK(setting(r.state, "roll") == 0.1);
  CHECK(setting(r.state, "steer") == -0.05);
  CHECK(setting(r.state, "roll_rate") == 0.2);
  CHECK(setting(r.state, "steer_rate") == 0.3);
  CHECK(input_spec(r.state, "steer_torque") == "step:1@2");
  const auto refused = read_link("roll0=9");
  REQUIRE(refused.ignored.size() == 1);
  CHECK_THAT(refused.ignored[0], Catch::StartsWith("roll0=9: ") && Catch::Contains("roll") && Catch::Contains("out of range"));
  CHECK(refused.refused == std::vector<std::string>{"roll0"});
  // An older four-bar link carried the bicycle's fields too: nothing to say about them.
  const auto old = read_link("model=four-bar&speed=5&roll0=0&droll0=0.5&steer_torque=&roll_torque=");
  CHECK(old.ignored.empty());
  CHECK(old.state.settings == start_settings("four-bar"));  // its own (angle, rate), at their defaults
}

TEST_CASE("switching models starts the new model's settings at its defaults, without scripts", "[web][settings]") {
  UiState s;
  CHECK(setting(s, "roll_rate") == 0.5);  // the playground's wobbling start
  s.settings["speed"] = 3.0;
  s.inputs["steer_torque"] = "step:1@2";
  select_model(s, "rolling-disk");
  CHECK(setting(s, "speed") == 2.0);  // the disk's own, not the bicycle's 3 m/s
  CHECK(setting(s, "lean") == 0.05);
  CHECK(s.settings.size() == 4);  // speed, lean, lean_rate, yaw_rate
  CHECK(s.inputs.empty());
  select_model(s, "four-bar");
  CHECK(s.settings.size() == 2);  // its driver's angle and rate
  CHECK(setting(s, "rate") == 0.0);
  select_model(s, kDefaultModel);
  CHECK(setting(s, "speed") == 5.0);
  CHECK(setting(s, "roll_rate") == 0.5);
}

TEST_CASE("no registered model has a setting or an input named like one of the link's own fields", "[web][link][settings]") {
  for (const auto& m : carvallo::examples::models()) {
    for (const auto& q : m.settings) {
      INFO(m.name << " setting " << q.name);
      CHECK_FALSE(is_reserved_key(q.name));
    }
    for (const auto& c : model_inputs(m.name)) {
      INFO(m.name << " input " << c.name);
      CHECK_FALSE(is_reserved_key(c.name));
    }
  }
  CHECK(is_reserved_key("yaw"));  // the camera's: a setting "yaw" would be refused here
  CHECK(is_reserved_key("roll0"));
}

TEST_CASE("sanitize brings a setting typed beyond its range back into it", "[web][settings]") {
  UiState s = read_link("model=rolling-disk").state;
  s.settings["lean"] = 7.0;
  s.settings["stray"] = 1.0;
  const auto changed = sanitize(s);
  CHECK(setting(s, "lean") == 1.2);
  CHECK_FALSE(s.settings.count("stray"));
  CHECK(std::find(changed.begin(), changed.end(), "lean") != changed.end());
}

TEST_CASE("an empty design-map range is refused by name in a link, in setState and when left in the state", "[web][link]") {
  // A tester's link mapxlo=0.5&mapxhi=0.3 was kept: the map said the command line's "<lo> must be less
  // than <hi>" and never finished, while the link reported nothing.
  const UiState defaults;
  auto r = read_link("v=" + std::string(link_version()) + "&mapxlo=0.5&mapxhi=0.3&mapylo=0.1&mapyhi=0.6");
  CHECK(r.refused == std::vector<std::string>{"mapxlo", "mapxhi"});
  CHECK((r.state.map.x_lo == defaults.map.x_lo && r.state.map.x_hi == defaults.map.x_hi));
  CHECK((r.state.map.y_lo == 0.1 && r.state.map.y_hi == 0.6));
  REQUIRE(r.ignored.size() == 1);
  CHECK(r.ignored[0] == "mapxlo, mapxhi: the design map's range must have mapxlo < mapxhi, got 0.5 and 0.3; the defaults are used");

  UiState s = r.state;
  const auto ignored = apply_json(s, nlohmann::json{{"mapylo", 0.7}, {"speed", 6.0}});
  REQUIRE(ignored.size() == 1);
  CHECK(ignored[0] == "mapylo, mapyhi: the design map's range must have mapylo < mapyhi, got 0.7 and 0.6; not changed");
  CHECK((s.map.y_lo == 0.1 && s.map.y_hi == 0.6));
  CHECK(setting(s, "speed") == 6.0);  // the rest applies

  s.map.y_hi = -1.0;  // as a widget might leave it
  const auto changed = sanitize(s);
  CHECK(std::find(changed.begin(), changed.end(), "mapylo/mapyhi") != changed.end());
  CHECK((s.map.y_lo == defaults.map.y_lo && s.map.y_hi == defaults.map.y_hi));
}
