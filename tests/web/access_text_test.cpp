// The parallel DOM's words (web/logic/access_text.*) and the live region's announcements
// (web/logic/announcements.*).
#include "logic/access_text.hpp"
#include "logic/announcements.hpp"
#include "logic/language.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cmath>

using namespace carvallo::web;

TEST_CASE("values are said with their units in words", "[web][access]") {
  CHECK(spoken_value(5.0, "m/s", 1) == "5.0 metres per second");
  CHECK(spoken_value(72.0, "deg", 2) == "72.00 degrees");
  CHECK(spoken_value(1020.0, "mm", 0) == "1020 millimetres");
  CHECK(spoken_value(9.2, "kg m^2", 1) == "9.2 kilogram square metres");
  CHECK(spoken_value(-0.01, "rad", 1) == "0.0 radians");  // never "minus zero"
  CHECK(spoken_value(-0.26, "rad/s", 1) == "-0.3 radians per second");
  CHECK(spoken_value(2.0, "furlongs", 0) == "2 furlongs");  // a unit it does not know, as written
  CHECK(spoken_value(3.0, "", 0) == "3");
  CHECK(spoken_value(std::nan(""), "m", 2) == "not a number");
}

TEST_CASE("values are said with the page language's decimal separator: 5.000 is five thousand in Dutch", "[web][access]") {
  REQUIRE(set_language("nl"));
  CHECK(spoken_value(5.0, "m/s", 3).rfind("5,000 ", 0) == 0);
  CHECK(spoken_value(-0.26, "rad/s", 2).rfind("-0,26 ", 0) == 0);
  REQUIRE(set_language("es"));
  CHECK(spoken_value(0.5, "rad", 2).rfind("0,50 ", 0) == 0);
  REQUIRE(set_language("x-long"));
  CHECK(spoken_value(0.5, "rad", 2).rfind("0.50 ", 0) == 0);
  REQUIRE(set_language("en"));
  CHECK(spoken_value(5.0, "m/s", 3) == "5.000 metres per second");
}

TEST_CASE("controls become the JSON the page reads", "[web][access]") {
  AccessControl speed;
  speed.id = "speed";
  speed.role = "slider";
  speed.name = "Speed";
  speed.value = 0.1 + 0.2;  // written so that it reads back exactly
  speed.min = 0;
  speed.max = INFINITY;
  speed.value_text = spoken_value(speed.value, "m/s", 1);
  speed.placed = true;
  speed.box[0] = 10, speed.box[1] = 20, speed.box[2] = 30, speed.box[3] = 24;
  AccessControl model;
  model.id = "model";
  model.role = "select";
  model.name = "Model";
  model.options = {"bicycle", "four-bar"};
  model.option = "four-bar";
  model.disabled = true;
  const auto j = nlohmann::json::parse(controls_json({speed, model}));
  REQUIRE(j.size() == 2);
  CHECK(j[0]["value"].get<double>() == 0.1 + 0.2);
  CHECK(j[0]["max"].is_null());  // not finite: null, never an invalid JSON number
  CHECK(j[0]["valueText"] == "0.3 metres per second");
  CHECK(j[0]["box"][3].get<double>() == 24);
  CHECK_FALSE(j[0].contains("options"));
  CHECK(j[1]["options"][1] == "four-bar");
  CHECK(j[1]["option"] == "four-bar");
  CHECK(j[1]["disabled"] == true);
  CHECK_FALSE(j[1].contains("disabledNote"));
  model.disabled_note = "The lesson keeps its model";
  CHECK(nlohmann::json::parse(controls_json({model}))[0]["disabledNote"] == "The lesson keeps its model");
  model.disabled = false;  // said only while it cannot act
  CHECK_FALSE(nlohmann::json::parse(controls_json({model}))[0].contains("disabledNote"));
  CHECK_FALSE(j[1].contains("box"));
  CHECK_FALSE(j[0].contains("error"));
  CHECK_FALSE(j[1].contains("labels"));
  model.option_labels = {"Whipple bicycle", "Four-bar linkage"};
  CHECK(nlohmann::json::parse(controls_json({model}))[0]["labels"][1] == "Four-bar linkage");
  speed.error = "Speed = 500 m/s refused: -100 to 100 m/s; Speed stays 5 m/s";
  CHECK(nlohmann::json::parse(controls_json({speed}))[0]["error"] == speed.error);
}

TEST_CASE("the live region says what changed, once", "[web][access]") {
  Announcer a;
  Shown s;
  s.stability = "Self-stable for 4.2924 < v < 6.0243 m/s";
  s.messages = {"link ignored speed=abc"};
  // Opening: the link's refusal is said, the stability line the page opens with is not.
  CHECK(a.update(s) == std::vector<std::string>{"link ignored speed=abc"});
  CHECK(a.update(s).empty());  // nothing changed, nothing said
  s.run_event = "At t = 0.93 s the handlebars turned past 90 degrees (95 degrees to the left).";
  s.stability = "Self-stable for 3.75 < v < 4.77 m/s";
  s.caption = "Half the trail";
  s.messages.clear();
  CHECK(a.update(s) == std::vector<std::string>{s.run_event, s.stability, s.caption});
  // The same fall after a reset (the event cleared in between) is said again.
  Shown reset = s;
  reset.run_event.clear();
  CHECK(a.update(reset).empty());
  CHECK(a.update(s) == std::vector<std::string>{s.run_event});
}

TEST_CASE("a speed crossing the self-stable band's edge is said; one within it, a design's new band or a scene is not said twice", "[web][access]") {
  Announcer a;
  Shown s;
  s.stability = "Self-stable for 4.2924 < v < 6.0243 m/s";
  s.speed_stability = "self-stable";
  s.speed_stability_said = "At 5.00 m/s: self-stable";
  CHECK(a.update(s).empty());  // as the page opens
  s.speed_stability_said = "At 5.50 m/s: self-stable";
  CHECK(a.update(s).empty());  // still within the band: the field says its number
  s.speed_stability = "not self-stable: the weave grows";
  s.speed_stability_said = "At 3.00 m/s: not self-stable: the weave grows";
  CHECK(a.update(s).empty());  // said once the speed rests
  s.time += kSpeedRest + 0.01;
  CHECK(a.update(s) == std::vector<std::string>{s.speed_stability_said});
  // A design that moves the band: its line says it, not the speed's too.
  s.stability = "Self-stable for 2.5 < v < 3.5 m/s";
  s.speed_stability = "self-stable";
  s.speed_stability_said = "At 3.00 m/s: self-stable";
  CHECK(a.update(s) == std::vector<std::string>{s.stability});
  // Another scene: the scene, its caption, then its speed's stability (a lesson of one's own may not say it).
  s.scene = "Scene 2 of 7 of Why bicycles stay up";
  s.caption = "The same bicycle at 2 m/s.";
  s.speed_stability = "not self-stable: the weave grows";
  s.speed_stability_said = "At 2.00 m/s: not self-stable: the weave grows";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption, s.speed_stability_said});
  // A scene of a model with no band (the four-bar), then back: the band is not said again, the speed's is.
  Shown four_bar = s;
  four_bar.scene = "Scene 3 of 7 of Why bicycles stay up";
  four_bar.caption = "A four-bar linkage.";
  four_bar.stability.clear();
  four_bar.speed_stability.clear();
  four_bar.speed_stability_said.clear();
  CHECK(a.update(four_bar) == std::vector<std::string>{four_bar.scene, four_bar.caption});
  s.scene = "Scene 4 of 7 of Why bicycles stay up";
  s.caption = "Back to the bicycle.";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption, s.speed_stability_said});
}

TEST_CASE("a speed stepped by keys says its stability once it rests, at the speed it rests at", "[web][access]") {
  Announcer a;
  Shown s;
  s.stability = "Self-stable for 4.2924 < v < 6.0243 m/s";
  s.speed_stability = "self-stable";
  s.speed_stability_said = "At 5.00 m/s: self-stable";
  CHECK(a.update(s).empty());
  // Ten presses of Left, a tenth of a second apart: out of the band at 4.20, then on to 4.00.
  for (int k = 1; k <= 10; ++k) {
    s.time += 0.1;
    char said[64];
    const double v = 5.0 - 0.1 * k;
    s.speed_stability = v > 4.2924 ? "self-stable" : "not self-stable: the weave grows";
    std::snprintf(said, sizeof said, "At %.2f m/s: %s", v, s.speed_stability.c_str());
    s.speed_stability_said = said;
    CHECK(a.update(s).empty());
  }
  s.time += kSpeedRest + 0.01;
  CHECK(a.update(s) == std::vector<std::string>{"At 4.00 m/s: not self-stable: the weave grows"});
  s.time += 1;
  CHECK(a.update(s).empty());
  // Back within the band and on within it: said once it rests, once.
  s.speed_stability = "self-stable";
  s.speed_stability_said = "At 5.00 m/s: self-stable";
  CHECK(a.update(s).empty());
  s.time += 0.2;
  s.speed_stability_said = "At 5.10 m/s: self-stable";
  CHECK(a.update(s).empty());
  s.time += kSpeedRest + 0.01;
  CHECK(a.update(s) == std::vector<std::string>{"At 5.10 m/s: self-stable"});
  // A speed typed, then another refused before it rests: its stability first, the refusal last, once each.
  s.time += 1;
  s.speed_stability = "not self-stable: the capsize grows";
  s.speed_stability_said = "At 8.00 m/s: not self-stable: the capsize grows";
  CHECK(a.update(s).empty());
  s.time += 0.1;
  s.messages = {"speed = 150 m/s refused: out of range [-100, 100] m/s; speed stays 8 m/s"};
  CHECK(a.update(s) == std::vector<std::string>{s.speed_stability_said, s.messages[0]});
  s.time += kSpeedRest + 0.01;
  CHECK(a.update(s).empty());
}

TEST_CASE("a value dragged says the band and the speed's stability it leaves once it is let go, not at every frame", "[web][access]") {
  Announcer a;
  Shown s;
  s.stability = "Self-stable for 4.2924 < v < 6.0243 m/s";
  s.speed_stability = "self-stable";
  s.speed_stability_said = "At 5.00 m/s: self-stable";
  CHECK(a.update(s).empty());
  s.dragging = true;
  for (const char* band : {"Self-stable for 4.1 < v < 5.9 m/s", "Self-stable for 3.9 < v < 5.5 m/s", "Self-stable for 3.75 < v < 4.77 m/s"}) {
    s.stability = band;
    CHECK(a.update(s).empty());
  }
  s.speed_stability = "not self-stable: the capsize grows";
  s.speed_stability_said = "At 5.00 m/s: not self-stable: the capsize grows";
  CHECK(a.update(s).empty());
  s.dragging = false;  // let go: the band it ends at, once
  CHECK(a.update(s) == std::vector<std::string>{s.stability});
  CHECK(a.update(s).empty());
  // A drag that comes back where it began says nothing.
  s.dragging = true;
  s.stability = "Self-stable for 3.9 < v < 5.5 m/s";
  CHECK(a.update(s).empty());
  s.stability = "Self-stable for 3.75 < v < 4.77 m/s";
  s.dragging = false;
  CHECK(a.update(s).empty());
}

TEST_CASE("Play, Pause, a step and a reset are said once the page is open; a fall says why it stopped", "[web][access]") {
  Announcer a;
  Shown s;
  s.run_state = "Paused at t = 0.000 s";
  CHECK(a.update(s).empty());  // as the page opens
  s.run_state = "Playing";
  CHECK(a.update(s) == std::vector<std::string>{"Playing"});
  CHECK(a.update(s).empty());
  // The run stops at a fall: the fall is said, not also the pause.
  s.run_event = "At t = 0.93 s the handlebars turned past 90 degrees.";
  s.run_state = "Paused at t = 0.930 s";
  CHECK(a.update(s) == std::vector<std::string>{s.run_event});
  // Reset, then a step: each said.
  s.run_event.clear();
  s.run_state = "Paused at t = 0.000 s";
  CHECK(a.update(s) == std::vector<std::string>{"Paused at t = 0.000 s"});
  s.run_state = "Paused at t = 0.005 s";
  CHECK(a.update(s) == std::vector<std::string>{"Paused at t = 0.005 s"});
}

TEST_CASE("a lesson's scene is said when another opens, before its caption", "[web][access]") {
  Announcer a;
  Shown s;
  s.scene = "Scene 1 of 7 of Why bicycles stay up";
  s.caption = "A bicycle at 5 m/s recovers from a kick";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption});
  CHECK(a.update(s).empty());
  s.scene = "Scene 2 of 7 of Why bicycles stay up";
  s.caption = "Too slow: it falls";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption});
  // From a run that stopped to a scene that plays as it begins: the scene, not that it plays; one that
  // waits says so.
  s.run_state = "Paused at t = 0.930 s";
  CHECK(a.update(s) == std::vector<std::string>{s.run_state});
  s.scene = "Scene 3 of 7 of Why bicycles stay up";
  s.caption = "Why: the eigenvalues";
  s.run_state = "Playing";
  s.playing = true;
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption});
  s.scene = "Scene 4 of 7 of Why bicycles stay up";
  s.caption = "Half the trail";
  s.run_state = "The scene waits at its start: Play or PageDown plays it";
  s.playing = false;
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption, s.run_state});
}

TEST_CASE("a scene with a new band says its number and caption first; the lines before it are another scene's", "[web][access]") {
  Announcer a;
  Shown s;
  s.scene = "Scene 3 of 7 of Why bicycles stay up";
  s.stability = "Self-stable for 4.2924 < v < 6.0243 m/s";
  a.update(s);
  CHECK(a.scene_began());
  s.run_event = "At t = 0.93 s the bicycle fell over.";
  CHECK(a.update(s) == std::vector<std::string>{s.run_event});
  CHECK_FALSE(a.scene_began());
  s.run_event.clear();
  s.scene = "Scene 4 of 7 of Why bicycles stay up";
  s.caption = "Half the trail";
  s.stability = "Self-stable for 3.75 < v < 4.77 m/s";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption, s.stability});
  CHECK(a.scene_began());
  // The same scene with a new design: the band alone, no scene begun.
  s.stability = "Self-stable for 2.5 < v < 3.5 m/s";
  CHECK(a.update(s) == std::vector<std::string>{s.stability});
  CHECK_FALSE(a.scene_began());
}

TEST_CASE("a refusal typed a second time is said again; a message about another control is not", "[web][access]") {
  Announcer a;
  Shown s;
  const std::string refused = "Time step (s) = 10 s refused: 0.0001 to 0.05 s (default 0.005); Time step (s) stays 0.002 s";
  const std::string other = "Speed, typed = 'abc' refused: not a number; Speed, typed stays 5.5 m/s";
  s.messages = {other};
  CHECK(a.update(s) == std::vector<std::string>{other});
  s.messages = {other, refused};
  CHECK(a.update(s) == std::vector<std::string>{refused});
  CHECK(a.update(s).empty());  // shown on, not said on
  a.say_again("Time step (s)");  // the same value typed again, refused again
  CHECK(a.update(s) == std::vector<std::string>{refused});
  a.say_again("Time step");  // a name that is only the start of the message's subject names another control
  CHECK(a.update(s).empty());
  CHECK(names_control(refused, "Time step (s)"));
  CHECK_FALSE(names_control(refused, "Time step"));
  CHECK_FALSE(names_control(refused, ""));
  CHECK_FALSE(names_control("Time step (s)", "Time step (s)"));
  // A parameter's refusal names it by its symbol, its control by the symbol and its meaning.
  const std::string mass = "mB = -5 kg refused: mB: rear frame mass must be > 0; mB stays 85 kg";
  CHECK(names_control(mass, "mB, rear frame (and rider) mass"));
  CHECK_FALSE(names_control(mass, "m, rear frame mass"));
  CHECK_FALSE(names_control("mBx = 1 refused", "mB, rear frame (and rider) mass"));
  // A setting's refusal names it in words, its control capitalized.
  CHECK(names_control("speed = 1e+99 m/s refused: above 100; speed stays 5 m/s", "Speed, typed"));
  CHECK(names_control("Head angle = 180 deg refused: must be below 180; head angle stays 73.0000 deg", "Head angle"));
  CHECK_FALSE(names_control("speed = 1e+99 m/s refused", "Spin, typed"));
  CHECK(short_control_name("c, trail: front contact point behind the steer axis") == "c");
  CHECK(short_control_name("Time step (s)") == "Time step (s)");
}

TEST_CASE("a control's widget names: each name of \"a|b\", in order", "[web][access]") {
  CHECK(widget_names("setting:speed|stage-speed") == std::vector<std::string_view>{"setting:speed", "stage-speed"});
  CHECK(widget_names("play") == std::vector<std::string_view>{"play"});
  CHECK(widget_names("") == std::vector<std::string_view>{""});
}

TEST_CASE("another model chosen is said, once; a scene that brings one says the scene", "[web][access]") {
  Announcer a;
  Shown s;
  CHECK(a.update(s).empty());  // as the page opens, before a model is set up
  s.model = "Model: Whipple-Carvallo bicycle";
  CHECK(a.update(s).empty());  // the first model is the page's, not a change
  s.model = "Model: Four-bar linkage";
  CHECK(a.update(s) == std::vector<std::string>{"Model: Four-bar linkage"});
  CHECK(a.update(s).empty());
  s.scene = "Scene 2 of 7 of Why bicycles stay up";
  s.model = "Model: Whipple-Carvallo bicycle";
  CHECK(a.update(s) == std::vector<std::string>{s.scene});
}

TEST_CASE("a lesson's title or a caption being typed is said once its box is left, not once a key", "[web][access]") {
  Announcer a;
  Shown s;
  s.scene = "Scene 1 of 7 of Why bicycles stay up";
  s.caption = "A caption";
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption});
  s.editing = true;
  for (const char* title : {"Why bicycles stay up n", "Why bicycles stay up no", "Why bicycles stay up now"}) {
    s.scene = std::string("Scene 1 of 7 of ") + title;
    s.caption = std::string("A caption, ") + title;
    CHECK(a.update(s).empty());
  }
  s.editing = false;
  CHECK(a.update(s) == std::vector<std::string>{s.scene, s.caption});
  CHECK(a.update(s).empty());
}

TEST_CASE("presentation mode and the text size are said as they change, not as the page opens", "[web][access]") {
  Announcer a;
  Shown s;
  s.presentation = "Presentation mode off";
  s.text_size = "Text size 100 %";
  CHECK(a.update(s).empty());
  s.text_size = "Text size 125 %";
  CHECK(a.update(s) == std::vector<std::string>{"Text size 125 %"});
  CHECK(a.update(s).empty());
  s.presentation = "Presentation mode on";
  CHECK(a.update(s) == std::vector<std::string>{"Presentation mode on"});
  s.presentation = "Presentation mode off";
  s.text_size = "Text size 100 %";
  CHECK(a.update(s) == std::vector<std::string>{"Presentation mode off", "Text size 100 %"});
}
