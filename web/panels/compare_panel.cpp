// "Methods compared" in the simulation panel: the papers' comparisons and the general ones as presets, the
// compare= field, the runs' constraint violations on one log plot with a fixed axis, and a table of where
// each run is and what it has cost, with the paper's published figures beside a paper's preset.
#include "panels/panel_parts.hpp"
#include "panels/panel_actions.hpp"
#include "logic/language.hpp"
#include "panels/palette_colors.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/time_plot.hpp"
#include "panels/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>

namespace carvallo::web {

namespace {

void presets(App& app) {
  const auto study = study_shown(app.state);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  // A study is known by its English title (study_shown compares them); shown in the page's language.
  const std::string preview = study ? tr(study->title) : app.state.compare.empty() ? tr("none") : tr("(your own)");
  combo_rows(studies_for(app.state.model).size() + 1);  // and "none"
  if (ImGui::BeginCombo(tr("preset##compare"), preview.c_str())) {
    push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
    if (ImGui::Selectable(tr("none##no-study"), app.state.compare.empty())) app.state.compare.clear();
    const auto offered = studies_for(app.state.model);
    for (std::size_t k = 0; k < offered.size(); ++k) {
      ImGui::PushID(static_cast<int>(k));
      const bool chosen = ImGui::Selectable(tr(offered[k].title).c_str(), study && study->title == offered[k].title);
      ImGui::PopID();
      record_rect(app, "compare:study:" + std::to_string(k));
      if (chosen) choose_study(app, offered[k]);
    }
    ImGui::PopStyleVar();
    ImGui::EndCombo();
  }
  record_rect(app, "compare:preset");
  if (ImGui::IsItemHovered())
    tooltipf("%s", tr("Sets the shown run's methods and the runs beside it as a paper compared them (with its "
                               "published figures under the table), or a general comparison"));
  checked_text_field(app, translatable("runs beside (compare=)"), "##compare", app.state.compare, app.compare_edit,
                     tr("none,baumgarte,rgcpa  or  rk4:dt0.01"), check_method_changes);
}

}  // namespace

void choose_study(App& app, const examples::MethodStudy& study) {
  if (const auto why = apply_study(app.state, study)) {
    app.run_event = *why;
    return;
  }
  // The stage's plot is the comparison: a lesson's scene made from it showed the model's probes, and the
  // runs beside only once the stage's plot was chosen again (a lecturer).
  app.state.stage = "compare";
}

void comparison_plot(App& app, float height, bool legend) {
  const auto& runs = app.comparison.runs();
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  const std::function<double(std::size_t, const RunSample&)> position = [](std::size_t, const RunSample& m) { return m.C; };
  PlotData data = collect_plot(app.run->history(), {shown_run_title(app.state)}, position, app.state.plot_window, columns, true);
  for (const auto& run : runs) {
    if (!run.view) continue;
    // A run that stopped is named so beside its last value (its curve simply ended; a lecturer).
    const std::string name = run.error.empty() ? run.label : run.label + " (" + tr("stopped") + ")";
    PlotData d = collect_plot(run.view->history(), {name}, position, app.state.plot_window, columns, true);
    data.series.push_back(std::move(d.series.front()));
    data.samples += d.samples;
  }
  // A fixed axis from round-off to a visible fault: a run that drifts climbs it, one that holds stays low.
  PlotSpec spec{"compare-violations", tr("|C| of each run, log"), tr("m or rad"), true};
  spec.log_lo = -17;
  spec.log_hi = 0;
  spec.legend = legend;
  draw_time_plot(spec, data, nullptr, std::max(height, ImGui::GetFontSize() * 7));  // the window's text: a stage's may be smaller
}

namespace {

// `few`: on the stage, the columns a room reads from its seats, as many as the panel's width holds, by
// importance (run, |C| at most, energy drift, CPU cost, |C| now), none behind a horizontal scroll bar (all
// eleven hid the drift and the cost at 1280x720; a tester).
void cost_table(App& app, bool few) {
  const auto rows = comparison_rows(app.state, *app.run, app.comparison);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | (few ? 0 : ImGuiTableFlags_ScrollX);
  const float fh = ImGui::GetFontSize();
  // The rows, the header and the horizontal scroll bar under them (it had covered half the last row; a lecturer).
  const float height = (static_cast<float>(rows.size()) + 1.6f) * (fh + ImGui::GetStyle().CellPadding.y * 2) + fh + ImGui::GetStyle().ScrollbarSize;
  static constexpr const char* kColumns[] = {
      translatable("run"),          "t (s)",                     translatable("|C| now"),  translatable("|C| max"),
      translatable("|C'|,|D| max"), translatable("energy drift"), translatable("steps"),    translatable("evaluations"),
      translatable("rejected"),     translatable("corrections"),  translatable("CPU ms per sim. s")};
  constexpr std::size_t kCpu = 10;
  // On the stage the cost's header is short: the long one was cut.
  constexpr std::size_t kEnergy = 5;
  const bool conserved = app.run->run().energy_not_conserved().empty();
  const auto header = [few, conserved](std::size_t c) {
    // Relative to the energy at the start: said in the header, which the stage shows without table_note (a
    // lecturer read the stage's "energy drift" 9.1e-06 as joules).
    if (c == kEnergy) return conserved ? tr("energy drift (relative)") : tr("energy change (relative)");  // a damper's or a torque's
    return few && c == kCpu ? tr("CPU ms/s") : tr(kColumns[c]);
  };
  const std::string shown_name = shown_run_title(app.state);  // the first row's: the others are named by their methods
  const auto name_of = [&](std::size_t k) { return k == 0 ? shown_name.c_str() : rows[k].label.c_str(); };
  std::array<bool, std::size(kColumns)> shown{};
  // On the stage, each column's width as measured here: a table fits its columns to their text only over
  // its first frames, and a picture's table has one frame (its columns had been a character wide).
  std::array<float, std::size(kColumns)> width{};
  if (!few) shown.fill(true);
  else {
    // The widest a cell's text gets: "%.1e", "%.3g" of a CPU cost over 1000 ms, a run not run.
    const float pad = 2 * ImGui::GetStyle().CellPadding.x + 2;
    const float number = std::max(ImGui::CalcTextSize("8.8e-88").x, ImGui::CalcTextSize(tr("not run")).x);
    const float cost = std::max(number, ImGui::CalcTextSize("8.88e+88").x);
    float names = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) names = std::max(names, ImGui::CalcTextSize(name_of(k)).x);
    float used = 0;
    for (std::size_t c : {std::size_t{0}, std::size_t{3}, std::size_t{5}, kCpu, std::size_t{2}}) {
      const float w = std::max(ImGui::CalcTextSize(header(c)).x, c == 0 ? names : c == kCpu ? cost : number);
      if (c != 0 && used + w + pad > ImGui::GetContentRegionAvail().x) continue;
      shown[c] = true;
      width[c] = w;
      used += w + pad;
    }
  }
  const int count = static_cast<int>(std::count(shown.begin(), shown.end(), true));
  if (!ImGui::BeginTable("compare-cost", count, flags, ImVec2(0, few ? 0.0f : height))) return;
  if (!few) ImGui::TableSetupScrollFreeze(1, 1);
  for (std::size_t c = 0; c < shown.size(); ++c)
    if (shown[c]) ImGui::TableSetupColumn(header(c), few ? ImGuiTableColumnFlags_WidthFixed : 0, width[c]);
  ImGui::TableHeadersRow();
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const auto& r = rows[k];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(color_vec(pal().time_lines[k % 4]), "%s", name_of(k));
    if (ImGui::IsItemHovered()) tooltipf("%s", r.error.empty() ? r.methods.c_str() : tr(r.error).c_str());
    // A run that stopped keeps its numbers as it stopped, its moment in red; one that never started says
    // so. Why, in the tooltip (and in the table described): the whole message in the moment's column had
    // widened it past the panel and pushed every number out of sight (a lecturer).
    if (!r.error.empty() && !r.ran) {
      ImGui::TableNextColumn();
      ImGui::TextColored(color_vec(pal().error_text), "%s", tr("not run"));
      if (ImGui::IsItemHovered()) tooltipf("%s", tr(r.error).c_str());
      continue;
    }
    // The next column's cell, where it is shown; the first row's cells' places, for the tests.
    std::size_t column = 0;
    const auto cell = [&](const auto& draw) {
      if (!shown[++column]) return;
      ImGui::TableNextColumn();
      draw();
      if (k == 0) record_rect(app, std::string("compare:cell:") + kColumns[column]);
    };
    cell([&] {
      if (r.error.empty()) ImGui::Text("%.3f", r.t);
      else ImGui::TextColored(color_vec(pal().error_text), "%.3f %s", r.t, tr("stopped"));
      if (!r.error.empty() && ImGui::IsItemHovered()) tooltipf("%s", tr(r.error).c_str());
    });
    for (double v : {r.position_violation, r.max_position_violation, r.max_velocity_violation, r.energy_drift})
      cell([&] { ImGui::Text("%.1e", v); });
    for (long n : {r.steps, r.evaluations, r.rejected, r.corrections}) cell([&] { ImGui::Text("%ld", n); });
    cell([&] { ImGui::Text("%.3g", r.cpu_ms_per_sim_second); });
  }
  ImGui::EndTable();
  if (few && !app.picture) app.compare_table_h = ImGui::GetItemRectSize().y;  // a picture's text is not the page's
  record_rect(app, "compare:table");
}

// The notes under the table: what the runs share, and a paper's published figures ("" without a paper's study).
std::string table_note(const App& app) {
  const std::string& not_conserved = app.run ? app.run->run().energy_not_conserved() : std::string();
  if (!not_conserved.empty())
    return trf("Each run starts from the same state and gets the same inputs; hover a run for its methods. "
               "Energy change relative to the start or the last push, the same for every accurate method (%s); "
               "CPU time of the integration alone.",
               tr(not_conserved).c_str());
  return tr("Each run starts from the same state and gets the same inputs; hover a run for its methods. "
            "Energy drift relative to the start or the last push; CPU time of the integration alone.");
}
std::string published(const App& app) {
  const auto study = study_shown(app.state);
  return study && !study->published.empty() ? trf("Published: %s", tr(study->published).c_str()) : "";
}

void table_and_published(App& app, bool on_stage) {
  cost_table(app, on_stage);
  ImGui::PushTextWrapPos(0.0f);
  if (!on_stage) wrapped_text_disabled("%s", table_note(app).c_str());  // the panel's; on the stage, the table's tooltips and its description
  if (const std::string figures = published(app); !figures.empty()) wrapped_text(figures.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace

float comparison_notes_lines(const App& app, float width) {
  const std::string figures = published(app);
  return text_lines(table_note(app).c_str(), width) + (figures.empty() ? 1.0f : text_lines(figures.c_str(), width));
}

void comparison_view(App& app, float min_plot_height) {
  if (app.comparison.runs().empty()) {
    ImGui::TextUnformatted(tr("No runs to compare yet."));
    return;
  }
  // The plot takes what the table (its rows and header) and a paper's figures leave.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y + 1;  // a row's text, its padding and border
  const std::string figures = published(app);
  // The table as tall as it was drawn last frame (before its first, as its rows and header would be).
  // A picture's from its rows: its text is larger than the page's (a 4K picture's table, measured on the
  // page, had left room for a row and a half of four; a lecturer).
  const float table = app.compare_table_h > 0 && !app.picture ? app.compare_table_h : (static_cast<float>(app.comparison.runs().size()) + 2) * row;
  // The space above the table and the figures' lines; the window's padding is outside the region available
  // already (counted again, with a space under the table, it left a projector's plot 60 px short at the
  // largest text step, where the style's spacing is largest).
  const float below = table + style.ItemSpacing.y + 1.0f +
                      (figures.empty() ? 0.0f : text_lines(figures.c_str(), ImGui::GetContentRegionAvail().x) * ImGui::GetTextLineHeightWithSpacing());
  // The table's runs, named in their plot colours with their |C|, are the plot's legend: on a stage a
  // legend above it took two or three lines of the plot's height (on a phone on its side, all but 22 px).
  comparison_plot(app, std::max(min_plot_height, ImGui::GetContentRegionAvail().y - below), false);
  table_and_published(app, true);
}

void comparison_section(App& app, bool plot_drawn) {
  if (!app.state.presentation) {
    const bool open = ImGui::TreeNodeEx(tr("Methods compared###compare-node"), ImGuiTreeNodeFlags_FramePadding);
    record_rect(app, "compare:section");
    reveal_opened_section(open);  // at the panel's bottom on a laptop, its preset box showed 15 px (a lecturer)
    if (open) {
      presets(app);
      ImGui::TreePop();
    }
  }
  if (!app.run || app.comparison.runs().empty()) return;
  if (!plot_drawn) comparison_plot(app, ImGui::GetFontSize() * 12);
  table_and_published(app, false);
}

}  // namespace carvallo::web
