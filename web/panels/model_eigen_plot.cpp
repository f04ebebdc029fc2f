// The eigenvalue panel of any registered model that declares a steady motion (the bicycle has its own,
// eigen_plot.cpp, with mode labels and the closed-form canonical model): Re s (and optionally Im s) of
// the linearization about the steady motion against the swept quantity, the stable ranges shaded, the
// stability boundaries marked and printed, the current value marked. Computed a few grid points per
// frame (logic/model_eigen.hpp): the page stays responsive while the sweep fills in.
#include "app.hpp"
#include "panels/plot_axes.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include "logic/language.hpp"
#include "logic/number_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace carvallo::web {
namespace {

// Frame time the sweep may take per frame (ms): the UI stays at 60 fps on a phone.
constexpr double kSweepBudgetMs = 6.0;

// A swept setting's name as shown: "spin_rate" -> "spin rate", in the page's language (the registry's
// words are the string table's, tests/web/language_test.cpp).
std::string shown_name(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return tr(name);
}

ImU32 branch_color(std::size_t i) {
  static const ImU32 palette[] = {IM_COL32(31, 100, 190, 255), IM_COL32(214, 39, 40, 255), IM_COL32(34, 150, 50, 255),
                                  IM_COL32(148, 80, 180, 255), IM_COL32(230, 130, 20, 255), IM_COL32(20, 150, 160, 255)};
  return palette[i % (sizeof palette / sizeof palette[0])];
}

}  // namespace

double current_sweep_value(const App& app) {
  const ModelEigenSweep& me = app.model_eigen;
  if (!me.entry()) return std::nan("");
  const examples::ModelSetup setup = model_setup(app.state);
  if (auto it = setup.settings.find(me.parameter()); it != setup.settings.end()) return it->second;
  const examples::Quantity* q = examples::find_quantity(*me.entry(), me.parameter());
  return q ? q->value : std::nan("");
}

void update_model_eigen(App& app) {
  const ScopedWork timed(app.work, "model-eigen");
  app.model_eigen.request(app.state.model, model_setup(app.state));
  if (!app.model_eigen.done()) app.model_eigen.advance(app.work.budget_ms(kSweepBudgetMs));
}

void draw_model_eigen_panel(App& app) {
  update_model_eigen(app);
  if (!begin_panel(app, "Eigenvalues")) return;
  UiState& s = app.state;
  const ModelEigenSweep& me = app.model_eigen;
  ImGui::PushTextWrapPos(0.0f);
  if (!me.has_steady_motion()) {
    wrapped_text(tr("This model declares no equilibrium or steady motion, so there are no eigenvalues to plot."));
    record_rect(app, "model-eigen-none");
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  const examples::SteadyMotion& steady = *me.entry()->steady_motion;
  const examples::Quantity* q = examples::find_quantity(*me.entry(), me.parameter());
  const std::string unit = q ? q->unit : "";
  const std::string name = shown_name(me.parameter());
  if (!s.presentation && !app.picture) {
    const std::string what = trf("Each curve is one eigenvalue of the linearized motion about the %s, against %s. A positive real "
                                 "part means a small disturbance grows (unstable); negative, it dies out; zero, it oscillates "
                                 "without growing. Shaded: no real part above zero. Click or drag in the plot to choose the value.",
                                 tr(steady.description).c_str(), name.c_str());
    const char* linear = tr("The eigenvalues speak for infinitesimal disturbances only: a finite one may grow until "
                            "nonlinear terms bound it, or die out although the linearization says it grows slowly.");
    const std::string nonlinear = steady.nonlinear_note.empty() ? "" : tr(steady.nonlinear_note);
    app.notes["model-eigen"] = what + "\n" + linear + (nonlinear.empty() ? "" : "\n" + nonlinear);
    const bool open = ImGui::TreeNodeEx(fitted_tree_node(tr("What am I looking at?###model-eigen-note")).c_str(), ImGuiTreeNodeFlags_FramePadding);
    record_rect(app, "note:model-eigen");
    if (open) {
      ImGui::TextUnformatted(what.c_str());
      ImGui::TextUnformatted(linear);
      if (!nonlinear.empty()) ImGui::TextUnformatted(nonlinear.c_str());
      ImGui::TreePop();
    }
  }
  if (!me.error().empty()) {
    ImGui::TextColored(ImVec4(0.7f, 0, 0, 1), "%s", trf("The sweep failed: %s", tr(me.error()).c_str()).c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  if (!me.done()) {
    ImGui::TextUnformatted(trf("Computing the eigenvalues: %zu of %zu values", me.evaluated(), me.grid().size()).c_str());
    ImGui::ProgressBar(static_cast<float>(me.evaluated()) / static_cast<float>(std::max<std::size_t>(me.grid().size(), 1)));
    record_rect(app, "model-eigen-progress");
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  const examples::SteadySweep& sw = *me.result();
  if (!app.picture) {
    ImGui::Checkbox("Im s", &s.show_imaginary);
    record_rect(app, "model-eigen-im-s");
  }
  // The boundaries, where a real part crosses zero.
  std::string boundaries;
  char buf[96];
  for (const auto& b : sw.sweep.boundaries) {
    const double shown = std::abs(b.parameter) < 5e-7 ? 0.0 : b.parameter;  // no "-0.000000" for a root at 0
    std::snprintf(buf, sizeof buf, "%s%s = %.6f %s (%s)", boundaries.empty() ? "" : "; ", name.c_str(), shown,
                  unit.c_str(), b.destabilizing ? tr("becomes unstable") : tr("becomes stable"));
    boundaries += buf;
  }
  if (boundaries.empty()) ImGui::TextDisabled("%s", trf("No real part crosses zero in %.4g to %.4g %s.", me.lo(), me.hi(), unit.c_str()).c_str());
  else ImGui::TextColored(ImVec4(0.1f, 0.45f, 0.15f, 1), "%s", trf("Stability boundary: %s", boundaries.c_str()).c_str());
  record_rect(app, "model-eigen-boundaries");
  ImGui::PopTextWrapPos();

  const float fw = ImGui::GetFontSize(), line_h = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plot_h = std::max(fw * 10.0f, avail.y - 2.4f * line_h);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float plot_w = std::max(avail.x, 1.0f);  // never wider than the panel (large text leaves a narrow one)
  ImGui::InvisibleButton("model-eigen-plot", ImVec2(plot_w, plot_h));
  record_rect(app, "model-eigen-plot");
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0(origin.x + fw * 3.2f, origin.y + fw * 1.3f), p1(std::max(origin.x + plot_w - fw * 0.5f, p0.x + 1), origin.y + plot_h - fw * 2.6f);
  dl->AddRectFilled(p0, p1, IM_COL32(255, 255, 255, 255));
  double ylo = -1, yhi = 1;
  for (const auto& row : sw.eigenvalues)
    for (const auto& e : row) {
      ylo = std::min(ylo, e.real()), yhi = std::max(yhi, e.real());
      if (s.show_imaginary) ylo = std::min(ylo, e.imag()), yhi = std::max(yhi, e.imag());
    }
  ylo = std::max(ylo, -50.0), yhi = std::min(yhi, 50.0);
  const double pad = 0.05 * (yhi - ylo);
  const Axis x{me.lo(), me.hi(), p0.x, p1.x}, y{ylo - pad, yhi + pad, p1.y, p0.y};
  for (const auto& r : sw.sweep.stable_ranges)
    dl->AddRectFilled(ImVec2(x(r.lower), p0.y), ImVec2(x(r.upper), p1.y), IM_COL32(120, 200, 120, 60));
  const std::string xlabel = name + (unit.empty() ? "" : " (" + unit + ")");
  axes_and_grid(dl, x, y, p0, p1, xlabel.c_str(), s.show_imaginary ? "Re s, Im s (1/s)" : "Re s (1/s)");
  dl->PushClipRect(p0, p1, true);
  const float thick = std::max(1.5f, fw * 0.16f);
  for (const auto& b : sw.sweep.boundaries)
    dashed_line(dl, ImVec2(x(b.parameter), p0.y), ImVec2(x(b.parameter), p1.y), IM_COL32(40, 120, 40, 255), 1.0f, fw * 0.3f);
  for (std::size_t i = 0; i < sw.sweep.branches.size(); ++i) {
    const auto& v = sw.sweep.branches[i].values;
    for (std::size_t k = 0; k + 1 < v.size(); ++k) {
      dl->AddLine(ImVec2(x(sw.values[k]), y(v[k].real())), ImVec2(x(sw.values[k + 1]), y(v[k + 1].real())), branch_color(i), thick);
      if (s.show_imaginary && (k / 3) % 2 == 0 && (v[k].imag() != 0 || v[k + 1].imag() != 0))
        dl->AddLine(ImVec2(x(sw.values[k]), y(v[k].imag())), ImVec2(x(sw.values[k + 1]), y(v[k + 1].imag())), branch_color(i), thick * 0.6f);
    }
  }
  const double current = current_sweep_value(app);
  const auto now = me.at(current);
  if (current >= me.lo() && current <= me.hi()) {
    const float X = x(current);
    dl->AddLine(ImVec2(X, p0.y), ImVec2(X, p1.y), IM_COL32(30, 30, 30, 200), 1.5f);
    for (const auto& e : now) {
      dl->AddCircleFilled(ImVec2(X, y(e.real())), fw * 0.35f, IM_COL32(250, 250, 250, 255));
      dl->AddCircle(ImVec2(X, y(e.real())), fw * 0.35f, IM_COL32(0, 0, 0, 255));
    }
  }
  dl->PopClipRect();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if ((hovered || active) && mouse.x >= p0.x && mouse.x <= p1.x) {
    const double v = std::clamp(x.inverse(mouse.x), me.lo(), me.hi());
    // Dragging chooses the swept setting's value (in the state and the link), within the registry's range.
    if (active && s.settings.count(me.parameter())) set_setting(s, me.parameter(), v);
    dl->AddLine(ImVec2(mouse.x, p0.y), ImVec2(mouse.x, p1.y), IM_COL32(0, 0, 0, 90));
    if (hovered) {
      begin_tooltip();
      ImGui::Text("%s = %.3f %s", name.c_str(), v, unit.c_str());
      for (const auto& e : me.at(v)) ImGui::TextUnformatted(complex_text(e).c_str());
      ImGui::EndTooltip();
    }
  }
  std::string text;
  for (const auto& e : now) text += (text.empty() ? "" : ",  ") + complex_text(e);
  ImGui::PushTextWrapPos(0.0f);
  if (std::isfinite(current)) wrapped_textf("%s", trf("At %s = %.3f %s: %s", name.c_str(), current, unit.c_str(), text.c_str()).c_str());
  ImGui::PopTextWrapPos();
  record_rect(app, "model-eigen-current");
  ImGui::End();
}

}  // namespace carvallo::web
