#include "platform/browser.hpp"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

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
  api._running = true;
  api.firstFrameMs = performance.now();
  if (api._resolveReady) api._resolveReady(api.version);
});

EM_JS(char*, carvallo_js_location_hash, (), {
  const s = window.carvallo._currentHash();
  window.carvallo._lastHash = s;
  window.carvallo._markNavigated();
  const n = lengthBytesUTF8(s) + 1;
  const p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, carvallo_js_publish_link, (const char* link), {
  window.carvallo._setLink(UTF8ToString(link));
});

EM_JS(void, carvallo_js_new_history_entry, (), {
  window.carvallo._newEntry();
});

EM_JS(char*, carvallo_js_link_url, (const char* link), {
  const s = window.carvallo.linkUrl(UTF8ToString(link));
  const n = lengthBytesUTF8(s) + 1;
  const p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, carvallo_js_download, (const char* name, const char* mime, const char* text), {
  window.carvallo._download(UTF8ToString(name), UTF8ToString(mime), UTF8ToString(text));
});

EM_JS(void, carvallo_js_open_json_file, (), {
  window.carvallo._upload();
});

EM_JS(char*, carvallo_js_prompt, (const char* title, const char* current), {
  const answer = window.prompt(UTF8ToString(title), UTF8ToString(current));
  if (answer === null) return 0;
  const s = String(answer).slice(0, 200);
  const n = lengthBytesUTF8(s) + 1;
  const p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, carvallo_js_text_box, (int open, double x, double y), {
  if (window.carvallo && window.carvallo._textBox) window.carvallo._textBox(open != 0, x, y);
});
EM_JS(int, carvallo_js_coarse_pointer, (), {
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});

// The WebGL context's renderer as the browser names it (WEBGL_debug_renderer_info; Chrome and Firefox give it
// unmasked), matched against the software rasterizers browsers fall back to without a usable GPU:
// SwiftShader (Chrome), llvmpipe (Mesa, Firefox on Linux), Microsoft Basic Render Driver (Windows).
EM_JS(int, carvallo_js_software_renderer, (), {
  if (typeof GLctx === "undefined" || !GLctx) return 0;
  var info = GLctx.getExtension('WEBGL_debug_renderer_info');
  var name = String(GLctx.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : GLctx.RENDERER) || "");
  return /swiftshader|llvmpipe|softpipe|basic render|software/i.test(name) ? 1 : 0;
});

EM_JS(double, carvallo_js_now, (), {
  return performance.now();
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

std::string take_js_string(char* p) {
  std::string s = p ? p : "";
  std::free(p);
  return s;
}

std::string location_hash() { return take_js_string(carvallo_js_location_hash()); }

void publish_link(const std::string& link) { carvallo_js_publish_link(link.c_str()); }
void new_history_entry() { carvallo_js_new_history_entry(); }

std::string copy_link(const std::string& link) {
  std::string url = take_js_string(carvallo_js_link_url(link.c_str()));
  copy_to_clipboard(url);
  return url;
}

void download(const std::string& filename, const std::string& mime, const std::string& text) {
  carvallo_js_download(filename.c_str(), mime.c_str(), text.c_str());
}

void open_json_file() { carvallo_js_open_json_file(); }

double page_time() { return carvallo_js_now() / 1000.0; }

EM_JS(void, carvallo_js_frame_pace, (int slow, int restart), {
  window.carvallo._slow = !!slow;
  if (restart) { Module['pauseMainLoop'](); Module['resumeMainLoop'](); }
});

void set_frame_pace(FramePace::Pace pace, bool restart) {
  switch (pace) {
    case FramePace::Pace::Idle:
      emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, FramePace::kIdlePeriodMs);
      break;
    case FramePace::Pace::CatchUp:
      emscripten_set_main_loop_timing(EM_TIMING_SETIMMEDIATE, 0);
      break;
    case FramePace::Pace::Animation:
      emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
      break;
  }
  carvallo_js_frame_pace(pace == FramePace::Pace::Idle, restart);
}

bool coarse_pointer() { return carvallo_js_coarse_pointer() != 0; }
bool software_renderer() { return carvallo_js_software_renderer() != 0; }
void text_box_focus(bool open, double x, double y) { carvallo_js_text_box(open ? 1 : 0, x, y); }

std::optional<std::string> ask_number(const std::string& title, const std::string& current) {
  char* p = carvallo_js_prompt(title.c_str(), current.c_str());
  if (!p) return std::nullopt;
  return take_js_string(p);
}

}  // namespace carvallo::web
