// window.carvallo's entries for pictures, video and the bodies on screen (pre.js wraps them;
// docs/playground.md, "Pictures and video"): capture, recordVideo, bodyAt.
#include "app.hpp"
#include "logic/language.hpp"
#include "panels/view_scene.hpp"
#include "platform/capture.hpp"
#include "platform/js_reply.hpp"
#include "platform/video.hpp"

#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace {

using carvallo::web::App;
using carvallo::web::js_reply;
using nlohmann::json;

carvallo::web::Picture g_picture;  // the last picture, until the page has copied it (carvallo_capture_release)

}  // namespace

extern "C" {

// The picture's pixels stay in the module's memory until carvallo_capture_release: pre.js reads them at
// `pointer` (width x height RGBA, rows bottom to top).
EMSCRIPTEN_KEEPALIVE const char* carvallo_capture(const char* what, double width, double height) {
  App& app = carvallo::web::app();
  g_picture = carvallo::web::capture_picture(app, what ? what : "", width, height);
  if (!g_picture.error.empty()) return js_reply(json{{"error", g_picture.error}});
  return js_reply(json{{"width", g_picture.width}, {"height", g_picture.height},
                       {"pointer", reinterpret_cast<std::uintptr_t>(g_picture.rgba.data())}, {"renderMs", g_picture.render_ms}});
}

EMSCRIPTEN_KEEPALIVE void carvallo_capture_release() { g_picture = {}; }

// "Record video" from the View menu failed (capture.js): the reason, in the page's language, where the
// menu was chosen.
EMSCRIPTEN_KEEPALIVE const char* carvallo_video_failed(const char* reason) {
  App& app = carvallo::web::app();
  std::string why = reason ? reason : "";
  if (why.rfind("recordVideo: ", 0) == 0) why.erase(0, 13);  // the API's prefix, for its callers
  carvallo::web::set_toast(app, carvallo::web::trf("The video was not recorded: %s", carvallo::web::tr(why).c_str()));
  return js_reply(json::object());
}

// The picture's size at `scale` times the 3D view's free rectangle (device px).
EMSCRIPTEN_KEEPALIVE const char* carvallo_picture_size(double scale) {
  const auto [w, h] = carvallo::web::picture_size(carvallo::web::app(), std::isfinite(scale) && scale > 0 ? scale : 1.0);
  return js_reply(json{{"width", w}, {"height", h}});
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_record_video(double t0, double t1, double rate, double width, double height) {
  carvallo::web::VideoRequest r{t0, t1, rate};
  // Sizes as given when whole (video_problem refuses the others), else a value it refuses.
  auto whole = [](double v, int fallback) { return std::isnan(v) ? fallback : v == std::floor(v) && std::abs(v) < 1e6 ? static_cast<int>(v) : -1; };
  r.width = whole(width, r.width);
  r.height = whole(height, r.height);
  const std::string problem = carvallo::web::start_video(carvallo::web::app(), r);
  if (!problem.empty()) return js_reply(json{{"error", problem}});
  return js_reply(json{{"width", r.width}, {"height", r.height}});
}

// The body drawn at (x, y) CSS px, or under the mouse pointer when x or y is NaN.
EMSCRIPTEN_KEEPALIVE const char* carvallo_body_at(double x, double y) {
  App& app = carvallo::web::app();
  if (std::isnan(x) || std::isnan(y)) {
    // GLFW's cursor is in the canvas's backing pixels (Emscripten scales the event's CSS px).
    double mx = 0, my = 0;
    glfwGetCursorPos(app.window, &mx, &my);
    x = mx / app.pixel_ratio;
    y = my / app.pixel_ratio;
  }
  const auto hit = carvallo::web::body_at(app, x, y);
  if (!hit) return js_reply(nullptr);
  return js_reply(json{{"index", hit->index}, {"name", hit->name}, {"x", x}, {"y", y}});
}

}  // extern "C"
