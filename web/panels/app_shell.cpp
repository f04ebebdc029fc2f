// The playground's application shell: the one App, the menu bar, the layouts (side by side, presentation,
// the compact one-panel-at-a-time layout with its tabs), the messages, help and performance overlays, and
// the link applied to the state. The panels it composes are the bicycle's (bicycle_panels.cpp), any
// model's (model_panels.cpp, simulation_panel.cpp) and the analysis and design windows.
#include "app.hpp"
#include "panels/timeline.hpp"
#include "panels/push_input.hpp"
#include "panels/view_scene.hpp"
#include "panels/panel_actions.hpp"
#include "logic/access_text.hpp"
#include "logic/language.hpp"
#include "logic/state_link.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/design_panels.hpp"
#include "panels/lesson_panel.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_parts.hpp"
#include "panels/blank_screen.hpp"
#include "panels/qr_overlay.hpp"
#include "panels/stage.hpp"
#include "panels/row_layout.hpp"
#include "panels/shortcut_list.hpp"
#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"
#include "platform/capture.hpp"
#include "platform/lecture_browser.hpp"
#include "platform/page_language.hpp"
#include "platform/video.hpp"

#include "carvallo/version.hpp"
#include "registry.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // BringWindowToDisplayFront: messages above the panels without taking focus

#include <algorithm>
#include <cmath>
#include <optional>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace carvallo::web {

App& app() {
  static App instance;
  return instance;
}

namespace {

// The wide layout's panels: moved by the title bar, collapsed by its arrow, never resized: ImGui's resize
// grips and borders are smaller than a target may be (WCAG 2.5.8: 16 and 8 CSS px at 100 % text), and
// View > Arrange panels sizes them to the screen.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoResize;

void apply_state_link(App& app, std::string_view hash) {
  auto r = read_link(hash);
  if (r.unread) {  // nothing of it was read: what is on screen stays as it is, and its link replaces this one
    app.messages = {translatable("The link could not be used; nothing was changed:")};
    for (const auto& m : r.ignored) app.messages.push_back("  " + m);
    app.last_link.clear();
    return;
  }
  // A field the link breaks (a hand edit, a typo) keeps what is on screen, for the same model; a new
  // model's own defaults suit it better than the previous model's values.
  app.camera_given = r.names_camera;
  app.scenario = {};  // the link says what is on screen: no scenario of before is left afterwards
  const bool same_model = r.state.model == app.state.model && r.state.variant == app.state.variant;
  const std::vector<std::string> kept = same_model ? keep_fields(app.state, r.state, r.refused) : std::vector<std::string>{};
  const bool presentation_changed = r.state.presentation != app.state.presentation;
  if (r.state.model != app.state.model) app.playing = false;
  app.state = r.state;
  app.messages.clear();
  if (!r.ignored.empty()) {
    // Each line says what went wrong; the last ones say what each refused field holds now.
    app.messages.push_back(translatable("Parts of the link could not be used as given:"));
    for (const auto& m : r.ignored) app.messages.push_back("  " + m);
    std::string kept_names, default_names;
    std::set<std::string> named;
    for (const auto& key : r.refused) {
      if (!named.insert(key).second) continue;
      std::string& names = std::find(kept.begin(), kept.end(), key) != kept.end() ? kept_names : default_names;
      names += (names.empty() ? "" : ", ") + key;
    }
    if (!kept_names.empty()) app.messages.push_back("  " + message_text("these keep their previous values: %s", kept_names.c_str()));
    if (!default_names.empty()) app.messages.push_back("  " + message_text("these took their defaults: %s", default_names.c_str()));
  }
  if (presentation_changed || r.state.model != app.analysed_model) app.layout_dirty = true;
  app.analysed_model = r.state.model;
  refresh_analysis(app);
}

}  // namespace

void apply_link(App& app, std::string_view hash) {
  // A lesson's link: `lesson=` and `scene=` open the lesson; the rest, if any, is the state shown (the
  // scene as it was when the link was made). With no state, the scene itself is shown.
  const LessonFields fields = split_lesson_fields(hash);
  // A link the page made carries the whole state, version first; a hand-made `#present=1&lesson=...`
  // sets the viewer's fields and shows the scene.
  const bool state_given = fields.rest.rfind("v=", 0) == 0 || fields.rest.find("&v=") != std::string::npos;
  if (!fields.rest.empty() || fields.lesson.empty()) apply_state_link(app, fields.rest);
  if (fields.lesson.empty()) {
    close_lesson(app);
    for (const auto& p : fields.problems) app.messages.push_back(p);
    return;
  }
  open_lesson_from_link(app, fields, !state_given);
  if (state_given && app.lesson && !fields.scene) app.scene_index = 0;
  // A scene's link made while it played has its moment at 0, the run from its start (timeline.cpp): it
  // plays as the scene does when opened. A reload had come back paused at t = 0, under a caption that
  // describes the motion (a student).
  // A scene that starts paused waits for Play.
  if (state_given && app.state.time_shown == 0 && !app.state.paused && !prefers_reduced_motion()) app.playing = true;
}

void clear_link_messages(App& app) {
  bool in_block = false;  // the indented lines below a link's or setState's first line
  std::erase_if(app.messages, [&](const std::string& m) {
    const bool starts = m.rfind("setState ignored ", 0) == 0 || m.rfind("Parts of the link", 0) == 0 || m.rfind("The link could not be used", 0) == 0;
    if (starts) in_block = true;
    else if (m.rfind("  ", 0) != 0) in_block = false;
    return starts || in_block;
  });
}

std::vector<std::string> current_messages(const App& app, bool with_simulation_events) {
  std::vector<std::string> out = app.messages;
  for (std::size_t i = 0; i < bicycle::kParameterCount; ++i)
    if (!app.edit_problem[i].empty())
      out.push_back(app.edit_problem[i]);  // says what was refused and the value that stays
  if (!with_simulation_events) return out;
  if (!app.run_event.empty()) out.push_back(names_its_moment(app.run_event) ? app.run_event : (has_parameter_table(app) ? std::string("simulation") : app.state.model) + ": " + app.run_event);
  return out;
}

namespace {

std::string model_title(const std::string& model) {
  const auto* entry = examples::find_model(model);
  return entry ? entry->title : model;
}

}  // namespace

bool names_its_moment(const std::string& run_event) {
  // A run's end or stop is a sentence that says when and what ("At t = 0.93 s the handlebars turned ...");
  // other events (a solver's refusal) are named by where they came from.
  return run_event.rfind("At t = ", 0) == 0;
}

std::vector<std::string> shown_messages(const App& app, bool with_simulation_events) {
  std::vector<std::string> out;
  for (const auto& m : current_messages(app, false)) out.push_back(tr(m));
  if (with_simulation_events && !app.run_event.empty())
    out.push_back(names_its_moment(app.run_event)
                      ? tr(app.run_event)
                      : trf("%s: %s", has_parameter_table(app) ? tr("simulation") : tr(model_title(app.state.model)).c_str(), tr(app.run_event).c_str()));
  return out;
}

void record_rect(App& app, const std::string& name) {
  // What is visible of the item: a widget scrolled out of its panel is not on screen (no rect).
  const ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 clip0 = dl->GetClipRectMin(), clip1 = dl->GetClipRectMax();
  const ImVec2 a(std::max(ImGui::GetItemRectMin().x, clip0.x), std::max(ImGui::GetItemRectMin().y, clip0.y));
  const ImVec2 b(std::min(ImGui::GetItemRectMax().x, clip1.x), std::min(ImGui::GetItemRectMax().y, clip1.y));
  // The native control focused by the keyboard mirrors this widget, scrolled out of its panel: the panel
  // scrolls it to the middle, so the focus ring is seen (WCAG 2.4.11).
  const auto focused = app.scroll_to.empty() ? std::vector<std::string_view>{} : widget_names(app.scroll_to);
  if (std::find(focused.begin(), focused.end(), name) != focused.end()) {
    if (ImGui::GetItemRectMin().y < clip0.y || ImGui::GetItemRectMax().y > clip1.y) ImGui::SetScrollHereY(0.5f);
    app.scroll_to.clear();
  }
  if (!(b.x > a.x && b.y > a.y)) return;
  const auto r = static_cast<float>(app.pixel_ratio);
  app.rects[name] = {a.x / r, a.y / r, (b.x - a.x) / r, (b.y - a.y) / r};
}

void record_whole_rect(App& app, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const auto r = static_cast<float>(app.pixel_ratio);
  app.rects[name + ":whole"] = {a.x / r, a.y / r, (b.x - a.x) / r, (b.y - a.y) / r};
}

void set_toast(App& app, std::string text, bool said) {
  app.toast = std::move(text);
  app.toast_said = said;
  app.toast_until = ImGui::GetTime() + 2.5;
}

void note(App& app, const char* id, const char* text) {
  if (app.state.presentation) return;
  app.notes[id] = tr(text);
  ImGui::PushID(id);
  const bool open = ImGui::TreeNodeEx(tr("What am I looking at?"), ImGuiTreeNodeFlags_FramePadding);  // a button's height: a whole target
  record_rect(app, std::string("note:") + id);
  if (open) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_text(tr(text));
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void set_text_scale(App& app, double scale) {
  app.state.text_scale = std::clamp(scale, kTextScaleMin, kTextScaleMax);
  app.layout_dirty = true;
}

namespace {

// Where a step of the text size in `direction` goes from the size shown, or nothing where it would look
// the same (at an end). From the size shown: past the stage's largest text (a link's text=3 on a
// projector) a step smaller is seen at once, and a step larger that would look the same says why instead.
std::optional<double> text_step(const App& app, int direction) {
  const double limit = std::clamp(app.text_scale_limit, kTextScaleMin, kTextScaleMax);
  const double shown = std::min(app.state.text_scale, limit);
  // On the steps 1.25^n (1, 1.25, 1.5625, ..., 0.8, 0.64, ...), so that a step larger and a step smaller
  // undo each other, also from the stage's largest text, which may lie between two steps; the ends (0.5,
  // the stage's largest) are steps too.
  const double n = std::log(shown) / std::log(kTextScaleStep);
  const int to = direction > 0 ? static_cast<int>(std::floor(n + 1e-6)) + 1 : static_cast<int>(std::ceil(n - 1e-6)) - 1;
  double scale = 1.0;
  for (int i = 0; i < std::abs(to); ++i) scale = to > 0 ? scale * kTextScaleStep : scale / kTextScaleStep;
  scale = std::clamp(scale, kTextScaleMin, limit);
  // A step of under 5 % would look the same (the text is whole pixels): the end is reached.
  if (std::abs(scale - shown) < 0.05 * shown) return std::nullopt;
  return scale;
}

// Why the text grows no further.
const char* text_at_largest(const App& app) {
  const double limit = std::clamp(app.text_scale_limit, kTextScaleMin, kTextScaleMax);
  return limit >= kTextScaleMax      ? translatable("The text is at its largest")
         : app.text_limit_is_phones ? translatable("The text is as large as this screen allows")
                                    : translatable("The text is as large as this screen's stage allows");
}
constexpr const char* kTextAtSmallest = translatable("The text is at its smallest");

}  // namespace

double text_scale_shown(const App& app) {
  return std::min(app.state.text_scale, std::clamp(app.text_scale_limit, kTextScaleMin, kTextScaleMax));
}

std::string text_size_now(const App& app) {
  const double shown = text_scale_shown(app);
  const int percent = static_cast<int>(std::lround(100 * shown));
  // Presentation's half again on a projector said with it: "100 %" had stood under visibly larger text (a
  // teacher at a whiteboard).
  if (app.presentation_text)
    return trf("Text size now: %d %%, %d %% in presentation", percent, static_cast<int>(std::lround(150 * shown)));
  return trf("Text size now: %d %%", percent);
}

std::string text_size_said(const App& app) {
  std::string said = text_size_now(app);
  if (!text_step(app, +1)) said += std::string(". ") + tr(text_at_largest(app));
  if (!text_step(app, -1)) said += std::string(". ") + tr(kTextAtSmallest);
  return said;
}

void step_text_scale(App& app, int direction) {
  const auto scale = text_step(app, direction);
  if (!scale) {
    set_toast(app, tr(direction > 0 ? text_at_largest(app) : kTextAtSmallest));
    return;
  }
  set_text_scale(app, *scale);
  // A limit's toast no longer tells the truth once a step was taken.
  if (app.toast == tr(text_at_largest(app)) || app.toast == tr(kTextAtSmallest)) app.toast_until = 0;
}

namespace {

// The messages as a list a student can read: wrapped to the space given, at most kShownMessages lines
// (a link with 700 unknown keys is already one summary line; anything beyond the cap is counted).
constexpr std::size_t kShownMessages = 6;

void message_lines(App& app, const std::vector<std::string>& messages) {
  ImGui::PushTextWrapPos(0.0f);
  for (std::size_t i = 0; i < messages.size() && i < kShownMessages; ++i)
    wrapped_textf(ImVec4(0.5f, 0.2f, 0.0f, 1), "%s", messages[i].c_str());
  if (messages.size() > kShownMessages)
    wrapped_textf(ImVec4(0.5f, 0.2f, 0.0f, 1), "%s", trf("... and %zu more", messages.size() - kShownMessages).c_str());
  ImGui::PopTextWrapPos();
  if (!app.messages.empty() && ImGui::Button(tr("Dismiss"))) app.messages.clear();
}

// Wide layouts: a banner in the free space between the panels, never over a panel's header. Compact
// layout: the same lines at the top of the panel shown (begin_panel), or over the 3D view.
void messages_banner(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  // A run's end said in the Simulation panel, under the buttons that act on it, is not said again over the
  // view (a fall's two sentences stood in both at a 1280x720 desk; a student at home).
  const auto messages = shown_messages(app, !app.run_event_in_panel);
  const bool inline_in_panel = app.compact && app.state.panel != "view" && app.panel_shown;
  float below_messages = app.view_top;
  if (!messages.empty() && !inline_in_panel) {
    const float m = px(app, 8);
    // As wide as the free span (a presentation's is narrow), however narrow: wrapped lines, not a covered panel.
    const float left = app.view_left + m, right = std::max(app.view_right - m, left + px(app, 120));
    // Beside the panels, below a lesson's caption and its arrows (caption_overlay, drawn before): above
    // them, a message's coming moved the arrows under the pointer.
    const float top = !app.stage && app.caption_bottom > 0 ? app.caption_bottom : app.view_top;
    ImGui::SetNextWindowPos(ImVec2(left, top + m), ImGuiCond_Always);
    const float tallest = io.DisplaySize.y * 0.45f;
    ImGui::SetNextWindowSizeConstraints(ImVec2(right - left, 0), ImVec2(right - left, tallest));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(1.0f, 0.95f, 0.80f, 0.97f));
    // On the stage the room watches the model: the messages (a run's end, a refused field) take text size
    // 1's text, as the tooltips, and no title bar, never the presentation's large text (at the largest step
    // a fall's two sentences took 839x226 px of a projector's view, over the fallen bicycle); the same at
    // every step (at the bar's size they shrank as ']' made the rest larger; a lecturer).
    const float scale = app.stage ? std::min(1.0f, app.text_px_at_one / ImGui::GetFontSize()) : 1.0f;
    const int styles = app.stage ? push_scaled_spacing(app, scale) : 0;
    const ImGuiWindowFlags title = app.stage ? ImGuiWindowFlags_NoTitleBar : 0;
    // Never focused as it appears: ImGui closes a text entry whose window loses the focus, and a message
    // (or a toast) that came while a number was typed dropped what was typed.
    // A scroll bar only at the banner's tallest: below it the banner grows to its lines, and a bar shown for
    // the frame a wrapped line takes to resize it stood beside two lines that fit (a tester).
    static float last_height = 0;
    const ImGuiWindowFlags scroll = last_height >= tallest - 1.0f ? 0 : ImGuiWindowFlags_NoScrollbar;
    ImGui::Begin(window_title("Messages").c_str(), nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing | title | scroll);
    last_height = ImGui::GetWindowSize().y;
    ImGui::SetWindowFontScale(scale);
    // A panel placed over the view (Design, a dragged one) must not hide what was refused. Display order
    // only: the keyboard focus stays where the user is typing. An open menu stays above it.
    if (!ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
      ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    message_lines(app, messages);
    record_window_rect(app, "messages");
    below_messages = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
    ImGui::End();
    ImGui::PopStyleVar(styles);
    ImGui::PopStyleColor();
  }
  app.messages_bottom = below_messages > app.view_top ? below_messages : 0;
  if (!app.toast.empty() && ImGui::GetTime() < app.toast_until) {
    // At the bottom of the view on a desktop; on a phone the rider's buttons are there, so at the top of
    // the view (below any message).
    const float centre = 0.5f * (app.view_left + app.view_right);
    // On the stage, above its bar; above the timeline wherever it is shown (a projector's toast covered it).
    const bool below = app.compact && !app.stage;
    const float lowest = app.timeline_top > 0 ? app.timeline_top - px(app, 8)
                         : app.stage           ? app.view_bottom - px(app, 8)
                                               : io.DisplaySize.y - px(app, 40);
    const ImVec2 at = below ? ImVec2(centre, below_messages + px(app, 8)) : ImVec2(centre, lowest);
    ImGui::SetNextWindowPos(at, ImGuiCond_Always, ImVec2(0.5f, below ? 0.0f : 1.0f));
    // On the stage at the bar's text size, as the messages: "The text is at its largest" at the largest
    // step was a 450x95 px box over the bicycle (a lecturer).
    const float scale = app.stage ? app.stage_bar_scale : 1.0f;
    const int styles = app.stage ? push_scaled_spacing(app, scale) : 0;
    ImGui::Begin("##toast", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing);
    ImGui::SetWindowFontScale(scale);
    // Wrapped within the view (a phone's is narrower than a sentence), as wide as the text otherwise.
    const float room = std::max(app.view_right - app.view_left - px(app, 16) - 2 * ImGui::GetStyle().WindowPadding.x, ImGui::GetFontSize() * 8);
    const float wrap = std::min({room, ImGui::GetFontSize() * 40, ImGui::CalcTextSize(app.toast.c_str()).x + 1});
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
    ImGui::TextUnformatted(app.toast.c_str());
    ImGui::PopTextWrapPos();
    record_window_rect(app, "toast");
    ImGui::End();
    ImGui::PopStyleVar(styles);
  }
}

void help_overlay(App& app) {
  if (!app.show_help) return;
  const ImGuiIO& io = ImGui::GetIO();
  // Centred in the free view, under the menu bar and a phone's tabs (which stay in sight, and a tap on
  // them closes the list); taller than that room, it scrolls.
  const float top = app.view_top + px(app, 24), bottom = io.DisplaySize.y - px(app, 8);
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, (top + bottom) * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  // A fixed width (the screen's on a phone) and an auto-fitted height: the descriptions wrap in it.
  const float width = std::min(io.DisplaySize.x - px(app, 16), ImGui::GetFontSize() * 40);
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, std::max(bottom - top, ImGui::GetFontSize() * 8)));
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the list must be readable over the plots
  ImGui::SetNextWindowFocus();
  ImGui::Begin((std::string(tr("Keyboard shortcuts")) + "###help").c_str(), &app.show_help, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  if (ImGui::BeginTable("keys", 2)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    for (const Shortcut& r : kShortcuts) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImVec4(0.1f, 0.3f, 0.7f, 1), "%s", tr(r.keys));
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0.0f);
      wrapped_text(tr(r.what));
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  record_window_rect(app, "help");
  // A tap or click outside the list closes it (on a phone it covers most of the screen and has only its
  // small close button); the click then acts where it landed.
  const bool outside = ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows);
  ImGui::End();
  if (outside) app.show_help = false;
}

// Off by default (View menu); in the free space between the panels, never over one.
void performance_overlay(App& app) {
  if (!app.state.show_perf || (app.compact && app.state.panel != "view")) return;
  const ImGuiIO& io = ImGui::GetIO();
  const float m = px(app, 8);
  ImGui::SetNextWindowPos(ImVec2(app.view_right - m, app.view_bottom - m), ImGuiCond_Always, ImVec2(1, 1));  // above the stage's bar
  const float max_w = std::max(app.view_right - app.view_left - 2 * m, px(app, 160));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(max_w, io.DisplaySize.y));
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("##perf", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing);
  // An auto-sized window cannot wrap at its own width: wrap at the widest it may be.
  ImGui::PushTextWrapPos(max_w - 2 * ImGui::GetStyle().WindowPadding.x);
  ImGui::Text("frame %.1f ms (%.0f fps)  cpu %.1f ms (update %.1f)  sweep %.2f ms  step %.3f ms  vertices %d", app.perf.frame_ms,
              app.perf.frame_ms > 0 ? 1000.0 / app.perf.frame_ms : 0.0, app.perf.cpu_ms, app.perf.update_ms, app.perf.sweep_ms,
              app.perf.step_ms, app.perf.vertices);
  ImGui::PopTextWrapPos();
  record_window_rect(app, "perf");
  ImGui::End();
}

std::string embed_code(const App& app) {
  UiState s = app.state;
  s.embed = true;
  s.presentation = false;
  std::string title = app.run ? app.run->run().entry().title : s.model;
  for (char& ch : title)
    if (ch == '"' || ch == '<' || ch == '>' || ch == '&') ch = ' ';
  std::string link = to_link(s);
  if (app.lesson) link = page_link(app).replace(0, to_link(app.state).size(), link);
  // 960 x 540 where the page has room, narrower in a course page's column at the same 16:9 (a fixed 960 px
  // ran past a column's edge; an instructor).
  return "<iframe src=\"" + page_url(link) +
         "\" width=\"960\" height=\"540\" style=\"border:0;width:100%;max-width:960px;height:auto;aspect-ratio:16/9\" "
         "allow=\"fullscreen\" title=\"Carvallo: " +
         title + "\"></iframe>";
}

}  // namespace

void copy_page_link(App& app) {
  std::string why_not;
  copy_link(link_with_moment(app, why_not));
  // Says what the link does: replay the motion (the inputs so far) up to the moment shown, or start at t = 0.
  const std::string what = app.lesson ? tr("Link copied: it opens this lesson at this scene, its settings and view")
                                      : tr("Link copied: it opens this model, its settings and view");
  const double t = app.run ? app.run->time() : 0.0;
  if (!why_not.empty()) set_toast(app, what + tr(", starting at t = 0: ") + why_not);
  else if (t > 0) set_toast(app, what + trf(", and replays the motion up to the moment shown, t = %s s", format_shortest(std::round(t * 1000) / 1000).c_str()));
  else set_toast(app, what + tr(", starting at t = 0"));
}

void open_in_playground(App& app) {
  std::string why_not;
  open_in_new_tab(page_url(link_with_moment(app, why_not, true)));
}

namespace {

namespace {

// The page's language: the browser's (`lang=auto`, the default) or one chosen here, which the link keeps.
void language_menu(App& app) {
  const bool open = begin_menu(tr("Language"));
  record_rect(app, "view:language");
  if (!open) return;
  const std::string automatic = trf("The browser's: %s", language_name(browser_language()).c_str());
  if (ImGui::MenuItem(automatic.c_str(), nullptr, app.state.lang == "auto")) app.state.lang = "auto";
  record_rect(app, "language:auto");
  for (const auto& code : language_codes()) {
    if (!language_offered(code, app.state.lang)) continue;
    if (ImGui::MenuItem(language_name(code).c_str(), nullptr, app.state.lang == code)) app.state.lang = code;
    record_rect(app, "language:" + code);
  }
  ImGui::EndMenu();
}

}  // namespace

namespace {
// Labels cut inside buttons sized to their row (the phone's tabs), which find_clipped_windows cannot see
// from the windows' extents: what each row lacked this frame (px).
std::vector<std::pair<std::string, float>> g_cut_labels;

// The smallest scale a row may set on its text to fit (the menu bar, the phone's tabs): 70 % of the
// default text size, however large the text is set.
float smallest_font_scale(const App& app) { return 0.7f / static_cast<float>(std::max(1.0, app.state.text_scale)); }
}  // namespace

void menu_bar(App& app) {
  if (app.state.embed) return;  // an embed is the stage alone
  // A phone's menu bar: half the room between the menus, so that the menus and the link button fit in
  // a longer language too (each menu keeps its full height and width as a target).
  // Where the text is made smaller to fit (below), the room around it shrinks with it.
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing, padding = ImGui::GetStyle().FramePadding;
  const float fit = app.compact ? app.menu_font_scale : 1.0f;
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(app.compact ? spacing.x * 0.5f * fit : spacing.x, spacing.y));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(padding.x * fit, padding.y));
  if (!ImGui::BeginMainMenuBar()) {
    ImGui::PopStyleVar(2);
    return;
  }
  // Where the menus and the link button are wider than the bar (a phone in a longer language), their
  // text is made smaller until they fit, found over a few frames from where the link button ended.
  float& font_scale = app.menu_font_scale;
  ImGui::SetWindowFontScale(font_scale);
  push_target_rows();  // the bar's menus and every menu's rows as tall as a button (WCAG 2.5.8)
  const bool models_open = begin_menu(tr("Models"), !app.state.locked);
  record_rect(app, "menu:models");
  if (models_open) {
    for (const auto& m : examples::models()) {
      if (ImGui::MenuItem(tr(m.title).c_str(), nullptr, app.state.model == m.name)) select_model(app, m.name);
      record_rect(app, "model:" + m.name);
      if (ImGui::IsItemHovered()) tooltipf("%s", tr(m.description).c_str());
    }
    ImGui::EndMenu();
  }
  const bool view_open = begin_menu(tr("View"));
  record_rect(app, "menu:view");
  if (view_open) {
    record_window_rect(app, "view-menu");
    if (ImGui::MenuItem(tr("Presentation mode"), "P", app.state.presentation)) {
      app.state.presentation = !app.state.presentation;
      app.layout_dirty = true;
    }
    record_rect(app, "view:presentation");
    // The size in effect and its ends, in the menu itself (they had been said only in a toast, once a
    // step was refused; a low-vision student).
    const bool larger = text_step(app, +1).has_value(), smaller = text_step(app, -1).has_value();
    if (ImGui::MenuItem(tr("Text larger"), "]", false, larger)) step_text_scale(app, +1);
    record_rect(app, "view:text-larger");
    if (ImGui::MenuItem(tr("Text smaller"), "[", false, smaller)) step_text_scale(app, -1);
    record_rect(app, "view:text-smaller");
    if (ImGui::MenuItem(tr("Text size 100 %"), nullptr, app.state.text_scale == 1.0)) set_text_scale(app, 1.0);
    {
      ImGui::TextDisabled("%s", text_size_now(app).c_str());
      record_rect(app, "view:text-size");
      if (!larger) ImGui::TextDisabled("%s", tr(text_at_largest(app)));
      if (!smaller) ImGui::TextDisabled("%s", tr(kTextAtSmallest));
    }
    ImGui::Separator();
    if (ImGui::MenuItem(tr("Fit the model in view"), "V")) fit_camera(app);
    record_rect(app, "view:fit");
    if (ImGui::MenuItem(tr("Camera follows the model"), "F", app.state.follow)) app.state.follow = !app.state.follow;
    if (ImGui::MenuItem(tr("Inertia ellipsoids"), "I", app.state.show_inertia)) app.state.show_inertia = !app.state.show_inertia;
    if (ImGui::MenuItem(tr("Body and joint names"), nullptr, app.state.show_labels)) app.state.show_labels = !app.state.show_labels;
    record_rect(app, "view:labels");
    if (has_parameter_table(app) && ImGui::MenuItem(tr("Design map and side view"), nullptr, app.state.show_design))
      toggle_design_window(app);
    record_rect(app, "view:design");
    if (ImGui::MenuItem(tr("Performance overlay"), nullptr, app.state.show_perf)) app.state.show_perf = !app.state.show_perf;
    record_rect(app, "view:perf");
    if (ImGui::MenuItem(tr("Arrange panels"))) app.layout_dirty = true;
    ImGui::Separator();
    if (begin_menu(tr("Stage plot"))) {
      record_window_rect(app, "stage-plot-menu");
      stage_plot_menu(app);
      ImGui::EndMenu();
    }
    record_rect(app, "view:stage-plot");
    if (ImGui::MenuItem(tr("Show QR code"), "Q", app.show_qr)) toggle_qr(app);
    record_rect(app, "view:qr");
    if (ImGui::MenuItem(tr("Blank the screen"), "B")) set_blank(app, true);
    record_rect(app, "view:blank");
    if (ImGui::MenuItem(tr("Copy embed code"))) {
      copy_to_clipboard(embed_code(app));
      set_toast(app, tr("Embed code copied: an <iframe> showing only the stage, for slides and course pages"));
    }
    record_rect(app, "view:embed-code");
    // Pictures and video for slides, without the UI (web/platform/capture.hpp, video.hpp).
    const bool picture_open = begin_menu(tr("Save picture"));
    record_rect(app, "view:picture");
    if (picture_open) {
      save_picture_menu(app);
      ImGui::EndMenu();
    }
    const bool video_open = begin_menu(tr("Record video"));
    record_rect(app, "view:video");
    if (video_open) {
      record_video_menu(app);
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem(tr("Read-only (lock)"), nullptr, app.state.locked)) app.state.locked = !app.state.locked;
    record_rect(app, "view:lock");
    language_menu(app);
    ImGui::EndMenu();
  }
  if (has_parameter_table(app) && !app.state.locked) scenarios_menu(app);
  lesson_menu(app);
  const bool help_open = begin_menu(tr("Help"));
  record_rect(app, "menu:help");
  if (help_open) {
    if (ImGui::MenuItem(tr("Keyboard shortcuts"), "?")) app.show_help = true;
    record_rect(app, "help:shortcuts");
    ImGui::TextDisabled("Carvallo %s", kVersion);
    ImGui::EndMenu();
  }
  if (ImGui::Button(app.compact ? tr("Link") : tr("Copy link"))) copy_page_link(app);  // a phone's menu bar has room for the short name
  record_rect(app, "copy-link");
  {
    const float right = ImGui::GetItemRectMax().x;
    const float room = ImGui::GetWindowPos().x + ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x;
    // Never below 70 % of the default text size: at the larger text steps the menus give back as much of
    // their enlargement as they need, so that Lesson, Help and the link stay reachable on a phone.
    if (right > room) font_scale = std::max(smallest_font_scale(app), font_scale * room / right * 0.99f);
    else if (font_scale < 1.0f && right * 1.02f < room) font_scale = std::min(1.0f, font_scale * room / right);
  }
  // The version and the shortcuts' key, where the menu bar has room left for them (large text, a longer language);
  // a touch screen has no keys to press (a teacher at a whiteboard).
  const std::string about = app.coarse_pointer ? std::string("  Carvallo ") + kVersion : trf("  Carvallo %s  -  press ? for shortcuts", kVersion);
  if (!app.compact && ImGui::CalcTextSize(about.c_str()).x <= ImGui::GetContentRegionAvail().x) ImGui::TextDisabled("%s", about.c_str());
  ImGui::PopStyleVar();
  ImGui::EndMainMenuBar();
  ImGui::PopStyleVar(2);
}

// Which panels a model has, in tab order. The steady turns, once opened (the menu, a link's turns=1 or
// stage=turns), have a tab of their own: on a phone on its side it gives them half the screen beside the
// bicycle riding the one tapped, where the 3D tab's plot shares its height with a lesson's caption.
std::vector<std::string> panels_of(const App& app) {
  if (has_parameter_table(app)) {
    std::vector<std::string> panels{"view", "parameters", "eigenvalues", "simulation", "design"};
    if (app.state.show_turns || app.state.stage == "turns") panels.push_back("turns");
    return panels;
  }
  if (has_eigen_panel(app)) return {"view", "parameters", "eigenvalues", "simulation"};
  return {"view", "parameters", "simulation"};
}

// Full names where the tabs are wide enough, short ones on a narrow phone.
const char* panel_label(const std::string& panel, bool parameter_table, bool short_names) {
  if (panel == "view") return tr("3D");
  if (panel == "parameters") return parameter_table ? (short_names ? tr("Params") : tr("Parameters")) : tr("Model");
  if (panel == "eigenvalues") return short_names ? tr("Eigen") : tr("Eigenvalues");
  if (panel == "design") return tr("Design");
  if (panel == "turns") return tr("Turns");
  return short_names ? tr("Sim") : tr("Simulation");
}

// The tabs' row across a screen `width` wide: each tab's width, the short names or not, and the labels'
// scale (below 1 where even the short names do not fit: a phone at the largest text steps), measured at
// the text's own size (outside any window, or in one at font scale 1).
struct TabRow {
  float w = 0, scale = 1, over = 0;  ///< over: how far the widest label runs past its tab (cut) where > 0
  bool short_names = false;
};
TabRow tab_row(const App& app, const std::vector<std::string>& panels, float width) {
  TabRow row;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float spacing = style.ItemSpacing.x;
  row.w = (width - 2 * style.WindowPadding.x - spacing * static_cast<float>(panels.size() - 1)) / static_cast<float>(panels.size());
  row.short_names = row.w < button_width(tr("Eigenvalues")) || row.w < button_width(tr("Simulation")) || row.w < button_width(tr("Parameters"));
  // Text too large even for the short names: the labels shrink to fit their tabs rather than being cut
  // ("Pa", "Eig").
  float widest = 0;
  for (const auto& panel : panels) widest = std::max(widest, text_width(panel_label(panel, has_parameter_table(app), row.short_names)));
  // The padding inside each tab shrinks with its text: a label of width t fits in w when t s + 2 p s <= w.
  const float pad = style.FramePadding.x;
  row.scale = widest + 2 * pad > row.w ? std::max(smallest_font_scale(app), row.w / (widest + 2 * pad)) : 1.0f;
  row.over = (widest + 2 * pad) * row.scale - row.w;
  return row;
}

// The tabs' row's height: its labels' scaled text in the buttons' padding (the window's was the unscaled
// frame's, which left an empty band under shrunk tabs as tall as a third of them; a phone on its side).
float tab_row_height(const App& app) {
  const TabRow row = tab_row(app, panels_of(app), ImGui::GetIO().DisplaySize.x);
  return ImGui::GetFontSize() * row.scale + 2 * ImGui::GetStyle().FramePadding.y;
}

// Compact layout: one row of tabs under the menu bar; the chosen panel fills the rest of the screen.
void panel_tabs(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  const auto panels = panels_of(app);
  if (std::find(panels.begin(), panels.end(), app.state.panel) == panels.end()) app.state.panel = "view";
  const float menu_h = ImGui::GetFrameHeight();
  ImGui::SetNextWindowPos(ImVec2(0, menu_h), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, app.view_top - menu_h), ImGuiCond_Always);
  // Its window reaches down to the view, past the caption drawn over it: a tap on a tab must not bring it
  // in front of the caption (which it then covered, a faint box that stayed; a tester's phone).
  ImGui::Begin("##tabs", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::SetWindowFontScale(1.0f);  // the window keeps last frame's scale: measure at the text's own size
  const TabRow row = tab_row(app, panels, io.DisplaySize.x);
  const float w = row.w, scale = row.scale, pad = ImGui::GetStyle().FramePadding.x;
  const bool short_names = row.short_names;
  if (row.over > 0) g_cut_labels.emplace_back("##tabs (labels)", row.over);
  ImGui::SetWindowFontScale(scale);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad * scale, ImGui::GetStyle().FramePadding.y));
  for (std::size_t i = 0; i < panels.size(); ++i) {
    if (i) ImGui::SameLine();
    const bool selected = panels[i] == app.state.panel;
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(panel_label(panels[i], has_parameter_table(app), short_names), ImVec2(w, 0))) app.state.panel = panels[i];
    if (selected) ImGui::PopStyleColor();
    record_rect(app, "tab:" + panels[i]);
  }
  ImGui::PopStyleVar();
  ImGui::End();
}

void arrange_windows(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  const float W = io.DisplaySize.x, H = io.DisplaySize.y;
  const float menu_h = ImGui::GetFrameHeight(), m = px(app, 8), top = menu_h + m;
  // Compact when the panels would not fit side by side at this text size (a phone; large projector text).
  // The stage: an embed anywhere; presentation on a screen (not a phone, which keeps its tabs); the
  // phone's 3D tab. It never turns into tabs, whatever the text size.
  const auto ratio = static_cast<float>(app.pixel_ratio);
  const bool screen = W / ratio >= 600 && H / ratio >= 400;
  // So is a screen whose view between the panels would be a strip under 300 px at this text size (a browser
  // zoomed to 150 % on 1366x768, text 1.56 at 1280x720): the caption there was a column of four words over
  // the bicycle, the eigenvalue plot scrolled below its panel's fold (a low-vision student).
  const float left_w = std::clamp(W * 0.24f, px(app, 290), px(app, 380));
  const float right_w = std::clamp(W * 0.40f, px(app, 360), W - left_w - 3 * m);
  const bool strip = W - left_w - right_w - 2 * m < px(app, 300);
  const bool compact = !app.state.embed && !(app.state.presentation && screen) && (W < px(app, 760) || H < px(app, 430) || strip);
  if (compact != app.compact) app.layout_dirty = true;
  app.compact = compact;
  app.view_bottom = H;
  // The tab strip: one row of tabs in its window's padding (no item spacing below the row: on a phone on its
  // side every pixel of height is the model's or the panel's).
  const float tabs_bottom = menu_h + tab_row_height(app) + 2 * ImGui::GetStyle().WindowPadding.y;
  app.stage = app.state.embed || (app.state.presentation && screen) || (compact && app.state.panel == "view");
  app.compact_side = compact && W > 1.3f * H;
  if (app.stage) {
    arrange_stage(app, app.state.embed ? 0.0f : compact ? tabs_bottom : menu_h);
    if (compact) app.content_rect = {0, tabs_bottom, W, H - tabs_bottom};
    return;
  }
  if (app.compact_side) {
    // A phone on its side: the panel on the right half, the model on the left, never under the panel.
    const float panel_w = std::max(W * 0.5f, std::min(W, px(app, 300)));
    app.view_top = tabs_bottom;
    app.view_left = 0;
    app.view_right = W - panel_w;
    app.content_rect = {W - panel_w, tabs_bottom, panel_w, H - tabs_bottom};
    return;
  }
  if (compact) {
    app.view_top = tabs_bottom;
    app.view_left = 0;
    app.view_right = W;
    app.content_rect = {0, app.view_top, W, H - app.view_top};
    return;
  }
  app.view_top = menu_h;
  const bool relayout = app.layout_dirty || app.layout_w != static_cast<int>(W) || app.layout_h != static_cast<int>(H);
  if (!relayout) return;
  app.layout_dirty = false;
  app.layout_w = static_cast<int>(W);
  app.layout_h = static_cast<int>(H);
  auto place = [&](const char* title, float x, float y, float w, float h) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
    ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    ImGui::Begin(window_title(title).c_str(), nullptr, kPanelFlags);  // a window's flags are its first Begin's in a frame
    ImGui::End();
  };
  const float full_h = H - top - m;
  // A tall screen gives the simulation panel more of the column: its plots keep their height without
  // scrolling at 1920x1080, and the eigenvalue plot has room to spare there.
  // On a short screen (a 1366x768 laptop at 125 %, 614 px) a scene about a run, its stage plot a time plot
  // or the methods compared, gives the Simulation panel the larger share: its roll and steer plot had kept
  // 80 px above its fold, under an eigenvalue panel the scene is not about (a student at home).
  const std::string about = shown_stage_plot(app);
  const bool about_run = about == "roll-steer" || about == "torques" || about == "violations" || about == "compare";
  const float eig_share = H / ratio >= 1000 ? 0.48f : H / ratio < 700 && about_run ? 0.4f : 0.56f;
  const float eig_h = has_eigen_panel(app) ? full_h * eig_share : 0.0f;
  place("Parameters", m, top, left_w, full_h);
  if (has_eigen_panel(app)) place("Eigenvalues", W - right_w - m, top, right_w, eig_h);
  const float sim_top = has_eigen_panel(app) ? top + eig_h + m : top;
  place("Simulation", W - right_w - m, sim_top, right_w, H - sim_top - m);
  app.view_left = left_w + m;
  app.view_right = W - right_w - m;
}

// Each scene begins with the panels at their tops: the Simulation panel scrolled to its methods in one
// scene had hidden Play in the next (a lecturer). Call after the panel's Begin.
void top_for_new_scene(const App& app, const std::string& key) {
  static std::map<std::string, int> scrolled_for;
  int& seen = scrolled_for[key];
  if (seen == app.scenes_shown) return;
  seen = app.scenes_shown;
  ImGui::SetScrollY(0.0f);
}

}  // namespace

bool begin_panel(App& app, const char* title) {
  const std::string t = title;
  const std::string key = t == "Parameters"     ? "parameters"
                          : t == "Eigenvalues"  ? "eigenvalues"
                          : t == "Design"       ? "design"
                          : t == "Steady turns" ? "turns"
                                                : "simulation";
  if (app.picture) {
    begin_picture_window(app, title);
    return true;
  }
  if (app.stage) {
    // The stage shows one plot: the eigenvalue panel or the design map where chosen, no other panel.
    if (!place_stage_window(app, key == "design" ? "design-map" : key)) return false;
    // The eigenvalue panel's plot takes the width a scroll bar would (30 px at a projector's largest text
    // step); what lies below the fold, the readouts and tool rows under the plot, scrolls with the wheel.
    const ImGuiWindowFlags scroll = key == "eigenvalues" ? ImGuiWindowFlags_NoScrollbar : 0;
    ImGui::Begin(window_title(title).c_str(), nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse | scroll);
    fit_stage_window_text(app, true);
    top_for_new_scene(app, key);
    record_window_rect(app, "panel:" + key);
    record_window_rect(app, "stage-plot");
    return true;
  }
  if (app.compact) {
    if (app.state.panel != key) return false;
    ImGui::SetNextWindowPos(ImVec2(app.content_rect[0], app.content_rect[1]), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(app.content_rect[2], app.content_rect[3]), ImGuiCond_Always);
    ImGui::SetNextWindowCollapsed(false, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(1.0f);  // one panel at a time: nothing to see through it
    ImGui::Begin(window_title(title).c_str(), nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    fit_stage_window_text(app, false);
    top_for_new_scene(app, key);
    record_window_rect(app, "panel:" + key);
    app.panel_shown = true;
    // The simulation panel shows its own events (a fall) under its buttons: not twice, and not above
    // the buttons where they would move them under the user's finger.
    const auto messages = shown_messages(app, key != "simulation");
    if (!messages.empty()) {
      message_lines(app, messages);
      ImGui::Separator();
    }
    // An upright phone's tab hides the stage with its caption and scene arrows: they come with the tab, so a
    // student following a lesson from the Sim tab can go on to the next scene (a lecturer). On its side the
    // model, its caption and its bar stay beside the panel.
    if (app.lesson && !app.compact_side) {
      scene_navigation(app, true);
      ImGui::Separator();
    }
    return true;
  }
  ImGui::Begin(window_title(title).c_str(), nullptr, kPanelFlags);
  fit_stage_window_text(app, false);
  top_for_new_scene(app, key);
  record_window_rect(app, "panel:" + key);
  return true;
}

std::string window_title(const char* english) { return std::string(tr(english)) + "###" + english; }

void begin_picture_window(App& app, const char* title) {
  const auto& r = app.picture_rect;
  ImGui::SetNextWindowPos(ImVec2(r[0], r[1]), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(r[2], r[3]), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);
  ImGui::Begin(window_title(title).c_str(), nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                                      ImGuiWindowFlags_NoFocusOnAppearing);
  fit_stage_window_text(app, false);  // the same window as the panel: not the stage's text scale
}

void record_window_rect(App& app, const std::string& name) {
  const ImVec2 a = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const auto r = static_cast<float>(app.pixel_ratio);
  app.rects[name] = {a.x / r, a.y / r, size.x / r, size.y / r};
}

namespace {

// Windows whose content reaches past their right edge with no horizontal scroll bar to reach it: a
// label, a line of text or a row of buttons longer than its room (a longer language's, the pseudo-
// locale's). What the window's items reached this frame against what it shows.
void find_clipped_windows(App& app) {
  app.clipped.clear();
  const auto r = static_cast<float>(app.pixel_ratio);
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!w->Active || w->Hidden || w->ScrollbarX || w->SkipItems) continue;
    const float over = w->DC.CursorMaxPos.x - w->InnerClipRect.Max.x;
    if (over > r) app.clipped.emplace_back(w->Name, over / r);
    // A tooltip past the screen's edge (one line as wide as its text had run off a projector's screen).
    if (w->Flags & ImGuiWindowFlags_Tooltip) {
      const float past = std::max(w->Pos.x + w->Size.x - ImGui::GetIO().DisplaySize.x, -w->Pos.x);
      if (past > r) app.clipped.emplace_back(std::string(w->Name) + " (past the screen's edge)", past / r);
    }
  }
  // Tables clip their cells instead of reaching past the window: a table whose columns need more than
  // its width.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
    const ImGuiTable* t = g.Tables.TryGetMapData(n);
    if (!t || t->LastFrameActive != g.FrameCount || (t->Flags & ImGuiTableFlags_ScrollX) || !t->OuterWindow || t->OuterWindow->ScrollbarX) continue;
    const float over = t->ColumnsAutoFitWidth - t->WorkRect.GetWidth();
    if (over > r) app.clipped.emplace_back(std::string(t->OuterWindow->Name) + " (a table)", over / r);
  }
  for (const auto& [row, over] : g_cut_labels)
    if (over > r) app.clipped.emplace_back(row, over / r);
  g_cut_labels.clear();
}

}  // namespace

void draw_ui(App& app) {
  app.rects.clear();
  app.notes.clear();
  app.panel_shown = false;
  app.timeline_top = 0;
  set_number_fields_touch(app.touch.engaged());
  // On the stage a tooltip is the lecturer's, read near the screen: at the text's size at text size 1 (at a
  // projector's larger steps Kick's covered the timeline, the bar and the scene's counter; a lecturer).
  set_tooltip_scale(app.stage ? std::min(1.0f, app.text_px_at_one / ImGui::GetFontSize()) : 1.0f);
  menu_bar(app);
  arrange_windows(app);
  widen_default_camera(app, ImGui::GetIO().DisplaySize.y);
  if (app.compact && !app.state.embed) panel_tabs(app);
  const bool parameter_table = has_parameter_table(app);
  if (!app.stage) {
    ImGui::BeginDisabled(app.state.locked);  // lock=1: the scene (model, parameters) is the lecturer's
    if (parameter_table) parameters_panel(app);
    else model_panel(app);
    ImGui::EndDisabled();
  }
  if (parameter_table) draw_eigen_panel(app);
  else if (has_eigen_panel(app)) draw_model_eigen_panel(app);
  app.run_event_in_panel = false;
  if (!app.stage) simulation_panel(app);
  if (parameter_table) draw_design_panel(app);
  stage_plot(app);
  stage_bar(app);
  timeline(app);
  draw_body_labels(app);
  draw_push(app);
  held_torque_overlay(app);
  caption_overlay(app);
  mode_overlay(app);
  turns_panel(app);
  messages_banner(app);
  lesson_editor(app);
  qr_overlay(app);
  help_overlay(app);
  performance_overlay(app);
  blank_overlay(app);
  find_clipped_windows(app);
  sanitize(app.state);  // e.g. a value typed into a slider beyond its range
}

}  // namespace carvallo::web
