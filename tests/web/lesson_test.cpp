// Lessons and captions: the built-in lesson's scenes are links the reader takes whole, its captions' figures
// are the analysis' (the canonical equations of Meijaard et al. 2007, an independent route from the
// multibody sweep `carvallo stability` the captions were written from); a lesson from a file or a link is
// bounded and checked; a caption survives the link exactly and is refused beyond its bounds.
#include "logic/bike_analysis.hpp"
#include "logic/lesson.hpp"
#include "logic/model_view.hpp"
#include "logic/state_link.hpp"

#include "bicycle/canonical.hpp"

#include "mentions.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using namespace carvallo::web;
using carvallo_test::mentions;

namespace {

const Lesson& builtin() {
  const Lesson* l = find_builtin_lesson("why-bicycles-stay-up");
  REQUIRE(l != nullptr);
  return *l;
}

EigenSweep sweep_of(const UiState& s) {
  const auto built = carvallo::bicycle::make_canonical_model(s.bike);
  REQUIRE(built.model);
  return sweep_bicycle(*built.model, 0.0, 10.0);
}

std::string two_decimals(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

}  // namespace

TEST_CASE("the built-in lesson: at least six scenes, each link read whole, each caption a caption", "[web][lesson]") {
  const Lesson& l = builtin();
  CHECK(l.title == "Why bicycles stay up");
  REQUIRE(l.scenes.size() >= 7);
  for (const auto& scene : l.scenes) {
    INFO(scene.link);
    const auto r = read_link(scene.link);
    CHECK(r.ignored.empty());
    CHECK_FALSE(r.unread);
    std::string canonical;
    CHECK_FALSE(check_caption(scene.caption, canonical));
    CHECK(canonical == scene.caption);
  }
  // The story: self-stable at 5 m/s, falling at 2 m/s, the eigenvalues, a design change, countersteering,
  // a steady turn, the two-mass-skate.
  CHECK(setting(read_link(l.scenes[0].link).state, "speed") == 5.0);
  CHECK(setting(read_link(l.scenes[1].link).state, "speed") == 2.0);
  CHECK(read_link(l.scenes[2].link).state.stage == "eigenvalues");
  CHECK(read_link(l.scenes[4].link).state.inputs.at("steer_torque") == "pulse:2@0.5:0.1");
  CHECK(read_link(l.scenes[5].link).state.from_turn == "lean=0.7,family=handlebar-reversed");
  CHECK(read_link(l.scenes[6].link).state.preset == "two-mass-skate");
}

TEST_CASE("the built-in lesson's figures are the bicycles' critical speeds", "[web][lesson]") {
  const Lesson& l = builtin();
  // Scene 3: the benchmark's weave and capsize speeds (4.29, 6.02 m/s; Meijaard et al. 2007 §7).
  const auto benchmark = sweep_of(read_link(l.scenes[2].link).state);
  REQUIRE(benchmark.weave);
  REQUIRE(benchmark.capsize);
  CHECK(mentions({l.scenes[2].caption}, "v_w = " + two_decimals(*benchmark.weave) + " m/s"));
  CHECK(mentions({l.scenes[2].caption}, "v_c = " + two_decimals(*benchmark.capsize) + " m/s"));
  // Scene 4: half the trail; its band, and the benchmark's for comparison; at 5 m/s beyond its capsize speed.
  const UiState half_trail = read_link(l.scenes[3].link).state;
  CHECK(half_trail.bike.c == 0.04);
  REQUIRE(half_trail.ghost);
  CHECK(half_trail.ghost->c == 0.08);
  const auto shorter = sweep_of(half_trail);
  REQUIRE(shorter.weave);
  REQUIRE(shorter.capsize);
  CHECK(mentions({l.scenes[3].caption}, two_decimals(*shorter.weave) + " - " + two_decimals(*shorter.capsize) + " m/s"));
  CHECK(mentions({l.scenes[3].caption}, two_decimals(*benchmark.weave) + " - " + two_decimals(*benchmark.capsize) + " m/s"));
  CHECK(*shorter.capsize < 5.0);
  // Scene 1 is self-stable, scene 2 is not.
  CHECK(*benchmark.weave < 5.0);
  CHECK(5.0 < *benchmark.capsize);
  CHECK(2.0 < *benchmark.weave);
  // Scene 7: the two-mass-skate, no trail and no wheel spin inertia, stable above its weave speed.
  const UiState skate = read_link(l.scenes[6].link).state;
  CHECK(skate.bike.c == 0.0);
  CHECK(skate.bike.IRyy == 0.0);
  CHECK(skate.bike.IFyy == 0.0);
  const auto tms = sweep_of(skate);
  REQUIRE(tms.weave);
  CHECK(mentions({l.scenes[6].caption}, "above " + two_decimals(*tms.weave) + " m/s"));
  CHECK(*tms.weave < setting(skate, "speed"));
}

TEST_CASE("scene 2's caption is what its run shows: the handlebars past 90 degrees within a second, the lean it names", "[web][lesson]") {
  // The run stops where the steer passes 90 degrees, not where the bicycle lies on the ground: the caption
  // names the lean there (the room saw a bicycle leaning 19 degrees under "the bicycle falls").
  const Lesson& l = builtin();
  ModelView v(read_link(l.scenes[1].link).state);
  while (v.time() < 3.0 && !v.run().ended()) v.step(1);
  REQUIRE(v.run().ended());
  CHECK(v.time() < 1.0);
  CHECK(mentions({l.scenes[1].caption}, "within a second"));
  const int steer = v.run().probe_index("steer"), roll = v.run().probe_index("roll");
  REQUIRE(steer >= 0);
  REQUIRE(roll >= 0);
  CHECK(std::abs(v.run().probes()[steer]) > 0.5 * std::acos(-1.0));
  const double lean_degrees = std::abs(v.run().probes()[roll]) * 180.0 / std::acos(-1.0);
  INFO(lean_degrees);
  const int nearest_five = static_cast<int>(std::lround(lean_degrees / 5.0)) * 5;
  CHECK(mentions({l.scenes[1].caption}, "leaning about " + std::to_string(nearest_five) + " degrees"));
}

TEST_CASE("a lesson's JSON round-trips, and hostile lessons are refused with the reason", "[web][lesson]") {
  const auto again = lesson_from_json(lesson_to_json(builtin()).dump());
  REQUIRE(again.lesson);
  REQUIRE(again.lesson->scenes.size() == builtin().scenes.size());
  for (std::size_t i = 0; i < again.lesson->scenes.size(); ++i) {
    CHECK(again.lesson->scenes[i].caption == builtin().scenes[i].caption);
    CHECK(again.lesson->scenes[i].link == builtin().scenes[i].link);
  }
  CHECK(lesson_from_json(R"({"title": "t", "scenes": [{"caption": "a", "link": "#speed=3"}]})").lesson->scenes[0].link == "speed=3");

  auto refused = [](const std::string& text, const std::string& why) {
    const auto r = lesson_from_json(text);
    INFO(text.substr(0, 200));
    CHECK_FALSE(r.lesson);
    CHECK(mentions({r.problem}, why));
  };
  refused("not json", "not a JSON object");
  refused("[1, 2]", "not a JSON object");
  refused(R"({"scenes": []})", "0 scenes");
  refused(R"({"scenes": 3})", "scenes: missing or not a list");
  refused(R"({"title": 7, "scenes": [{"link": ""}]})", "title: not text");
  refused(R"({"scenes": [{"caption": "a"}]})", "scene 1: no link");
  refused(R"({"scenes": [{"link": "speed=3", "caption": 5}]})", "scene 1: the caption is not text");
  refused(R"({"scenes": [{"link": "speed=3"}, {"link": "speed=3", "caption": ")" + std::string(281, 'a') + R"("}]})",
          "scene 2: caption longer than 280 characters");
  std::string many = R"({"scenes": [)";
  for (int i = 0; i < 51; ++i) many += std::string(i ? "," : "") + R"({"link": "speed=3"})";
  refused(many + "]}", "51 scenes (a lesson has 1 to 50)");
  refused(R"({"scenes": [{"link": ")" + std::string(8193, 'a') + R"("}]})", "longer than 8192 characters");
  refused(std::string(kMaxLessonBytes + 1, ' '), "larger than 64 KB");
}

TEST_CASE("a link's lesson fields are split from the state's", "[web][lesson]") {
  const auto f = split_lesson_fields("#v=0.1.0&lesson=why-bicycles-stay-up&speed=3&scene=4");
  CHECK(f.lesson == "why-bicycles-stay-up");
  REQUIRE(f.scene);
  CHECK(*f.scene == 4);
  CHECK(f.rest == "v=0.1.0&speed=3");
  CHECK(f.problems.empty());
  for (const char* bad : {"scene=0", "scene=51", "scene=x", "scene=1e3", "scene="}) {
    const auto g = split_lesson_fields(bad);
    CHECK_FALSE(g.scene);
    CHECK(g.problems.size() == 1);
  }
  CHECK(is_base64url("abc-_09XZ"));
  CHECK_FALSE(is_base64url("abc+/"));
  CHECK_FALSE(is_base64url(""));
}

TEST_CASE("a caption survives the link exactly; one too long or with control characters is refused, the previous kept", "[web][lesson][link]") {
  UiState s;
  s.caption = "Trail & head angle: 3.75 - 4.77 m/s, 40 % less; caf\xc3\xa9 \xcf\x80/2 #1 = ok?";
  const std::string link = to_link(s);
  CHECK(link.find("caption=Trail%20%26%20head") != std::string::npos);
  const auto back = read_link(link);
  CHECK(back.ignored.empty());
  CHECK(back.state.caption == s.caption);
  CHECK(to_json(back.state)["caption"] == s.caption);

  UiState on_screen;
  on_screen.caption = "kept";
  const auto too_long = read_link("caption=" + std::string(281, 'x'), on_screen);
  CHECK(too_long.state.caption == "kept");
  REQUIRE(too_long.ignored.size() == 1);
  CHECK(mentions({too_long.ignored[0]}, "caption"));
  CHECK(mentions({too_long.ignored[0]}, "longer than 280 characters"));
  CHECK(read_link("caption=" + std::string(280, 'x')).state.caption.size() == 280);
  // 280 characters of two bytes each are 280 characters.
  std::string accents;
  for (int i = 0; i < 280; ++i) accents += "\xc3\xa9";
  CHECK(read_link("caption=" + accents).ignored.empty());
  CHECK(mentions({read_link("caption=a%07b").ignored.at(0)}, "control characters"));
  CHECK(mentions({read_link("caption=%C3").ignored.at(0)}, "not UTF-8"));
  CHECK(read_link("caption=%3Cscript%3Ealert(1)%3C%2Fscript%3E").state.caption == "<script>alert(1)</script>");  // text, shown as text
}

TEST_CASE("stage, embed and lock are link fields with their words", "[web][lesson][link]") {
  const auto r = read_link("stage=turns&embed=1&lock=1");
  CHECK(r.ignored.empty());
  CHECK(r.state.stage == "turns");
  CHECK(r.state.show_turns);  // at a desk the turns' window shows the stage's plot
  CHECK_FALSE(read_link("stage=turns&turns=0").state.show_turns);  // unless the link says otherwise
  CHECK_FALSE(read_link("stage=eigenvalues").state.show_turns);
  CHECK(r.state.embed);
  CHECK(r.state.locked);
  const auto bad = read_link("stage=movie");
  CHECK(bad.state.stage == "eigenvalues");
  REQUIRE(bad.ignored.size() == 1);
  CHECK(mentions({bad.ignored[0]}, "eigenvalues, roll-steer, torques, turns, design-map, compare, violations, none"));
}

TEST_CASE("the short link (the QR code's) reads back to the same state", "[web][lesson][link]") {
  std::vector<UiState> states;
  for (const auto& scene : builtin().scenes) states.push_back(read_link(scene.link).state);
  states.push_back(read_link("model=rolling-disk&lean=0.3&dt=0.002&stab=baumgarte").state);
  states.push_back(read_link("model=four-bar&yaw=-2.53&present=1").state);
  UiState odd;
  odd.caption = "a & b";
  odd.bike.w = 1.2;
  odd.camera.distance = 7;
  states.push_back(odd);
  UiState turns_at_a_desk;  // the turns in their window, the stage's plot the eigenvalues
  turns_at_a_desk.show_turns = true;
  states.push_back(turns_at_a_desk);
  UiState turns_closed_at_a_desk;  // the turns on the stage, their window closed at a desk
  turns_closed_at_a_desk.stage = "turns";
  states.push_back(turns_closed_at_a_desk);
  for (const auto& s : states) {
    const std::string short_link = to_short_link(s);
    INFO(short_link);
    CHECK(short_link.size() < to_link(s).size());
    const auto back = read_link(short_link);
    CHECK(back.ignored.empty());
    CHECK(to_link(back.state) == to_link(s));
  }
  CHECK(to_short_link(UiState{}).rfind("v=", 0) == 0);
}

TEST_CASE("scene 6's kick, the one its caption offers, dies out on the stable steady turn", "[web][lesson]") {
  // The caption says a small kick dies out (the turn is stable: Basu-Mandal et al. 2007, its eigenvalues
  // all in the left half plane); the page's default kick, 0.5 rad/s, threw the bicycle over instead.
  const UiState s = read_link(builtin().scenes[5].link).state;
  CHECK(s.sim.kick == 0.1);
  ModelView view(s);
  const int roll = view.run().probe_index("roll");
  REQUIRE(roll >= 0);
  const double lean = view.run().probes()[static_cast<std::size_t>(roll)];
  CHECK(std::abs(lean - 0.7) < 1e-9);
  view.step(static_cast<int>(std::lround(1.0 / view.time_step())));
  REQUIRE(view.push(s.sim.kick));
  double largest = 0;
  for (int k = 0; k < 12 * 10; ++k) {  // 12 s in tenths
    view.step(static_cast<int>(std::lround(0.1 / view.time_step())));
    REQUIRE_FALSE(view.run().ended());
    const double off = std::abs(view.run().probes()[static_cast<std::size_t>(roll)] - lean);
    largest = std::max(largest, off);
  }
  const double last = std::abs(view.run().probes()[static_cast<std::size_t>(roll)] - lean);
  INFO("largest " << largest << " rad off the turn's lean, " << last << " at the end");
  CHECK(largest > 0.005);        // a kick that shows
  CHECK(last < 0.25 * largest);  // and dies out
}
