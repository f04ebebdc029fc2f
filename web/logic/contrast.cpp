// WCAG 2.1's definitions (Understanding SC 1.4.3: relative luminance of sRGB, contrast ratio) and the
// playground's two palettes, chosen so that every pair of contrast_pairs() meets its minimum.
#include "logic/contrast.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

namespace {

double linear(std::uint8_t v) {
  const double c = v / 255.0;
  // WCAG 2.1 writes 0.03928; the sRGB standard's 0.04045 gives the same result for 8-bit values.
  return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

constexpr Rgba rgb(int r, int g, int b, int a = 255) {
  return Rgba{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(a)};
}

// ImGui's light style's panel (0.94 grey), with borders and fills dark enough to see a control's edge:
// its light-blue buttons (0.26, 0.59, 0.98 at 40 %) on 0.94 grey are 1.4:1, so a button is told by its
// border (3:1 or more), and the ghost's faint curves are full colours in a lighter tone, dashed.
const Palette kNormal{
    rgb(240, 240, 240), rgb(0, 0, 0), rgb(95, 95, 95), rgb(110, 110, 118),
    rgb(176, 204, 245), rgb(128, 176, 245), rgb(90, 150, 235),
    rgb(255, 255, 255), rgb(20, 80, 170), rgb(90, 140, 215),
    rgb(255, 255, 255), rgb(70, 70, 80), rgb(120, 120, 130), rgb(110, 110, 120),
    rgb(31, 100, 190), rgb(205, 35, 38), rgb(25, 120, 45), rgb(100, 100, 100),
    rgb(100, 140, 205), rgb(225, 90, 90), rgb(80, 150, 90), rgb(130, 130, 130),
    {rgb(40, 90, 200), rgb(180, 70, 0), rgb(25, 120, 45), rgb(150, 60, 170)},
    rgb(179, 0, 0), rgb(26, 115, 38),
    rgb(242, 166, 64),
    rgb(0, 90, 200),
    rgb(204, 219, 237),
    {rgb(31, 78, 156), rgb(192, 57, 43)},
    {rgb(120, 138, 186), rgb(196, 128, 92)},
};

// High contrast: black text and borders on white, saturated dark curves, a thick dark focus ring.
const Palette kHigh{
    rgb(255, 255, 255), rgb(0, 0, 0), rgb(60, 60, 60), rgb(0, 0, 0),
    rgb(255, 255, 255), rgb(220, 230, 255), rgb(180, 200, 255),
    rgb(255, 255, 255), rgb(0, 0, 0), rgb(90, 140, 215),
    rgb(255, 255, 255), rgb(0, 0, 0), rgb(0, 0, 0), rgb(60, 60, 60),
    rgb(0, 60, 170), rgb(180, 0, 0), rgb(0, 100, 20), rgb(60, 60, 60),
    rgb(60, 100, 180), rgb(190, 50, 50), rgb(40, 110, 50), rgb(90, 90, 90),
    {rgb(0, 50, 180), rgb(170, 60, 0), rgb(0, 100, 30), rgb(120, 30, 140)},
    rgb(160, 0, 0), rgb(0, 90, 20),
    rgb(255, 200, 0),
    rgb(0, 0, 0),
    rgb(255, 255, 255),
    {rgb(0, 50, 140), rgb(160, 30, 0)},
    {rgb(100, 118, 170), rgb(180, 105, 65)},
};

bool g_high = false;

}  // namespace

double relative_luminance(Rgba c) { return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b); }

Rgba over(Rgba fg, Rgba bg) {
  const double a = fg.a / 255.0;
  auto mix = [a](std::uint8_t f, std::uint8_t b) { return static_cast<std::uint8_t>(std::lround(a * f + (1 - a) * b)); };
  return Rgba{mix(fg.r, bg.r), mix(fg.g, bg.g), mix(fg.b, bg.b), bg.a};
}

double contrast_ratio(Rgba fg, Rgba bg) {
  const double l1 = relative_luminance(over(fg, bg)), l2 = relative_luminance(bg);
  return (std::max(l1, l2) + 0.05) / (std::min(l1, l2) + 0.05);
}

const Palette& palette(bool high) { return high ? kHigh : kNormal; }
const Palette& active_palette() { return palette(g_high); }
void set_high_contrast(bool high) { g_high = high; }

std::vector<ContrastPair> contrast_pairs(const Palette& p) {
  constexpr double text = 4.5, graphic = 3.0;
  std::vector<ContrastPair> out{
      {"text on a panel", p.text, p.window_bg, text},
      {"disabled and unit text on a panel", p.text_disabled, p.window_bg, text},
      {"text on a button", p.text, p.button, text},
      {"text on a hovered button", p.text, p.button_hovered, text},
      {"text on a pressed button", p.text, p.button_active, text},
      {"text on a lit hold button", p.text, p.hold_lit, text},
      {"text in a number field", p.text, p.frame_bg, text},
      {"a refusal's red text", p.error_text, p.window_bg, text},
      {"the stability line's green text", p.stable_text, p.window_bg, text},
      {"weave label on a panel", p.weave, p.window_bg, text},
      {"capsize label on a panel", p.capsize, p.window_bg, text},
      {"tick labels on a plot", p.plot_text, p.plot_bg, text},
      {"control border on a panel", p.border, p.window_bg, graphic},
      {"number field border", p.border, p.frame_bg, graphic},
      {"check mark", p.check_mark, p.frame_bg, graphic},
      {"slider grab", p.slider_grab, p.frame_bg, graphic},
      {"a slider's value over its grab", p.text, p.slider_grab, text},
      {"castering label on a panel", p.castering, p.window_bg, text},
      {"weave label on a plot", p.weave, p.plot_bg, text},
      {"capsize label on a plot", p.capsize, p.plot_bg, text},
      {"castering label on a plot", p.castering, p.plot_bg, text},
      {"plot frame", p.plot_frame, p.plot_bg, graphic},
      {"plot zero line", p.plot_zero, p.plot_bg, graphic},
      {"weave curve", p.weave, p.plot_bg, graphic},
      {"capsize curve", p.capsize, p.plot_bg, graphic},
      {"castering curve", p.castering, p.plot_bg, graphic},
      {"other branch", p.other_mode, p.plot_bg, graphic},
      {"ghost weave curve", p.weave_ghost, p.plot_bg, graphic},
      {"ghost capsize curve", p.capsize_ghost, p.plot_bg, graphic},
      {"ghost castering curve", p.castering_ghost, p.plot_bg, graphic},
      {"ghost other branch", p.other_ghost, p.plot_bg, graphic},
      {"focus ring on a panel", p.focus_ring, p.window_bg, graphic},
      {"focus ring on the 3D view", p.focus_ring, p.view_bg, graphic},
  };
  for (int k = 0; k < 2; ++k) {
    const std::string family = k == 0 ? "handlebar-forward" : "handlebar-reversed";
    out.push_back({"stable " + family + " turns", p.turn_stable[k], p.plot_bg, graphic});
    out.push_back({"unstable " + family + " turns", p.turn_unstable[k], p.plot_bg, graphic});
  }
  for (int k = 0; k < 4; ++k) {
    out.push_back({"time plot curve " + std::to_string(k + 1), p.time_lines[k], p.plot_bg, graphic});
    out.push_back({"time plot legend " + std::to_string(k + 1) + " on a panel", p.time_lines[k], p.window_bg, text});
  }
  return out;
}

}  // namespace carvallo::web
