#include "browser.hpp"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>

// clang-format off
EM_JS(void, carvallo_js_set_canvas_size, (int w, int h), {
  Browser.setCanvasSize(w, h);
});

EM_JS(void, carvallo_js_copy, (const char* text), {
  const s = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(s).catch(function (e) { console.info('clipboard unavailable: ' + e); });
  }
  window.carvallo._clipboard = s;
});

EM_JS(void, carvallo_js_ready, (const char* version), {
  const api = window.carvallo;
  api.version = UTF8ToString(version);
  if (api._resolveReady) api._resolveReady(api.version);
});
// clang-format on

namespace carvallo::web {

int CanvasSize::backing_width() const {
  return std::max(1, static_cast<int>(std::lround(css_width * pixel_ratio)));
}
int CanvasSize::backing_height() const {
  return std::max(1, static_cast<int>(std::lround(css_height * pixel_ratio)));
}

CanvasSize canvas_size() {
  double w = 0, h = 0;
  emscripten_get_element_css_size("#canvas", &w, &h);
  CanvasSize s;
  s.css_width = static_cast<int>(std::lround(w));
  s.css_height = static_cast<int>(std::lround(h));
  const double ratio = emscripten_get_device_pixel_ratio();
  s.pixel_ratio = std::isfinite(ratio) && ratio > 0 ? ratio : 1.0;
  return s;
}

void set_canvas_backing_size(int width, int height) { carvallo_js_set_canvas_size(width, height); }

void copy_to_clipboard(const std::string& text) { carvallo_js_copy(text.c_str()); }

void signal_ready(const char* version) { carvallo_js_ready(version); }

}  // namespace carvallo::web
