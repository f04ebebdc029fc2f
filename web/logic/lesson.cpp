#include "logic/lesson.hpp"

#include "logic/language.hpp"
#include "logic/ui_state.hpp"

#include <algorithm>
#include <cstdlib>

namespace carvallo::web {

namespace {

// The benchmark's 26 parameters (Meijaard et al. 2007, Table 1) in kParameterTable's order: the faint
// curves a changed design is compared with (the link field `ghost`).
constexpr const char* kBenchmarkGhost =
    "1.02,0.08,0.3141592653589793,9.81,0.3,2,0.0603,0.12,0.3,-0.9,85,9.2,11,2.8,2.4,0.9,-0.7,4,0.05892,0.06,0.00708,"
    "-0.00756,0.35,3,0.1405,0.28";

// The figures in the captions are the engine's (`carvallo stability`, `carvallo turn --leans`); the
// lesson's test (tests/web/lesson_test.cpp) checks them against the analysis of each scene's bicycle.
Lesson why_bicycles_stay_up() {
  Lesson l;
  l.name = "why-bicycles-stay-up";
  l.title = "Why bicycles stay up";
  l.scenes = {
      {"The benchmark bicycle at 5 m/s with nobody riding it: kicked sideways, it wobbles and straightens up by "
       "itself. Kick kicks it again.",
       "model=bicycle&preset=benchmark&speed=5&roll_rate=0.5&stage=roll-steer"},
      {"The same bicycle at 2 m/s: too slow to balance itself. The kick grows instead of dying out: within a "
       "second the handlebars whip round past 90 degrees with the bicycle leaning about 20 degrees, where a "
       "rider would fall; the run stops there.",
       "model=bicycle&preset=benchmark&speed=2&roll_rate=0.5&stage=roll-steer"},
      {"Why: the eigenvalues of the upright bicycle against speed. Below the weave speed v_w = 4.29 m/s the "
       "weave oscillation grows; above the capsize speed v_c = 6.02 m/s it slowly capsizes; in between (shaded) "
       "every motion dies out: the bicycle is self-stable.",
       "model=bicycle&preset=benchmark&speed=5&roll_rate=0.5&stage=eigenvalues"},
      {"Half the trail (c = 0.04 m instead of 0.08 m): the self-stable band moves down and narrows to "
       "3.75 - 4.77 m/s (the dashed curves are the benchmark's, 4.29 - 6.02 m/s). At 5 m/s this bicycle slowly "
       "capsizes.",
       std::string("model=bicycle&preset=benchmark&c=0.04&speed=5&roll_rate=0.5&stage=eigenvalues&ghost=") + kBenchmarkGhost},
      {"Countersteering: at 5 m/s a short push on the handlebar to the right (2 N m for 0.1 s) makes the bicycle "
       "lean left and turn left; then it rights itself on the new heading. Seen from above and behind.",
       "model=bicycle&preset=benchmark&speed=5&roll_rate=0&steer_torque=pulse:2@0.5:0.1&stage=roll-steer&follow=1"
       "&yaw=3.141592653589793&pitch=0.5&dist=7"},
      // From a camera that stays (the circle's centre, from the run, is 2.35 m to the right of the start, the
      // rear wheel 2.15 m from it): the whole circle in the view, on a projector and on a phone alike. A
      // camera following the bicycle showed an arc of it, cut off at the view's edges.
      // Its kick is a small one (0.1 rad/s of roll rate, which dies out; from 0.2 rad/s on the turn's small
      // basin is left and the bicycle falls): the page's 0.5 threw it over, against the caption.
      {"A stable steady turn with no hands: leaning 0.7 rad (40 degrees) at about 5.1 m/s with the handlebars "
       "turned round, the bicycle circles on a radius of about 2.4 m, and a small kick dies out: Kick gives it one "
       "(Basu-Mandal et al. 2007).",
       "model=bicycle&preset=benchmark&from_turn=lean=0.7,family=handlebar-reversed&stage=turns&follow=0"
       "&tx=0&ty=1.7&tz=0&yaw=-1.5707963267948966&pitch=0.9&dist=10&kick=0.1"},
      {"The two-mass-skate (Kooijman et al. 2011): no gyroscopic effect (the wheels have no spin inertia) and no "
       "trail, yet self-stable above 2.84 m/s. Neither is what keeps a bicycle up: the coupling of lean and "
       "steer through its mass distribution is.",
       "model=bicycle&preset=two-mass-skate&speed=4&roll_rate=0.5&stage=eigenvalues"},
  };
  return l;
}

std::string scene_name(std::size_t i) { return "scene " + std::to_string(i + 1); }

}  // namespace

const std::vector<Lesson>& builtin_lessons() {
  static const std::vector<Lesson> lessons = {why_bicycles_stay_up()};
  return lessons;
}

const Lesson* find_builtin_lesson(std::string_view name) {
  for (const auto& l : builtin_lessons())
    if (l.name == name) return &l;
  return nullptr;
}

LessonRead lesson_from_json(std::string_view text) {
  LessonRead r;
  if (text.size() > kMaxLessonBytes) {
    r.problem = "the lesson is larger than " + std::to_string(kMaxLessonBytes / 1024) + " KB";
    return r;
  }
  const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    r.problem = "the lesson is not a JSON object";
    return r;
  }
  Lesson lesson;
  if (j.contains("title")) {
    if (!j["title"].is_string()) {
      r.problem = "title: not text";
      return r;
    }
    std::string title;
    if (auto why = check_caption(j["title"].get<std::string>(), title)) {
      r.problem = "title: " + *why;
      return r;
    }
    lesson.title = title;
  }
  if (!j.contains("scenes") || !j["scenes"].is_array()) {
    r.problem = "scenes: missing or not a list";
    return r;
  }
  const auto& scenes = j["scenes"];
  if (scenes.empty() || scenes.size() > kMaxLessonScenes) {
    r.problem = "scenes: " + std::to_string(scenes.size()) + " scenes (a lesson has 1 to " + std::to_string(kMaxLessonScenes) + ")";
    return r;
  }
  for (std::size_t i = 0; i < scenes.size(); ++i) {
    const auto& s = scenes[i];
    if (!s.is_object() || !s.contains("link") || !s["link"].is_string()) {
      r.problem = scene_name(i) + ": no link";
      return r;
    }
    Scene scene;
    scene.link = s["link"].get<std::string>();
    if (!scene.link.empty() && scene.link.front() == '#') scene.link.erase(0, 1);
    if (scene.link.size() > kMaxSceneLinkChars) {
      r.problem = scene_name(i) + ": the link is longer than " + std::to_string(kMaxSceneLinkChars) + " characters";
      return r;
    }
    if (s.contains("caption")) {
      if (!s["caption"].is_string()) {
        r.problem = scene_name(i) + ": the caption is not text";
        return r;
      }
      if (auto why = check_caption(s["caption"].get<std::string>(), scene.caption)) {
        r.problem = scene_name(i) + ": caption " + *why;
        return r;
      }
    }
    lesson.scenes.push_back(std::move(scene));
  }
  r.lesson = std::move(lesson);
  return r;
}

nlohmann::json lesson_to_json(const Lesson& lesson) {
  nlohmann::json j = nlohmann::json::object();
  if (!lesson.name.empty()) j["name"] = lesson.name;
  j["title"] = lesson.title;
  nlohmann::json scenes = nlohmann::json::array();
  for (const auto& s : lesson.scenes) scenes.push_back({{"caption", s.caption}, {"link", s.link}});
  j["scenes"] = scenes;
  return j;
}

bool is_base64url(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
  });
}

LessonFields split_lesson_fields(std::string_view hash) {
  LessonFields out;
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  std::size_t start = 0;
  while (start <= hash.size()) {
    std::size_t end = hash.find('&', start);
    if (end == std::string_view::npos) end = hash.size();
    const std::string_view piece = hash.substr(start, end - start);
    start = end + 1;
    const std::size_t eq = piece.find('=');
    const std::string_view key = piece.substr(0, eq), value = eq == std::string_view::npos ? std::string_view() : piece.substr(eq + 1);
    if (key == "lesson") {
      // A name or base64url: nothing that percent-encoding would change.
      out.lesson = std::string(value.substr(0, 200000));
    } else if (key == "scene") {
      char* stop = nullptr;
      const std::string v(value.substr(0, 12));
      const long n = std::strtol(v.c_str(), &stop, 10);
      if (!v.empty() && stop == v.c_str() + v.size() && n >= 1 && n <= static_cast<long>(kMaxLessonScenes)) out.scene = static_cast<int>(n);
      else out.problems.push_back(message_text("scene: '%s' is not a scene number (1 to %s)", v.c_str(), std::to_string(kMaxLessonScenes).c_str()));
    } else if (!piece.empty()) {
      out.rest.append(out.rest.empty() ? "" : "&").append(piece);
    }
  }
  return out;
}

}  // namespace carvallo::web
