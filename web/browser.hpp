#pragma once
// The few things the playground needs from the browser that Emscripten 3.1.6's GLFW does not provide:
// the canvas's CSS size and device pixel ratio (HiDPI), the system clipboard, and the page's JS API.

#include <string>

namespace carvallo::web {

struct CanvasSize {
  int css_width = 0, css_height = 0;  // CSS pixels
  double pixel_ratio = 1.0;           // device pixels per CSS pixel
  int backing_width() const;          // device pixels, at least 1
  int backing_height() const;
};

/// The canvas's current layout size (set by the page's stylesheet) and the device pixel ratio.
CanvasSize canvas_size();

/// Sets the canvas's backing store to width x height device pixels without touching its CSS size.
/// (glfwSetWindowSize would request fullscreen when the size equals the screen's.)
void set_canvas_backing_size(int width, int height);

/// Copies text to the system clipboard through navigator.clipboard (GLFW's clipboard is an empty stub).
void copy_to_clipboard(const std::string& text);

/// Resolves window.carvallo.ready; called once, after the first frame is drawn.
void signal_ready(const char* version);

}  // namespace carvallo::web
