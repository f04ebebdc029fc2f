// window.carvallo's members for the eigenvalue panel's companions (docs/playground.md): modeView(),
// sensitivity(), ghost(). Each returns JSON text in a buffer valid until the next call.
#include "app.hpp"
#include "panels/analysis_panels.hpp"
#include "platform/js_reply.hpp"

#include "model_run.hpp"

#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace {

using carvallo::web::App;
using carvallo::web::js_reply;
using carvallo::web::number_or_null;
using nlohmann::json;

json finite_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json complex_json(std::complex<double> z) { return json::array({finite_or_null(z.real()), finite_or_null(z.imag())}); }

json mode_view(App& app) {
  json j;
  j["mode"] = app.state.mode_shape;
  const auto mode = carvallo::web::current_mode_shape(app);
  const auto* run = carvallo::web::mode_display_run(app);
  j["active"] = mode.has_value() && run != nullptr;
  j["error"] = carvallo::web::mode_view_error(app);
  if (!mode) return j;
  const auto d = carvallo::web::describe_mode(*mode);
  const auto motion = carvallo::web::mode_view_motion(app);
  j["speed"] = mode->speed;
  j["eigenvalue"] = complex_json(mode->eigenvalue);
  j["roll"] = complex_json(mode->roll);
  j["steer"] = complex_json(mode->steer);
  j["ratio"] = finite_or_null(d.ratio);
  j["phaseDeg"] = number_or_null(d.phase_deg);
  j["shapeText"] = d.shape;
  j["growthText"] = d.growth;
  j["window"] = carvallo::web::mode_window(*mode);
  j["amplitude"] = app.state.mode_amplitude;
  j["timeScale"] = app.state.mode_time_scale;
  j["t"] = carvallo::web::mode_view_time(app);
  j["tau"] = motion.tau;
  j["motion"] = {{"roll", motion.roll}, {"steer", motion.steer}, {"rollRate", motion.roll_rate}, {"steerRate", motion.steer_rate}};
  if (run) {
    // What the 3D view draws: the posed multibody bicycle's own roll and steer probes.
    json shown;
    for (const char* name : {"roll", "steer", "pitch", "roll_rate", "steer_rate"})
      if (const int k = run->probe_index(name); k >= 0) shown[name] = run->probes()[static_cast<std::size_t>(k)];
    j["shown"] = shown;
  }
  return j;
}

json sensitivity(App& app) {
  json j;
  const auto* chart = carvallo::web::current_sensitivity_chart(app);
  j["available"] = chart != nullptr;
  j["computations"] = carvallo::web::sensitivity_computations();
  if (!chart) return j;
  j["scale"] = chart->scale == carvallo::web::SensitivityScale::relative ? "relative" : "si";
  j["weaveSpeed"] = number_or_null(chart->weave_speed);
  j["capsizeSpeed"] = number_or_null(chart->capsize_speed);
  j["note"] = chart->note;
  json rows = json::array();
  for (const auto& r : chart->rows)
    rows.push_back({{"name", r.name},
                    {"unit", r.unit},
                    {"chartUnit", carvallo::web::sensitivity_unit(r, chart->scale)},
                    {"value", r.value},
                    {"weave", finite_or_null(r.weave)},
                    {"capsize", finite_or_null(r.capsize)},
                    {"weaveSI", finite_or_null(r.weave_si)},
                    {"capsizeSI", finite_or_null(r.capsize_si)}});
  j["rows"] = rows;
  return j;
}

json ghost(App& app) {
  carvallo::web::refresh_analysis(app);
  json j;
  const auto* sw = carvallo::web::ghost_sweep(app);
  j["pinned"] = sw != nullptr;
  j["live"] = {{"weave", number_or_null(app.sweep.weave)}, {"capsize", number_or_null(app.sweep.capsize)}};
  if (sw) j["ghost"] = {{"weave", number_or_null(sw->weave)}, {"capsize", number_or_null(sw->capsize)}};
  else j["ghost"] = nullptr;
  return j;
}

}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE const char* carvallo_mode_view() { return js_reply(mode_view(carvallo::web::app())); }
EMSCRIPTEN_KEEPALIVE const char* carvallo_sensitivity() { return js_reply(sensitivity(carvallo::web::app())); }
EMSCRIPTEN_KEEPALIVE const char* carvallo_ghost() { return js_reply(ghost(carvallo::web::app())); }
}
