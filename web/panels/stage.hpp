#pragma once
// The stage: what a lecture shows (presentation mode and embeds on a screen, the 3D tab on a phone). The
// 3D view with the model fitted in it, beside (or, on a portrait screen, above) exactly one plot chosen by
// the link field `stage`, the scene's caption in a band above the view, and one compact bar under it with
// the lecturer's few controls. Nothing is drawn over the view: widgetRect('view:free') is all of it.

#include "app.hpp"

#include <imgui.h>

#include <array>
#include <string>
#include <string_view>

namespace carvallo::web {

/// This frame is laid out as the stage.
bool stage_shown(const App& app);
/// The plot the stage shows: the one chosen (link field `stage`) where the model offers it, else the
/// model's own plot against time ("roll-steer": a mechanism's probes). The four-bar has no eigenvalues,
/// and on the default `stage=eigenvalues` its stage showed no plot at all.
std::string shown_stage_plot(const App& app);
/// Lays the stage out (the view's free rectangle, the plot's, the caption band's) below `top` (framebuffer px).
void arrange_stage(App& app, float top);
/// When the stage shows `plot` (a kStagePlotNames entry): places the next window on the stage plot's
/// rectangle, fixed, and returns true; false when the stage is not shown or shows another plot.
bool place_stage_window(App& app, std::string_view plot);
/// Called after Begin of a window that place_stage_window placed (`on_stage`), or of the same panel
/// elsewhere: on the stage, a plot narrower than `across` characters (16: a plot's labels, axes and
/// legend) or lower than `down` lines (13: its title, legend, labels, readouts and its own height) is
/// drawn with text no larger than fits them, down to the text at text size 1, so that a
/// larger text step on a projector enlarges the caption, the menus and the bar without squeezing the plot
/// to a sliver; elsewhere the panel's own text.
void fit_stage_window_text(const App& app, bool on_stage, float across = 16.0f, float down = 13.0f);
/// The plots the stage draws itself (roll and steer, torques) and the choice of plot.
void stage_plot(App& app);
/// The plot a picture shows (capture's 'plot' and 'both'): the stage's plot ("eigenvalues", "turns",
/// "design-map", "torques" when the model has inputs), else "roll-steer" (a model without roll and
/// steer: its probes).
std::string picture_plot(const App& app);
/// Draws `plot` (a picture_plot name) in a window of its own on `rect` (x, y, w, h, the picture's px):
/// its curves, legend and figures, none of its controls (App::picture while drawing).
void draw_picture_plot(App& app, const std::string& plot, const std::array<float, 4>& rect);
/// A stage plot's title in the page's language (its menu item, its window, the parallel DOM's choice).
const char* stage_title(const App& app, const std::string& plot);
/// The choice of the stage's plot, as menu items (the View menu, the bar's "Plot..." button).
void stage_plot_menu(App& app);
/// The compact bar: play/pause, step, reset, kick, the rider's hold buttons, speed, the designer inputs,
/// the scene counter.
void stage_bar(App& app);
/// For a window whose text is drawn `scale` times smaller (the bar, the caption, the timeline on the stage):
/// its frame padding (targets kept 24 px), a button's height, and its spacing pushed (returns how many
/// style variables to pop).
ImVec2 scaled_frame_padding(const App& app, float scale);
float scaled_frame_height(const App& app, float scale);
int push_scaled_spacing(const App& app, float scale);
/// The scene's caption, wrapped in its band (the stage) or over the top of the view (other layouts).
void caption_overlay(App& app);

}  // namespace carvallo::web
