// window.carvallo's lecture entries (web/platform/lecture.js wraps them; docs/playground.md documents
// them): the lesson open and its scenes, the QR code's text, and the browser's answers to the lesson
// codec (a compressed lesson decoded, a lesson compressed for the link).
#include "app.hpp"
#include "logic/language.hpp"
#include "panels/lesson_panel.hpp"
#include "platform/js_reply.hpp"

#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

namespace {

using carvallo::web::App;
using nlohmann::json;

json lesson_json(const App& app) {
  if (!app.lesson) return json{{"name", nullptr}, {"title", nullptr}, {"index", nullptr}, {"scenes", json::array()}};
  json j = carvallo::web::lesson_to_json(*app.lesson);
  j["name"] = app.lesson->name.empty() ? json(nullptr) : json(app.lesson->name);
  j["index"] = app.scene_index;
  return j;
}

// Opens a lesson's JSON text (setLesson, a file, a link) at 1-based `scene`; the refusal, if any.
std::string open_lesson_text(App& app, const char* text, int scene, bool show) {
  auto read = carvallo::web::lesson_from_json(text ? text : "");
  if (!read.lesson) {
    app.messages = {carvallo::web::message_text("The lesson could not be opened: %s", read.problem.c_str())};
    return read.problem;
  }
  carvallo::web::open_lesson(app, std::move(*read.lesson), scene - 1, show);
  return {};
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* carvallo_lesson() { return carvallo::web::js_reply(lesson_json(carvallo::web::app())); }

EMSCRIPTEN_KEEPALIVE const char* carvallo_set_lesson(const char* text) {
  App& app = carvallo::web::app();
  const std::string problem = open_lesson_text(app, text, 1, true);
  return carvallo::web::js_reply(json{{"ok", problem.empty()}, {"problem", problem.empty() ? json(nullptr) : json(problem)}});
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_goto_scene(int index) {
  App& app = carvallo::web::app();
  carvallo::web::goto_scene(app, index);
  return carvallo::web::js_reply(lesson_json(app));
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_qr_text() {
  const App& app = carvallo::web::app();
  return carvallo::web::js_reply(app.show_qr && !app.qr_text.empty() ? json(app.qr_text) : json(nullptr));
}

// lecture.js: a lesson from a link (decompressed) or a file.
EMSCRIPTEN_KEEPALIVE void carvallo_open_lesson_json(const char* text, int scene, int show) {
  open_lesson_text(carvallo::web::app(), text, scene, show != 0);
}

EMSCRIPTEN_KEEPALIVE void carvallo_lesson_refused(const char* why) {
  App& app = carvallo::web::app();
  app.messages = {carvallo::web::message_text("The lesson could not be opened: %s", why ? why : "")};
  carvallo::web::say_lesson_link_notes(app);
}

// lecture.js: the lesson of one's own this browser kept (localStorage), as the page opens with none: offered
// by Lesson > Reopen lesson, not opened (a lecturer who closed the tab had lost the evening's lesson). What
// does not read as a lesson is not offered.
EMSCRIPTEN_KEEPALIVE void carvallo_kept_lesson(const char* text) {
  App& app = carvallo::web::app();
  if (app.lesson || app.closed_lesson) return;
  auto read = carvallo::web::lesson_from_json(text ? text : "");
  if (read.lesson && read.lesson->name.empty()) app.closed_lesson = std::pair{std::move(*read.lesson), 0};
}

// lecture.js: the open lesson compressed for its link; an answer for an older edit is dropped.
EMSCRIPTEN_KEEPALIVE void carvallo_lesson_encoded(int generation, const char* text) {
  App& app = carvallo::web::app();
  if (app.lesson && generation == app.lesson_generation && text) app.lesson_encoded = text;
}

}  // extern "C"
