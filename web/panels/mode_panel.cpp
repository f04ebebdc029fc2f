// The mode-shape view: a mode picked in the eigenvalue panel (a click on its branch, or its entry in the
// list under the plot) is animated on the 3D bicycle. The bicycle is the registered multibody model
// (bicycle_model.hpp) posed at each frame in the consistent state (multibody_initial_state: pitch solved,
// constraints met) whose roll, steer and rates are the mode's motion (logic/mode_animation.hpp), so the
// 3D view draws it through the same scene and body poses as the simulation. The simulation itself is
// paused and left as it was.
#include "app.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_parts.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include "logic/language.hpp"
#include "logic/model_view.hpp"
#include "logic/number_text.hpp"

#include "bicycle/mode_shapes.hpp"
#include "bicycle/simulation.hpp"
#include "model_run.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace carvallo::web {
namespace {

constexpr double kDegree = 3.141592653589793 / 180;

struct ModeView {
  std::unique_ptr<examples::ModelRun> run;
  std::unique_ptr<bicycle::MultibodyBicycle> bike;
  std::string signature;  // what run and bike were built from
  std::string shown;      // label and speed of the mode being animated: a change restarts the clock
  double t = 0;           // animation seconds
  ModeMotion motion;
  std::string error;  // in English, for the JS API
  std::string cause;  // the engine's words in it, for the panel's sentence
  bool was_active = false;
};

ModeView& view() {
  static ModeView v;
  return v;
}

// The run's setup: the state's bicycle upright at its speed (the mode's motion replaces roll and steer).
UiState upright(const UiState& s) {
  UiState u = s;
  for (const char* name : {"roll", "steer", "roll_rate", "steer_rate"})
    if (u.settings.count(name)) u.settings[name] = 0;
  return u;
}

// Poses the view's bicycle in the mode's motion at its clock; errors are kept for the panel.
void pose(App& app, const ModeShape& mode) {
  const ScopedWork timed(app.work, "mode");
  ModeView& v = view();
  const UiState u = upright(app.state);
  const std::string sig = ModelView::signature(u);
  try {
    if (!v.run || v.signature != sig) {
      v.run.reset();
      v.bike = std::make_unique<bicycle::MultibodyBicycle>(bicycle::make_multibody_bicycle(u.bike));
      v.run = std::make_unique<examples::ModelRun>(u.model, model_setup(u), method_choice(u));
      v.signature = sig;
    }
    v.motion = mode_motion(mode, app.state.mode_amplitude * kDegree, v.t);
    bicycle::InitialMotion m;
    m.speed = mode.speed;
    m.roll = v.motion.roll;
    m.steer = v.motion.steer;
    m.roll_rate = v.motion.roll_rate;
    m.steer_rate = v.motion.steer_rate;
    v.run->set_state(bicycle::multibody_initial_state(v.run->model(), *v.bike, m));  // the run's model: none built per frame
    v.error.clear();
    v.cause.clear();
  } catch (const std::exception& e) {
    v.error = std::string("the mode cannot be posed: ") + e.what();
    v.cause = e.what();
    v.run.reset();
    v.signature.clear();
  }
}

}  // namespace

void select_mode_shape(App& app, const std::string& label) {
  app.state.mode_shape = label;
  if (label != "off") app.state.eigen_view = "plot";
}

bool mode_view_active(App& app) {
  if (!has_parameter_table(app) || app.state.mode_shape == "off") return false;
  refresh_analysis(app);
  return app.model.has_value();
}

std::optional<ModeShape> current_mode_shape(App& app) {
  if (!mode_view_active(app)) return std::nullopt;
  return find_mode_shape(*app.model, setting(app.state, "speed"), app.state.mode_shape);
}

void advance_mode_view(App& app, double real_dt) {
  ModeView& v = view();
  bool active = mode_view_active(app);
  // Play means "show me the simulation": it ends the mode view; entering the view pauses the simulation.
  if (active && app.playing) {
    if (v.was_active) {
      app.state.mode_shape = "off";
      active = false;
    } else {
      app.playing = false;
    }
  }
  v.was_active = active;
  const auto mode = active ? current_mode_shape(app) : std::nullopt;
  if (!mode) {
    v.shown.clear();
    v.t = 0;
    return;
  }
  char key[96];
  std::snprintf(key, sizeof key, "%s@%.17g", mode->label.c_str(), mode->speed);
  if (v.shown != key) {
    v.shown = key;
    v.t = 0;
  } else if (std::isfinite(real_dt) && real_dt > 0) {
    // A long pause (a hidden tab) does not jump far: at most one second of real time per frame (slow
    // software-rendered frames take up to ~0.5 s and still run in real time).
    v.t += std::min(real_dt, 1.0) * app.state.mode_time_scale;
  }
  pose(app, *mode);
}

const examples::ModelRun* mode_display_run(App& app) {
  if (!current_mode_shape(app)) return nullptr;
  return view().run.get();
}

double mode_view_time(App&) { return view().t; }
ModeMotion mode_view_motion(App&) { return view().motion; }
const std::string& mode_view_error(App&) { return view().error; }

namespace {

// The section's lines of text, in the page's language: the mode's title, its shape and its growth (or why
// there is none), then any error posing it.
std::vector<std::string> mode_lines(App& app, const std::optional<ModeShape>& mode) {
  std::vector<std::string> lines;
  if (!mode) {
    lines.push_back(trf("No %s mode at v = %.3f m/s.", tr(app.state.mode_shape).c_str(), setting(app.state, "speed")));
  } else {
    const auto d = describe_mode(*mode);
    const std::string label = tr(mode->label);  // the branch's name ("weave") in the page's language
    lines.push_back(mode->eigenvalue.imag() > 0
                        ? trf("Mode shape: %s at v = %.3f m/s, s = %.4f ± %.4f i 1/s", label.c_str(), mode->speed,
                              without_negative_zero(mode->eigenvalue.real(), 4), mode->eigenvalue.imag())
                        : trf("Mode shape: %s at v = %.3f m/s, s = %.4f 1/s", label.c_str(), mode->speed,
                              without_negative_zero(mode->eigenvalue.real(), 4)));
    lines.push_back(tr(d.shape));
    lines.push_back(tr(d.growth));
  }
  if (!view().error.empty()) lines.push_back(trf("the mode cannot be posed: %s", view().cause.c_str()));
  return lines;
}

// The controls' row: the amplitude slider with its label, 1x, 0.25x and "Back to simulation".
constexpr std::pair<const char*, double> kModeSpeeds[] = {{"1x", 1.0}, {"0.25x", 0.25}};
std::vector<float> control_widths() {
  std::vector<float> widths{labelled_width(ImGui::GetFontSize() * 8, tr("amplitude (deg)"))};
  for (const auto& [label, scale] : kModeSpeeds) widths.push_back(button_width(label));
  widths.push_back(button_width(tr("Back to simulation")));
  return widths;
}

}  // namespace

float mode_section_lines(App& app) {
  if (app.state.mode_shape == "off" || !has_parameter_table(app)) return 0.0f;
  // The lines the section takes at this width in this language (a longer language, a phone's narrow
  // panel wrap its text and its controls' row), never fewer than English needs on one line each (5.5),
  // or wrapped on a phone (9.5).
  const float width = ImGui::GetContentRegionAvail().x, spacing = ImGui::GetStyle().ItemSpacing.x;
  float lines = 1.0f;  // the separator and the spacing around the section
  for (const auto& text : mode_lines(app, current_mode_shape(app))) lines += text_lines(text.c_str(), width);
  float rows = 1, used = 0;
  for (const float w : control_widths()) {
    if (used > 0 && used + spacing + w > width) ++rows, used = 0;
    used += (used > 0 ? spacing : 0) + w;
  }
  lines += rows * ImGui::GetFrameHeightWithSpacing() / ImGui::GetTextLineHeightWithSpacing();
  return std::max(lines, width < ImGui::GetFontSize() * 38 ? 9.5f : 5.5f);
}

void mode_section(App& app) {
  if (app.state.mode_shape == "off" || !has_parameter_table(app)) return;
  UiState& s = app.state;
  ImGui::Separator();
  const auto mode = current_mode_shape(app);
  const auto lines = mode_lines(app, mode);
  ImGui::PushTextWrapPos(0.0f);
  // Named for the tests: the title, the shape and the growth of a mode found.
  constexpr const char* kRects[] = {"mode-title", "mode-shape", "mode-growth"};
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const bool error = !mode || k >= std::size(kRects);
    if (error) wrapped_text(ImVec4(0.7f, 0, 0, 1), lines[k].c_str());
    else wrapped_text(lines[k].c_str());
    if (mode && k < std::size(kRects)) record_rect(app, kRects[k]);
  }
  ImGui::PopTextWrapPos();
  const float fw = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(fw * 8);
  double amp = s.mode_amplitude;
  const double amp_lo = 0.5, amp_hi = 30;
  NumberField amplitude{tr("amplitude (deg)"), NumberStyle::slider, "%.1f"};
  amplitude.min = &amp_lo, amplitude.max = &amp_hi;
  amplitude.tip = tr("The mode shape's largest angle as drawn");
  if (number_field(amplitude, amp) != NumberChange::none && std::isfinite(amp))
    s.mode_amplitude = std::clamp(amp, 0.1, 30.0);
  record_rect(app, "mode-amplitude");
  for (const auto& [label, scale] : kModeSpeeds) {
    same_line_if_fits(button_width(label));
    const bool on = s.mode_time_scale == scale;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label)) s.mode_time_scale = scale;
    if (on) ImGui::PopStyleColor();
    record_rect(app, std::string("mode-speed-") + label);
  }
  same_line_if_fits(button_width(tr("Back to simulation")));
  if (ImGui::Button(tr("Back to simulation"))) select_mode_shape(app, "off");
  record_rect(app, "mode-back");
}

void mode_overlay(App& app) {
  const auto mode = current_mode_shape(app);
  if (!mode || (app.compact && app.state.panel != "view")) return;
  const float fw = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::string title_text = trf("%s mode, %gx", tr(mode->label).c_str(), app.state.mode_time_scale);
  const char* title = title_text.c_str();
  // Within the free view between the panels (presentation mode leaves little of it): the button goes
  // under the title when both do not fit side by side, and the window never reaches over a panel's header.
  const float room = app.view_right - app.view_left - fw;
  const char* back = tr("Back to simulation");
  const float button = ImGui::CalcTextSize(back).x + 2 * style.FramePadding.x;
  const float one_line = ImGui::CalcTextSize(title).x + style.ItemSpacing.x + button + 2 * style.WindowPadding.x;
  const bool side_by_side = one_line <= room;
  const float width = side_by_side ? one_line : std::max(ImGui::CalcTextSize(title).x, button) + 2 * style.WindowPadding.x;
  const float x = std::max(app.view_left + fw * 0.5f, 0.5f * (app.view_left + app.view_right) - 0.5f * width);
  // Beside the panels below a lesson's caption (caption_overlay, drawn before), whose scene arrows and
  // counter it had covered (a student).
  const float top = !app.stage && app.caption_bottom > 0 ? app.caption_bottom : app.view_top;
  ImGui::SetNextWindowPos(ImVec2(x, top + fw * 0.6f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##mode-overlay", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::TextUnformatted(title);
  if (side_by_side) ImGui::SameLine();
  if (ImGui::Button(back)) select_mode_shape(app, "off");
  record_rect(app, "mode-overlay-back");
  record_window_rect(app, "mode-overlay");
  ImGui::End();
}

}  // namespace carvallo::web
