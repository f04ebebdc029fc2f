#include "panels/plot_axes.hpp"
#include "panels/palette_colors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace carvallo::web {

double nice_step(double span, int target) {
  const double raw = span / std::max(target, 1);
  if (!(raw > 0) || !std::isfinite(raw)) return 1.0;  // an empty or non-finite range: any step draws nothing wrong
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double n = raw / mag;
  return (n < 1.5 ? 1 : n < 3 ? 2 : n < 7 ? 5 : 10) * mag;
}

namespace {
// The step after `step` in the 1, 2, 5 x 10^k sequence.
double next_nice(double step) {
  const double mag = std::pow(10.0, std::floor(std::log10(step)));
  const double n = step / mag;
  return (n < 1.5 ? 2 : n < 3.5 ? 5 : 10) * mag;
}
// About `target` ticks, but never closer than `min_pixels` apart: a short plot (a mode or a ghost
// shown under it) keeps fewer labels instead of overlapping ones.
double tick_step(const Axis& a, int target, float min_pixels) {
  double step = nice_step(a.hi - a.lo, target);
  const float pixels_per_unit = std::abs(a.p1 - a.p0) / static_cast<float>(a.hi - a.lo);
  for (int i = 0; i < 40 && static_cast<float>(step) * pixels_per_unit < min_pixels; ++i) step = next_nice(step);
  return step;
}
}  // namespace

ImVec2 PlacedLabels::place(ImVec2 at, ImVec2 size, float gap, float bottom, bool* clear) {
  const auto covers = [&] {
    return std::any_of(placed_.begin(), placed_.end(), [&](const ImVec4& r) {
      return at.x < r.z + gap && r.x - gap < at.x + size.x && at.y < r.w && r.y < at.y + size.y;
    });
  };
  for (int tries = 0; tries < 6 && covers() && at.y + 2 * size.y <= bottom; ++tries) at.y += size.y;
  if (clear) *clear = !covers();
  placed_.push_back(ImVec4(at.x, at.y, at.x + size.x, at.y + size.y));
  return at;
}

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash) {
  const float len = std::hypot(b.x - a.x, b.y - a.y);
  if (len < 1e-3f) return;
  const ImVec2 d((b.x - a.x) / len, (b.y - a.y) / len);
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + d.x * t, a.y + d.y * t), ImVec2(a.x + d.x * e, a.y + d.y * e), color, thickness);
  }
}

void axes_and_grid(ImDrawList* dl, const Axis& x, const Axis& y, ImVec2 p0, ImVec2 p1, const char* xlabel, const char* ylabel) {
  const ImU32 grid = IM_COL32(225, 228, 235, 255), text = color_u32(pal().plot_text);  // the grid is a guide only
  const float fh = ImGui::GetFontSize();
  char buf[32];
  const double xs = tick_step(x, 8, fh * 3.0f), ys = tick_step(y, 6, fh * 1.4f);
  for (double v = std::ceil(x.lo / xs) * xs; v <= x.hi + 1e-9 * xs; v += xs) {
    const float X = x(v);
    dl->AddLine(ImVec2(X, p0.y), ImVec2(X, p1.y), grid);
    dl->AddLine(ImVec2(X, p1.y), ImVec2(X, p1.y + 4), text);
    std::snprintf(buf, sizeof buf, "%g", std::abs(v) < 1e-12 * xs ? 0.0 : v);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(X - ts.x * 0.5f, p1.y + 5), text, buf);
  }
  for (double v = std::ceil(y.lo / ys) * ys; v <= y.hi + 1e-9 * ys; v += ys) {
    const float Y = y(v);
    dl->AddLine(ImVec2(p0.x, Y), ImVec2(p1.x, Y), std::abs(v) < 1e-9 * ys ? color_u32(pal().plot_zero) : grid);
    dl->AddLine(ImVec2(p0.x - 4, Y), ImVec2(p0.x, Y), text);
    std::snprintf(buf, sizeof buf, "%g", std::abs(v) < 1e-12 * ys ? 0.0 : v);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(p0.x - ts.x - 6, Y - fh * 0.5f), text, buf);
  }
  dl->AddRect(p0, p1, color_u32(pal().plot_frame));
  const ImVec2 xs_size = ImGui::CalcTextSize(xlabel);
  // Under the right end; where the plot is narrower than the label, from the y labels' left edge.
  dl->AddText(ImVec2(std::max(p1.x - xs_size.x, p0.x - fh * 2.6f), p1.y + 5 + fh), text, xlabel);
  dl->AddText(ImVec2(p0.x - fh * 2.6f, p0.y - fh * 1.15f), text, ylabel);  // above the plot: no curve covers it
}

}  // namespace carvallo::web
