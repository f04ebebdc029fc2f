#pragma once
// Pictures for slides: the 3D view, the plot or both side by side, drawn into an offscreen framebuffer of
// the size asked, without any of the page's UI (windows, menu bar, stage bar, caption, overlays), and read
// back. The view is the one on screen (same scene, camera and framing: web/logic/capture_frame.hpp); the
// plot is drawn by ImGui in a context of its own at the picture's size. The page's GL state is restored.

#include "app.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace carvallo::web {

struct Picture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< width x height RGBA, rows bottom to top (GL's order)
  std::string error;               ///< why there is no picture (then rgba is empty)
  double render_ms = 0;            ///< drawing and reading back
};

/// The picture of `what` ("view", "plot" or "both") at width x height px; an error (never a smaller
/// picture) for an unknown `what`, a size outside capture_size_problem's limits or one this WebGL cannot draw.
Picture capture_picture(App& app, const std::string& what, double width, double height);

/// The picture's size at `scale` times the 3D view's free rectangle on screen (device px), at least 1 px.
std::pair<int, int> picture_size(const App& app, double scale);

/// The View menu's "Save picture" submenu's items: what to show, then a size, which saves a PNG.
void save_picture_menu(App& app);

}  // namespace carvallo::web
