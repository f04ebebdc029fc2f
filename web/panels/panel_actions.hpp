#pragma once
// What the panels' widgets do, callable without drawing them. The parallel DOM (access_controls.cpp)
// changes the state only through these, so a value given there meets the same checks and leaves the same
// messages as the canvas widget it mirrors.

#include "app.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace carvallo::web {

/// Parameter `index` of the parameter table set as if typed into its field: applied, or refused with the
/// field's message (App::edit_problem) (bicycle_panels.cpp).
void apply_parameter_value(App& app, std::size_t index, double value);
/// Parameter `index` back to the preset's value, as its "x" does (bicycle_panels.cpp).
void reset_parameter(App& app, std::size_t index);
/// The eigenvalue sweep downloaded as CSV, as the eigenvalue panel's CSV button does (eigen_plot.cpp).
void download_sweep_csv(App& app);
/// The run's time series downloaded as CSV, as the time plots' CSV button does (simulation_panel.cpp).
void download_run_csv(App& app);
/// The bicycle downloaded as a parameter file, as the parameters panel's "Save bicycle (JSON)" does
/// (bicycle_panels.cpp).
void save_bicycle_file(App& app);
/// The preset chosen from the Preset list: its parameters, all of them (bicycle_panels.cpp).
void choose_preset(App& app, const std::string& name);
/// A preset as the Preset list shows it: its name (the link's `preset=`) in the page's language.
std::string preset_title(const std::string& name);
/// A setting of the model (the registry's quantity `name`) set as if typed into its field: applied, or a
/// message naming the refused value and the one that stays (simulation_panel.cpp); `unreadable`: the text
/// of a typed value that is no number, refused by name.
void apply_setting_value(App& app, const std::string& name, double value, const std::string& unreadable = "");
/// The text size in effect (UiState::text_scale within what the screen shows, App::text_scale_limit).
double text_scale_shown(const App& app);
/// It as the View menu says it ("Text size now: 125 %", with presentation's on a projector).
std::string text_size_now(const App& app);
/// text_size_now with the reason a step larger or smaller changes nothing where one does not, as View >
/// Text larger's description says it (app_shell.cpp).
std::string text_size_said(const App& app);
/// The methods' time step as if typed: applied within the slider's range (SimulationSettings::kTimeStepMin
/// to kTimeStepMax), else refused with a message naming the value that stays (simulation_panel.cpp).
void apply_time_step(App& app, double dt);
/// A setting's value as the run in effect uses it: riding a steady turn (from_turn), the turn's (its
/// speed, lean and steer, ModelView::turn_settings), else the state's (simulation_panel.cpp).
double setting_in_effect(const App& app, const std::string& name, double fallback);
/// The integrator, solver, stabilization and step of the model's paper, as the model panel's "Paper's
/// methods" does (model_panels.cpp).
void use_papers_methods(App& app);
/// The eigenvalue plot's speed range as if typed: applied, or refused with the panel's line (eigen_plot.cpp).
void apply_speed_range(App& app, double lo, double hi);
/// Why the last speed range was refused, while it is shown ("" for none).
const std::string& speed_range_problem();
/// Play / Pause and Reset as the simulation panel's buttons (model_panels.cpp).
void toggle_play(App& app);
void reset_run(App& app);
/// The Scenarios menu's items by their labels in the page's language (none where the model has no rider),
/// and starting one by its label as the menu does (rider_panel.cpp).
std::vector<std::string> scenario_labels(const App& app);
void start_scenario_labelled(App& app, const std::string& label);
/// A steady turn ridden, as a click on its dot in the turns plot, and left, as "Leave the turn"; a
/// family's name as the plot shows it, and why a setting the turn sets cannot be changed while it is
/// ridden, in the page's language (turns_panel.cpp).
void ride_steady_turn(App& app, const bicycle::SteadyTurn& turn);
void leave_steady_turn(App& app);
std::string turn_family_name(const std::string& family);
/// The next slice of the steady turns being computed, within the frame's deadline, as the turns panel
/// does each frame; false when none are being computed (turns_panel.cpp).
bool advance_turns(App& app);
const char* set_by_the_turn_note();
/// Says set_by_the_turn_note in a toast when the last item, disabled by a ridden turn, is clicked or tapped:
/// a finger has no hover to show the tooltip, and the tap did nothing (a student on a tablet).
void say_set_by_the_turn_if_tapped(App& app);
/// A comparison of methods chosen from the presets (a paper's study or a general one), as the panel's list
/// does: its methods and runs, and the stage shows it (compare_panel.cpp).
void choose_study(App& app, const examples::MethodStudy& study);
/// Copy link, as the menu bar's button: the clipboard and its toast (app_shell.cpp).
void copy_page_link(App& app);
/// An embed's way out: the scene shown, at its moment, in the whole playground in a new tab (app_shell.cpp).
void open_in_playground(App& app);
/// The rider's hold buttons (rider_panel.cpp): how many, each one's name and widget, and holding one from
/// elsewhere (the parallel DOM) as the on-screen button is held.
int hold_button_count(const App& app);
const char* hold_button_label(int button);
const char* hold_button_rect(int button);
const char* hold_button_key(int button);
void hold_button(App& app, int button, bool down);

}  // namespace carvallo::web
