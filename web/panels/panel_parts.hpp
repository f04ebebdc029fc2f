#pragma once
// What the playground's panels share besides app.hpp: sizes in CSS pixels, the "What am I looking at?"
// notes, and the panels the application shell (app_shell.cpp) composes from their own files.

#include "app.hpp"
#include "panels/target_size.hpp"

#include <imgui.h>

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace carvallo::web {

/// `css` CSS pixels in the framebuffer's pixels at the current text scale.
inline float px(const App& app, float css) { return css * static_cast<float>(app.ui_scale); }
/// The smallest pointer target, 24 CSS px (WCAG 2.5.8, target_size.hpp), in framebuffer pixels at any text scale.
inline float min_target(const App& app) { return kMinTargetCss * static_cast<float>(app.pixel_ratio); }
/// A thumb's target, 44 CSS px (WCAG 2.5.5): the height of what a phone's hands press most, the run's and
/// the rider's buttons, on a touch screen.
inline float thumb_target(const App& app) { return 44.0f * static_cast<float>(app.pixel_ratio); }

/// The lines `text` takes wrapped to `width` px, for the room a panel keeps for text whose length depends
/// on the page's language (about: ImGui's wrapping also breaks after '.', ',' and ';', wrapped_text's only
/// at spaces).
inline float text_lines(const char* text, float width) {
  return std::ceil(ImGui::CalcTextSize(text, nullptr, false, width).y / ImGui::GetTextLineHeight() - 0.01f);
}

/// A collapsed "What am I looking at?" with `text` (none in presentation mode).
void note(App& app, const char* id, const char* text);

/// The bicycle's 26 parameters, presets, save and load (bicycle_panels.cpp).
void parameters_panel(App& app);
/// The rider's time plots: roll and steer, speed, the torques, the violations (bicycle_panels.cpp);
/// `first_in_view`: the first plot ends at the panel's bottom edge where the plots would reach past it.
void bicycle_plots(App& app, bool first_in_view);
/// A model's probes of its first probe's unit (or its energy) against time, `height` device px tall.
void probes_plot(App& app, const char* id, float height);
/// The shown run's constraint violations against time, on a log scale: |C|, |dC/dt| and |D|.
void violations_plot(App& app, const char* id, float height);
/// Any model's time plots: its probes and the violations (simulation_panel.cpp); `first_in_view` as
/// bicycle_plots'.
void model_plots(App& app, bool first_in_view);
/// The one simulation panel of every model (simulation_panel.cpp).
void simulation_panel(App& app);
/// Methods compared in the simulation panel: presets and compare=, then (with runs) the plot unless
/// `plot_drawn`, the table and the paper's figures (compare_panel.cpp).
void comparison_section(App& app, bool plot_drawn);
/// The lines the notes under the table of methods compared take at `width` px (compare_panel.cpp).
float comparison_notes_lines(const App& app, float width);
/// The compared runs' |C| on one log plot with a fixed axis, `height` device px tall, with a legend of the
/// runs' names and newest |C| above it unless `legend` is false (compare_panel.cpp).
void comparison_plot(App& app, float height, bool legend = true);
/// The plot, the table of where each run is and what it cost, and a paper's published figures (the stage's
/// "Methods compared" and its picture): the plot takes what the others leave, at least `min_plot_height`.
void comparison_view(App& app, float min_plot_height);

/// Reads a field's text: nothing when it reads (`canonical` set), else why not.
using TextCheck = std::optional<std::string> (*)(std::string_view text, std::string& canonical);
/// A text typed into a field (`value`, in the state): applied when `check` reads it, else the reason is
/// shown and the state keeps the last good value (simulation_panel.cpp). `label` is English: it names the
/// widget ("spec:<label>") and is shown in the page's language.
void checked_text_field(App& app, const std::string& label, const std::string& id, std::string& value, SpecEdit& edit,
                        const char* hint, TextCheck check);

}  // namespace carvallo::web
