#pragma once
// Time plots for the simulation panels (ImGui): several series of a run's history against time, with
// axes, ticks, units, a time scale, a zero line and an honest y-range (web/logic/plot_data.hpp computes what
// is shown).
// - The y-range never magnifies noise: in "fit" mode it spans at least the plot's min_span (a 0.03
//   degree wiggle stays a wiggle in a plot whose floor is 2 degrees); "symmetric" centres zero; "fixed"
//   is the user's range (PlotScale, part of the UI state and so of the link).
// - Log plots (constraint violations) label decades, as many as fit without overlapping.

#include "app.hpp"
#include "logic/plot_data.hpp"

#include <imgui.h>

#include <initializer_list>
#include <vector>

namespace carvallo::web {

struct PlotSpec {
  const char* id;        ///< ImGui id, unique in the window
  const char* title;     ///< e.g. "roll and steer"
  const char* unit;      ///< y unit, e.g. "deg"; "" for none
  bool log_scale = false;
  double min_span = 0;   ///< fit/symmetric modes: the y-range spans at least this (plot units)
  double rel_span = 0;   ///< ... and at least this fraction of the largest |value| shown
  bool scale_menu = true;  ///< with a scale: its menu on the title (false: a picture, web/platform/capture.cpp)
  double log_lo = 0, log_hi = 0;  ///< log plots: a fixed range of decades (log10; equal: fitted to the data)
  bool legend = true;    ///< the series' names and newest values above the plot (false: a table below names them)
};

/// Draws the plot (title, legend with the latest values, axes, ticks, curves) at the cursor, full width,
/// the whole block `block_height` device pixels tall. With `scale` non-null (linear plots) a small menu on the title
/// switches between fit, symmetric and fixed, and edits the fixed range.
void draw_time_plot(const PlotSpec& spec, const PlotData& data, PlotScale* scale, float block_height);

/// A scale mode's name in the page's language, as the scale menu offers it ("fit", "symmetric", "fixed").
const char* plot_scale_name(PlotScale::Mode mode);
/// A fixed range for the plot's y-axis, applied as the scale menu applies it (the parallel DOM too): taken
/// when finite, within +-kMaxPlotValue and ordered, else refused with a message that names the end typed
/// (`from_changed`: the lower) and the range that stays.
void set_plot_range(const PlotSpec& spec, PlotScale& scale, double lo, double hi, bool from_changed);

/// The least height of a time plot's drawing area (CSS px): readable from the back of a lecture room.
inline constexpr double kMinPlotHeight = 120.0;

/// A plot block's least readable height (device px): its plot kMinPlotHeight under the title, its scale
/// button and up to two lines of legend.
float readable_plot_height();
/// Heights (device px) of plot blocks sharing what is left of the window's height in the given
/// proportions, leaving room for `text_lines_below` lines of text and `rows_below` rows of widgets
/// after them; each block's plot at least kMinPlotHeight (below that the window scrolls).
/// `first_in_view`: the first block ends at the window's bottom edge where it would reach past it (a short
/// panel whose plots come before its sections: what a kick does is seen whole, a little smaller), as long as
/// its plot keeps kMinPlotHeight under a one-line title.
std::vector<float> plot_heights(std::initializer_list<float> shares, float text_lines_below, float rows_below, bool first_in_view = false);
/// The time window the run's plots show: the link's `window`, or a run's whole length once it has ended
/// sooner (ended_run_window).
double shown_plot_window(const App& app);

}  // namespace carvallo::web
