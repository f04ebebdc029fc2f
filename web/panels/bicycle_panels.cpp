// The bicycle's panels: its 26 parameters (presets, typed and dragged values refused with the reason when
// the bicycle would not be physical, save and load), the analysis they feed, and the rider's time plots
// (roll and steer, speed, torques) in the simulation panel.
#include "app.hpp"
#include "panels/access_controls.hpp"
#include "panels/palette_colors.hpp"
#include "panels/design_panels.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_actions.hpp"
#include "panels/panel_parts.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/time_plot.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"
#include "logic/language.hpp"
#include "logic/run_csv.hpp"

#include "bicycle/parameters_json.hpp"
#include "bicycle/presets.hpp"
#include "carvallo/version.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <iterator>

namespace carvallo::web {

bool same_bike(const bicycle::Parameters& a, const bicycle::Parameters& b) {
  for (const auto& d : bicycle::kParameterTable)
    if (a.*(d.member) != b.*(d.member)) return false;
  return true;
}

void refresh_analysis(App& app) {
  const UiState& s = app.state;
  if (app.model && same_bike(app.analysed_bike, s.bike) && app.analysed_vmin == s.sweep_min &&
      app.analysed_vmax == s.sweep_max)
    return;
  const ScopedWork timed(app.work, "analysis");
  const auto start = std::chrono::steady_clock::now();
  auto built = bicycle::make_canonical_model(s.bike);
  if (!built.model) {
    // Cannot happen for a state that went through the link reader or the panel; keep the last model.
    app.messages.push_back(tr("the bicycle could not be analysed; the previous one is shown"));
    return;
  }
  app.model = *built.model;
  app.sweep = sweep_bicycle(*app.model, s.sweep_min, s.sweep_max);
  app.analysed_bike = s.bike;
  app.analysed_vmin = s.sweep_min;
  app.analysed_vmax = s.sweep_max;
  app.perf.sweep_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}
namespace {

// ---- Parameters ----

// The parameter groups' names (bicycle::group_name, outside web/) for the string table, translated where
// shown; the parameters' descriptions are the table's through the registry (tests/web/language_test.cpp).
constexpr const char* kGroupNames[] = {translatable("geometry"),    translatable("rear wheel"),  translatable("rear frame"),
                                       translatable("front frame"), translatable("front wheel"), translatable("gravity")};
static_assert(std::size(kGroupNames) == 6);

void sync_edit_buffers(App& app) {
  if (same_bike(app.edit_base, app.state.bike) && app.edit_base.g != 0) return;
  for (std::size_t i = 0; i < bicycle::kParameterCount; ++i) {
    app.edit[i] = app.state.bike.*(bicycle::kParameterTable[i].member);
    app.edit_problem[i].clear();
  }
  app.edit_base = app.state.bike;
}

// Applies the value typed or dragged into field i, or records why not: the bicycle and the field keep the
// value in effect, and the message names both the refused value and the one that stays.
void try_apply(App& app, std::size_t i) {
  const auto& d = bicycle::kParameterTable[i];
  const double kept = app.state.bike.*(d.member);
  const std::string name(d.name), unit(d.unit);
  auto refuse = [&](const std::string& what, const std::string& why) {
    app.edit[i] = kept;
    app.edit_problem[i] = trf("%s refused: %s; %s stays %s %s", what.c_str(), why.c_str(), name.c_str(), format_shortest(kept).c_str(), unit.c_str());
  };
  if (!std::isfinite(app.edit[i])) return refuse(name, tr("not a finite number"));
  bicycle::Parameters candidate = app.state.bike;
  candidate.*(d.member) = app.edit[i];
  const auto problems = bike_problems(candidate);
  if (problems.empty()) {
    app.state.bike = candidate;
    app.edit_base = candidate;
    app.edit_problem[i].clear();
    return;
  }
  std::string why;
  for (const auto& issue : problems) why += (why.empty() ? "" : "; ") + tr(bicycle::to_string(issue));  // in the page's language
  refuse(name + " = " + format_shortest(app.edit[i]) + " " + unit, why);
}

}  // namespace

void apply_parameter_value(App& app, std::size_t index, double value) {
  if (index >= bicycle::kParameterCount) return;
  sync_edit_buffers(app);
  app.edit[index] = value;
  try_apply(app, index);
}

void reset_parameter(App& app, std::size_t index) {
  if (index >= bicycle::kParameterCount) return;
  sync_edit_buffers(app);
  app.edit[index] = preset_parameters(app.state.preset).*(bicycle::kParameterTable[index].member);
  try_apply(app, index);
  app.edit_problem[index].clear();
}

void save_bicycle_file(App& app) {
  const std::string name = app.state.preset + (same_bike(app.state.bike, preset_parameters(app.state.preset)) ? "" : "-modified");
  download(name + ".json", "application/json",
           bicycle::to_json(app.state.bike, name, "Carvallo playground " + std::string(kVersion)).dump(2) + "\n");
  set_toast(app, trf("Saved as %s: see the browser's downloads", (name + ".json").c_str()));
}

void choose_preset(App& app, const std::string& name) {
  app.state.preset = name;
  app.state.bike = preset_parameters(name);
}

std::string preset_title(const std::string& name) { return tr(name); }

void parameters_panel(App& app) {
  sync_edit_buffers(app);
  if (!begin_panel(app, "Parameters")) return;
  note(app, "params",
       translatable("The 26 numbers that define a Whipple bicycle (Meijaard et al. 2007, Table 1), grouped as in the paper. "
       "Drag a value to change it, click it to type one (applied on Enter). Every change redraws the 3D bicycle and the "
       "eigenvalue plot at once. A value that would make the bicycle unphysical is refused: the field keeps "
       "the value in effect and the reason is shown in red."));
  // Presets.
  const auto presets = bicycle::presets();
  // As wide as the preset's name where the row has room ("schaats met twee ma" was cut at 150 px; a tester),
  // narrowing (to 90 px) so that its label fits beside it in a longer language; "Reset all" then goes below.
  const float preset_label = text_width(tr("Preset")) + ImGui::GetStyle().ItemInnerSpacing.x;
  // A design changed from its preset says so: "benchmark" over a trail halved by a lesson's scene read as
  // the benchmark itself (a lecturer).
  // Sized for the longer form whichever is shown: a drag that changed the design had moved the rows below
  // (a test's next click landed on another field).
  const std::string changed = trf("%s (changed)", preset_title(app.state.preset).c_str());
  const bicycle::Parameters base = preset_parameters(app.state.preset);  // parsed once a frame: the list and every row's reset
  const std::string shown = same_bike(app.state.bike, base) ? preset_title(app.state.preset) : changed;
  const float name_w = text_width(changed.c_str()) + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
  // Where the name and its label do not fit side by side (a phone in Spanish cut "bicicleta de referencia"
  // to "bicicleta de referenc"), the label stands above the list, which takes the row.
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool label_above = std::max(px(app, 150), name_w) + preset_label > avail;
  if (label_above) ImGui::TextUnformatted(tr("Preset"));
  ImGui::SetNextItemWidth(label_above ? std::min(name_w, avail) : std::max(px(app, 90), std::min(std::max(px(app, 150), name_w), avail - preset_label)));
  combo_rows(presets.size());
  if (ImGui::BeginCombo(label_above ? "##preset" : tr("Preset"), shown.c_str())) {
    push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
    for (const auto& p : presets) {
      const std::string name(p.name);
      if (ImGui::Selectable(preset_title(name).c_str(), name == app.state.preset)) choose_preset(app, name);
      record_rect(app, "preset:" + name);
      if (ImGui::IsItemHovered()) {
        if (auto loaded = bicycle::load_preset(name)) {
          begin_tooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
          ImGui::TextUnformatted(loaded->source.c_str());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::PopStyleVar();
    record_window_rect(app, "preset:list");
    ImGui::EndCombo();
  }
  record_rect(app, "preset");
  same_line_if_fits(button_width(tr("Reset all")));  // large text: on its own line rather than clipped
  if (ImGui::Button(tr("Reset all"))) app.state.bike = preset_parameters(app.state.preset);
  record_rect(app, "reset-all");
  if (ImGui::IsItemHovered()) tooltipf("%s", trf("Every parameter back to the preset '%s'", preset_title(app.state.preset).c_str()).c_str());
  if (!app.compact) designer_inputs(app);  // a phone has them after the 26 (the list stays at hand)
  sync_edit_buffers(app);

  const bicycle::ParameterGroup groups[] = {bicycle::ParameterGroup::geometry, bicycle::ParameterGroup::rear_wheel,
                                            bicycle::ParameterGroup::rear_frame, bicycle::ParameterGroup::front_frame,
                                            bicycle::ParameterGroup::front_wheel, bicycle::ParameterGroup::gravity};
  for (auto group : groups) {
    ImGui::PushID(static_cast<int>(group));
    const std::string title(bicycle::group_name(group));
    ImGui::SetNextItemOpen(group == bicycle::ParameterGroup::geometry || group == bicycle::ParameterGroup::rear_frame ||
                               group == bicycle::ParameterGroup::front_frame,
                           ImGuiCond_Once);
    open_focused_section(app, title);
    // "###": a group stays open or closed when the language changes.
    if (!ImGui::CollapsingHeader((tr(title) + "###" + title).c_str()) || !ImGui::BeginTable(title.c_str(), 4, ImGuiTableFlags_SizingFixedFit)) {
      ImGui::PopID();
      continue;
    }
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, px(app, 44));
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("unit", ImGuiTableColumnFlags_WidthFixed, px(app, 48));
    ImGui::TableSetupColumn("reset", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFrameHeight());  // its "x" is square
    for (std::size_t i = 0; i < bicycle::kParameterCount; ++i) {
      const auto& d = bicycle::kParameterTable[i];
      if (d.group != group) continue;
      const std::string name(d.name), unit(d.unit), description = tr(std::string(d.description));
      const double preset_value = base.*(d.member);
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(name.c_str());
      const bool bad = !app.edit_problem[i].empty();
      auto tooltip = [&] {
        if (!ImGui::IsItemHovered() || ImGui::IsItemActive()) return;
        begin_tooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::Text("%s (%s): %s", name.c_str(), unit.c_str(), description.c_str());
        ImGui::TextUnformatted(trf("preset '%s': %s", preset_title(app.state.preset).c_str(), format_shortest(preset_value).c_str()).c_str());
        ImGui::TextDisabled("%s", trf("typical %s to %s %s", format_shortest(d.typical_min).c_str(), format_shortest(d.typical_max).c_str(), unit.c_str()).c_str());
        if (bad) ImGui::TextColored(color_vec(pal().error_text), "%s", app.edit_problem[i].c_str());
        ImGui::TextDisabled("%s", number_field_hint(NumberStyle::drag));
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      };
      tooltip();
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-FLT_MIN);
      // Dragging across ~500 pixels spans the table's typical range (a suggestion, not a bound).
      const double magnitude = std::max(std::abs(app.edit[i]), std::max(std::abs(preset_value), 0.01));
      NumberField field{"##v"};
      field.drag_speed = static_cast<float>(d.typical_max > d.typical_min ? (d.typical_max - d.typical_min) / 500.0 : magnitude * 0.002);
      field.format = "%.6g";
      field.question = name + " (" + unit + "): " + description;
      field.own_tooltip = true;
      std::string unreadable;
      const NumberChange change = number_field(field, app.edit[i], &unreadable);
      record_rect(app, "param:" + name);
      tooltip();
      // As the native twin words it: "1e400" is a number, too large (it had been "not a number" here).
      if (change == NumberChange::unreadable && too_large_number(unreadable))
        app.edit_problem[i] = trf("'%s' is too large a number; %s stays %s %s", unreadable.c_str(), name.c_str(),
                                  format_shortest(app.state.bike.*(d.member)).c_str(), unit.c_str());
      else if (change == NumberChange::unreadable)
        app.edit_problem[i] = trf("'%s' is not a number; %s stays %s %s", unreadable.c_str(), name.c_str(),
                                  format_shortest(app.state.bike.*(d.member)).c_str(), unit.c_str());
      else if (change != NumberChange::none)
        try_apply(app, i);
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("%s", unit.c_str());
      ImGui::TableNextColumn();
      const bool differs = app.state.bike.*(d.member) != preset_value || bad;
      ImGui::BeginDisabled(!differs);
      if (target_button("x")) reset_parameter(app, i);
      ImGui::EndDisabled();
      record_rect(app, "param-reset:" + name);
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltipf("%s", trf("Reset %s to the preset's %s", name.c_str(), format_shortest(preset_value).c_str()).c_str());
      ImGui::PopID();
      if (bad) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0.0f);
        wrapped_textf(color_vec(pal().error_text), "%s", app.edit_problem[i].c_str());
        ImGui::PopTextWrapPos();
      }
    }
    ImGui::EndTable();
    ImGui::PopID();
  }
  if (app.compact) designer_inputs(app);
  ImGui::Separator();
  if (ImGui::Button(tr("Save bicycle (JSON)"))) save_bicycle_file(app);
  record_rect(app, "save-bike");
  same_line_if_fits(button_width(tr("Load bicycle...")));
  if (ImGui::Button(tr("Load bicycle..."))) open_json_file();
  record_rect(app, "load-bike");
  ImGui::End();
}

void bicycle_plots(App& app, bool first_in_view) {
  constexpr double deg = 180.0 / 3.141592653589793;
  UiState& s = app.state;
  const auto& h = app.run->history();
  const auto& run = app.run->run();
  const int roll = run.probe_index("roll"), steer = run.probe_index("steer"), speed_probe = run.probe_index("speed");
  auto probe = [](const RunSample& m, int k) { return k >= 0 && static_cast<std::size_t>(k) < m.probes.size() ? m.probes[static_cast<std::size_t>(k)] : 0.0; };
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  // Where the panel is short (a projector's large text, a phone) the nearly constant speed gives its
  // room to the two plots that tell the story.
  const bool with_speed = ImGui::GetContentRegionAvail().y > 22.0f * ImGui::GetTextLineHeightWithSpacing();
  const float text_below = 1.0f + (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 40 ? 1.0f : 0.0f);
  // The rider's torques (steer_torque, roll_torque) have a plot of their own, there from the start (at zero
  // until a torque is applied): a plot that appeared with the first torque and went with Reset moved the
  // buttons below it under the pointer.
  const bool with_torques = !run.input_channels().empty();
  const bool torques_applied = with_torques &&
                               (std::any_of(s.inputs.begin(), s.inputs.end(), [](const auto& input) { return !input.second.empty(); }) ||
                                std::any_of(h.begin(), h.end(), [](const RunSample& m) {
                                  return std::any_of(m.inputs.begin(), m.inputs.end(), [](double u) { return u != 0.0; });
                                }));
  // Rows below: the CSV row and (outside a presentation) "Methods compared".
  const float rows = app.state.presentation ? 1.0f : 2.0f;
  const auto heights = with_torques ? (with_speed ? plot_heights({0.34f, 0.16f, 0.22f, 0.28f}, text_below, rows, first_in_view)
                                                : plot_heights({0.42f, 0.26f, 0.32f}, text_below, rows, first_in_view))
                       : with_speed ? plot_heights({0.42f, 0.23f, 0.35f}, text_below, rows, first_in_view)
                                    : plot_heights({0.55f, 0.45f}, text_below, rows, first_in_view);
  const std::function<double(std::size_t, const RunSample&)> angles = [&](std::size_t k, const RunSample& m) {
    return probe(m, k == 0 ? roll : steer) * deg;
  };
  draw_time_plot({"angles", tr("roll and steer"), tr("deg"), false, 2.0, 0.0},
                 collect_plot(h, {tr("roll"), tr("steer")}, angles, shown_plot_window(app), columns, false), &s.angles_axis, heights[0]);
  if (with_speed) {
    const std::function<double(std::size_t, const RunSample&)> speed = [&](std::size_t, const RunSample& m) { return probe(m, speed_probe); };
    draw_time_plot({"speed", tr("forward speed"), "m/s", false, 0.1, 0.02},
                   collect_plot(h, {tr("speed")}, speed, shown_plot_window(app), columns, false), &s.speed_axis, heights[1]);
  }
  if (with_torques) {
    const std::function<double(std::size_t, const RunSample&)> torque = [](std::size_t k, const RunSample& m) {
      return k < m.inputs.size() ? m.inputs[k] : 0.0;
    };
    std::vector<std::string> names;
    for (const auto& c : run.input_channels()) {  // "steer_torque" shown as the table's "steer torque"
      std::string words = c.name;
      std::replace(words.begin(), words.end(), '_', ' ');
      names.push_back(tr(words));
    }
    draw_time_plot({"torques", torques_applied ? tr("rider torques (right positive)")
                                     : app.coarse_pointer ? tr("rider torques (none yet: hold a steer or lean button)")  // a phone: no keys
                                                          // a lesson's Left/Right are its scenes (a keyboard-only student)
                                                          : app.lesson ? tr("rider torques (none yet: hold A/D or a steer button)")
                                                                       : tr("rider torques (none yet: hold Left/Right or A/D)"), "N m", false, 1.0, 0.0},
                   collect_plot(h, names, torque, shown_plot_window(app), columns, false), nullptr, heights[heights.size() - 2]);
    record_rect(app, "torque-plot");
  }
  const std::function<double(std::size_t, const RunSample&)> violations = [](std::size_t k, const RunSample& m) {
    return k == 0 ? m.C : std::max(m.Cdot, m.D);
  };
  draw_time_plot({"violations", tr("violations, log: |C| m or rad, rates per s"), "", true, 0, 0},
                 collect_plot(h, {"|C|", "|dC/dt, D|"}, violations, shown_plot_window(app), columns, true), nullptr, heights.back());
  const double e0 = app.run->initial_energy();
  ImGui::PushTextWrapPos(0.0f);
  const double drift = e0 != 0.0 ? std::abs(run.energy() - e0) / std::abs(e0) : 0.0;
  wrapped_textf("%s", app.playing ? trf("energy drift since start/kick %.2e (relative); simulated/real time %.2f", drift, app.perf.sim_ratio).c_str()
                                  : trf("energy drift since start/kick %.2e (relative); paused", drift).c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("CSV")) download_run_csv(app);
  record_rect(app, "sim-csv");
  if (ImGui::IsItemHovered()) tooltipf("%s", trf("Download the time series of this run (the last %zu samples)", h.size()).c_str());
  same_line_if_fits(labelled_width(ImGui::GetFontSize() * 7, tr("time window (s)")));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const double win_lo = 0.5, win_hi = 600;
  time_window_field(s.plot_window, win_lo, win_hi);
}

}  // namespace carvallo::web
