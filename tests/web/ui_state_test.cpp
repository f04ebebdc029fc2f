// The playground's one UI state and its link codec, natively: hostile links refused with their reasons,
// plot scales and layout fields round-tripping, 700 unknown keys summarized, a model chosen by link or
// setState getting the paper's methods as from the menu.
#include "logic/state_link.hpp"
#include "logic/ui_state.hpp"
#include "mentions.hpp"

#include "registry.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>

using namespace carvallo::web;
using carvallo_test::mentions;

namespace {

bool same_bike_values(const carvallo::bicycle::Parameters& a, const carvallo::bicycle::Parameters& b) {
  for (const auto& d : carvallo::bicycle::kParameterTable)
    if (a.*(d.member) != b.*(d.member)) return false;
  return true;
}

}  // namespace

TEST_CASE("hostile links of issue 12 are refused by name and keep the preset's bicycle", "[web][link]") {
  const UiState defaults;
  for (const char* link : {"v=0.1.0&rF=1e-308", "v=0.1.0&rR=1e-308&rF=1e-200", "v=0.1.0&IFyy=1e308&rF=1e-300", "v=0.1.0&mB=5e-324"}) {
    INFO(link);
    const auto r = read_link(link);
    CHECK(mentions(r.ignored, "not plausible"));
    CHECK(same_bike_values(r.state.bike, defaults.bike));
  }
  // setState with the same numbers: refused, nothing changed.
  UiState s;
  const auto ignored = apply_json(s, nlohmann::json::parse(R"({"bike": {"rF": 1e-200}, "speed": 4})"));
  CHECK(mentions(ignored, "rF"));
  CHECK(s.bike.rF == defaults.bike.rF);
  CHECK(setting(s, "speed") == 4);  // the rest of the call still applies
}

TEST_CASE("700 unknown keys give one line with the count and the first five", "[web][link]") {
  std::string link = "v=0.1.0";
  for (int i = 0; i < 700; ++i) link.append("&junk").append(std::to_string(i)).append("=").append(std::to_string(i));
  const auto r = read_link(link);
  REQUIRE(r.ignored.size() == 1);
  CHECK(r.ignored.front() == "700 unknown fields: junk0, junk1, junk10, junk100, junk101 and 695 more");
  nlohmann::json many = nlohmann::json::object();
  for (int i = 0; i < 3000; ++i) many[std::string("k").append(std::to_string(i))] = i;
  UiState s;
  const auto ignored = apply_json(s, many);
  REQUIRE(ignored.size() == 1);
  CHECK_THAT(ignored.front(), Catch::StartsWith("3000 unknown fields: "));
}

TEST_CASE("plot scales, text size, panel and overlay round-trip through the link exactly", "[web][link]") {
  UiState s;
  s.angles_axis = {PlotScale::Mode::fixed, -2.5, 0.1};
  s.speed_axis.mode = PlotScale::Mode::symmetric;
  s.text_scale = 1.5625;
  s.panel = "eigenvalues";
  s.show_perf = true;
  s.plot_window = 30;
  const auto r = read_link(to_link(s));
  CHECK(r.ignored.empty());
  CHECK(r.state == s);
  CHECK(r.state.angles_axis == s.angles_axis);
  CHECK(to_link(r.state).find("yangles=-2.5:0.1") != std::string::npos);
  // Unusable scales are refused with the reason and keep the default.
  for (const char* bad : {"yangles=2:1", "yangles=0:0", "yangles=-1e308:1e308", "yangles=5e-324:1e-323", "yangles=1:", "yangles=auto"}) {
    INFO(bad);
    const auto b = read_link(std::string("v=0.1.0&") + bad);
    CHECK(b.ignored.size() == 1);
    CHECK(b.state.angles_axis == UiState{}.angles_axis);
  }
  // sanitize() repairs a fixed range a widget left unusable.
  s.angles_axis = {PlotScale::Mode::fixed, 1, 1};
  CHECK_FALSE(sanitize(s).empty());
  CHECK(s.angles_axis.lo < s.angles_axis.hi);
}

TEST_CASE("a link that opens the steady turns without a stage plot shows them on the stage too", "[web][link]") {
  // A phone or a presentation lays the page out as the stage: the turns have no window there.
  CHECK(read_link("turns=1").state.stage == "turns");
  CHECK(read_link("v=0.1.0&model=bicycle&turns=1").state.show_turns);
  CHECK(read_link("turns=1&stage=eigenvalues").state.stage == "eigenvalues");
  CHECK(read_link("turns=0").state.stage == UiState{}.stage);
  CHECK(read_link("stage=torques").state.stage == "torques");
  // The full link names the stage plot, so it still reads back exactly.
  UiState desk;
  desk.show_turns = true;
  CHECK(read_link(to_link(desk)).state == desk);
}

TEST_CASE("a sweep range narrower than 0.01 m/s is refused (no grid to resolve)", "[web][link]") {
  const auto r = read_link("v=0.1.0&vmin=-0&vmax=5e-324");
  CHECK(mentions(r.ignored, "vmin, vmax"));
  CHECK(r.state.sweep_min == 0.0);
  CHECK(r.state.sweep_max == 10.0);
}

TEST_CASE("a model named by link or setState gets its paper's methods, as from the menu", "[web][link]") {
  for (const auto& entry : carvallo::examples::models()) {
    INFO(entry.name);
    const auto paper = carvallo::examples::make_model(entry.name, "").defaults;
    const auto r = read_link(std::string("model=").append(entry.name));
    CHECK(r.state.variant == (entry.variants.empty() ? "" : entry.variants.front()));
    CHECK(r.state.sim.integrator == to_string(paper.integrator));
    CHECK(r.state.sim.solver == to_string(paper.acceleration));
    CHECK(r.state.sim.stabilization == paper.stabilizer);
    CHECK(r.state.sim.time_step == paper.step);
    UiState s;
    CHECK(apply_json(s, {{"model", entry.name}}).empty());
    CHECK(s == r.state);
    // Methods given with the model win over the paper's.
    UiState t;
    apply_json(t, {{"model", entry.name}, {"integ", "rk4"}});
    CHECK(t.sim.integrator == "rk4");
  }
}

TEST_CASE("a link's refused fields are listed by key; keep_fields gives them the values on screen and nothing else", "[web][link]") {
  UiState on_screen;
  on_screen.sim.time_step = 0.002;
  on_screen.settings["speed"] = 7.5;
  on_screen.sweep_min = 1.0;
  on_screen.sweep_max = 9.0;
  on_screen.sim.integrator = "rk4";
  // A hand edit: dt and integ broken, vmin/vmax too narrow; speed not named at all.
  auto r = read_link("v=" + std::string(link_version()) + "&dt=abc&integ=euler&vmin=3&vmax=3.001&text=1.25");
  CHECK(r.refused == std::vector<std::string>{"dt", "integ", "vmin", "vmax"});
  keep_fields(on_screen, r.state, r.refused);
  CHECK(r.state.sim.time_step == 0.002);
  CHECK(r.state.sim.integrator == "rk4");
  CHECK((r.state.sweep_min == 1.0 && r.state.sweep_max == 9.0));
  CHECK(r.state.text_scale == 1.25);          // what the link gave
  CHECK(setting(r.state, "speed") == setting(UiState{}, "speed"));    // not in the link: the link's meaning (the default), not the screen's
  // Keys that are not the table's fields are skipped (junk); a bicycle parameter keeps the screen's.
  UiState other = r.state;
  CHECK(keep_fields(on_screen, other, {"junk", ""}).empty());
  CHECK(other == r.state);
  on_screen.bike.c = 0.03;
  CHECK(keep_fields(on_screen, other, {"c", "junk"}) == std::vector<std::string>{"c"});
  CHECK(other.bike.c == 0.03);
}

TEST_CASE("a hand edit whose value cannot be read keeps the screen's value and says so by name", "[web][link]") {
  // Issue 33: "#v=0.1.0&speed=%" with speed 2 and c 0.03 on screen gave speed 5 while saying "kept".
  UiState on_screen;
  on_screen.settings["speed"] = 2.0;
  const std::string v = "v=" + std::string(link_version());
  auto r = read_link(v + "&speed=%&c=abc&dt=");
  CHECK(r.refused == std::vector<std::string>{"speed", "c", "dt"});
  on_screen.bike.c = 0.07;
  const auto kept = keep_fields(on_screen, r.state, r.refused);
  CHECK(kept == std::vector<std::string>{"speed", "c", "dt"});
  CHECK(setting(r.state, "speed") == 2.0);
  CHECK(r.state.bike.c == 0.07);
  // The same key also given readably: the readable value is used, nothing is refused for it.
  auto twice = read_link(v + "&speed=%&speed=3");
  CHECK(twice.refused.empty());
  CHECK(setting(twice.state, "speed") == 3.0);
  // The screen's parameter is not kept when it would make the link's bicycle unphysical.
  auto unphysical = read_link(v + "&mR=abc");
  UiState mine = on_screen;
  mine.bike.mR = -1;  // a negative mass
  CHECK(keep_fields(mine, unphysical.state, unphysical.refused).empty());
  CHECK(unphysical.state.bike.mR == UiState{}.bike.mR);
}

TEST_CASE("numbers in messages and links are the shortest text that reads back", "[web][link]") {
  CHECK(format_shortest(1e-5) == "1e-05");
  CHECK(format_shortest(5e-5) == "5e-05");
  CHECK(format_shortest(1e-4) == "0.0001");
  CHECK(format_shortest(0.002) == "0.002");
  CHECK(format_shortest(1e6) == "1000000");
  CHECK(format_shortest(0.1 + 0.2) == "0.30000000000000004");
  CHECK(format_shortest(-0.0) == "-0");  // a link keeps the sign of zero: it restores the very bits
  CHECK(format_shortest(-2.5) == "-2.5");
}

TEST_CASE("setState: getState's own link passes silently; a different link is named as read-only, not ignored silently", "[web][link]") {
  UiState s;
  s.settings["speed"] = 6.5;
  UiState t;
  CHECK(apply_json(t, to_json(s)).empty());
  CHECK(t == s);
  const auto ignored = apply_json(t, nlohmann::json{{"link", "v=0.1.0&speed=2"}, {"speed", 3.0}});
  REQUIRE(ignored.size() == 1);
  CHECK(ignored[0].find("link: read-only") == 0);
  CHECK(setting(t, "speed") == 3.0);  // the other fields apply
  CHECK(apply_json(t, nlohmann::json{{"link", 42}}).size() == 1);
  const auto version = apply_json(t, nlohmann::json{{"version", "9"}, {"speed", 4.0}});
  REQUIRE(version.size() == 1);
  CHECK(version[0].find("version: read-only") == 0);
  CHECK(setting(t, "speed") == 4.0);
}

TEST_CASE("a broken percent-escape is named as such, a piece without '=' as not key=value", "[web][link]") {
  const auto r = read_link("v=0.1.0&speed=%ZZ&junk&dt=0.002");
  REQUIRE(r.ignored.size() == 2);
  CHECK(r.ignored[0] == "'speed=%ZZ': a '%' not followed by two hexadecimal digits");
  CHECK(r.ignored[1] == "'junk': not of the form key=value");
  CHECK(r.state.sim.time_step == 0.002);
}

TEST_CASE("a link over 8192 characters is not read at all (unread: the page keeps its state); a link without a version is read silently", "[web][link]") {
  std::string link = "v=0.1.0&speed=3";
  while (link.size() <= 8192) link += "&speed=3";
  const auto r = read_link(link);
  CHECK(r.unread);
  REQUIRE(r.ignored.size() == 1);
  CHECK(r.ignored[0].find("longer than 8192") != std::string::npos);
  CHECK_FALSE(read_link("v=0.1.0&speed=3").unread);
  // Typed by hand: no version, no complaint.
  const auto typed = read_link("#present=1&speed=4");
  CHECK(typed.ignored.empty());
  CHECK_FALSE(typed.names_camera);
  CHECK(read_link(to_link(UiState{})).names_camera);  // every full link gives the camera
  CHECK(typed.state.presentation);
  CHECK(setting(typed.state, "speed") == 4);
}

TEST_CASE("every method has a title in words for the menus and a screen reader; the link keeps its name", "[web]") {
  std::set<std::string> titles;
  for (const auto& names : {integrator_names(), acceleration_method_names(), stabilization_method_names()})
    for (const auto& n : names) {
      const std::string title = method_title(n);
      CHECK(title != n);  // "rk4" reads as letters; "none" as "None"
      CHECK(titles.insert(title).second);  // no two read alike
    }
  CHECK(titles.size() == 14);
  CHECK(method_title("rk4") == "Runge-Kutta 4");
  CHECK(method_title("direct") == "Direct correction");
  CHECK(method_title("no-such-method") == "no-such-method");
}

TEST_CASE("a caption's head: its first 280 characters, a character never split", "[web][state]") {
  using carvallo::web::caption_head;
  CHECK(caption_head("short") == "short");
  const std::string ascii(300, 'a');
  CHECK(caption_head(ascii) == std::string(280, 'a'));
  std::string accented;
  for (int k = 0; k < 300; ++k) accented += "\xc3\xa9";  // é, two bytes each
  CHECK(caption_head(accented).size() == 560);
  std::string canonical;
  CHECK_FALSE(carvallo::web::check_caption(caption_head(accented), canonical));  // valid UTF-8, within the limit
}

TEST_CASE("another model leaves the steady turn ridden on the bicycle: a scene kept of it carries no turn", "[web][ui]") {
  UiState s;
  s.from_turn = "lean=0.7,family=handlebar-reversed";
  REQUIRE(to_link(s).find("from_turn=lean") != std::string::npos);
  REQUIRE(select_model(s, "four-bar").empty());
  CHECK(s.from_turn.empty());
  CHECK(to_link(s).find("from_turn=lean") == std::string::npos);
}

TEST_CASE("a number too large for a double is told from no number at all", "[web][link]") {
  for (const char* large : {"1e400", "-1e999", " 1e309 ", "9e99999"}) CHECK(too_large_number(large));
  for (const char* other : {"1e308", "-", "", "abc", "inf", "-Infinity", "nan", "1e400x", "1,5"}) CHECK_FALSE(too_large_number(other));
}
