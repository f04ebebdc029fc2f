#pragma once
// Drawing helpers shared by the plots drawn with ImDrawList (the bicycle's and any model's eigenvalue
// panels): a linear axis mapping, "nice" tick steps, dashed lines, the frame with grid, ticks and labels;
// and their controls' labels fitted to the panel's width.
#include <imgui.h>

#include <string>

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

/// `label` broken into lines at its spaces where a widget of it would run past the window's right edge
/// (a longer language, large text, a narrow panel; ImGui draws a label's lines one under the other):
/// `extra` is what the widget adds to its text's width. A word longer than the room stays whole; the
/// "##id" part is kept, so a "###id" keeps the widget's identity. Unchanged where it fits.
std::string fitted_label(const char* label, float extra);
/// fitted_label for a button, a check box and a tree node.
std::string fitted_button(const char* label);
std::string fitted_checkbox(const char* label);
std::string fitted_tree_node(const char* label);

}  // namespace carvallo::web
