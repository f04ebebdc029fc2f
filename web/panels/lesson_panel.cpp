// Lessons in the playground (lesson_panel.hpp).
#include "panels/lesson_panel.hpp"
#include "logic/language.hpp"
#include "logic/state_link.hpp"
#include "panels/palette_colors.hpp"
#include "panels/panel_actions.hpp"
#include "panels/panel_parts.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"
#include "platform/lecture_browser.hpp"
#include "registry.hpp"

#include <imgui_internal.h>  // GetActiveID, ClearActiveID: Escape keeps a lesson's text; BringWindowToDisplayFront

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>

namespace carvallo::web {

namespace {

// A scene made of what is on screen: the state's short link (only what differs from the model's defaults,
// which reads back to the same state) without its caption (the scene holds that). Every field of the
// state, 1 000 characters a scene, made a four-scene lesson's link 1 236 characters long, a QR code a
// room could hardly scan (a lecturer).
Scene scene_of_view(const App& app) {
  UiState s = app.state;
  Scene scene{s.caption, ""};
  s.caption.clear();
  s.time_shown = 0;  // a scene plays from its start (with the inputs recorded so far)
  // A camera the page framed for this screen is each screen's own: the scene names none, so a projector
  // and a phone each frame the model (a four-bar's scene made at a desk kept the desk's 43.5 m, the linkage
  // 130 px wide on the projector and 35 px on a phone; a lecturer).
  if (camera_framed_by_page(app)) s.camera = OrbitCamera{};  // every model's default (select_model leaves it), which no link names
  // Only what this model has: the state keeps the steady turns, the design window, a turn ridden and a
  // ghost for the bicycle's return, which do nothing in a model without a design (a four-bar's scene made
  // after the turns were shown had kept turns=1 in its link; a lecturer).
  if (!has_parameter_table(app)) {
    s.show_turns = false;
    s.show_design = false;
    s.from_turn.clear();
    s.ghost.reset();
  }
  scene.link = to_short_link(s);
  return scene;
}

// A scene's state as `viewer` shows it: what belongs to the viewer rather than to the scene stays (a
// lecture on a projector and the same lesson on a phone differ in these only), with the scene's caption.
UiState scene_state(UiState s, const Scene& scene, const UiState& viewer) {
  s.presentation = viewer.presentation;
  s.text_scale = viewer.text_scale;
  s.panel = viewer.panel;
  s.show_perf = viewer.show_perf;
  s.embed = viewer.embed;
  s.locked = viewer.locked;
  s.contrast = viewer.contrast;
  s.lang = viewer.lang;
  if (!scene.caption.empty()) s.caption = scene.caption;
  return s;
}

// A file name from a lesson's title: its letters and digits (any script; Latin-1's signs, U+0080-U+00BF
// such as ¿ and «, and the general punctuation, U+2000-U+206F such as — and “, are not), lower case where ASCII, the rest one hyphen; at most 60 bytes, never cutting a
// character. Every lesson of one's own had been saved as carvallo-lesson.json (a lecturer).
std::string file_name_of(const std::string& title) {
  std::string name;
  for (std::size_t i = 0; i < title.size();) {
    const auto c = static_cast<unsigned char>(title[i]);
    std::size_t length = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    length = std::min(length, title.size() - i);
    // Nor the general punctuation, U+2000-U+206F (an em dash, quotation marks): E2 80-81 in UTF-8.
    const bool punctuation = c == 0xE2 && length == 3 && (static_cast<unsigned char>(title[i + 1]) & 0xFE) == 0x80;
    const bool keep = c < 0x80 ? std::isalnum(c) != 0 : c != 0xC2 && !punctuation;
    if (keep) name += c < 0x80 ? std::string(1, static_cast<char>(std::tolower(c))) : title.substr(i, length);
    else if (!name.empty() && name.back() != '-') name += '-';
    i += length;
  }
  std::size_t end = std::min<std::size_t>(name.size(), 60);
  while (end > 0 && end < name.size() && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;  // a continuation byte
  name.resize(end);
  while (!name.empty() && name.back() == '-') name.pop_back();
  return name;
}

// What a scene shows (scene_summary), read from its link.
std::string summary_of(const Scene& scene) {
  const UiState state = read_link(scene.link).state;
  const examples::ModelEntry* entry = examples::find_model(state.model);
  if (!entry) return "";
  std::string out = tr(entry->title);
  // The design by its preset, and whether it was changed from it (two scenes at one speed, one with half
  // the trail, had read alike).
  if (!entry->parameters.empty())
    out += ", " + (same_bike(state.bike, preset_parameters(state.preset)) ? preset_title(state.preset)
                                                                          : trf("%s (changed)", preset_title(state.preset).c_str()));
  // Only what this model has: a link keeps fields another model set (the four-bar's scene, added after a
  // turn, had read "steady turns"), and a turn ridden has its own speed (a scene at 8 m/s riding a turn at
  // 5.46 had read "speed 8 m/s"; a lecturer).
  const bool designed = !entry->parameters.empty();  // a model with a design (a parameter table): its steady turns, a ghost
  if (designed && !state.from_turn.empty()) out += std::string(", ") + tr("a steady turn ridden");
  else if (entry->steady_motion && !entry->steady_motion->parameters.empty())
    for (const auto& q : entry->settings)
      if (q.name == entry->steady_motion->parameters.front())
        out += ", " + tr(words_of(q.name)) + " " + format_shortest(setting(state, q.name, q.value)) + " " + q.unit;
  if (state.time_shown > 0) out += ", t = " + format_shortest(std::round(state.time_shown * 100) / 100) + " s";
  if (state.paused) out += std::string(", ") + tr("starts paused");
  if (state.ghost && designed) out += std::string(", ") + tr("ghost");
  if (state.show_turns && designed) out += std::string(", ") + tr("steady turns");
  if (!state.compare.empty()) out += std::string(", ") + tr("methods compared");
  return trf("No caption yet: %s", out.c_str());
}

}  // namespace

std::string scene_summary(const Scene& scene) {
  // Read once per link and language, not every frame: a lesson has at most kMaxLessonScenes scenes.
  static std::map<std::string, std::string> summaries;
  if (summaries.size() > 4 * kMaxLessonScenes) summaries.clear();
  const std::string key = language() + "#" + scene.link;
  auto found = summaries.find(key);
  if (found == summaries.end()) found = summaries.emplace(key, summary_of(scene)).first;
  return found->second;
}

void save_lesson_file(App& app) {
  if (!app.lesson) return;
  const std::string titled = file_name_of(app.lesson->title);
  std::string name = !app.lesson->name.empty() ? app.lesson->name : titled.empty() ? "carvallo-lesson" : titled;
  download(name + ".json", "application/json", lesson_to_json(*app.lesson).dump(2) + "\n");
  set_toast(app, trf("Saved as %s: see the browser's downloads", (name + ".json").c_str()));
}

std::string page_link(const App& app, bool shortest) { return page_link(app, app.state, shortest); }

std::string page_link(const App& app, const UiState& state, bool shortest) {
  std::string link = shortest ? to_short_link(state) : to_link(state);
  if (!app.lesson) return link;
  const std::string& value = app.lesson->name.empty() ? app.lesson_encoded : app.lesson->name;
  if (value.empty()) return link;  // a lesson of our own while its compressed form is computed
  return link + "&lesson=" + value + "&scene=" + std::to_string(app.scene_index + 1);
}

std::string student_link(const App& app) {
  const UiState defaults;
  UiState s = app.state;
  s.presentation = defaults.presentation;
  s.text_scale = defaults.text_scale;
  s.contrast = defaults.contrast;
  s.show_perf = defaults.show_perf;
  // The code on the screen holds still while the run plays, and gives what a student's page can show:
  // - a camera that follows the model sets its target each frame, on a phone as here, so the link does not
  //   carry it (it changed the code every second while the bicycle rode; a lecturer);
  // - a run that ended (a fall) is given from its start, as a scene is, not stopped at its end.
  // (Every model's default camera is the same: select_model leaves it.)
  const auto followed_target = [&](UiState& state) {
    if (!state.follow) return;
    state.camera.target.x() = defaults.camera.target.x();
    state.camera.target.y() = defaults.camera.target.y();
  };
  followed_target(s);
  if (app.run && app.run->run().ended()) s.time_shown = 0;
  const bool in_scene = app.lesson && app.scene_index < static_cast<int>(app.lesson->scenes.size());
  if (!in_scene) return page_link(app, s, true);
  const Scene& scene = app.lesson->scenes[static_cast<std::size_t>(app.scene_index)];
  if (s.caption == scene.caption) s.caption.clear();
  // The scene as it began (nothing changed since but the moment): the lesson and the scene say it all,
  // with the language of the room.
  const UiState base;
  const bool viewer_default = s.panel == base.panel && s.embed == base.embed && s.locked == base.locked;
  const std::string& lesson = app.lesson->name.empty() ? app.lesson_encoded : app.lesson->name;
  UiState as_begun = scene_state(read_link(scene.link).state, scene, s);
  if (as_begun.caption == scene.caption) as_begun.caption.clear();
  if (!app.camera_given) {
    // A camera the scene does not name frames the model on each screen and follows the run: its distance
    // and target are this screen's, not the scene's (an orbit, its direction, still is a change).
    as_begun.camera.distance = s.camera.distance;
    as_begun.camera.target = s.camera.target;
  }
  followed_target(as_begun);
  if (viewer_default && !lesson.empty() && to_short_link(as_begun) == to_short_link(s)) {
    std::string link = "lesson=" + lesson + "&scene=" + std::to_string(app.scene_index + 1);
    if (s.lang != base.lang) link += "&lang=" + s.lang;
    return link;
  }
  return page_link(app, s, true);
}

void lesson_changed(App& app) {
  if (!app.lesson) return;
  app.lesson->name.clear();
  app.lesson_encoded.clear();
  encode_lesson(lesson_to_json(*app.lesson).dump(), ++app.lesson_generation);
}

namespace {

// A lesson of one's own, about to close, kept for Reopen lesson: closing it, deleting its last scene or
// opening another had lost it and its captions for good (a lecturer). A built-in lesson is in the menu.
void keep_closed_lesson(App& app) {
  if (app.lesson && app.lesson->name.empty()) app.closed_lesson = std::pair{*app.lesson, app.scene_index};
}

// The scene's caption closed by its x: the scene's counter and the Lesson menu bring it back (a teacher at a
// whiteboard had no way to it but another scene).
bool caption_closed(const App& app) {
  if (!app.lesson || app.scene_index < 0 || app.scene_index >= static_cast<int>(app.lesson->scenes.size())) return false;
  return app.state.caption.empty() && !app.lesson->scenes[static_cast<std::size_t>(app.scene_index)].caption.empty();
}

void show_caption_again(App& app) {
  if (caption_closed(app)) app.state.caption = app.lesson->scenes[static_cast<std::size_t>(app.scene_index)].caption;
}

}  // namespace

void open_lesson(App& app, Lesson lesson, int index, bool show) {
  const int count = static_cast<int>(lesson.scenes.size());
  if (count == 0) return;
  if (index >= count) {
    app.lesson_link_notes.push_back(message_text("The lesson has %s scenes; its last is shown", std::to_string(count).c_str()));
    index = count - 1;
  }
  keep_closed_lesson(app);  // a lesson of one's own open: Reopen lesson brings it back
  app.lesson = std::move(lesson);
  app.deleted_scene.reset();  // another lesson's scene is not brought back into this one
  app.scene_index = std::max(index, 0);
  app.lesson_encoded.clear();
  if (app.lesson->name.empty()) encode_lesson(lesson_to_json(*app.lesson).dump(), ++app.lesson_generation);
  if (show) {
    // A phone on a panel's tab: to the 3D tab, where the scene, its caption and arrows are (a lesson opened
    // from the menu on the Eigen tab gave no sign of having opened; a student).
    if (app.compact) app.state.panel = "view";
    goto_scene(app, app.scene_index);
  } else if (app.state.caption.empty()) {
    // A link with its state shows that state; the student's link (student_link) leaves the scene's
    // caption out, for the scene to give it.
    app.state.caption = app.lesson->scenes[static_cast<std::size_t>(app.scene_index)].caption;
  }
  say_lesson_link_notes(app);
}

void say_lesson_link_notes(App& app) {
  for (auto& note : app.lesson_link_notes) app.messages.push_back(std::move(note));
  app.lesson_link_notes.clear();
}

void close_lesson(App& app) {
  keep_closed_lesson(app);
  app.lesson.reset();
  app.scene_index = 0;
  app.lesson_encoded.clear();
  app.show_lesson_editor = false;
  app.deleted_scene.reset();
}

void close_lesson_asked(App& app) {
  if (!app.lesson) return;
  // Its caption leaves with it: it had stayed on the view, and in the link, as if the lesson were open (a
  // lecturer). A caption typed since is the view's own and stays.
  const auto& scenes = app.lesson->scenes;
  if (app.scene_index >= 0 && app.scene_index < static_cast<int>(scenes.size())) {
    const Scene& scene = scenes[static_cast<std::size_t>(app.scene_index)];
    if (app.state.caption == scene.caption) app.state.caption.clear();
    // So does the ghost the scene pinned (the benchmark's curves under a changed design's): it had stayed,
    // unexplained, under the next thing shown (a lecturer). One pinned since is the view's own.
    const auto pinned = read_link(scene.link).state.ghost;
    if (pinned && app.state.ghost && same_bike(*pinned, *app.state.ghost))
      app.state.ghost.reset();
  }
  // A built-in lesson is in the menu still (and "Lesson closed" is said by the page's live region).
  const bool own = app.lesson->name.empty();
  close_lesson(app);
  if (own) set_toast(app, tr("Lesson closed: Lesson > Reopen lesson brings it back"));
}

namespace {

// "1 scene", "5 scenes".
std::string scene_count(std::size_t n) { return n == 1 ? std::string(tr("1 scene")) : trf("%zu scenes", n); }

}  // namespace

std::string reopen_title(const App& app) {
  if (!app.closed_lesson) return "";
  const Lesson& l = app.closed_lesson->first;
  const std::string scenes = scene_count(l.scenes.size());
  return l.title.empty() ? scenes : std::string(tr(l.title)) + " (" + scenes + ")";  // a built-in's title kept: in the page's language
}

void reopen_lesson(App& app) {
  if (!app.closed_lesson) return;
  auto [lesson, index] = std::move(*app.closed_lesson);
  app.closed_lesson.reset();
  open_lesson(app, std::move(lesson), index, true);  // one open now is kept in its place
}

bool scene_changed(const App& app) {
  if (!app.lesson || app.scene_index < 0 || app.scene_index >= static_cast<int>(app.lesson->scenes.size())) return false;
  const Scene& scene = app.lesson->scenes[static_cast<std::size_t>(app.scene_index)];
  // The scene's run as its link gives it, read once per scene (a link is parsed and checked in full).
  static std::string read, begun;
  if (read != scene.link) {
    read = scene.link;
    begun = ModelView::signature(read_link(scene.link).state);
  }
  return ModelView::signature(app.state) != begun;
}

bool scene_caption_shown(const App& app) {
  return !app.state.caption.empty() && app.lesson && app.scene_index >= 0 &&
         app.scene_index < static_cast<int>(app.lesson->scenes.size()) &&
         app.state.caption == app.lesson->scenes[static_cast<std::size_t>(app.scene_index)].caption;
}

std::string scene_changed_note(const App& app) {
  // Only under the scene's own caption: one the lecturer typed since describes what is shown.
  if (!scene_caption_shown(app) || !scene_changed(app)) return "";
  return tr("Changed since the scene began. Show the scene again as it began.");
}

void step_scene(App& app, int direction) {
  if (!app.lesson) return;
  // A scene that waits at its start: the clicker's next press plays it, as a slide's animation on click.
  if (direction > 0 && scene_waiting(app)) {
    app.playing = true;
    return;
  }
  if (goto_scene(app, app.scene_index + direction)) return;
  // A clicker pressed past an end: said, so that nobody wonders whether the press arrived.
  set_toast(app, tr(direction > 0 ? "This is the last scene" : "This is the first scene"));
}

bool goto_scene(App& app, int index) {
  if (!app.lesson || index < 0 || index >= static_cast<int>(app.lesson->scenes.size())) return false;
  const Scene& scene = app.lesson->scenes[static_cast<std::size_t>(index)];
  auto r = read_link(scene.link);
  const UiState s = scene_state(r.state, scene, app.state);
  // The scene left as it was changed is not lost: its entry in the browser's history keeps it (the link is
  // the state). Said, as another scene drops the change from view (a tester thought a design gone).
  if (index != app.scene_index && scene_changed(app))
    set_toast(app, trf("Scene %d as you changed it stays in the browser's history: Back shows it again", app.scene_index + 1));
  app.messages.clear();
  app.design.designer_problem.clear();  // about a value typed in the scene before: nothing of it is in effect here
  if (!r.ignored.empty()) {
    app.messages.push_back(message_text("Scene %s: parts of its link could not be used; defaults were kept for them:", std::to_string(index + 1).c_str()));
    for (const auto& m : r.ignored) app.messages.push_back("  " + m);
  }
  app.state = s;
  app.scenario = {};  // a scene says all that is on screen: no scenario of before is left
  // Back returns to the scene before: a run's camera following the bicycle rewrote the link each frame, so
  // every scene replaced the last one's entry, and Back left the lesson (a student).
  if (index != app.scene_index) new_history_entry();
  app.scene_index = index;
  ++app.scenes_shown;
  app.camera_given = r.names_camera;
  app.input_specs.clear();
  app.run_event.clear();
  app.layout_dirty = true;
  app.analysed_model = s.model;
  refresh_analysis(app);
  sync_run(app, true);
  app.playing = app.run && !app.run->run().ended() && !s.paused && !prefers_reduced_motion();
  // Moved to in the dark (B, then the clicker): the scene starts as its own says when the screen comes back,
  // not as the scene left played (a scene that starts paused had played and fallen unseen; a tester).
  app.blank_resumes = false;
  return true;
}

bool scene_waiting(const App& app) {
  return app.lesson && app.state.paused && !app.playing && app.run && !app.run->run().ended() && app.replay_to < 0 &&
         app.run->time() <= app.run->first_time();
}

void open_lesson_from_link(App& app, const LessonFields& fields, bool show) {
  // Said once the lesson is open or refused: showing a scene clears the messages before it.
  app.lesson_link_notes = fields.problems;
  const int index = fields.scene ? *fields.scene - 1 : 0;
  // A compressed lesson is at least a few dozen characters of mixed case; lower case, digits and
  // hyphens alone are a lesson's name mistyped, not a compressed lesson.
  const bool name_like = std::all_of(fields.lesson.begin(), fields.lesson.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
  if (const Lesson* builtin = find_builtin_lesson(fields.lesson)) {
    open_lesson(app, *builtin, index, show);
  } else if (!name_like && is_base64url(fields.lesson)) {
    decode_lesson(fields.lesson, index + 1, show);
  } else {
    say_lesson_link_notes(app);
    std::string names;
    for (const auto& l : builtin_lessons()) names += (names.empty() ? "" : ", ") + l.name;
    app.messages.push_back(message_text("lesson: not a built-in lesson (%s) nor a lesson compressed in the link; none was opened", names.c_str()));
  }
}

void lesson_menu(App& app) {
  const bool open = begin_menu(tr("Lesson"));
  record_rect(app, "menu:lesson");
  if (!open) return;
  for (const auto& l : builtin_lessons()) {
    if (ImGui::MenuItem(tr(l.title).c_str(), nullptr, app.lesson && app.lesson->name == l.name)) open_lesson(app, l, 0, true);
    record_rect(app, "lesson:" + l.name);
    if (ImGui::IsItemHovered()) tooltipf("%s", trf("%zu scenes; PageDown / PageUp (a clicker) or the arrows move between them", l.scenes.size()).c_str());
  }
  // A lesson of one's own open, by its title, as a built-in one is (the menu had not named it; a lecturer
  // authoring a lesson): chosen again, its first scene.
  if (app.lesson && app.lesson->name.empty()) {
    // A built-in lesson's title, kept by a copy of it being edited, in the page's language as the built-in's
    // (in Spanish the copy had read "Why bicycles stay up (7 escenas)"; a tester).
    const std::string title = std::string(tr(app.lesson->title.empty() ? std::string("My lesson") : app.lesson->title)) + " (" +
                              scene_count(app.lesson->scenes.size()) + ")";
    if (ImGui::MenuItem(title.c_str(), nullptr, true)) goto_scene(app, 0);
    record_rect(app, "lesson:own");
  }
  ImGui::Separator();
  if (ImGui::MenuItem(tr("Add this view as a scene"))) add_scene_of_view(app);
  record_rect(app, "lesson:add-scene");
  if (ImGui::MenuItem(tr("Show the scene's caption again"), nullptr, false, caption_closed(app))) show_caption_again(app);
  record_rect(app, "lesson:show-caption");
  if (ImGui::MenuItem(tr("Edit lesson..."), nullptr, app.show_lesson_editor, app.lesson.has_value())) app.show_lesson_editor = !app.show_lesson_editor;
  record_rect(app, "lesson:edit");
  if (ImGui::MenuItem(tr("Save lesson as file..."), nullptr, false, app.lesson.has_value())) save_lesson_file(app);
  if (ImGui::MenuItem(tr("Load lesson file..."))) open_lesson_file();
  if (ImGui::MenuItem(tr("Close lesson"), nullptr, false, app.lesson.has_value())) close_lesson_asked(app);
  record_rect(app, "lesson:close");
  if (app.closed_lesson) {
    if (ImGui::MenuItem(trf("Reopen lesson: %s", reopen_title(app).c_str()).c_str())) reopen_lesson(app);
    record_rect(app, "lesson:reopen");
  }
  ImGui::EndMenu();
}

namespace {

// The lesson editor was the window chosen (clicked) at its last frame: keys typed there are not the view's.
bool g_editor_focused = false;

std::string scene_counter(const App& app) {
  char counter[32];
  // A phone's bar is tight on its side: "3/7", no wider gap before the arrows, for them to share its row.
  std::snprintf(counter, sizeof counter, app.compact ? "%d/%zu" : "%d / %zu", app.scene_index + 1, app.lesson->scenes.size());
  return counter;
}

// Escape leaves the lesson's text box `label` (the next item) with what was typed in it: ImGui's Escape
// restores the text the box began with, and a caption written with care was lost to one key (a tester).
// Its text is the lesson's as it is typed, so left this way it is kept, as a click elsewhere keeps it.
void escape_keeps_text(const char* label) {
  if (ImGui::GetActiveID() == ImGui::GetID(label) && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) ImGui::ClearActiveID();
}

// A caption box's characters (UTF-8 code points) as it is typed in: a character past the longest caption is
// refused as it is typed, so the box shows only what the lesson keeps (a paste past it is cut, and said).
struct CaptionCount {
  std::size_t chars;
  bool refused = false;
};

std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) >> 6) != 2; }));
}

int count_caption_char(ImGuiInputTextCallbackData* data) {
  auto& count = *static_cast<CaptionCount*>(data->UserData);
  if (count.chars >= kMaxCaptionChars) {
    count.refused = true;
    return 1;
  }
  ++count.chars;
  return 0;
}

}  // namespace

float scene_navigation_width(const App& app) {
  if (!app.lesson) return 0.0f;
  const std::string counter = scene_counter(app);
  return button_width("<") * 2 + (caption_closed(app) ? button_width(counter.c_str()) : text_width(counter.c_str())) +
         2 * ImGui::GetStyle().ItemSpacing.x;
}

void scene_navigation(App& app, bool in_caption) {
  if (!app.lesson) return;
  const std::string counter = scene_counter(app);
  float row_top = 0.0f, row_height = 0.0f;  // the bar's row they end, which they do not make taller
  // "<", the counter and ">" with the spacing between them; a font size apart from what precedes them where
  // the row has room for that, else the usual spacing (a wider Play/Pause in Dutch at a projector's largest
  // text sent them to a second row by a few pixels).
  if (!in_caption) {
    const float w = scene_navigation_width(app), spacing = ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    const float gap = !app.compact && ImGui::GetItemRectMax().x + ImGui::GetFontSize() + w <= right ? ImGui::GetFontSize() : spacing;
    same_line_if_fits(w, gap);
    // At the bar's right end, at the foot of its last row: in the same place whatever the model's buttons
    // before them (a phone's '>' moved between a bicycle's scene and a four-bar's, whose row has no tall
    // rider's buttons, and taps in one place missed).
    ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    row_top = window->DC.CursorPos.y;
    row_height = window->DC.CurrLineSize.y;  // 0 on a row of their own
    if (row_height > ImGui::GetFrameHeight()) window->DC.CursorPos.y += row_height - ImGui::GetFrameHeight();
  }
  // In the caption (white text) the buttons' faces and the tooltips, light, take the panels' text colour.
  const auto button = [&](const char* label) {
    if (in_caption) ImGui::PushStyleColor(ImGuiCol_Text, color_vec(pal().text));
    const bool pressed = target_button(label);
    if (in_caption) ImGui::PopStyleColor();
    return pressed;
  };
  const auto tooltip = [&](const char* text) {
    if (in_caption) ImGui::PushStyleColor(ImGuiCol_Text, color_vec(pal().text));
    tooltipf("%s", text);
    if (in_caption) ImGui::PopStyleColor();
  };
  ImGui::BeginDisabled(app.scene_index <= 0);
  if (button("<##scene")) step_scene(app, -1);
  ImGui::EndDisabled();
  record_rect(app, "scene:previous");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(tr("Previous scene (PageUp, Left)"));
  ImGui::SameLine();
  if (caption_closed(app)) {
    if (button((counter + "##scene-counter").c_str())) show_caption_again(app);
    record_rect(app, "scene-counter");
    if (ImGui::IsItemHovered()) tooltip(tr("Show the scene's caption again"));
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(counter.c_str());
    record_rect(app, "scene-counter");
    if (ImGui::IsItemHovered()) tooltip(tr(app.lesson->title).c_str());
  }
  ImGui::SameLine();
  // A scene waiting at its start: '>' plays it first, as the clicker's PageDown does (the last scene's too).
  const bool waiting = scene_waiting(app);
  ImGui::BeginDisabled(app.scene_index + 1 >= static_cast<int>(app.lesson->scenes.size()) && !waiting);
  if (button(">##scene")) step_scene(app, +1);
  ImGui::EndDisabled();
  record_rect(app, "scene:next");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    tooltip(waiting ? tr("Play this scene (PageDown, Right); the next press shows the next scene") : tr("Next scene (PageDown, Right)"));
  if (row_height > ImGui::GetFrameHeight()) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    window->DC.CursorMaxPos.y = std::min(window->DC.CursorMaxPos.y, row_top + row_height);
  }
}

bool lesson_key(App& app, int key) {
  if (!app.lesson) return false;
  // At either end the key only says so, and is still the lesson's (not a steer torque).
  if (key == GLFW_KEY_PAGE_DOWN || key == GLFW_KEY_RIGHT) step_scene(app, +1);
  else if (key == GLFW_KEY_PAGE_UP || key == GLFW_KEY_LEFT) step_scene(app, -1);
  else return false;
  return true;
}

std::optional<std::string> set_lesson_title(App& app, const std::string& text) {
  if (!app.lesson) return tr("no lesson is open");
  std::string checked;
  if (auto why = check_caption(text, checked)) return why;
  app.lesson->title = checked;
  lesson_changed(app);
  return std::nullopt;
}

std::optional<std::string> set_scene_caption(App& app, int index, const std::string& text) {
  if (!app.lesson || index < 0 || index >= static_cast<int>(app.lesson->scenes.size())) return tr("no such scene");
  std::string checked;
  if (auto why = check_caption(text, checked)) return why;
  app.lesson->scenes[static_cast<std::size_t>(index)].caption = checked;
  if (index == app.scene_index) app.state.caption = checked;
  lesson_changed(app);
  return std::nullopt;
}

bool add_scene_of_view(App& app) {
  if (!app.lesson) {
    app.lesson = Lesson{"", tr("My lesson"), {}};
    app.scene_index = -1;
  }
  auto& scenes = app.lesson->scenes;
  if (scenes.size() >= kMaxLessonScenes) {
    app.messages.push_back(message_text("A lesson has at most %s scenes; this view was not added", std::to_string(kMaxLessonScenes).c_str()));
    return false;
  }
  const auto at = static_cast<std::size_t>(std::clamp(app.scene_index + 1, 0, static_cast<int>(scenes.size())));
  Scene scene = scene_of_view(app);
  // The scene shown's own caption stays its own: a new scene begins with none, to be written (two scenes
  // added from a falling bicycle's scene both said it fell, one of them a four-bar; a lecturer).
  if (app.scene_index >= 0 && app.scene_index < static_cast<int>(scenes.size()) &&
      scene.caption == scenes[static_cast<std::size_t>(app.scene_index)].caption) {
    scene.caption.clear();
    app.state.caption.clear();
  }
  scenes.insert(scenes.begin() + static_cast<std::ptrdiff_t>(at), std::move(scene));
  app.scene_index = static_cast<int>(at);
  lesson_changed(app);
  // A scene begins with no caption: where to write one, unless the editor, open, shows it.
  if (app.show_lesson_editor || !app.lesson->scenes[at].caption.empty()) set_toast(app, trf("Scene %zu added", at + 1));
  else set_toast(app, trf("Scene %zu added: Lesson > Edit lesson... gives it a caption", at + 1));
  return true;
}

void swap_scenes(App& app, int from, int to) {
  if (!app.lesson) return;
  const int count = static_cast<int>(app.lesson->scenes.size());
  if (from < 0 || to < 0 || from >= count || to >= count || from == to) return;
  std::swap(app.lesson->scenes[static_cast<std::size_t>(from)], app.lesson->scenes[static_cast<std::size_t>(to)]);
  if (app.scene_index == from) app.scene_index = to;
  else if (app.scene_index == to) app.scene_index = from;
  lesson_changed(app);
}

void delete_scene(App& app, int index) {
  if (!app.lesson || index < 0 || index >= static_cast<int>(app.lesson->scenes.size())) return;
  auto& scenes = app.lesson->scenes;
  // Deleted at once, with a way back: one click had lost a scene and its caption for good (a lecturer).
  if (scenes.size() == 1) {
    // Its last scene: the lesson closes whole, to be reopened (Undo could not bring back a lesson gone).
    app.deleted_scene.reset();
    close_lesson_asked(app);
    set_toast(app, tr("The lesson's last scene deleted, and the lesson closed: Lesson > Reopen lesson brings it back"));
    return;
  }
  app.deleted_scene = std::pair{index, scenes[static_cast<std::size_t>(index)]};
  set_toast(app, trf("Scene %d deleted", index + 1));
  scenes.erase(scenes.begin() + index);
  // The scene shown deleted: the one now at its place (or the last) is shown, so that what the view shows
  // and the scene number and link say agree (a lesson link opened the deleted scene's view as "scene 3").
  if (app.scene_index == index) {
    lesson_changed(app);
    goto_scene(app, std::min(index, static_cast<int>(scenes.size()) - 1));
    return;
  }
  if (app.scene_index > index) --app.scene_index;
  lesson_changed(app);
}

void set_scene_paused(App& app, bool paused) {
  if (!app.lesson || app.scene_index < 0 || app.scene_index >= static_cast<int>(app.lesson->scenes.size())) return;
  Scene& scene = app.lesson->scenes[static_cast<std::size_t>(app.scene_index)];
  UiState s = read_link(scene.link).state;
  s.paused = paused;
  scene.link = to_short_link(s);
  app.state.paused = paused;
  lesson_changed(app);
}

void keep_view_as_scene(App& app) {
  if (!app.lesson || app.scene_index < 0 || app.scene_index >= static_cast<int>(app.lesson->scenes.size())) return;
  app.lesson->scenes[static_cast<std::size_t>(app.scene_index)].link = scene_of_view(app).link;
  lesson_changed(app);
  set_toast(app, trf("Scene %d now shows this view", app.scene_index + 1));
}

void undo_delete_scene(App& app) {
  if (!app.lesson || !app.deleted_scene) return;
  auto& scenes = app.lesson->scenes;
  if (scenes.size() >= kMaxLessonScenes) return;
  const auto at = static_cast<std::size_t>(std::clamp(app.deleted_scene->first, 0, static_cast<int>(scenes.size())));
  scenes.insert(scenes.begin() + static_cast<std::ptrdiff_t>(at), std::move(app.deleted_scene->second));
  app.deleted_scene.reset();
  lesson_changed(app);
  goto_scene(app, static_cast<int>(at));
  set_toast(app, trf("Scene %zu is back", at + 1));
}

void copy_lesson_link(App& app) {
  if (!app.lesson) return;
  // The lesson from its first scene as it began, the link a lecturer hands out: the editor's copy had
  // carried the scene and the moment then shown (scene 4 at t = 7.46 s; a lecturer). Copy link and the
  // QR code keep what is shown.
  const std::string& value = app.lesson->name.empty() ? app.lesson_encoded : app.lesson->name;
  if (value.empty()) {
    set_toast(app, tr("The lesson's link is being made: copy it again in a moment"));
    return;
  }
  copy_link("lesson=" + value + "&scene=1");
  set_toast(app, tr("Lesson link copied: it opens this lesson at its first scene"));
}

bool lesson_editor_focused() { return g_editor_focused; }

void lesson_editor(App& app) {
  g_editor_focused = false;
  if (!app.show_lesson_editor || !app.lesson) return;
  const ImGuiIO& io = ImGui::GetIO();
  // Centred, or below the scene's caption over the view where the centred window would cover its last
  // lines (a lecturer at 1280x720 lost "...the run stops there." under it), shorter then.
  const float margin = px(app, 8);
  float top = io.DisplaySize.y * 0.15f, height = io.DisplaySize.y * 0.7f;
  if (app.caption_bottom + margin > top && app.caption_bottom + margin + io.DisplaySize.y * 0.5f <= io.DisplaySize.y) {
    top = app.caption_bottom + margin;
    height = std::min(height, io.DisplaySize.y - top - margin);
  }
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, top), ImGuiCond_Appearing, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSize(ImVec2(std::min(io.DisplaySize.x - px(app, 16), ImGui::GetFontSize() * 44), height), ImGuiCond_Appearing);
  // Opaque: the Design and Steady turns windows' text showed through the captions being typed (a student).
  ImGui::SetNextWindowBgAlpha(1.0f);
  // Not resized by hand: ImGui's resize grips are smaller than a target may be (WCAG 2.5.8).
  ImGui::Begin((std::string(tr("Lesson")) + "###lesson-editor").c_str(), &app.show_lesson_editor, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  // Above the messages, which come to the front of the panels: a run's end said while the lesson was being
  // edited covered the editor's title and its title's box (a lecturer). Display order only, never the focus.
  if (!ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
  record_window_rect(app, "lesson-editor");
  // Chosen by a click (not by opening, which gives a new window the focus: a clicker's keys still act).
  static bool clicked_in = false;
  if (ImGui::IsMouseClicked(0)) clicked_in = ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  g_editor_focused = clicked_in && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
  const Lesson& lesson = *app.lesson;
  char title[512];
  std::snprintf(title, sizeof title, "%s", lesson.title.c_str());
  ImGui::SetNextItemWidth(-FLT_MIN);
  escape_keeps_text("##title");
  if (ImGui::InputTextWithHint("##title", tr("title"), title, sizeof title)) (void)set_lesson_title(app, title);
  record_rect(app, "lesson-editor:title");
  if (ImGui::Button(tr("Add this view as a scene"))) add_scene_of_view(app);
  record_rect(app, "lesson-editor:add");
  ImGui::SameLine();
  if (ImGui::Button(tr("Copy lesson link"))) copy_lesson_link(app);
  record_rect(app, "lesson-editor:copy-link");
  ImGui::SameLine();
  if (ImGui::Button(tr("Save as file"))) save_lesson_file(app);
  record_rect(app, "lesson-editor:save");
  if (app.deleted_scene) {
    ImGui::SameLine();
    const std::string undo = trf("Undo: bring back scene %d", app.deleted_scene->first + 1);
    if (ImGui::Button(undo.c_str())) undo_delete_scene(app);
    record_rect(app, "lesson-editor:undo-delete");
  }
  // Always there, disabled while the view is the scene: gone once pressed, it had moved every scene's row up
  // under the pointer, and a click meant for caption 1 gave its typing to the view as shortcuts (a lecturer).
  const bool changed = scene_changed(app);
  ImGui::BeginDisabled(!changed);
  if (ImGui::Button(trf("Keep this view as scene %d", app.scene_index + 1).c_str())) keep_view_as_scene(app);
  ImGui::EndDisabled();
  if (changed) record_rect(app, "lesson-editor:keep-view");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    tooltipf("%s", changed ? tr("The scene shown takes what the view shows now; its caption stays") : tr("The view is the scene shown, as it began"));
  if (app.scene_index >= 0) {
    const std::string label = trf("Scene %d starts paused", app.scene_index + 1);
    // Beside the button where the row has room for it (in Spanish it has not at 1280x720).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + text_width(label.c_str());
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    bool paused = app.state.paused;
    if (ImGui::Checkbox(label.c_str(), &paused)) set_scene_paused(app, paused);
    record_rect(app, "lesson-editor:paused");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("The run waits at its start until Play: the clicker's next press (PageDown) plays it"));
  }
  ImGui::Separator();
  int move_from = -1, move_to = -1, remove = -1;
  const int count = static_cast<int>(lesson.scenes.size());
  for (int i = 0; i < count; ++i) {
    const Scene& scene = lesson.scenes[static_cast<std::size_t>(i)];
    ImGui::PushID(i);
    const std::string n = std::to_string(i);
    const bool current = i == app.scene_index;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    char go[16];
    std::snprintf(go, sizeof go, "%d", i + 1);
    if (ImGui::Button(go, ImVec2(ImGui::GetFontSize() * 2.2f, 0))) goto_scene(app, i);
    if (current) ImGui::PopStyleColor();
    record_rect(app, "lesson-editor:show:" + n);
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("Show this scene"));
    ImGui::SameLine();
    char caption[kMaxCaptionChars * 4 + 1];
    std::snprintf(caption, sizeof caption, "%s", scene.caption.c_str());
    const float buttons = button_width(tr("Up")) + button_width(tr("Down")) + button_width(tr("Delete")) + 3 * ImGui::GetStyle().ItemSpacing.x;
    escape_keeps_text("##caption");
    CaptionCount typed_chars{code_points(caption)};
    // ImGui's box does not wrap its text: a caption was one long line scrolled sideways, most of it out of
    // sight (a lecturer). Out of editing the box shows the caption wrapped, as tall as its lines (within
    // twelve); while typed in, ImGui's own single line.
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const float box_w = std::max(ImGui::GetContentRegionAvail().x - buttons, ImGui::GetFontSize() * 8);
    // Broken at spaces only, as the caption over the view: ImGui's wrapping broke "4.29" after its point.
    const std::string wrapped = broken_at_spaces(caption, box_w - 2 * pad.x);
    const float wrapped_h = ImGui::CalcTextSize(wrapped.c_str()).y + 2 * pad.y;
    const float box_h = std::clamp(wrapped_h, ImGui::GetFontSize() * 3.6f, ImGui::GetFontSize() * 12.0f);
    const bool was_editing = ImGui::GetActiveID() == ImGui::GetID("##caption");
    if (!was_editing) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));
    const bool edited = ImGui::InputTextMultiline("##caption", caption, sizeof caption, ImVec2(box_w, box_h),
                                                  ImGuiInputTextFlags_CallbackCharFilter, count_caption_char, &typed_chars);
    if (!was_editing) ImGui::PopStyleColor();
    if (!ImGui::IsItemActive() && caption[0] != '\0') {
      const ImVec2 box_min = ImGui::GetItemRectMin(), box_max = ImGui::GetItemRectMax();
      const ImVec4 inside(box_min.x, box_min.y, box_max.x, box_max.y);
      ImGui::GetWindowDrawList()->AddText(nullptr, 0.0f, ImVec2(box_min.x + pad.x, box_min.y + pad.y), ImGui::GetColorU32(ImGuiCol_Text),
                                          wrapped.c_str(), nullptr, 0.0f, &inside);
    }
    const std::string prefix = trf("Caption of scene %d", i + 1);
    if (edited || typed_chars.refused) {
      // Past the longest caption its first characters are kept, and said: the box went on showing what the
      // lesson no longer kept, which the link then lacked (a tester's 359 characters kept as 280).
      const std::string_view typed = caption;
      const std::string text(caption_head(typed));
      std::erase_if(app.messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
      if (text.size() < typed.size() || typed_chars.refused) {
        app.messages.push_back(prefix + ": " + trf("a caption keeps at most %d characters; the rest is not kept", static_cast<int>(kMaxCaptionChars)));
      }
      if (const auto why = set_scene_caption(app, i, text)) app.messages.push_back(prefix + ": " + *why);
    }
    record_rect(app, "lesson-editor:caption:" + n);
    if (scene.caption.empty() && !ImGui::IsItemActive()) {
      const std::string summary = scene_summary(scene);
      const ImVec2 box_min = ImGui::GetItemRectMin(), box_max = ImGui::GetItemRectMax();
      const ImVec4 inside(box_min.x, box_min.y, box_max.x, box_max.y);
      ImGui::GetWindowDrawList()->AddText(nullptr, 0.0f, ImVec2(box_min.x + pad.x, box_min.y + pad.y), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                                          summary.c_str(), nullptr, box_max.x - box_min.x - 2 * pad.x, &inside);
    }
    if (ImGui::IsItemActive()) {
      // While it is typed in, how many characters of the most it keeps, under the box (in the row's room
      // beside the three buttons): the limit was said only in the messages, under the editor (a lecturer).
      char used[32];
      std::snprintf(used, sizeof used, "%zu / %zu", code_points(caption), kMaxCaptionChars);
      const ImVec2 box_max = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddText(ImVec2(box_max.x - text_width(used), box_max.y + ImGui::GetStyle().ItemSpacing.y * 0.5f),
                                          ImGui::GetColorU32(ImGuiCol_TextDisabled), used);
    }
    ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::BeginDisabled(i == 0);
    if (ImGui::Button(tr("Up"))) move_from = i, move_to = i - 1;
    record_rect(app, "lesson-editor:up:" + n);
    ImGui::EndDisabled();
    ImGui::BeginDisabled(i + 1 == count);
    if (ImGui::Button(tr("Down"))) move_from = i, move_to = i + 1;
    record_rect(app, "lesson-editor:down:" + n);
    ImGui::EndDisabled();
    if (ImGui::Button(tr("Delete"))) remove = i;
    record_rect(app, "lesson-editor:delete:" + n);
    ImGui::EndGroup();
    ImGui::PopID();
  }
  if (move_from >= 0) swap_scenes(app, move_from, move_to);
  // A double-click is one Delete: the next scene's button, moved under the pointer, had taken its second
  // click (a lecturer lost two scenes).
  static double last_delete = -1e9;
  if (remove >= 0) {
    if (ImGui::GetTime() - last_delete > ImGui::GetIO().MouseDoubleClickTime) delete_scene(app, remove);
    last_delete = ImGui::GetTime();
  }
  // Ctrl+Z (Cmd+Z) brings the scene back, as the Undo button does, while no box is typed in (whose own undo it is).
  if (app.deleted_scene && !io.WantTextInput && (io.KeyCtrl || io.KeySuper) && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false))
    undo_delete_scene(app);
  ImGui::End();
}

}  // namespace carvallo::web
