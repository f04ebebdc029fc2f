// The parallel DOM's bridge (web/platform/parallel_dom.js): each frame the controls (panels/access_controls.*)
// and what the live region should say (logic/announcements.*) go to the page when they changed; the page
// sends back what its native elements did and which one has the keyboard focus, whose widget gets a focus
// ring drawn on the canvas. Also: the colour profile (`contrast`, by default high under the system's
// prefers-contrast: more) applied to ImGui's style.
#include "platform/access_bridge.hpp"

#include "registry.hpp"
#include "logic/access_text.hpp"
#include "logic/announcements.hpp"
#include "logic/bike_analysis.hpp"
#include "logic/contrast.hpp"
#include "logic/language.hpp"
#include "panels/access_controls.hpp"
#include "panels/lesson_panel.hpp"  // scene_waiting
#include "panels/panel_actions.hpp"
#include "platform/browser.hpp"
#include "platform/page_language.hpp"

#include <emscripten/emscripten.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace carvallo::web {

namespace {

// clang-format off
EM_JS(void, carvallo_js_access_sync, (const char* controls, const char* said, const char* description, int quiet, int fresh), {
  const api = window.carvallo;
  if (api && api._accessSync) api._accessSync(controls ? UTF8ToString(controls) : "", said ? UTF8ToString(said) : "",
                                             description ? UTF8ToString(description) : "", !!quiet, !!fresh);
});
EM_JS(void, carvallo_js_access_clear_description, (), {
  const api = window.carvallo;
  if (api && api._accessClearDescription) api._accessClearDescription();
});
EM_JS(void, carvallo_js_access_words, (const char* words), {
  const api = window.carvallo;
  if (api && api._accessWords) api._accessWords(UTF8ToString(words));
});
EM_JS(int, carvallo_js_prefers_more_contrast, (), {
  return !!(window.matchMedia && window.matchMedia('(prefers-contrast: more)').matches) ? 1 : 0;
});
// clang-format on

std::vector<AccessRow> g_rows;
std::string g_sent;
// The rows are rebuilt (about 1 ms), written out (1 ms) and the page's elements updated (1.5 ms) when the
// user acted, an element was used or focused, or an API call came (a link navigated to among them), at
// every frame while a field has the focus (a refusal names the value that stays, from the field's row),
// and otherwise at most every kRefreshSeconds: at every frame that was 3-5 ms of a 1920x1080 page's 4-8 ms
// of work, on a phone several times that, for values a screen reader reads when asked. (Not on a changed
// link: a followed bicycle's camera changes it at every frame.)
constexpr double kRefreshSeconds = 0.25;
bool g_stale = true;
double g_built_at = -1e300;
std::string g_focus;
Announcer g_announcer;
bool g_high = false;
bool g_first = true;

ImVec4 vec(Rgba c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f); }

const AccessRow* find_row(const std::string& id) {
  for (const auto& r : g_rows)
    if (r.control.id == id) return &r;
  return nullptr;
}

// The first of the widget names "a|b" that is on screen this frame.
const std::array<float, 4>* widget_rect(const App& app, const std::string& names) {
  for (const std::string_view name : widget_names(names))
    if (const auto it = app.rects.find(std::string(name)); it != app.rects.end() && it->second[2] > 0 && it->second[3] > 0) return &it->second;
  return nullptr;
}

void draw_focus_ring(const App& app) {
  const AccessRow* row = g_focus.empty() ? nullptr : find_row(g_focus);
  // Where its widget is this frame (the rows may be a few frames old).
  const std::array<float, 4>* rect = row ? widget_rect(app, row->control.rect) : nullptr;
  if (!rect) return;
  const auto r = static_cast<float>(app.pixel_ratio);
  const float* b = rect->data();
  const Palette& p = active_palette();
  const float t = 2.0f * r, pad = 3.0f * r;
  const ImVec2 a(b[0] * r - pad, b[1] * r - pad), z((b[0] + b[2]) * r + pad, (b[1] + b[3]) * r + pad);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  // A light halo outside the ring keeps it visible on a dark caption band or scene as on a light panel.
  dl->AddRect(ImVec2(a.x - t, a.y - t), ImVec2(z.x + t, z.y + t), IM_COL32(255, 255, 255, 255), 4.0f * r, 0, t);
  dl->AddRect(a, z, ImGui::ColorConvertFloat4ToU32(vec(p.focus_ring)), 3.0f * r, 0, t);
}

}  // namespace

void apply_palette(ImGuiStyle& style, const Palette& p) {
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = vec(p.text);
  c[ImGuiCol_TextDisabled] = vec(p.text_disabled);
  c[ImGuiCol_WindowBg] = ImVec4(p.window_bg.r / 255.0f, p.window_bg.g / 255.0f, p.window_bg.b / 255.0f, 0.97f);
  // Menus, lists and tooltips opaque: a caption's text showed through a menu's items (a tester).
  c[ImGuiCol_PopupBg] = ImVec4(p.window_bg.r / 255.0f, p.window_bg.g / 255.0f, p.window_bg.b / 255.0f, 1.0f);
  c[ImGuiCol_Border] = vec(p.border);
  c[ImGuiCol_Button] = vec(p.button);
  c[ImGuiCol_ButtonHovered] = vec(p.button_hovered);
  c[ImGuiCol_ButtonActive] = vec(p.button_active);
  c[ImGuiCol_FrameBg] = vec(p.frame_bg);
  c[ImGuiCol_CheckMark] = vec(p.check_mark);
  c[ImGuiCol_SliderGrab] = vec(p.slider_grab);
  c[ImGuiCol_SliderGrabActive] = vec(p.focus_ring);
  c[ImGuiCol_Header] = vec(p.button);
  c[ImGuiCol_HeaderHovered] = vec(p.button_hovered);
  c[ImGuiCol_HeaderActive] = vec(p.button_active);
  c[ImGuiCol_Tab] = vec(p.button);
  c[ImGuiCol_TabHovered] = vec(p.button_hovered);
  c[ImGuiCol_TabActive] = vec(p.button_active);
}

void access_frame(App& app, bool acted) {
  if (g_first) {
    g_first = false;
    // prefers-contrast: more chooses the high profile, unless the link says which.
    if (location_hash().find("contrast=") == std::string::npos && carvallo_js_prefers_more_contrast()) app.state.contrast = "high";
  }
  const bool high = app.state.contrast == "high";
  set_high_contrast(high);
  if (high != g_high) {
    g_high = high;
    apply_palette(ImGui::GetStyle(), active_palette());
  }

  // The page's own words (its title, the controls' region, its heading, the plot as text, the canvas) in its
  // language; the heading names the model shown (it had said "bicycle dynamics playground" over a four-bar;
  // a lecturer), the title a lesson's scene (the tab, the window list and a screen reader's first words
  // had said the playground only, on every scene; a tester).
  const std::string title = app.lesson && !app.lesson->scenes.empty()
                                ? trf("Scene %d of %d of %s", app.scene_index + 1, static_cast<int>(app.lesson->scenes.size()),
                                      tr(app.lesson->title).c_str()) + " — Carvallo"
                                : std::string(tr("Carvallo — bicycle and multibody dynamics playground"));
  static std::string words_language, words_model, words_title;
  if (words_language != language() || words_model != app.state.model || words_title != title) {
    words_language = language();
    words_model = app.state.model;
    words_title = title;
    const auto* entry = examples::find_model(app.state.model);
    const nlohmann::json words{{"controls", tr("Carvallo playground controls")},
                               {"heading", entry ? trf("Carvallo: %s", tr(entry->title).c_str()) : std::string("Carvallo")},
                               {"title", title},
                               {"plotAsText", tr("Plot as text")},
                               {"skipTo", tr("Skip to: %s")},
                               {"canvas", tr("The model in 3D and its plots; every control is also a native control of this page")}};
    carvallo_js_access_words(words.dump().c_str());
  }

  Shown shown;
  shown.run_event = tr(app.run_event);
  if (has_parameter_table(app) && app.model && app.sweep.error.empty()) shown.stability = shown_stability_summary(app.sweep);  // said in the page's language, as the panel shows it
  if (!shown.stability.empty()) {
    SpeedStability at_speed = speed_stability(app);
    shown.speed_stability = std::move(at_speed.words);
    shown.speed_stability_said = std::move(at_speed.said);
  }
  shown.caption = tr(app.state.caption);
  if (const auto* entry = examples::find_model(app.state.model)) shown.model = trf("Model: %s", tr(entry->title).c_str());
  if (app.lesson && !app.lesson->scenes.empty())
    shown.scene = trf("Scene %d of %d of %s", app.scene_index + 1, static_cast<int>(app.lesson->scenes.size()), tr(app.lesson->title).c_str());
  shown.editing = ImGui::GetIO().WantTextInput;
  shown.dragging = ImGui::IsAnyItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left) && !shown.editing;
  // Not while a replay goes to a link's moment: each slice's moment had been said as the run paused there
  // ("Paused at t = 0.280 s", "0.960 s", ... as an embed opened; a student); the moment reached is.
  shown.playing = app.playing;
  shown.time = ImGui::GetTime();
  if (app.run && app.replay_to < 0)
    shown.run_state = app.playing          ? std::string(tr("Playing"))
                      : scene_waiting(app) ? std::string(tr("The scene waits at its start: Play or PageDown plays it"))
                                           : trf("Paused at t = %s s", spoken_number(app.run->time(), 3).c_str());
  shown.pushes = app.pushes;
  if (app.run && app.run->run().instance().push) {
    const std::string& label = app.run->run().instance().push->label;
    const std::string said = capitalized(tr(label.empty() ? std::string("push") : label));
    // Paused, with what the toast shows: the push waits for the run to play.
    shown.push = trf(app.playing ? "%s at t = %s s" : "%s at t = %s s; paused: it acts when the run plays", said.c_str(),
                     spoken_number(app.run->time(), 3).c_str());
  }
  shown.presentation = tr(app.state.presentation ? "Presentation mode on" : "Presentation mode off");
  shown.text_size = trf("Text size %d %%", static_cast<int>(std::lround(100 * text_scale_shown(app))));
  shown.qr = app.show_qr;
  shown.qr_shown = tr("QR code of this link shown; Escape closes it");
  shown.qr_closed = tr("QR code closed");
  if (!app.lesson) shown.lesson_closed = tr("Lesson closed");
  // The language chosen, once its words have arrived and it is spoken (said in it).
  if (shown_language(app) == language()) shown.language = trf("Language: %s", language_name(language()).c_str());
  shown.messages = shown_messages(app, false);
  if (!app.design.designer_problem.empty()) shown.messages.push_back(tr(app.design.designer_problem));
  // The design map's refusals, shown under its settings (a range, its points, vmax), are said too.
  if (!app.design.map_problem.empty()) shown.messages.push_back(app.design.map_problem);
  if (!speed_range_problem().empty()) shown.messages.push_back(tr(speed_range_problem()));
  // A toast ("Link copied", a video that was not recorded) is said once as it appears.
  if (!app.toast.empty() && app.toast_said && ImGui::GetTime() < app.toast_until) shown.messages.push_back(app.toast);

  std::string json;
  const double now = ImGui::GetTime();
  // A field with the focus is rebuilt at every frame: what it refuses says the value that stays, from its row.
  const AccessRow* focused = g_focus.empty() ? nullptr : find_row(g_focus);
  const bool field_focused = focused && (focused->control.role == "number" || focused->control.role == "slider" ||
                                         focused->control.role == "text" || focused->control.role == "textarea");
  // The language's words arrive a few frames after it is chosen: every name changes with them.
  static std::string built_language;
  if (acted || g_stale || field_focused || built_language != language() || !(now - g_built_at < kRefreshSeconds)) {
    g_stale = false;
    g_built_at = now;
    built_language = language();
    g_rows = access_rows(app);
    for (auto& row : g_rows)
      if (const auto* r = widget_rect(app, row.control.rect)) {
        row.control.placed = true;
        std::copy(r->begin(), r->end(), row.control.box);
        row.control.font_px = ImGui::GetFontSize() / static_cast<float>(app.pixel_ratio);
      }
    // A field whose last value was refused is marked invalid with the refusal, while the message is shown.
    std::vector<AccessControl> controls;
    controls.reserve(g_rows.size());
    for (const auto& r : g_rows) {
      controls.push_back(r.control);
      if (r.control.role != "number" && r.control.role != "slider" && r.control.role != "text") continue;
      for (const auto& m : shown.messages)
        if (names_control(m, r.control.name)) {
          controls.back().error = m;
          break;
        }
    }
    json = controls_json(controls);
    if (json == g_sent) json.clear();
  }

  std::string said;
  for (const auto& a : g_announcer.update(shown)) said += (said.empty() ? "" : "\n") + a;

  if (g_access_description_clear) {
    g_access_description_clear = false;
    g_access_description_shown.clear();
    carvallo_js_access_clear_description();
  }
  if (!json.empty() || !said.empty() || !g_access_description.empty()) {
    carvallo_js_access_sync(json.empty() ? nullptr : json.c_str(), said.c_str(), g_access_description.c_str(), g_access_description_quiet,
                            g_announcer.scene_began());
    if (!json.empty()) g_sent = std::move(json);
    if (!g_access_description.empty()) g_access_description_shown = std::move(g_access_description);
    g_access_description.clear();
    g_access_description_quiet = false;
  }
  draw_focus_ring(app);
}

}  // namespace carvallo::web

extern "C" {
// parallel_dom.js: a native element was used ("press", "down", "up", a number's text, an option, "1"/"0").
EMSCRIPTEN_KEEPALIVE void carvallo_access_input(const char* id, const char* value) {
  using namespace carvallo::web;
  if (const AccessRow* row = find_row(id ? id : "")) {
    const auto act = row->act;  // the rows are rebuilt by the next frame (g_stale); the action is copied first
    const std::string name = row->control.name;
    // What was refused of this control before is stale once something new is given (it was said again
    // after a valid value, and kept the field marked invalid); a new refusal is said again.
    std::erase_if(app().messages, [&](const std::string& m) { return names_control(tr(m), name); });
    act(app(), value ? value : "");
    g_announcer.say_again(name);
    g_stale = true;
  }
}
// parallel_dom.js: the element with the keyboard focus ("" for none).
EMSCRIPTEN_KEEPALIVE void carvallo_access_focus(const char* id) {
  using namespace carvallo::web;
  g_focus = id ? id : "";
  g_stale = true;
  // A control inside a collapsed section: the section opens; one whose widget is scrolled out of its panel,
  // wholly or in part: the panel scrolls to it; either way its widget comes on screen with the focus ring.
  app().scroll_to.clear();
  if (const AccessRow* row = g_focus.empty() ? nullptr : find_row(g_focus)) {
    if (!row->control.placed && !row->section.empty()) app().open_section = row->section;
    app().scroll_to = row->control.rect;
  }
}
// parallel_dom.js: a text box of the canvas is being typed in (a number's, a caption's), so that Tab is the
// canvas's: it leaves the box, applying a number typed, and goes to the next field, as in a desktop form.
EMSCRIPTEN_KEEPALIVE int carvallo_canvas_typing() { return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput ? 1 : 0; }
// pre.js: an API call; what it changed is in the parallel DOM by the next frame.
EMSCRIPTEN_KEEPALIVE void carvallo_access_stale() { carvallo::web::g_stale = true; }
}
