// The rider in the playground: torques held from the keyboard (Left/Right arrows steer, A/D lean) or from
// hold-to-push buttons (mouse or touch), scripted torques in the CLI's text form, the named scenarios of
// examples/bicycle/scenarios.hpp. Held torques reach the run at the simulated time matching the moment
// they were pressed or released (web/logic/rider_controls.hpp).
#include "app.hpp"
#include "panels/lesson_panel.hpp"
#include "logic/language.hpp"
#include "panels/access_controls.hpp"
#include "panels/palette_colors.hpp"
#include "panels/panel_actions.hpp"
#include "panels/panel_parts.hpp"
#include "panels/number_field.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"

#include "bicycle/scenarios.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace carvallo::web {

namespace {

// The on-screen buttons: sources kButtonSource + k of RiderControls.
constexpr int kButtonSource = 1 << 20;
struct HoldButton {
  const char* label;  // English, shown through tr
  const char* rect;   // widget name for tests
  int channel, direction;
  const char* tooltip;  // English, shown through tr
  const char* name;     // in words, for the parallel DOM (which translates it)
  const char* key;      // aria-keyshortcuts
};
// The parallel DOM's hold buttons: sources kAccessSource + k (web/panels/access_controls.cpp).
constexpr int kAccessSource = 1 << 21;
constexpr HoldButton kButtons[] = {
    {translatable("< steer"), "hold:steer-left", RiderControls::kSteer, -1, translatable("Hold: steer torque to the left (Left arrow)"),
     translatable("Steer torque left"), "ArrowLeft"},
    {translatable("steer >"), "hold:steer-right", RiderControls::kSteer, +1, translatable("Hold: steer torque to the right (Right arrow)"),
     translatable("Steer torque right"), "ArrowRight"},
    {translatable("< lean"), "hold:lean-left", RiderControls::kRoll, -1, translatable("Hold: lean (roll) torque to the left (A)"),
     translatable("Lean torque left"), "A"},
    {translatable("lean >"), "hold:lean-right", RiderControls::kRoll, +1, translatable("Hold: lean (roll) torque to the right (D)"),
     translatable("Lean torque right"), "D"},
};
constexpr const char* kInputNames[RiderControls::kChannels] = {"steer_torque", "roll_torque"};

bool has_rider(const App& app) { return app.run && app.run->run().input_index("steer_torque") >= 0; }

// A scenario's menu item and button: its name, the countersteer with its speed, in the page's language.
std::string scenario_label(const bicycle::Scenario& sc) {
  if (sc.name == "countersteer") return trf("Countersteer at %s m/s", format_shortest(sc.motion.speed).c_str());
  return tr(sc.name);
}

}  // namespace

void rider_key(App& app, int key, int action, int mods) {
  int channel = -1, direction = 0;
  switch (key) {
    case GLFW_KEY_LEFT: channel = RiderControls::kSteer, direction = -1; break;
    case GLFW_KEY_RIGHT: channel = RiderControls::kSteer, direction = +1; break;
    case GLFW_KEY_A: channel = RiderControls::kRoll, direction = -1; break;
    case GLFW_KEY_D: channel = RiderControls::kRoll, direction = +1; break;
    default: return;
  }
  const bool down = action != GLFW_RELEASE;
  // Typing into a field (a torque spec's "a" or "d") is not riding, nor is a shortcut (Ctrl+A selects all,
  // Ctrl+arrow moves by a word, Alt+arrow goes back a page); a release always counts.
  constexpr int shortcut_mods = GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER;
  if (down && (!has_rider(app) || ImGui::GetIO().WantTextInput || lesson_editor_focused() || (mods & shortcut_mods) != 0)) return;
  app.rider.set(key, channel, direction, down, page_time());
}

int hold_button_count(const App& app) { return has_rider(app) ? static_cast<int>(std::size(kButtons)) : 0; }
const char* hold_button_label(int button) { return kButtons[button].name; }
const char* hold_button_rect(int button) { return kButtons[button].rect; }
const char* hold_button_key(int button) { return kButtons[button].key; }

void hold_button(App& app, int button, bool down) {
  if (button < 0 || button >= static_cast<int>(std::size(kButtons))) return;
  if (down && !has_rider(app)) return;
  const auto& b = kButtons[button];
  app.rider.set(kAccessSource + button, b.channel, b.direction, down, page_time());
}

void release_rider_input(App& app) { app.rider.release_all(page_time()); }

void held_torque_overlay(App& app) {
  // Not on a run that has ended (a fall): nothing acts there.
  if (!has_rider(app) || app.blanked || app.run->run().ended() || !(app.view_right > app.view_left)) return;
  std::string text;
  for (int c = 0; c < RiderControls::kChannels; ++c) {
    const int d = app.rider.direction(c);
    if (!d) continue;
    const double t = app.state.hold_torque;
    const std::string what = c == RiderControls::kSteer ? trf("steer torque %.2f N m", t) : trf("lean torque %.2f N m", t);
    text += (text.empty() ? "" : "   ") + (d < 0 ? "< " + what : what + " >");
  }
  if (text.empty()) return;
  // Half again the text's size (a projector's presentation text already large), under the windows over
  // the view, centred at the view's foot above the timeline: where the room looks at the bicycle, and
  // clear of the caption at the top (the 1 N m had been only in a button's tooltip; a lecturer).
  ImFont* font = ImGui::GetFont();
  float size = ImGui::GetFontSize() * 1.5f;
  const float room = app.view_right - app.view_left - size;
  ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  if (extent.x > room && extent.x > 0) {  // a phone's narrow view: smaller, never below the page's text
    size = std::max(ImGui::GetFontSize(), size * room / extent.x);
    extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  }
  const float pad = size * 0.3f;
  const float foot = app.timeline_top > 0 ? std::min(app.timeline_top, app.view_bottom) : app.view_bottom;
  const ImVec2 at((app.view_left + app.view_right - extent.x) * 0.5f, foot - extent.y - 2 * pad);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const Palette& p = pal();
  dl->AddRectFilled(ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + extent.x + pad, at.y + extent.y + pad), color_u32(p.plot_bg, 235), pad);
  dl->AddRect(ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + extent.x + pad, at.y + extent.y + pad), color_u32(p.capsize), pad, 0,
              std::max(1.0f, size * 0.08f));
  dl->AddText(font, size, at, color_u32(p.plot_text), text.c_str());
  const auto r = static_cast<float>(app.pixel_ratio > 0 ? app.pixel_ratio : 1.0);
  app.rects["held-torque"] = {(at.x - pad) / r, (at.y - pad) / r, (extent.x + 2 * pad) / r, (extent.y + 2 * pad) / r};
}

bool rider_keys_active(const App& app) { return has_rider(app); }

void apply_rider_input(App& app) {
  // Another model or preset, or a changed bicycle, leaves the scenario.
  const auto& sc = app.scenario;
  if (!sc.name.empty() && (app.state.model != sc.model || app.state.preset != sc.preset || !same_bike(app.state.bike, sc.bike))) leave_scenario(app);
  sync_run(app);
  const auto changes = app.rider.take_changes();
  if (!app.run) return;
  // A torque held while the run is paused acts once it plays: said, or the press seemed to do nothing (a
  // student held a steer button on a paused run).
  if (!app.playing && !app.run->run().ended() &&
      std::any_of(changes.begin(), changes.end(), [](const RiderControls::Change& c) { return c.direction != 0; }))
    set_toast(app, tr(app.coarse_pointer ? "Paused: the torque acts while the run plays (tap Play)"
                                         : "Paused: the torque acts while the run plays (Play, Space)"));
  ModelView& run = *app.run;
  try {
    // A new run (reset, a changed setting) starts without the torques still held: hand them over.
    if (app.rider_run != run.id()) {
      app.rider_run = run.id();
      for (int c = 0; c < RiderControls::kChannels; ++c)
        if (const int d = app.rider.direction(c)) run.hold_input(run.run().input_index(kInputNames[c]), d * app.state.hold_torque);
    }
    // Each change acts at the step the run is at when the frame sees it (within a frame of when it happened):
    // the run's input log (input_log.hpp) holds whole steps, so a replay link reproduces it to the bit.
    for (const auto& ch : changes) run.hold_input(run.run().input_index(kInputNames[ch.channel]), ch.direction * app.state.hold_torque);
  } catch (const std::exception& e) {
    app.run_event = e.what();
    app.playing = false;
  }
}

void rider_buttons(App& app, bool same_row) {
  if (!has_rider(app)) return;
  // Large enough for a thumb on a phone.
  const float h = std::max(ImGui::GetFrameHeight() * 1.25f, thumb_target(app) * (app.coarse_pointer ? 1.0f : 0.7f));
  // Each as wide as its own label (at least a thumb's width and a half): the stage's bar has no room to
  // spare for four as wide as the widest in Spanish, on a phone on its side or a projector's largest text.
  const auto width_of = [&](const HoldButton& b) { return std::max(button_width(tr(b.label)), h * 1.4f); };
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  float together = -spacing;
  for (const auto& b : kButtons) together += width_of(b) + spacing;
  for (std::size_t k = 0; k < std::size(kButtons); ++k) {
    const auto& b = kButtons[k];
    const float w = width_of(b);
    if (k) same_line_if_fits(w);
    else if (same_row) same_line_if_fits(together);  // the four together
    const int d = app.rider.direction(b.channel);
    const bool lit = d == b.direction;
    if (lit) ImGui::PushStyleColor(ImGuiCol_Button, color_vec(pal().hold_lit));
    ImGui::Button(tr(b.label), ImVec2(w, h));
    if (lit) ImGui::PopStyleColor();
    if (ImGui::IsItemActive()) app.rider_buttons_down |= 1u << k;
    record_rect(app, b.rect);
    // Not while held: it stood over the next buttons and the speed before the room (a lecturer); the view
    // names the torque held (held_torque_overlay).
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && !app.coarse_pointer) tooltipf("%s, %.2f N m", tr(b.tooltip), app.state.hold_torque);
  }
}

int hold_button_at(const App& app, float x, float y) {
  for (std::size_t k = 0; k < std::size(kButtons); ++k) {
    const auto it = app.rects.find(kButtons[k].rect);
    if (it == app.rects.end()) continue;
    const auto& r = it->second;
    if (x >= r[0] && x <= r[0] + r[2] && y >= r[1] && y <= r[1] + r[3]) return static_cast<int>(k);
  }
  return -1;
}

void finish_rider_buttons(App& app) {
  const double now = page_time();
  app.rider_buttons_down |= app.touch.take_held();  // fingers on the buttons (touch_input.hpp)
  for (std::size_t k = 0; k < std::size(kButtons); ++k)
    app.rider.set(kButtonSource + static_cast<int>(k), kButtons[k].channel, kButtons[k].direction,
                  (app.rider_buttons_down >> k) & 1u, now);
  app.rider_buttons_down = 0;
}

void start_scenario(App& app, const bicycle::Scenario& scenario) {
  const bool was_in_scenario = !app.scenario.name.empty();
  const OrbitCamera camera_before = was_in_scenario ? app.scenario.camera_before : app.state.camera;
  const bool follow_before = was_in_scenario ? app.scenario.follow_before : app.state.follow;
  if (app.state.model != scenario.model) select_model(app, scenario.model);
  apply_scenario(app.state, scenario);
  app.input_specs.clear();
  sync_run(app, true);
  // From behind and high above (yaw pi: the eye behind the start heading, screen left = the rider's left),
  // far enough to see the path bend over the scenario's first seconds.
  fit_camera(app);
  app.state.camera.yaw = 3.141592653589793;
  app.state.camera.pitch = 1.2;
  app.state.camera.distance = 14.0;
  app.state.follow = true;
  app.playing = app.run && !app.run->run().ended();
  app.state.caption = scenario.description;  // shown until dismissed, and carried by the link (caption=)
  // The scenarios' words are the benchmark's, self-stable at their speed: on a design that is not, its
  // caption's "rights itself" would be false (a lecturer, after halving the trail). Said beside it.
  const std::string prefix = scenario_label(scenario) + ": ";
  std::erase_if(app.messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
  if (const SpeedStability at = speed_stability(app); !at.words.empty() && at.words != tr("self-stable"))
    app.messages.push_back(prefix + trf("the caption is about the benchmark bicycle. %s.", at.said.c_str()));
  app.scenario = {scenario.name, app.state.model, app.state.preset, app.state.bike, app.state.inputs, app.state.camera, camera_before, follow_before};
}

void leave_scenario(App& app) {
  App::ActiveScenario left = std::move(app.scenario);
  app.scenario = {};
  if (left.name.empty()) return;
  UiState& s = app.state;
  // Only what is still the scenario's: a torque typed since, or a view orbited since, is the user's.
  if (s.inputs == left.inputs) s.inputs.clear();
  if (const auto* scenario = bicycle::find_scenario(left.name); scenario && s.caption == scenario->description) s.caption.clear();
  const OrbitCamera& c = s.camera;
  if (c.yaw == left.camera.yaw && c.pitch == left.camera.pitch && c.distance == left.camera.distance) {
    s.camera.yaw = left.camera_before.yaw;
    s.camera.pitch = left.camera_before.pitch;
    s.camera.distance = left.camera_before.distance;
    s.follow = left.follow_before;
    if (!s.follow) s.camera.target = left.camera_before.target;
  }
}

std::vector<std::string> scenario_labels(const App& app) {
  std::vector<std::string> labels;
  if (has_rider(app))
    for (const auto& sc : bicycle::scenarios()) labels.push_back(scenario_label(sc));
  return labels;
}

void start_scenario_labelled(App& app, const std::string& label) {
  if (!has_rider(app)) return;
  for (const auto& sc : bicycle::scenarios())
    if (scenario_label(sc) == label) start_scenario(app, sc);
}

void scenarios_menu(App& app) {
  const bool open = begin_menu(tr("Scenarios"));
  record_rect(app, "menu:scenarios");
  if (!open) return;
  for (const auto& sc : bicycle::scenarios()) {
    const std::string label = scenario_label(sc);
    if (ImGui::MenuItem(label.c_str())) start_scenario(app, sc);
    record_rect(app, "scenario:" + sc.name);
    if (ImGui::IsItemHovered()) tooltipf("%s", tr(sc.description).c_str());
  }
  ImGui::Separator();
  if (ImGui::MenuItem(tr("Steady turns"), nullptr, app.state.show_turns)) toggle_steady_turns(app);
  record_rect(app, "menu:turns");
  ImGui::EndMenu();
}

void toggle_steady_turns(App& app) {
  app.state.show_turns = !app.state.show_turns;
  if (!app.state.show_turns) {
    if (app.state.panel == "turns") app.state.panel = "view";
    if (app.state.stage == "turns") app.state.stage = "eigenvalues";
    return;
  }
  // Laid out as the stage (presentation, a phone), the turns have no window of their own: the stage's plot
  // shows them, or the menu would seem to do nothing. Beside the panels too, so that a scene kept of this
  // view shows them when presented or opened on a phone (it had shown the eigenvalues: a lecturer).
  app.state.stage = "turns";
  // A phone: another tab hides the stage, and on its side the Turns tab shows them beside the bicycle
  // riding the one tapped.
  if (app.compact && (!app.stage || app.compact_side)) app.state.panel = "turns";
}

void rider_section(App& app) {
  if (!has_rider(app)) return;
  UiState& s = app.state;
  if (s.presentation) return;  // the lecture: the buttons, the keys and the menu; the scripts are set up before
  const bool open = ImGui::TreeNodeEx(tr("Rider torques, scenarios###rider-node"), ImGuiTreeNodeFlags_FramePadding);
  reveal_opened_section(open);
  if (!open) return;
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text_disabled("%s", tr("Hold Left/Right (steer) or A/D (lean), or the buttons above. Right and lean right are positive "
                                 "(Meijaard). Scripted torques: the inputs under \"Initial state, settings, inputs\"."));
  ImGui::PopTextWrapPos();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const double lo = 0.0, hi = 20.0;
  NumberField torque{tr("held torque (N m)"), NumberStyle::slider, "%.2f"};
  torque.min = &lo, torque.max = &hi, torque.flags = ImGuiSliderFlags_AlwaysClamp;
  torque.tip = tr("The torque a held key or button applies");
  number_field(torque, s.hold_torque);
  record_rect(app, "hold-torque");
  for (const auto& sc : bicycle::scenarios()) {
    const std::string label = scenario_label(sc);
    if (ImGui::Button(label.c_str())) start_scenario(app, sc);
    record_rect(app, "scenario-button:" + sc.name);
    if (ImGui::IsItemHovered()) tooltipf("%s", tr(sc.description).c_str());
  }
  if (!app.scenario.name.empty()) {
    same_line_if_fits(button_width(tr("Leave scenario")));
    if (ImGui::Button(tr("Leave scenario"))) leave_scenario(app);
    record_rect(app, "leave-scenario");
    if (ImGui::IsItemHovered()) tooltipf("%s", tr("Take away the scenario's torques and its camera (as does another preset or model)"));
  }
  const char* turns = s.show_turns ? tr("Hide steady turns###turns-button") : tr("Steady turns###turns-button");
  same_line_if_fits(button_width(turns));
  if (ImGui::Button(turns)) toggle_steady_turns(app);
  record_rect(app, "turns-button");
  ImGui::TreePop();
}

}  // namespace carvallo::web
