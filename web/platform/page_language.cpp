#include "platform/page_language.hpp"

#include "logic/language.hpp"
#include "platform/browser.hpp"

#include <emscripten/emscripten.h>

#include <set>

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
// "" when their download failed, else 0.
EM_JS(char*, carvallo_js_language_words, (const char* code), {
  const loading = window.carvalloLoading;
  const text = loading && loading.languageWords ? loading.languageWords(UTF8ToString(code)) : null;
  if (typeof text !== 'string') return 0;
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
  // fetched, which a start in Dutch or Spanish waits for. A language chosen later is spoken once its words
  // have arrived, everything at once (what is said and written only when the language changes, the title
  // among them, would otherwise stay in the words of the frame that changed it); until then the page keeps
  // the language it speaks.
  static std::set<std::string> failed;  // languages whose words did not load, said once each
  if (!language_ready(code) && !failed.contains(code))
    if (char* p = carvallo_js_language_words(code.c_str())) {
      const std::string text = take_js_string(p);
      if (text.empty() || !load_language_words(code, text)) {
        failed.insert(code);
        app.messages.push_back(message_text("%s could not be loaded (no connection?): the page stays in %s.",
                                            language_name(code).c_str(), language_name(language()).c_str()));
      }
    }
  const std::string spoken = language_ready(code) ? code : language();
  if (set_language(spoken) || first) carvallo_js_set_document_lang(html_lang(language()).c_str());
  first = false;
}

}  // namespace carvallo::web
