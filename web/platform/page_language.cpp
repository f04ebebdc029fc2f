#include "platform/page_language.hpp"

#include "logic/language.hpp"
#include "platform/browser.hpp"

#include <emscripten/emscripten.h>

namespace carvallo::web {

namespace {

// clang-format off
EM_JS(char*, carvallo_js_browser_languages, (), {
  const tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || 'en'];
  const text = tags.join('\n');
  const size = lengthBytesUTF8(text) + 1;
  const p = _malloc(size);
  stringToUTF8(text, p, size);
  return p;
});
// A language's words (a file of the site) once index.html's loader has them (it fetches them when asked),
// else 0.
EM_JS(char*, carvallo_js_language_words, (const char* code), {
  const loading = window.carvalloLoading;
  const text = loading && loading.languageWords ? loading.languageWords(UTF8ToString(code)) : null;
  if (!text) return 0;
  const size = lengthBytesUTF8(text) + 1;
  const p = _malloc(size);
  stringToUTF8(text, p, size);
  return p;
});
EM_JS(void, carvallo_js_set_document_lang, (const char* tag), {
  document.documentElement.lang = UTF8ToString(tag);
});
// clang-format on

}  // namespace

const std::string& browser_language() {
  static const std::string code = [] {
    std::vector<std::string> tags;
    const std::string text = take_js_string(carvallo_js_browser_languages());
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t end = text.find('\n', start);
      tags.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    return language_for(tags);
  }();
  return code;
}

std::string shown_language(const App& app) { return app.state.lang == "auto" ? browser_language() : app.state.lang; }

void language_frame(App& app) {
  static bool first = true;
  const std::string code = shown_language(app);
  // The page has no string table compiled in (web/CMakeLists.txt): it takes the language's words the loader
  // fetched, which a start in Dutch or Spanish waits for; a language chosen later speaks English until
  // they arrive.
  if (!language_ready(code))
    if (char* text = carvallo_js_language_words(code.c_str())) load_language_words(code, take_js_string(text));
  if (set_language(code) || first) carvallo_js_set_document_lang(html_lang(language()).c_str());
  first = false;
}

}  // namespace carvallo::web
