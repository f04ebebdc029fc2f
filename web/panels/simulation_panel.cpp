// The one simulation panel of every model: play, step, reset and the model's push; the rider's controls
// (a model with the rider's inputs); the model's settings (ModelEntry::settings) and inputs
// (ModelInstance::inputs) by the registry's names, within its ranges; the methods; the time plots.
#include "app.hpp"
#include "logic/language.hpp"
#include "panels/access_controls.hpp"
#include "panels/palette_colors.hpp"
#include "logic/rider_state.hpp"
#include "logic/run_csv.hpp"
#include "panels/number_field.hpp"
#include "panels/panel_actions.hpp"
#include "panels/panel_parts.hpp"
#include "panels/row_layout.hpp"
#include "panels/target_size.hpp"
#include "panels/time_plot.hpp"
#include "panels/wrapped_text.hpp"
#include "platform/browser.hpp"

#include "model_run.hpp"
#include "registry.hpp"

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace carvallo::web {

void checked_text_field(App& app, const std::string& label, const std::string& id, std::string& value, SpecEdit& edit,
                        const char* hint, TextCheck check) {
  if (!edit.active && edit.problem.empty()) edit.text = value;  // the state may have changed (link, setState, scenario)
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s", edit.text.c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
  const bool entered = ImGui::InputTextWithHint(id.c_str(), hint, buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue);
  edit.text = buf;
  edit.active = ImGui::IsItemActive();
  record_rect(app, "spec:" + label);
  if (entered || ImGui::IsItemDeactivatedAfterEdit()) {
    std::string canonical;
    if (auto why = check(edit.text, canonical)) {
      edit.problem = *why;
    } else {
      edit.problem.clear();
      value = canonical;
      edit.text = canonical;
    }
  }
  ImGui::SameLine();
  const std::string shown = tr(label);
  ImGui::TextUnformatted(shown.c_str());
  if (!edit.problem.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    wrapped_text(color_vec(pal().error_text), trf("%s not applied: %s", shown.c_str(), edit.problem.c_str()).c_str());
    ImGui::PopTextWrapPos();
  }
}

namespace {

// A change of setting q from the value in effect `kept`: applied, or refused with a message naming the
// refused value and the one that stays (replaced by the next attempt, or dropped once the value changed
// another way: a link, setState, a scenario). The message starts with the setting's name in the page's
// language and " = ": that is how the next attempt finds it.
void apply_setting_change(App& app, const examples::Quantity& q, double kept, double value, NumberChange change,
                          const std::string& unreadable) {
  UiState& s = app.state;
  static std::map<std::string, double> stays_at;
  const std::string name = tr(words_of(q.name));
  const std::string prefix = name + " = ";
  const auto said = stays_at.find(q.name);
  if (change != NumberChange::none || (said != stays_at.end() && said->second != kept)) {
    std::erase_if(app.messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
    stays_at.erase(q.name);
  }
  if (change != NumberChange::none) {
    const std::string kept_text = format_shortest(kept);
    std::optional<std::string> why;
    if (change == NumberChange::unreadable)
      why = "'" + unreadable + "' " + trf("refused: not a number; %s stays %s %s", name.c_str(), kept_text.c_str(), q.unit.c_str());
    else if (auto problem = set_setting(s, q.name, value)) {
      // The registry says "<key> = <value> <unit> is <why>": the message keeps the why.
      const std::string said_value = format_shortest(value) + " " + q.unit;
      const std::string registry_said = q.name + " = " + said_value + " is ";
      if (problem->rfind(registry_said, 0) == 0) problem = problem->substr(registry_said.size());
      why = said_value + " " + trf("refused: %s; %s stays %s %s", tr(*problem).c_str(), name.c_str(), kept_text.c_str(), q.unit.c_str());
    }
    if (why) app.messages.push_back(prefix + *why), stays_at[q.name] = kept;
  }
}

// One setting as a drag field within the registry's range; a value the registry refuses is not applied, the
// field keeps the value in effect, and the message says which (replaced by the next attempt).
void setting_field(App& app, const examples::Quantity& q) {
  UiState& s = app.state;
  const double kept = setting(s, q.name, q.value);
  // Riding a steady turn, the (disabled) field shows what the turn set: its speed, not the setting's.
  const bool by_turn = !s.from_turn.empty();
  double value = by_turn ? setting_in_effect(app, q.name, q.value) : kept;
  // The setting's name in words in the page's language; its ImGui identity is the name itself (two names
  // may read the same in a language).
  const std::string label = tr(words_of(q.name)) + " (" + q.unit + ")";
  const std::string id = label + "###setting-" + q.name;
  NumberField field{id.c_str()};
  // About a hundredth of the setting's own scale per pixel dragged.
  field.drag_speed = static_cast<float>(0.005 * std::max({std::abs(q.value), std::abs(value), 0.1}));
  field.min = &q.min;
  field.max = &q.max;
  const std::string description = tr(q.description);
  field.question = label + ": " + description;
  field.tip = q.name + ": " + description + "\n" +
              trf("%s to %s %s (default %s)", format_shortest(q.min).c_str(), format_shortest(q.max).c_str(), q.unit.c_str(),
                  format_shortest(q.value).c_str()) +
              (s.from_turn.empty() ? "" : std::string("\n") + set_by_the_turn_note());
  ImGui::SetNextItemWidth(px(app, 130));
  std::string unreadable;
  const NumberChange change = number_field(field, value, &unreadable);
  if (!by_turn) apply_setting_change(app, q, kept, value, change, unreadable);
  record_rect(app, "setting:" + q.name);
  if (by_turn) say_set_by_the_turn_if_tapped(app);
}

// The model's settings: the one its eigenvalue panel marks (the steady motion's first quantity) always in
// view, the others and the inputs' scripts and the push's amount in a node a presentation hides.
//
// The setting a model marks as its steady motion's (the bicycle's speed), shown with the time scale on the
// run's own row; the rest are in the settings section.
std::string marked_setting(const examples::ModelEntry& entry) {
  return entry.steady_motion && !entry.steady_motion->parameters.empty() ? entry.steady_motion->parameters.front() : "";
}

void speed_row(App& app) {
  const examples::ModelEntry* entry = examples::find_model(app.state.model);
  if (!entry) return;
  UiState& s = app.state;
  const std::string marked = marked_setting(*entry);
  ImGui::BeginDisabled(!s.from_turn.empty());  // riding a steady turn: the turn sets the initial state
  for (const auto& q : entry->settings)
    if (q.name == marked) setting_field(app, q);
  ImGui::EndDisabled();
  const double ts_lo = 0.05, ts_hi = 10.0;
  const char* time_x_label = tr("time x");
  same_line_if_fits(labelled_width(px(app, 130), time_x_label));
  ImGui::SetNextItemWidth(px(app, 130));
  NumberField time_x{time_x_label, NumberStyle::slider, "%.2f"};
  time_x.min = &ts_lo, time_x.max = &ts_hi, time_x.flags = ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp;
  time_x.tip = tr("Simulated seconds per real second: slow motion below 1, fast above");
  number_field(time_x, s.sim.time_scale);
  record_rect(app, "time-scale");
}

void settings_section(App& app) {
  const examples::ModelEntry* entry = examples::find_model(app.state.model);
  if (!entry) return;
  UiState& s = app.state;
  const std::string marked = marked_setting(*entry);
  const bool has_inputs = app.run && !app.run->run().input_channels().empty();
  const bool has_push = app.run && app.run->run().instance().push;
  const bool more = entry->settings.size() > (marked.empty() ? 0u : 1u) || has_inputs || has_push;
  // Presentation: the plots get the room; setting up a run is done before the lecture (or leave it).
  if (s.presentation || !more) return;
  open_focused_section(app, "settings-node");
  const bool open = ImGui::TreeNodeEx(tr("Initial state, settings, inputs###settings-node"), ImGuiTreeNodeFlags_FramePadding);
  reveal_opened_section(open);
  if (!open) return;
  ImGui::BeginDisabled(!s.from_turn.empty());
  for (const auto& q : entry->settings)
    if (q.name != marked) setting_field(app, q);
  ImGui::EndDisabled();
  if (has_push) {
    const auto& push = *app.run->run().instance().push;
    const double lo = -20, hi = 20;
    const std::string label = tr(push.label) + " (" + push.unit + ")##push-amount";
    ImGui::SetNextItemWidth(px(app, 130));
    NumberField kick{label.c_str(), NumberStyle::slider, "%.3f"};
    kick.min = &lo, kick.max = &hi, kick.flags = ImGuiSliderFlags_AlwaysClamp;
    kick.tip = tr(push.description);
    number_field(kick, s.sim.kick);
  }
  if (has_inputs) {
    for (const auto& channel : app.run->run().input_channels()) {
      std::string spec = input_spec(s, channel.name);
      checked_text_field(app, words_of(channel.name), "##spec-" + channel.name, spec, app.input_specs[channel.name],
                         "none, step:1@0.5, pulse:2@0.5:0.1, sine:0.5:1", check_torque_spec);
      if (spec != input_spec(s, channel.name)) s.inputs[channel.name] = spec;
      if (ImGui::IsItemHovered()) tooltipf("%s (%s)", tr(channel.description).c_str(), channel.unit.c_str());
    }
  }
  ImGui::TreePop();
}

// The chosen methods' own numbers, each shown where its method is chosen: Baumgarte's α and β, the
// correcting stabilizers' tolerance, the adaptive integrators' tolerance; and what the integrator has done.
void method_parameters(App& app) {
  SimulationSettings& sim = app.state.sim;
  auto field = [&](const char* label, double& value, double lo, double hi, const char* format, ImGuiSliderFlags flags,
                   const char* tip) {
    NumberField f{tr(label), NumberStyle::slider, format};
    f.min = &lo, f.max = &hi, f.flags = flags | ImGuiSliderFlags_AlwaysClamp;
    f.tip = tr(tip);
    number_field(f, value);
  };
  const ImGuiSliderFlags log = ImGuiSliderFlags_Logarithmic;
  if (sim.stabilization == "baumgarte") {
    field("alpha (1/s)", sim.baumgarte_alpha, 0.0, 1000.0, "%.3g", log,
          translatable("Baumgarte: C'' + 2 alpha C' + beta^2 C = 0 (and D' + 2 alpha D = 0): the damping of the drift. "
                       "001 uses alpha = beta = 10 (gains -20 and -100). 0 with beta 0: no stabilization."));
    field("beta (1/s)", sim.baumgarte_beta, 0.0, 1000.0, "%.3g", log,
          translatable("Baumgarte: the stiffness pulling C back to zero. Large gains with a large step make the equations "
                       "stiff: the run then blows up, which is a lesson too."));
  }
  if (sim.stabilization == "direct" || sim.stabilization == "rgcpa" || sim.stabilization == "selective")
    field(translatable("correction tol."), sim.correction_tolerance, 1e-15, 1e-3, "%.1e", log,
          translatable("The corrections bring |C| and |C'|, |D| below this (model units: m or rad, m/s or rad/s). Looser: "
                       "fewer corrections, more drift between them."));
  if (const char* integ = sim.integrator.c_str(); is_adaptive(parse_integrator_method(integ))) {
    field(translatable("tolerance"), sim.tolerance, 1e-14, 1e-3, "%.1e", log,
          translatable("The adaptive integrator's relative tolerance of the local error (absolute: a hundredth of it). Within "
                       "each time step it chooses its own steps to meet it, several where the motion is fast; the time step "
                       "above is the longest step it may take and how often the plots sample (a step is also where inputs "
                       "act and rewinds land, which keeps every run exact to replay). Methods compared shows its steps and "
                       "rejections beside other tolerances (kutta-merson-adaptive:tol1e-6)."));
  }
  if (!app.run) return;
  const IntegratorStats st = app.run->run().integrator_stats();
  ImGui::PushTextWrapPos(0.0f);
  wrapped_text(trf("integrator: %ld steps, %ld evaluations, %ld rejected", st.steps, st.evaluations, st.rejected).c_str());
  ImGui::PopTextWrapPos();
  record_rect(app, "integrator-stats");
}

void methods_section(App& app) {
  UiState& s = app.state;
  if (s.presentation) return;
  open_focused_section(app, "methods-node");
  const bool open = ImGui::TreeNodeEx(tr("Methods###methods-node"), ImGuiTreeNodeFlags_FramePadding);
  record_rect(app, "methods");
  reveal_opened_section(open);
  if (!open) return;
  // As wide as the longest method's title needs, within what the longest label leaves of the panel (a
  // narrow panel clips a title rather than reach past its edge).
  float title_w = 0, label_w = 0;
  for (const auto& names : {integrator_names(), acceleration_method_names(), stabilization_method_names()})
    for (const auto& n : names) title_w = std::max(title_w, ImGui::CalcTextSize(tr(method_title(n)).c_str()).x);
  for (const char* label : {"integrator", "time step (s)", "acceleration solver", "stabilization"})
    label_w = std::max(label_w, ImGui::CalcTextSize(tr(label)).x);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::GetContentRegionAvail().x - label_w - style.ItemInnerSpacing.x;
  const float wanted = std::max(title_w + ImGui::GetFrameHeight() + 2 * style.FramePadding.x, ImGui::GetFontSize() * 11);
  ImGui::PushItemWidth(std::min(wanted, std::max(room, ImGui::GetFontSize() * 4)));
  // Each widget's rect is named for the parallel DOM's focus ring (access_controls.cpp, method_rows).
  // The methods in words (method_title), each row identified by its link name.
  auto title = [](const std::string& name) { return std::string(tr(method_title(name))) + "###" + name; };
  auto combo = [&](const char* label, const char* rect, std::string& value, const std::vector<std::string>& names) {
    combo_rows(names.size());
    if (ImGui::BeginCombo(tr(label), tr(method_title(value)).c_str())) {
      push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
      for (const auto& n : names)
        if (ImGui::Selectable(title(n).c_str(), value == n)) value = n;
      ImGui::PopStyleVar();
      ImGui::EndCombo();
    }
    record_rect(app, rect);
  };
  combo(translatable("integrator"), "method:integrator", s.sim.integrator, integrator_names());
  const double dt_lo = SimulationSettings::kTimeStepMin, dt_hi = SimulationSettings::kTimeStepMax;
  // Three significant digits: a link's 1e-5 s had read "0.0000". A typed value past the slider's ends is
  // refused and said, as the native field's: it had become 0.05 s or 1e-5 s, silently (a lecturer).
  NumberField time_step{tr("time step (s)"), NumberStyle::slider, "%.3g"};
  time_step.min = &dt_lo, time_step.max = &dt_hi, time_step.flags = ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp;
  double dt = s.sim.time_step;
  const NumberChange step_change = number_field(time_step, dt);
  if (step_change == NumberChange::typed) apply_time_step(app, dt);
  else if (step_change == NumberChange::dragged) s.sim.time_step = dt;
  record_rect(app, "method:time-step");
  combo_rows(acceleration_method_names().size());
  const bool solver_open = ImGui::BeginCombo(tr("acceleration solver"), tr(method_title(s.sim.solver)).c_str());
  record_rect(app, "method:solver");
  if (solver_open) {
    push_target_rows();  // rows as tall as a button (WCAG 2.5.8)
    // A solver the model cannot use is shown disabled, with the reason (examples::unusable_solver).
    for (const auto& n : acceleration_method_names()) {
      const std::string why = app.run ? examples::unusable_solver(app.run->run().instance(), parse_acceleration_method(n)) : "";
      if (ImGui::Selectable(title(n).c_str(), s.sim.solver == n, why.empty() ? 0 : ImGuiSelectableFlags_Disabled)) s.sim.solver = n;
      if (!why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltipf("%s", tr(why).c_str());
    }
    ImGui::PopStyleVar();
    ImGui::EndCombo();
  }
  combo(translatable("stabilization"), "method:stabilization", s.sim.stabilization, stabilization_method_names());
  method_parameters(app);
  ImGui::PopItemWidth();
  ImGui::TreePop();
}

}  // namespace

void download_run_csv(App& app) {
  sync_run(app);
  if (!app.run) return;
  download(has_parameter_table(app) ? std::string("carvallo-simulation.csv") : "carvallo-" + app.state.model + ".csv", "text/csv",
           run_csv(app.state, *app.run));
}

double setting_in_effect(const App& app, const std::string& name, double fallback) {
  if (!app.state.from_turn.empty() && app.run) {
    const auto& turn = app.run->turn_settings();
    if (const auto it = turn.find(name); it != turn.end()) return it->second;
  }
  return setting(app.state, name, fallback);
}

void apply_time_step(App& app, double dt) {
  using Sim = SimulationSettings;
  // The last refusal goes once a value is taken, or replaced by the next.
  const std::string name = capitalized(tr("time step (s)")), prefix = name + " = ";
  std::erase_if(app.messages, [&](const std::string& m) { return m.rfind(prefix, 0) == 0; });
  if (dt >= Sim::kTimeStepMin && dt <= Sim::kTimeStepMax) {
    app.state.sim.time_step = dt;
    return;
  }
  const std::string range = trf("%s to %s %s (default %s)", format_shortest(Sim::kTimeStepMin).c_str(), format_shortest(Sim::kTimeStepMax).c_str(), "s",
                                format_shortest(SimulationSettings{}.time_step).c_str());
  app.messages.push_back(prefix + format_shortest(dt) + " s " +
                         trf("refused: %s; %s stays %s %s", range.c_str(), name.c_str(), format_shortest(app.state.sim.time_step).c_str(), "s"));
}

void apply_setting_value(App& app, const std::string& name, double value, const std::string& unreadable) {
  const auto* entry = examples::find_model(app.state.model);
  if (!entry) return;
  for (const auto& q : entry->settings)
    if (q.name == name)
      apply_setting_change(app, q, setting(app.state, q.name, q.value), value,
                           unreadable.empty() ? NumberChange::typed : NumberChange::unreadable, unreadable);
}

void probes_plot(App& app, const char* id, float height) {
  const auto& defs = app.run->run().instance().probes;
  // The probes share one plot when they share a unit (else the first unit's probes); the energy otherwise.
  std::vector<std::string> names;
  std::vector<std::size_t> shown;
  const std::string unit = defs.empty() ? "J" : defs.front().unit;
  for (std::size_t k = 0; k < defs.size() && shown.size() < 4; ++k)
    if (defs[k].unit == unit) names.push_back(tr(defs[k].name)), shown.push_back(k);
  if (defs.empty()) names.push_back(tr("energy"));
  const std::function<double(std::size_t, const RunSample&)> probe = [&](std::size_t k, const RunSample& m) {
    if (shown.empty()) return m.energy;
    return shown[k] < m.probes.size() ? m.probes[shown[k]] : 0.0;
  };
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  draw_time_plot({id, defs.empty() ? tr("energy") : tr("probes"), unit.c_str(), false, 0.0, 1e-3},
                 collect_plot(app.run->history(), names, probe, shown_plot_window(app), columns, false), &app.state.probes_axis, height);
}

void violations_plot(App& app, const char* id, float height) {
  const std::function<double(std::size_t, const RunSample&)> violations = [](std::size_t k, const RunSample& m) {
    return k == 0 ? m.C : k == 1 ? m.Cdot : m.D;
  };
  const int columns = plot_columns(ImGui::GetContentRegionAvail().x);
  draw_time_plot({id, tr("violations, log: |C| m or rad, rates per s"), "", true, 0, 0},
                 collect_plot(app.run->history(), {"|C|", "|dC/dt|", "|D|"}, violations, shown_plot_window(app), columns, true), nullptr,
                 height);
}

void model_plots(App& app, bool first_in_view) {
  UiState& s = app.state;
  const float width = ImGui::GetContentRegionAvail().x;
  // The energy's change since the start or the last push: the integration's drift where the model conserves
  // energy; where a damper or a torque changes it by design, a change, not the method's error, and why (the
  // slider-crank's -83 % had been shown as its methods' "energy drift"; a tester).
  const double e0 = app.run->initial_energy(), e = app.run->run().energy();
  const double relative = e0 != 0.0 ? (e - e0) / std::abs(e0) : 0.0;  // signed as the change in J beside it
  const std::string& not_conserved = app.run->run().energy_not_conserved();
  const std::string drift =
      not_conserved.empty()
          ? trf("energy drift since start/push: %.2e J (%.2e relative)", e - e0, relative)
          : trf("energy change since start/push: %.2e J (%.2e relative), not the method's error: %s", e - e0, relative,
                tr(not_conserved).c_str());
  // Paused, no ratio: "0.00" had read as a run that does not keep up (a lecturer).
  const std::string timing = app.playing ? trf("simulated/real time: %.2f   step: %.3f ms", app.perf.sim_ratio, app.perf.step_ms)
                                         : trf("simulated/real time: paused   step: %.3f ms", app.perf.step_ms);
  // Below: the energy drift and time lines (as many lines as they wrap to in the page's language), the CSV
  // row and (outside a presentation) "Methods compared", with runs compared their table (a header, a row
  // each and its scrollbar) and its notes.
  const auto compared = static_cast<float>(app.comparison.runs().size());
  const float table_lines = compared > 0 ? compared + 1.0f + 3.0f + comparison_notes_lines(app, width) : 0.0f;
  const float text_below = text_lines(drift.c_str(), width) + text_lines(timing.c_str(), width);
  const auto heights = plot_heights({0.5f, 0.5f}, text_below + table_lines, app.state.presentation ? 1 : 2, first_in_view);
  probes_plot(app, "probes", heights[0]);
  // With methods compared, their |C| side by side takes the violations' place (the shown run's among them).
  if (!app.comparison.runs().empty()) comparison_plot(app, heights[1]);
  else violations_plot(app, "violations", heights[1]);
  ImGui::PushTextWrapPos(0.0f);  // a presentation's narrow panel: the step time on a second line, not clipped
  wrapped_text(drift.c_str());
  wrapped_text(timing.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("CSV")) download_run_csv(app);
  record_rect(app, "sim-csv");
  same_line_if_fits(labelled_width(ImGui::GetFontSize() * 7, tr("time window (s)")));
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  const double win_lo = 0.5, win_hi = 600;
  time_window_field(s.plot_window, win_lo, win_hi);
}

void simulation_panel(App& app) {
  if (!begin_panel(app, "Simulation")) return;
  sync_run(app);
  // Where the panel was too short last frame for the sections' headers and a readable plot under them
  // (normal mode on 720 or 800 lines), the plots come right after the run's buttons and the speed, and
  // the note and the sections follow them: what a kick does is in view. Decided as if the note were
  // above, so that moving it does not change the decision.
  static bool plots_first = false;
  // The bicycle's own words where it is shown with its parameters and eigenvalues; any other model's run
  // is described by what every run shows.
  const auto sim_note = [&] {
    note(app, "sim",
       has_parameter_table(app)
           ? translatable("The full nonlinear bicycle: four rigid bodies in absolute coordinates, joints and rolling wheels as "
             "constraints, solved by the engine with the methods chosen below (the same model whose linearization "
             "gives the eigenvalue plot). Give it a kick and watch: between the weave and capsize speeds the wobble "
             "dies out by itself (self-stability); below the weave speed it grows into a fall; above the capsize "
             "speed it slowly leans over. The last plot shows how well the constraints hold.")
           // The drift's figures: tests/examples/method_studies_test.cpp, "the drift the help text tells".
           : translatable("The model moves under gravity, its springs and its initial motion, integrated in redundant "
             "coordinates with the chosen acceleration solver, integrator and stabilization. The lower plot shows "
             "how far the coordinates drift from the constraints (log scale): |C| in the constraints' own units "
             "(m or rad), |dC/dt| and |D| per second. Without stabilization nothing pulls the coordinates back, and how "
             "far they drift depends on the mechanism and the step: at a paper's 1 ms they may stay near 1e-10 for many "
             "seconds; at 20 ms the slider-crank drifts 0.05 m within a second and 0.4 m by 6 s, which the 3D view shows, "
             "while the four-bar's drift stays near 1e-5 m. Methods compared > preset 'Drift' runs exactly that beside Baumgarte (its alpha and "
             "beta), direct correction and RGCPA, which pull it back, with what each costs; the paper's own "
             "comparison is a preset too, with its published figures."));
  };
  const bool note_above = !plots_first;
  if (note_above) sim_note();
  run_buttons(app);
  rider_buttons(app);
  speed_row(app);
  // The run's message under the controls a lecturer taps again, not above them: a fall's line had pushed the
  // rider's buttons and the speed 40 px down, and the next drag at the speed's place hit the steer buttons (a
  // teacher at a whiteboard).
  const float message_top = ImGui::GetCursorPosY();
  if (!app.run_event.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    // Kept in English (the JS API replies with it, the timeline reads it); each of its sentences translated.
    ImGui::BeginGroup();
    wrapped_text(color_vec(pal().error_text), tr(app.run_event).c_str());
    ImGui::EndGroup();
    ImGui::PopTextWrapPos();
    record_rect(app, "run-event");
    app.run_event_in_panel = ImGui::IsItemVisible();  // else the banner over the view says it (messages_banner)
  }
  // A message coming or going moves what is below it: a panel scrolled down keeps that where it was, by
  // scrolling as much (R after a blow-up had moved the plots and fields 60 px, and the next double-click hit
  // another field; a lecturer).
  static float message_height = 0.0f;
  const float height = ImGui::GetCursorPosY() - message_top;
  if (height != message_height && ImGui::GetScrollY() > 0.0f) ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() + height - message_height));
  message_height = height;
  const float note_h = note_above ? 0.0f : ImGui::GetFrameHeightWithSpacing();
  plots_first = !app.state.presentation && app.run &&
                ImGui::GetContentRegionAvail().y - note_h - 3.0f * ImGui::GetFrameHeightWithSpacing() < readable_plot_height();
  auto sections = [&] {
    rider_section(app);
    settings_section(app);
    methods_section(app);
  };
  if (!plots_first) {
    if (!note_above) sim_note();
    sections();
  }
  // The rider's plots (roll and steer, speed, torques) for the model with the rider's parameter table.
  if (app.run && has_parameter_table(app)) bicycle_plots(app, plots_first);
  else if (app.run) model_plots(app, plots_first);
  if (plots_first) {
    if (!note_above) sim_note();
    sections();
  }
  comparison_section(app, app.run && !has_parameter_table(app));
  ImGui::End();
}

}  // namespace carvallo::web
