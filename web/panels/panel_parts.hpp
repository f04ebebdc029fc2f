#pragma once
// What the playground's panels share besides app.hpp: sizes in CSS pixels, the "What am I looking at?"
// notes, and the panels the application shell (app_shell.cpp) composes from their own files.

#include "app.hpp"

namespace carvallo::web {

/// `css` CSS pixels in the framebuffer's pixels at the current text scale.
inline float px(const App& app, float css) { return css * static_cast<float>(app.ui_scale); }

/// A collapsed "What am I looking at?" with `text` (none in presentation mode).
void note(App& app, const char* id, const char* text);

/// The bicycle's 26 parameters, presets, save and load (bicycle_panels.cpp).
void parameters_panel(App& app);
/// The rider's time plots: roll and steer, speed, the torques, the violations (bicycle_panels.cpp).
void bicycle_plots(App& app);
/// A model's probes of its first probe's unit (or its energy) against time, `height` device px tall.
void probes_plot(App& app, const char* id, float height);
/// Any model's time plots: its probes and the violations (simulation_panel.cpp).
void model_plots(App& app);
/// The one simulation panel of every model (simulation_panel.cpp).
void simulation_panel(App& app);

}  // namespace carvallo::web
