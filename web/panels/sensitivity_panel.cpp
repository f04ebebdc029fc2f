// The sensitivity bar chart "What moves my stable range" (eigenvalue panel, view "sensitivity"): per
// parameter, how the weave speed (lower end of the self-stable range) and the capsize speed (upper end)
// move, from the exact derivatives (logic/sensitivity_chart.hpp), sorted by magnitude. Computed once per
// bicycle, range and scaling, so dragging a parameter updates it live without recomputing every frame.
#include "app.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"
#include "logic/language.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace carvallo::web {
namespace {

struct SensitivityCache {
  bicycle::Parameters bike{};
  double vmax = -1;
  SensitivityScale scale = SensitivityScale::relative;
  std::optional<SensitivityChart> chart;
  int computations = 0;
};

SensitivityCache& cache() {
  static SensitivityCache c;
  return c;
}

// The speeds are searched as far as the eigenvalue panel's (bike_analysis.hpp: max(vmax, 50) m/s).
double search_max(const App& app) { return std::max(app.state.sweep_max, 50.0); }

SensitivityScale scale_of(const UiState& s) { return s.sensitivity_scale == "si" ? SensitivityScale::si : SensitivityScale::relative; }

const ImU32 kWeave = IM_COL32(31, 100, 190, 255), kCapsize = IM_COL32(214, 39, 40, 255);

std::string number_text(double v) {
  if (!std::isfinite(v)) return "-";
  if (v == 0) return "0";  // exactly: the parameter does not enter that speed
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.3g", v);
  return buf;
}

}  // namespace

const SensitivityChart* current_sensitivity_chart(App& app) {
  refresh_analysis(app);
  if (!app.model) return nullptr;
  SensitivityCache& c = cache();
  const double vmax = search_max(app);
  const SensitivityScale scale = scale_of(app.state);
  if (!c.chart || std::memcmp(&c.bike, &app.state.bike, sizeof c.bike) != 0 || c.vmax != vmax || c.scale != scale) {
    c.bike = app.state.bike;
    c.vmax = vmax;
    c.scale = scale;
    const ScopedWork timed(app.work, "sensitivity");
    c.chart = sensitivity_chart(app.state.bike, *app.model, vmax, scale);
    ++c.computations;
  }
  return &*c.chart;
}

int sensitivity_computations() { return cache().computations; }

void sensitivity_chart_view(App& app) {
  const SensitivityChart* chart = current_sensitivity_chart(app);
  const float fw = ImGui::GetFontSize();
  ImGui::PushTextWrapPos(0.0f);
  if (!chart) {
    wrapped_textf(ImVec4(0.7f, 0, 0, 1), "%s", tr("No sensitivities: the bicycle cannot be analysed."));
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextUnformatted(tr("What moves my stable range"));
  record_rect(app, "sensitivity-title");
  UiState& s = app.state;
  for (const auto& [english, word] : {std::pair{translatable("relative (%/%)"), "relative"}, std::pair{translatable("per SI unit"), "si"}}) {
    const char* label = tr(english);
    same_line_if_fits(button_width(label));  // a label wider than the panel in lines (plot_axes.hpp)
    const bool on = s.sensitivity_scale == word;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(fitted_button(label).c_str())) s.sensitivity_scale = word;
    if (on) ImGui::PopStyleColor();
    record_rect(app, std::string("sensitivity-scale-") + word);
  }
  const bool relative = chart->scale == SensitivityScale::relative;
  if (!s.presentation && ImGui::TreeNodeEx(fitted_tree_node(tr("What do the bars mean?###bars-note")).c_str(), ImGuiTreeNodeFlags_FramePadding)) {
    ImGui::TextUnformatted(relative ? tr("Per cent change of the speed per per cent change of the parameter, (dv/v)/(dp/p).")
                                    : tr("Change of the speed in m/s per unit of the parameter (its SI unit in brackets), dv/dp."));
    ImGui::TextUnformatted(tr(
        "The bicycle balances itself between the weave speed (blue) and the capsize speed (red): the range widens "
        "when a parameter's blue bar is negative or its red bar positive. Exact derivatives, sorted by size."));
    ImGui::TreePop();
  }
  ImGui::PopTextWrapPos();
  // The key's three parts on one row while they fit.
  const char* unit = relative ? "(%/%)" : tr("(m/s per unit)");
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kWeave), "%s", tr("weave speed"));
  same_line_if_fits(text_width(tr("capsize speed")), fw * 0.5f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kCapsize), "%s", tr("capsize speed"));
  same_line_if_fits(text_width(unit), fw * 0.5f);
  ImGui::TextDisabled("%s", unit);
  if (!chart->note.empty()) ImGui::TextDisabled("%s", chart->note.c_str());

  // One line per parameter: name (unit), the two bars about a zero line, the two values.
  ImGui::BeginChild("sensitivity-rows", ImVec2(0, 0), false);
  record_window_rect(app, "sensitivity-chart");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x, line = ImGui::GetTextLineHeightWithSpacing();
  std::vector<std::string> labels, weave, capsize;
  float label_w = 0, value_w = 0;
  for (const auto& r : chart->rows) {
    labels.push_back(r.name + " (" + r.unit + ")");
    weave.push_back(number_text(r.weave));
    capsize.push_back(number_text(r.capsize));
    label_w = std::max(label_w, text_width(labels.back().c_str()));
    value_w = std::max({value_w, text_width(weave.back().c_str()), text_width(capsize.back().c_str())});
  }
  const float gap = fw * 0.5f;
  const float bars_x0 = label_w + gap, bars_x1 = std::max(bars_x0 + fw * 3, width - 2 * value_w - 2 * gap);
  const double largest = chart->largest > 0 ? chart->largest : 1.0;
  for (std::size_t i = 0; i < chart->rows.size(); ++i) {
    const auto& r = chart->rows[i];
    const ImVec2 o = ImGui::GetCursorScreenPos();
    if (i % 2 == 0) dl->AddRectFilled(ImVec2(o.x, o.y), ImVec2(o.x + width, o.y + line), IM_COL32(0, 0, 0, 12));
    const float ty = o.y + (line - fw) * 0.5f;
    dl->AddText(ImVec2(o.x, ty), IM_COL32(30, 30, 40, 255), labels[i].c_str());
    const float mid = o.x + (bars_x0 + bars_x1) * 0.5f, half = (bars_x1 - bars_x0) * 0.5f;
    const float bar_h = line * 0.34f, top = o.y + line * 0.14f;
    dl->AddLine(ImVec2(mid, o.y), ImVec2(mid, o.y + line), IM_COL32(120, 120, 130, 255));
    for (int k = 0; k < 2; ++k) {
      const double v = k == 0 ? r.weave : r.capsize;
      if (!std::isfinite(v)) continue;
      const float len = static_cast<float>(v / largest) * half, y = top + static_cast<float>(k) * bar_h;
      dl->AddRectFilled(ImVec2(std::min(mid, mid + len), y), ImVec2(std::max(mid, mid + len), y + bar_h - 1), k == 0 ? kWeave : kCapsize);
    }
    const float wx = o.x + width - 2 * value_w - gap, cx = o.x + width - value_w;
    dl->AddText(ImVec2(wx + value_w - text_width(weave[i].c_str()), ty), kWeave, weave[i].c_str());
    dl->AddText(ImVec2(cx + value_w - text_width(capsize[i].c_str()), ty), kCapsize, capsize[i].c_str());
    ImGui::Dummy(ImVec2(width, line));
    record_rect(app, "sensitivity-row:" + r.name);
    if (ImGui::IsItemHovered())
      tooltipf("%s", trf("%s = %g %s\nd(weave speed)/d%s = %s m/s per %s\nd(capsize speed)/d%s = %s m/s per %s", r.name.c_str(), r.value,
                                  r.unit.c_str(), r.name.c_str(), number_text(r.weave_si).c_str(), r.unit.c_str(), r.name.c_str(),
                                  number_text(r.capsize_si).c_str(), r.unit.c_str()).c_str());
  }
  ImGui::EndChild();
}

}  // namespace carvallo::web
