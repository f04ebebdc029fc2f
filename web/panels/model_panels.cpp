// The run of whichever model is shown (sync, advance, step, push, fit the camera), and the panels of a
// model without a parameter table: its description and formulation, the methods, time plots of its
// probes and of the constraint violations on a log scale.
#include "app.hpp"
#include "panels/time_plot.hpp"
#include "platform/browser.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include "carvallo/errors.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

namespace carvallo::web {

bool has_parameter_table(const App& app) {
  const examples::ModelEntry* e = examples::find_model(app.state.model);
  return e && !e->parameters.empty();
}

bool has_eigen_panel(const App& app) {
  const examples::ModelEntry* e = examples::find_model(app.state.model);
  return e && (!e->parameters.empty() || e->steady_motion.has_value());
}

void select_model(App& app, const std::string& name) {
  if (name == app.state.model) return;
  app.playing = false;
  app.layout_dirty = true;
  if (auto why = select_model(app.state, name); !why.empty()) app.run_event = why;
}

void sync_run(App& app, bool force) {
  const std::string sig = ModelView::signature(app.state);
  if (!force && app.run && sig == app.run_signature) return;
  if (has_parameter_table(app)) refresh_analysis(app);
  app.run_signature = sig;
  app.run_event.clear();
  app.sim_debt = 0;
  app.run.reset();
  try {
    app.run = std::make_unique<ModelView>(app.state);
    const std::string fitted = app.state.model + "|" + app.state.variant;
    if (fitted != app.fitted_model) {
      // A new model (not a new run of the same one): its frame and a camera that shows it.
      app.display = display_frame(app.run->run().instance().view, app.run->run().scene());
      app.fitted_model = fitted;
      if (!has_parameter_table(app)) fit_camera(app);
    }
  } catch (const std::exception& e) {
    if (!app.state.from_turn.empty()) {
      // A steady turn the link or setState asks for that this bicycle does not have (a lean of 1e-308):
      // refuse that field and ride upright with the rest, rather than show no bicycle at all.
      app.messages.push_back("from_turn=" + app.state.from_turn + ": " + e.what() + "; riding upright instead");
      app.state.from_turn.clear();
      sync_run(app, force);  // once more: from_turn is empty now
      return;
    }
    app.run_event = e.what();
    app.playing = false;
  }
}

void step_run(App& app) {
  sync_run(app);
  app.playing = false;
  if (!app.run) return;
  try {
    app.run->step(1);
  } catch (const std::exception& e) {
    app.run_event = e.what();
  }
}

void push_run(App& app) {
  sync_run(app);
  if (!app.run) return;
  try {
    app.run->push(app.state.sim.kick);
  } catch (const std::exception& e) {
    app.run_event = e.what();
  }
}

void fit_camera(App& app) {
  if (!app.run) return;
  const auto [lo, hi] = examples::bounds(app.run->run().scene());
  Eigen::Vector3d a = app.display.point(lo), b = app.display.point(hi);
  const Eigen::Vector3d centre = 0.5 * (a + b);
  const double size = std::max((a - b).cwiseAbs().maxCoeff(), 1e-3);
  auto& cam = app.state.camera;
  cam.target = centre;
  // Far enough for the model and the room it moves in (about twice its size) to fit the vertical field.
  cam.distance = std::clamp(1.6 * size / std::tan(0.5 * cam.fov_y), 0.3, 60.0);
  const bool planar = app.run->run().instance().view.planar;
  cam.yaw = -1.5707963267948966;  // looking along +y of the viewer: at the plane of a planar model
  cam.pitch = planar ? 0.12 : 0.5;
  // A model with a steady motion (the rolling disk, the sleigh) rolls away at metres per second: framed
  // and left, it is off screen within a second. The camera follows it; a mechanism in place stays framed.
  const examples::ModelEntry* entry = examples::find_model(app.state.model);
  app.state.follow = entry && entry->steady_motion.has_value();
}

void widen_default_camera(App& app, float frame_height) {
  const OrbitCamera defaults;
  auto& cam = app.state.camera;
  // A camera the user moved, or a link or setState gave (even at the default values: a link restores
  // exactly what it says), is theirs. The target is the run's while the camera follows it.
  if (!app.run || app.camera_given || (!app.state.follow && cam.target != defaults.target) || cam.yaw != defaults.yaw ||
      cam.pitch != defaults.pitch || cam.distance != defaults.distance || cam.fov_y != defaults.fov_y)
    return;
  const float span = app.view_right - app.view_left;
  if (!(span > 0 && frame_height > 0)) return;
  // Once per layout and run, not every frame: the scene is posed and measured below.
  const std::array<double, 3> layout{span, frame_height, static_cast<double>(app.run->id())};
  if (layout == app.camera_checked_for) return;
  app.camera_checked_for = layout;
  // The model's extent across the view (along the camera's right vector; exact per shape, `support`), and
  // the distance at which it takes 90 % of the free span: the vertical field of view spans the frame height.
  const Eigen::Vector3d f = (cam.target - cam.eye()).normalized();
  const Eigen::Vector3d right = f.cross(Eigen::Vector3d(0, 0, -1)).normalized();
  const Eigen::Vector3d across = app.display.rotation.transpose() * right;  // in the model's world frame
  double reach = -INFINITY, back = -INFINITY;
  for (const auto& g : app.run->run().scene()) {
    reach = std::max(reach, examples::support(g, across));
    back = std::max(back, examples::support(g, -across));
  }
  const double extent = reach + back;
  const double needed = extent * frame_height / (2 * std::tan(0.5 * cam.fov_y) * 0.9 * span);
  // Only where the default clearly cuts the model (a presentation's or a phone's narrow view): a desktop
  // keeps the default, and with it the links made there.
  if (std::isfinite(needed) && needed > 1.05 * cam.distance) cam.distance = std::min(needed, 60.0);
}

void advance_run(App& app, double real_dt) {
  sync_run(app);
  if (!app.playing || !app.run) {
    app.perf.sim_ratio = 0;
    return;
  }
  const double h = app.run->time_step();
  app.sim_debt += std::min(real_dt, 0.1) * app.state.sim.time_scale;
  const int steps = static_cast<int>(app.sim_debt / h);
  const auto start = std::chrono::steady_clock::now();
  const double t0 = app.run->time();
  int done = 0;
  try {
    for (; done < steps && !app.run->run().ended(); ++done) {
      app.run->step(1);
      if ((done & 7) == 7 && std::chrono::steady_clock::now() - start > std::chrono::milliseconds(8)) {
        app.sim_debt = 0;  // cannot keep up: run slower than asked rather than freeze the page
        break;
      }
    }
  } catch (const std::exception& e) {
    app.run_event = e.what();
    app.playing = false;
  }
  app.sim_debt = std::max(0.0, app.sim_debt - done * h);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (done > 0) app.perf.step_ms = 0.9 * app.perf.step_ms + 0.1 * ms / done;
  const double ratio = real_dt > 0 ? (app.run->time() - t0) / real_dt : 0;
  app.perf.sim_ratio = 0.9 * app.perf.sim_ratio + 0.1 * ratio;
  if (app.run->run().ended() && app.run_event.empty()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "At t = %.2f s ", app.run->time());
    app.run_event = buf + app.run->run().end_reason() + ". Press R (Reset) to start again.";
    app.playing = false;
  }
}

void model_panel(App& app) {
  if (!begin_panel(app, "Parameters")) return;
  const auto* entry = examples::find_model(app.state.model);
  if (!entry) {
    ImGui::TextUnformatted("Unknown model.");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(entry->title.c_str());
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text_disabled("%s", entry->description.c_str());
  // Said here rather than shown as an empty eigenvalue plot.
  if (!entry->steady_motion) wrapped_text_disabled("No equilibrium or steady motion declared: no eigenvalue plot.");
  ImGui::PopTextWrapPos();
  if (!entry->variants.empty()) {
    if (ImGui::BeginCombo("formulation", app.state.variant.c_str())) {
      for (const auto& v : entry->variants)
        if (ImGui::Selectable(v.c_str(), v == app.state.variant)) app.state.variant = v;
      ImGui::EndCombo();
    }
    record_rect(app, "variant");
  }
  if (ImGui::Button("Paper's methods")) {
    try {
      const auto d = examples::make_model(app.state.model, examples::ModelSetup(app.state.variant)).defaults;
      app.state.sim.integrator = to_string(d.integrator);
      app.state.sim.solver = to_string(d.acceleration);
      app.state.sim.stabilization = d.stabilizer;
      app.state.sim.time_step = d.step;
    } catch (const std::exception& e) {
      app.run_event = e.what();
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Integrator, solver, stabilization and step as in the paper");
  if (app.run) {
    const auto& m = app.run->run().model();
    ImGui::Separator();
    ImGui::TextWrapped("%d coordinates, %d holonomic + %d nonholonomic constraints", m.nq(), m.nch(), m.ncnh());
  }
  ImGui::End();
}

namespace {

void model_plots(App& app) {
  UiState& s = app.state;
  const auto& h = app.run->history();
  const auto& defs = app.run->run().instance().probes;
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  const auto heights = plot_heights({0.5f, 0.5f}, 1, 1);
  // The probes share one plot when they share a unit (else the first unit's probes); the energy otherwise.
  std::vector<std::string> names;
  std::vector<std::size_t> shown;
  const std::string unit = defs.empty() ? "J" : defs.front().unit;
  for (std::size_t k = 0; k < defs.size() && shown.size() < 4; ++k)
    if (defs[k].unit == unit) names.push_back(defs[k].name), shown.push_back(k);
  if (defs.empty()) names.push_back("energy");
  const std::function<double(std::size_t, const RunSample&)> probe = [&](std::size_t k, const RunSample& m) {
    if (shown.empty()) return m.energy;
    return shown[k] < m.probes.size() ? m.probes[shown[k]] : 0.0;
  };
  const std::string title = defs.empty() ? "energy" : "probes";
  draw_time_plot({"probes", title.c_str(), unit.c_str(), false, 0.0, 1e-3},
                 collect_plot(h, names, probe, s.plot_window, columns, false), &s.probes_axis, heights[0]);
  const std::function<double(std::size_t, const RunSample&)> violations = [](std::size_t k, const RunSample& m) {
    return k == 0 ? m.C : k == 1 ? m.Cdot : m.D;
  };
  draw_time_plot({"violations", "constraint violations, log scale", "", true, 0, 0},
                 collect_plot(h, {"|C|", "|dC/dt|", "|D|"}, violations, s.plot_window, columns, true), nullptr, heights[1]);
  ImGui::PushTextWrapPos(0.0f);  // a presentation's narrow panel: the step time on a second line, not clipped
  wrapped_textf("simulated/real time: %.2f   step: %.3f ms", app.perf.sim_ratio, app.perf.step_ms);
  ImGui::PopTextWrapPos();
  if (ImGui::Button("CSV")) {
    std::vector<std::string> columns_names = {"position_violation", "velocity_violation", "nonholonomic_violation", "energy"};
    for (const auto& d : defs) columns_names.push_back(d.name);
    const std::function<double(std::size_t, const RunSample&)> column = [](std::size_t k, const RunSample& m) {
      if (k < 4) return k == 0 ? m.C : k == 1 ? m.Cdot : k == 2 ? m.D : m.energy;
      return k - 4 < m.probes.size() ? m.probes[k - 4] : 0.0;
    };
    download("carvallo-" + s.model + ".csv", "text/csv", history_csv(h, columns_names, column));
  }
  record_rect(app, "sim-csv");
  same_line_if_fits(labelled_width(ImGui::GetFontSize() * 7, "time window (s)"));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const double win_lo = 0.5, win_hi = 600;
  ImGui::SliderScalar("time window (s)", ImGuiDataType_Double, &s.plot_window, &win_lo, &win_hi, "%.3g", ImGuiSliderFlags_Logarithmic);
}

}  // namespace

void run_buttons(App& app) {
  sync_run(app);
  if (ImGui::Button(app.playing ? "Pause" : "Play")) app.playing = !app.playing && app.run && !app.run->run().ended();
  record_rect(app, "play");
  ImGui::SameLine();
  if (ImGui::Button("Step")) step_run(app);
  ImGui::SameLine();
  if (ImGui::Button("Reset")) {
    sync_run(app, true);
    app.playing = false;
  }
  if (app.run && app.run->run().instance().push) {
    const auto& push = *app.run->run().instance().push;
    ImGui::SameLine();
    const std::string label = push.label.empty() ? "Push" : std::string(1, static_cast<char>(std::toupper(push.label[0]))) + push.label.substr(1);
    if (ImGui::Button(label.c_str())) push_run(app);
    record_rect(app, "kick");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %.2f %s (K)", push.description.c_str(), app.state.sim.kick, push.unit.c_str());
  }
  if (app.run) {
    char t[32];
    std::snprintf(t, sizeof t, "t = %.3f s", app.run->time());
    same_line_if_fits(text_width(t));
    ImGui::TextUnformatted(t);
  }
}

void model_simulation_panel(App& app) {
  if (!begin_panel(app, "Simulation")) return;
  sync_run(app);
  UiState& s = app.state;
  if (!s.presentation && ImGui::TreeNode("What am I looking at?")) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_text(
        "The mechanism moves under gravity and its springs, integrated in redundant coordinates with the "
        "chosen acceleration solver, integrator and stabilization. The lower plot shows how far the "
        "coordinates drift from the constraints (log scale): without stabilization the drift grows; "
        "Baumgarte, direct correction or RGCPA keep it near round-off.");
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  run_buttons(app);
  if (!app.run_event.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_textf(ImVec4(0.75f, 0.1f, 0.0f, 1), "%s", app.run_event.c_str());
    ImGui::PopTextWrapPos();
  }
  const float fw = ImGui::GetFontSize();
  ImGui::PushItemWidth(fw * 11);  // "udwadia-kalaba" fits
  const double ts_lo = 0.05, ts_hi = 10.0;
  ImGui::SliderScalar("time x", ImGuiDataType_Double, &s.sim.time_scale, &ts_lo, &ts_hi, "%.2f", ImGuiSliderFlags_Logarithmic);
  auto combo = [&](const char* label, std::string& value, const std::vector<std::string>& names) {
    if (ImGui::BeginCombo(label, value.c_str())) {
      for (const auto& n : names)
        if (ImGui::Selectable(n.c_str(), value == n)) value = n;
      ImGui::EndCombo();
    }
  };
  combo("integrator", s.sim.integrator, integrator_names());
  combo("acceleration solver", s.sim.solver, acceleration_method_names());
  combo("stabilization", s.sim.stabilization, stabilization_method_names());
  const double dt_lo = 1e-4, dt_hi = 0.05;
  ImGui::SliderScalar("time step (s)", ImGuiDataType_Double, &s.sim.time_step, &dt_lo, &dt_hi, "%.4f", ImGuiSliderFlags_Logarithmic);
  ImGui::PopItemWidth();
  if (app.run) model_plots(app);
  ImGui::End();
}

}  // namespace carvallo::web
