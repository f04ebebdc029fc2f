#pragma once
// Drawing helpers shared by the plots drawn with ImDrawList (the bicycle's and any model's eigenvalue
// panels, the time plots): a linear axis mapping, "nice" tick steps, dashed lines, the frame with grid, ticks
// and labels, and names placed clear of each other.
#include <imgui.h>

#include <vector>

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

/// Names written on a plot (a curve's, a critical speed's), each moved down a line at a time, up to six,
/// while it would cover one placed before (`gap` apart sideways) and a line more still fits above `bottom`;
/// `clear` says whether it found a place covering none.
class PlacedLabels {
public:
  ImVec2 place(ImVec2 at, ImVec2 size, float gap, float bottom, bool* clear = nullptr);
  /// A rectangle the names keep clear of (a marker drawn later, on top).
  void keep_clear(ImVec2 min, ImVec2 max) { placed_.push_back(ImVec4(min.x, min.y, max.x, max.y)); }

private:
  std::vector<ImVec4> placed_;  // x0, y0, x1, y1
};

}  // namespace carvallo::web
