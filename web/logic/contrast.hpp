#pragma once
// Contrast of colours as WCAG 2.1 defines it (relative luminance, contrast ratio), and the playground's
// palette: every colour the canvas draws text, curves, markers and control borders with, in a normal and a
// high-contrast profile (link field `contrast`). The panels take their colours from here, so the unit test
// that checks these pairs checks what is drawn (tests/web/contrast_test.cpp).
//
// Pure C++: no ImGui include (colours are 8-bit RGBA; the panels convert).

#include <cstdint>
#include <string>
#include <vector>

namespace carvallo::web {

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// WCAG 2.1 relative luminance of an opaque colour (its alpha ignored), 0 (black) to 1 (white).
double relative_luminance(Rgba c);
/// WCAG 2.1 contrast ratio (L1 + 0.05) / (L2 + 0.05), 1 to 21, of `fg` drawn over the opaque `bg`
/// (a translucent `fg` is first blended over `bg`, as it appears).
double contrast_ratio(Rgba fg, Rgba bg);
/// `fg` blended over `bg` by fg's alpha; the result is opaque when bg is.
Rgba over(Rgba fg, Rgba bg);

/// The canvas's colours. Plot curves are drawn on `plot_bg`, panel text and controls on `window_bg`.
struct Palette {
  Rgba window_bg, text, text_disabled, border;       ///< panels (ImGui's style)
  Rgba button, button_hovered, button_active;        ///< fills (their border is `border`)
  Rgba frame_bg, check_mark, slider_grab;            ///< number fields, check boxes, sliders
  Rgba plot_bg, plot_text, plot_frame, plot_zero;    ///< the plots' area, tick labels, frame, zero line
  Rgba weave, capsize, castering, other_mode;        ///< the eigenvalue plot's branches (and their labels)
  Rgba weave_ghost, capsize_ghost, castering_ghost, other_ghost;  ///< the pinned design's curves (dashed)
  Rgba time_lines[4];                                ///< the time plots' curves, in order
  Rgba error_text, stable_text;                      ///< refusals (red), the stability line (green)
  Rgba hold_lit;                                     ///< a rider's hold button while it pushes
  Rgba focus_ring;                                   ///< the keyboard focus drawn around a widget
  Rgba view_bg;                                      ///< the 3D view's clear colour (the focus ring's other background)
  /// The steady turns' dots by family (handlebar forward, reversed): dark when stable, a lighter tone when
  /// unstable, each at least 3:1 on the plot (the unstable ones, most of the plot, had been 2.1 and 2.4:1).
  Rgba turn_stable[2], turn_unstable[2];
};

/// The palette of a profile: `high` for projectors and low vision (link `contrast=high`).
const Palette& palette(bool high);
/// The profile the panels draw with now (set each frame from the state).
const Palette& active_palette();
void set_high_contrast(bool high);

/// One pair the WCAG criteria constrain: text needs 4.5:1 (1.4.3), graphics and control borders 3:1 (1.4.11).
struct ContrastPair {
  std::string what;
  Rgba fg, bg;
  double minimum;
};
/// Every pair of the palette that carries information, with its minimum.
std::vector<ContrastPair> contrast_pairs(const Palette& p);

}  // namespace carvallo::web
