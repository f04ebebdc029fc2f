// The models menu's other half: a registered mechanism (examples/registry.hpp) with its own planar view,
// the same simulation controls as the bicycle, and time plots of its probes and of the constraint
// violations on a log scale.
#include "app.hpp"
#include "time_plot.hpp"
#include "browser.hpp"
#include "row_layout.hpp"

#include "carvallo/errors.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

namespace carvallo::web {

bool is_bicycle(const App& app) { return app.state.model == "bicycle"; }

namespace {

std::string mechanism_signature(const UiState& s) {
  return s.model + "|" + s.variant + "|" + s.sim.integrator + "|" + s.sim.solver + "|" + s.sim.stabilization + "|" +
         format_number(s.sim.time_step);
}

void fit_view(App& app) {
  const auto d = app.mech->initial_drawing();
  double x0 = 1e30, y0 = 1e30, x1 = -1e30, y1 = -1e30;
  auto add = [&](const Eigen::Vector3d& p, double r = 0) {
    x0 = std::min(x0, p.x() - r), x1 = std::max(x1, p.x() + r);
    y0 = std::min(y0, p.y() - r), y1 = std::max(y1, p.y() + r);
  };
  for (const auto& s : d.segments) add(s.a), add(s.b);
  for (const auto& p : d.points) add(p.p);
  for (const auto& s : d.springs) add(s.a), add(s.b);
  for (const auto& c : d.circles) add(c.center, c.radius);
  if (!(x0 < x1) && !(y0 < y1)) x0 = y0 = -1, x1 = y1 = 1;
  // Mechanisms move: leave room around the initial configuration.
  const double span = std::max({x1 - x0, y1 - y0, 1e-3});
  const double cx = 0.5 * (x0 + x1), cy = 0.5 * (y0 + y1), half = 0.5 * span * 1.6;
  app.mech_fit[0] = static_cast<float>(cx - half);
  app.mech_fit[1] = static_cast<float>(cy - half);
  app.mech_fit[2] = static_cast<float>(cx + half);
  app.mech_fit[3] = static_cast<float>(cy + half);
}

ImU32 body_color(int body) {
  static const ImU32 palette[] = {IM_COL32(31, 100, 190, 255), IM_COL32(214, 90, 30, 255), IM_COL32(34, 150, 50, 255),
                                  IM_COL32(150, 60, 170, 255), IM_COL32(180, 140, 20, 255), IM_COL32(20, 150, 160, 255)};
  if (body < 0) return IM_COL32(90, 90, 95, 255);
  return palette[body % 6];
}

}  // namespace

void select_model(App& app, const std::string& name) {
  if (name == app.state.model) return;
  app.playing = false;
  app.layout_dirty = true;
  if (auto why = select_model(app.state, name); !why.empty()) app.mech_event = why;
}

void sync_mechanism(App& app, bool force) {
  if (is_bicycle(app)) {
    app.mech.reset();
    app.mech_signature.clear();
    return;
  }
  const std::string sig = mechanism_signature(app.state);
  if (!force && sig == app.mech_signature) return;
  app.mech_signature = sig;
  app.mech_event.clear();
  app.sim_debt = 0;
  app.mech.reset();
  MechanismSettings settings;
  settings.integrator = app.state.sim.integrator;
  settings.solver = app.state.sim.solver;
  settings.stabilization = app.state.sim.stabilization;
  settings.time_step = app.state.sim.time_step;
  try {
    app.mech = std::make_unique<MechanismRun>(app.state.model, app.state.variant, settings);
    fit_view(app);
  } catch (const std::exception& e) {
    app.mech_event = e.what();
    app.playing = false;
  }
}

void advance_mechanism(App& app, double real_dt) {
  sync_mechanism(app);
  if (!app.playing || !app.mech) {
    app.perf.sim_ratio = 0;
    return;
  }
  const double h = app.mech->settings().time_step;
  app.sim_debt += std::min(real_dt, 0.1) * app.state.sim.time_scale;
  const int steps = static_cast<int>(app.sim_debt / h);
  const auto start = std::chrono::steady_clock::now();
  const double t0 = app.mech->simulation().state().t;
  int done = 0;
  try {
    for (; done < steps; ++done) {
      app.mech->step(1);
      if ((done & 15) == 15 && std::chrono::steady_clock::now() - start > std::chrono::milliseconds(8)) {
        app.sim_debt = 0;  // cannot keep up: slower than asked rather than a frozen page
        break;
      }
    }
  } catch (const std::exception& e) {
    app.mech_event = e.what();
    app.playing = false;
  }
  app.sim_debt = std::max(0.0, app.sim_debt - done * h);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (done > 0) app.perf.step_ms = 0.9 * app.perf.step_ms + 0.1 * ms / done;
  const double ratio = real_dt > 0 ? (app.mech->simulation().state().t - t0) / real_dt : 0;
  app.perf.sim_ratio = 0.9 * app.perf.sim_ratio + 0.1 * ratio;
}

void draw_mechanism(App& app) {
  if (!app.mech) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const float top = app.view_top;
  const float left = app.view_left, right = app.view_right > app.view_left ? app.view_right : io.DisplaySize.x;
  dl->AddRectFilled(ImVec2(0, top), io.DisplaySize, IM_COL32(246, 247, 250, 255));
  // Uniform scale fitting the world box into the free area; y up.
  const float W = right - left, H = io.DisplaySize.y - top;
  const float bw = app.mech_fit[2] - app.mech_fit[0], bh = app.mech_fit[3] - app.mech_fit[1];
  const float scale = std::min(W / bw, H / bh) * 0.95f;
  const float cx = 0.5f * (left + right), cy = top + 0.5f * H;
  const float wx = 0.5f * (app.mech_fit[0] + app.mech_fit[2]), wy = 0.5f * (app.mech_fit[1] + app.mech_fit[3]);
  auto P = [&](const Eigen::Vector3d& p) {
    return ImVec2(cx + static_cast<float>(p.x() - wx) * scale, cy - static_cast<float>(p.y() - wy) * scale);
  };
  // A light grid every power of ten that gives 5-20 lines.
  const double step = std::pow(10.0, std::floor(std::log10(std::max(bw, bh) / 4.0)));
  for (double x = std::floor(app.mech_fit[0] / step) * step; x <= app.mech_fit[2]; x += step)
    dl->AddLine(P({x, app.mech_fit[1], 0}), P({x, app.mech_fit[3], 0}), IM_COL32(228, 231, 238, 255));
  for (double y = std::floor(app.mech_fit[1] / step) * step; y <= app.mech_fit[3]; y += step)
    dl->AddLine(P({app.mech_fit[0], y, 0}), P({app.mech_fit[2], y, 0}), IM_COL32(228, 231, 238, 255));
  const auto d = app.mech->drawing();
  const float px = static_cast<float>(app.pixel_ratio);
  for (const auto& c : d.circles) {
    const float r = static_cast<float>(c.radius) * scale;
    dl->AddCircleFilled(P(c.center), r, (body_color(c.body) & 0x00FFFFFF) | 0x30000000, 48);
    dl->AddCircle(P(c.center), r, body_color(c.body), 48, 2.0f * px);
  }
  for (const auto& s : d.springs) {
    const ImVec2 a = P(s.a), b = P(s.b);
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    if (len < 1) continue;
    const ImVec2 u((b.x - a.x) / len, (b.y - a.y) / len), n(-u.y, u.x);
    ImVec2 prev = a;
    const int zig = 12;
    for (int i = 1; i <= zig; ++i) {
      const float t = static_cast<float>(i) / (zig + 1), off = (i % 2 ? 1.0f : -1.0f) * 6.0f * px;
      const ImVec2 q(a.x + u.x * len * t + n.x * off, a.y + u.y * len * t + n.y * off);
      dl->AddLine(prev, q, IM_COL32(120, 120, 125, 255), 1.5f * px);
      prev = q;
    }
    dl->AddLine(prev, b, IM_COL32(120, 120, 125, 255), 1.5f * px);
  }
  for (const auto& s : d.segments) {
    const float w = std::max(s.width > 0 ? static_cast<float>(s.width) * scale : 1.5f * px, 1.5f * px);
    dl->AddLine(P(s.a), P(s.b), body_color(s.body), w);
  }
  for (const auto& p : d.points) {
    dl->AddCircleFilled(P(p.p), 4.0f * px, IM_COL32(255, 255, 255, 255));
    dl->AddCircle(P(p.p), 4.0f * px, IM_COL32(30, 30, 30, 255), 16, 1.5f * px);
    if (!p.label.empty()) dl->AddText(ImVec2(P(p.p).x + 6 * px, P(p.p).y - ImGui::GetFontSize() - 2 * px), IM_COL32(30, 30, 30, 255), p.label.c_str());
  }
}

void mechanism_model_panel(App& app) {
  if (!begin_panel(app, "Parameters")) return;
  const auto* entry = examples::find_model(app.state.model);
  if (!entry) {
    ImGui::TextUnformatted("Unknown model.");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(entry->title.c_str());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", entry->description.c_str());
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
      const auto d = MechanismRun::defaults(app.state.model, app.state.variant);
      app.state.sim.integrator = d.integrator;
      app.state.sim.solver = d.solver;
      app.state.sim.stabilization = d.stabilization;
      app.state.sim.time_step = d.time_step;
    } catch (const std::exception& e) {
      app.mech_event = e.what();
    }
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Integrator, solver, stabilization and step as in the paper");
  if (app.mech) {
    const auto& m = app.mech->instance().model;
    ImGui::Separator();
    ImGui::Text("%d coordinates, %d holonomic + %d nonholonomic constraints", m.nq(), m.nch(), m.ncnh());
  }
  ImGui::End();
}

namespace {

void mechanism_plots(App& app) {
  UiState& s = app.state;
  const auto& h = app.mech->history();
  const auto& defs = app.mech->instance().probes;
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  const auto heights = plot_heights({0.5f, 0.5f}, 1, 1);
  // The probes share one plot when they share a unit (else the first unit's probes); the energy otherwise.
  std::vector<std::string> names;
  std::vector<std::size_t> shown;
  const std::string unit = defs.empty() ? "J" : defs.front().unit;
  for (std::size_t k = 0; k < defs.size() && shown.size() < 4; ++k)
    if (defs[k].unit == unit) names.push_back(defs[k].name), shown.push_back(k);
  if (defs.empty()) names.push_back("energy");
  const std::function<double(std::size_t, const MechanismSample&)> probe = [&](std::size_t k, const MechanismSample& m) {
    if (shown.empty()) return m.energy;
    return shown[k] < m.probes.size() ? m.probes[shown[k]] : 0.0;
  };
  const std::string title = defs.empty() ? "energy" : "probes";
  draw_time_plot({"probes", title.c_str(), unit.c_str(), false, 0.0, 1e-3},
                 collect_plot(h, names, probe, s.plot_window, columns, false), &s.probes_axis, heights[0]);
  const std::function<double(std::size_t, const MechanismSample&)> violations = [](std::size_t k, const MechanismSample& m) {
    return k == 0 ? m.C : k == 1 ? m.Cdot : m.D;
  };
  draw_time_plot({"violations", "constraint violations, log scale", "", true, 0, 0},
                 collect_plot(h, {"|C|", "|dC/dt|", "|D|"}, violations, s.plot_window, columns, true), nullptr, heights[1]);
  ImGui::Text("simulated/real time: %.2f   step: %.3f ms", app.perf.sim_ratio, app.perf.step_ms);
  if (ImGui::Button("CSV")) {
    std::vector<std::string> columns_names = {"position_violation", "velocity_violation", "nonholonomic_violation", "energy"};
    for (const auto& d : defs) columns_names.push_back(d.name);
    const std::function<double(std::size_t, const MechanismSample&)> column = [](std::size_t k, const MechanismSample& m) {
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

void mechanism_buttons(App& app) {
  sync_mechanism(app);
  if (ImGui::Button(app.playing ? "Pause" : "Play")) app.playing = !app.playing && app.mech;
  record_rect(app, "play");
  ImGui::SameLine();
  if (ImGui::Button("Step") && app.mech) {
    app.playing = false;
    try {
      app.mech->step(1);
    } catch (const std::exception& e) {
      app.mech_event = e.what();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset")) {
    sync_mechanism(app, true);
    app.playing = false;
  }
  if (app.mech) {
    char t[32];
    std::snprintf(t, sizeof t, "t = %.3f s", app.mech->simulation().state().t);
    same_line_if_fits(text_width(t));
    ImGui::TextUnformatted(t);
  }
}

void mechanism_simulation_panel(App& app) {
  if (!begin_panel(app, "Simulation")) return;
  sync_mechanism(app);
  UiState& s = app.state;
  if (!s.presentation && ImGui::TreeNode("What am I looking at?")) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(
        "The mechanism moves under gravity and its springs, integrated in redundant coordinates with the "
        "chosen acceleration solver, integrator and stabilization. The lower plot shows how far the "
        "coordinates drift from the constraints (log scale): without stabilization the drift grows; "
        "Baumgarte, direct correction or RGCPA keep it near round-off.");
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  mechanism_buttons(app);
  if (!app.mech_event.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.75f, 0.1f, 0.0f, 1), "%s", app.mech_event.c_str());
    ImGui::PopTextWrapPos();
  }
  const float fw = ImGui::GetFontSize();
  ImGui::PushItemWidth(fw * 11);  // "udwadia-kalaba" fits
  const double ts_lo = 0.05, ts_hi = 10.0;
  ImGui::SliderScalar("time x", ImGuiDataType_Double, &s.sim.time_scale, &ts_lo, &ts_hi, "%.2f", ImGuiSliderFlags_Logarithmic);
  auto combo = [&](const char* label, std::string& value, std::initializer_list<const char*> names) {
    if (ImGui::BeginCombo(label, value.c_str())) {
      for (const char* n : names)
        if (ImGui::Selectable(n, value == n)) value = n;
      ImGui::EndCombo();
    }
  };
  combo("integrator", s.sim.integrator, {"ab4", "rk4", "dopri5"});
  combo("acceleration solver", s.sim.solver, {"augmented", "udwadia-kalaba"});
  combo("stabilization", s.sim.stabilization, {"none", "baumgarte", "direct", "rgcpa", "selective"});
  const double dt_lo = 1e-4, dt_hi = 0.05;
  ImGui::SliderScalar("time step (s)", ImGuiDataType_Double, &s.sim.time_step, &dt_lo, &dt_hi, "%.4f", ImGuiSliderFlags_Logarithmic);
  ImGui::PopItemWidth();
  if (app.mech) mechanism_plots(app);
  ImGui::End();
}

}  // namespace carvallo::web
