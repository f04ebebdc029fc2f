#pragma once
// The few things the playground needs from the browser that Emscripten 3.1.6's GLFW does not provide:
// the canvas's CSS size and device pixel ratio (HiDPI), the system clipboard, and the page's JS API.

#include "logic/frame_pace.hpp"

#include <optional>
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

/// Resolves window.carvallo.ready and enables the API; called once, after the first frame is drawn.
void signal_ready(const char* version);

/// The URL hash without '#' (percent-encoded as the browser keeps it).
std::string location_hash();

/// Hands the current share link to the page, which writes it to the URL debounced (web/platform/pre.js).
void publish_link(const std::string& link);
/// The next link handed over is a new entry in the browser's history (another scene of a lesson), so
/// that Back returns to what was shown before; a link the page normalizes after a navigation still
/// replaces its entry.
void new_history_entry();

/// Copies the full URL with this link to the clipboard; returns the URL.
std::string copy_link(const std::string& link);

/// Offers `text` as a file download.
void download(const std::string& filename, const std::string& mime, const std::string& text);

/// Opens the browser's file picker for a JSON file; the chosen file arrives in carvallo_load_bike_json.
void open_json_file();

/// Asks for a value in the browser's own dialog (window.prompt: on a phone it brings up the keyboard);
/// nullopt when cancelled.
std::optional<std::string> ask_number(const std::string& title, const std::string& current);

/// True on a touch screen as the main pointer (a phone, a tablet): bigger text and touch targets.
bool coarse_pointer();

/// True when the current WebGL context is drawn by a software rasterizer (no usable GPU: a virtual machine,
/// a blocklisted driver, the browser tests' SwiftShader), where every pixel's work is the CPU's.
bool software_renderer();

/// A string the page's JavaScript allocated with _malloc (an EM_JS answer): copied, then freed.
std::string take_js_string(char* p);

/// Seconds since the page started loading (performance.now()).
double page_time();

/// The frame loop at `pace` (logic/frame_pace.hpp): every animation frame, every
/// FramePace::kIdlePeriodMs on a timer (Idle), or back to back, one task each (CatchUp: emscripten's
/// setImmediate, a posted message, so input is still handled between frames); the page's JavaScript is
/// told when the loop is slow, so that input and API calls wake it (web/platform/pre.js). With `restart`,
/// the loop starts again now: the next frame is the next animation frame, not the slow loop's pending
/// timer (emscripten's pause and resume start a new loop; the old timer then returns).
void set_frame_pace(FramePace::Pace pace, bool restart = false);

/// Whether a text box of the canvas is open, its cursor at (`x`, `y`) CSS px: while one is, input.js keeps
/// a hidden field focused there, through which text that comes with no key press (an input method's, a
/// dead key's, a character picker's) reaches the box (web/main.cpp, carvallo_input_text).
void text_box_focus(bool open, double x, double y);

}  // namespace carvallo::web
