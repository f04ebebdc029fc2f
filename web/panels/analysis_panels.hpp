#pragma once
// The eigenvalue panel's companions (issue 14): the mode-shape view (mode_panel.cpp), the sensitivity
// bar chart (sensitivity_panel.cpp) and the pinned ghost design (ghost_panel.cpp). eigen_plot.cpp, the
// frame loop and the JS API call these; their caches live in their own files.

#include "logic/bike_analysis.hpp"
#include "logic/mode_animation.hpp"
#include "logic/sensitivity_chart.hpp"
#include "panels/plot_axes.hpp"

#include <imgui.h>

#include <optional>
#include <string>

namespace carvallo::examples {
class ModelRun;
}

namespace carvallo::web {

struct App;

// ---- mode shapes (mode_panel.cpp) ----
/// Selects the mode animated in the 3D view ("weave", "capsize", "castering"; "off" returns to the
/// simulation, untouched: it was paused when the mode view began).
void select_mode_shape(App& app, const std::string& label);
/// The mode view is on: the bicycle, a mode chosen, and that mode exists at the current speed.
bool mode_view_active(App& app);
/// The mode currently animated (nothing when the view is off).
std::optional<ModeShape> current_mode_shape(App& app);
/// Advances the animation clock (real seconds x the state's mode time scale) and poses its bicycle.
void advance_mode_view(App& app, double real_dt);
/// The bicycle posed in the mode's motion when the view is on (what the 3D view draws), else nullptr.
const examples::ModelRun* mode_display_run(App& app);
/// Animation time (s) and the motion shown; why the mode cannot be posed (empty when it can).
double mode_view_time(App& app);
ModeMotion mode_view_motion(App& app);
const std::string& mode_view_error(App& app);
/// Under the eigenvalue plot: the controls and numbers of the mode shown (nothing when off).
void mode_section(App& app);
/// Lines mode_section takes (the plot leaves room for them).
float mode_section_lines(App& app);
/// Over the 3D view when a mode is shown: what is shown and "Back to simulation".
void mode_overlay(App& app);

// ---- sensitivity chart (sensitivity_panel.cpp) ----
/// The chart of the current bicycle in the state's scaling (recomputed only when the bicycle, the range
/// or the scaling changed); nullptr when the bicycle has no canonical model.
const SensitivityChart* current_sensitivity_chart(App& app);
/// How many times the chart was computed since the page loaded (it is cached).
int sensitivity_computations();
/// Fills the rest of the eigenvalue panel with the bar chart.
void sensitivity_chart_view(App& app);

// ---- ghost (ghost_panel.cpp) ----
/// The pinned design's sweep over the plotted range (cached), or nullptr.
const EigenSweep* ghost_sweep(App& app);
/// "Pin as ghost" / "Clear ghost" buttons.
void ghost_buttons(App& app);
/// Both designs' weave and capsize speeds, side by side (nothing without a ghost).
/// `ghost_only`: the stage's panel, whose stability line above names the live design's speeds: the ghost's
/// line alone, so that the readouts stay above the fold at a projector's large text steps.
void ghost_comparison(App& app, bool ghost_only = false);
/// The ghost's curves, faded and dashed, in the eigenvalue plot's frame: Re s against speed (x maps speed,
/// y maps Re s), or in the root locus Im s against Re s (x maps Re s, y maps Im s).
void draw_ghost_curves(App& app, ImDrawList* dl, const Axis& x, const Axis& y, bool root_locus);

}  // namespace carvallo::web
