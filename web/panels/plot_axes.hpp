#pragma once
// Drawing helpers shared by the plots drawn with ImDrawList (the bicycle's and any model's eigenvalue
// panels): a linear axis mapping, "nice" tick steps, dashed lines, and the frame with grid, ticks and labels.
#include <imgui.h>

namespace carvallo::web {

/// A linear map from data [lo, hi] to screen [p0, p1].
struct Axis {
  double lo, hi;
  float p0, p1;  // screen coordinates of lo and hi
  float operator()(double v) const { return p0 + static_cast<float>((v - lo) / (hi - lo)) * (p1 - p0); }
  double inverse(float p) const { return lo + (p - p0) / (p1 - p0) * (hi - lo); }
};

/// A tick step of 1, 2 or 5 x 10^k giving about `target` ticks over `span`.
double nice_step(double span, int target);
void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash);
/// The plot frame p0..p1 with grid lines, tick labels, the x label under the right end and the y label above.
void axes_and_grid(ImDrawList* dl, const Axis& x, const Axis& y, ImVec2 p0, ImVec2 p1, const char* xlabel, const char* ylabel);

}  // namespace carvallo::web
