// window.carvallo.designMap() and designMapCell(ix, iy): the design window's heat map as the tests and
// teaching pages read it (docs/playground.md). JSON text in a buffer valid until the next call.
#include "app.hpp"
#include "platform/js_reply.hpp"

#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace {

using carvallo::web::App;
using carvallo::web::js_reply;
using carvallo::web::number_or_null;
using nlohmann::json;

json axis(const carvallo::bicycle::MapAxis& a) { return {{"name", a.name}, {"lo", a.lo}, {"hi", a.hi}, {"count", a.count}}; }

json cell(const App& app, std::size_t ix, std::size_t iy) {
  const auto& job = app.design_map;
  if (!job.issues().empty() || ix >= job.x().count || iy >= job.y().count) return nullptr;
  json j{{"ix", ix}, {"iy", iy}, {"x", job.x().value(ix)}, {"y", job.y().value(iy)}, {"computed", job.computed(iy)}};
  if (!job.computed(iy)) return j;
  const auto& p = job.at(ix, iy);
  j["physical"] = p.has_value();
  if (p) {
    j["weave"] = number_or_null(p->weave_speed);
    j["capsize"] = number_or_null(p->capsize_speed);
    j["width"] = p->stable_width;
  }
  return j;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* carvallo_design_map() {
  const App& app = carvallo::web::app();
  const auto& job = app.design_map;
  json hover = nullptr;
  if (app.design.hover_ix && app.design.hover_iy) hover = cell(app, *app.design.hover_ix, *app.design.hover_iy);
  return js_reply(json{{"x", axis(job.x())},
                    {"y", axis(job.y())},
                    {"vmax", job.vmax()},
                    {"quantity", app.state.map.quantity},
                    {"issues", job.issues()},
                    {"rowsDone", job.rows_done()},
                    {"done", job.done()},
                    {"elapsedMs", job.elapsed_ms()},
                    {"longestAdvanceMs", job.longest_advance_ms()},
                    {"advances", job.advances()},
                    {"computeMs", job.compute_ms()},
                    {"unphysical", job.unphysical()},
                    {"hover", hover},
                    {"mapProblem", app.design.map_problem},
                    {"designerProblem", app.design.designer_problem}});
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_design_map_cell(int ix, int iy) {
  if (ix < 0 || iy < 0) return js_reply(nullptr);
  return js_reply(cell(carvallo::web::app(), static_cast<std::size_t>(ix), static_cast<std::size_t>(iy)));
}

}  // extern "C"
