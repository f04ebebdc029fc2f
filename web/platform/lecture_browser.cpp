#include "platform/lecture_browser.hpp"
#include "platform/browser.hpp"

#include <emscripten/emscripten.h>


// clang-format off
EM_JS(char*, carvallo_js_qr_modules, (const char* text), {
  const s = window.carvallo._qrModules(UTF8ToString(text));
  const n = lengthBytesUTF8(s) + 1;
  const p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, carvallo_js_encode_lesson, (const char* text, int generation), {
  window.carvallo._encodeLesson(UTF8ToString(text), generation);
});

EM_JS(void, carvallo_js_decode_lesson, (const char* data, int scene, int apply_scene), {
  window.carvallo._decodeLesson(UTF8ToString(data), scene, apply_scene !== 0);
});

EM_JS(void, carvallo_js_open_lesson_file, (), {
  window.carvallo._uploadLesson();
});

EM_JS(char*, carvallo_js_page_url, (const char* link), {
  const s = location.origin + location.pathname + location.search + '#' + UTF8ToString(link);
  const n = lengthBytesUTF8(s) + 1;
  const p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, carvallo_js_open_in_new_tab, (const char* url), {
  window.open(UTF8ToString(url), '_blank', 'noopener');
});

EM_JS(int, carvallo_js_reduced_motion, (), {
  return window.carvallo._reducedMotion() ? 1 : 0;
});
// clang-format on

namespace carvallo::web {


QrCode qr_code(const std::string& text) {
  // lecture.js answers the modules as '0'/'1', "" for a text too long, or "loading" / "unavailable".
  const std::string bits = take_js_string(carvallo_js_qr_modules(text.c_str()));
  QrCode code;
  if (bits == "loading") return code;
  if (bits == "unavailable") {
    code.status = QrCode::Status::Unavailable;
    return code;
  }
  code.status = QrCode::Status::TooLong;
  int size = 0;
  while (static_cast<std::size_t>(size) * static_cast<std::size_t>(size) < bits.size()) ++size;
  if (bits.empty() || static_cast<std::size_t>(size) * static_cast<std::size_t>(size) != bits.size()) return code;
  code.status = QrCode::Status::Ready;
  code.size = size;
  code.modules.resize(bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) code.modules[i] = bits[i] == '1' ? 1 : 0;
  return code;
}

void encode_lesson(const std::string& json, int generation) { carvallo_js_encode_lesson(json.c_str(), generation); }

void decode_lesson(const std::string& data, int scene, bool apply_scene) {
  carvallo_js_decode_lesson(data.c_str(), scene, apply_scene ? 1 : 0);
}

void open_lesson_file() { carvallo_js_open_lesson_file(); }

std::string page_url(const std::string& link) { return take_js_string(carvallo_js_page_url(link.c_str())); }

void open_in_new_tab(const std::string& url) { carvallo_js_open_in_new_tab(url.c_str()); }

bool prefers_reduced_motion() { return carvallo_js_reduced_motion() != 0; }

}  // namespace carvallo::web
