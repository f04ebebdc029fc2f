// window.carvallo's C side (web/platform/pre.js wraps each function; docs/playground.md documents the API).
// Every function takes text and returns JSON text in a buffer valid until the next call.
#include "app.hpp"
#include "panels/timeline.hpp"
#include "logic/language.hpp"
#include "logic/state_link.hpp"
#include "platform/browser.hpp"
#include "platform/js_reply.hpp"
#include "platform/pointer_targets.hpp"
#include "platform/ui_font.hpp"
#include "platform/view_target.hpp"
#include "panels/analysis_panels.hpp"
#include "panels/view_scene.hpp"

#include "bicycle/parameters_json.hpp"

#include <emscripten/emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <string>

namespace {

using carvallo::web::App;
using carvallo::web::js_reply;
using carvallo::web::number_or_null;
using nlohmann::json;

// "roll_rate" -> "rollRate": probes also appear at the top level in the API's camelCase.
std::string camel_case(const std::string& name) {
  std::string out;
  bool upper = false;
  for (char c : name) {
    if (c == '_' || c == ' ') {
      upper = !out.empty();
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

json sim_state(App& app) {
  carvallo::web::sync_run(app);
  json j;
  j["model"] = app.state.model;
  j["variant"] = app.state.variant;
  j["event"] = app.run_event;
  j["playing"] = app.playing;
  if (!app.run) {
    j["available"] = false;
    return j;
  }
  const auto& run = app.run->run();
  const auto& st = run.state();
  const auto& last = app.run->history().back();
  j["available"] = true;
  j["title"] = run.entry().title;
  j["methods"] = run.methods();
  j["t"] = st.t;
  j["q"] = std::vector<double>(st.q.data(), st.q.data() + st.q.size());
  j["qd"] = std::vector<double>(st.qd.data(), st.qd.data() + st.qd.size());
  j["C"] = last.C;
  j["Cdot"] = last.Cdot;
  j["D"] = last.D;
  j["positionViolation"] = last.C;
  j["velocityViolation"] = std::max(last.Cdot, last.D);
  j["energy"] = run.energy();
  j["energyNotConserved"] = run.energy_not_conserved().empty() ? json(nullptr) : json(run.instance().energy_not_conserved);
  json probes = json::object();
  const auto& defs = run.instance().probes;
  const auto& values = run.probes();
  for (std::size_t k = 0; k < defs.size() && k < values.size(); ++k) {
    probes[defs[k].name] = values[k];
    const std::string key = camel_case(defs[k].name);
    if (!j.contains(key)) j[key] = values[k];
  }
  j["probes"] = probes;
  // The inputs acting now (the bicycle: steer_torque, roll_torque in N m), also at the top level in camelCase.
  json inputs = json::object();
  const auto input_values = run.input_values();
  for (std::size_t k = 0; k < run.input_channels().size() && k < input_values.size(); ++k) {
    inputs[run.input_channels()[k].name] = input_values[k];
    j[camel_case(run.input_channels()[k].name)] = input_values[k];
  }
  j["inputs"] = inputs;
  j["fallen"] = run.ended();
  j["steps"] = app.run->step_index();
  // The integrator's own work since the run began (an adaptive one's steps are not the output steps).
  const auto work = run.integrator_stats();
  j["evaluations"] = work.evaluations;
  j["integratorSteps"] = work.steps;
  j["rejected"] = work.rejected;
  return j;
}

// The bodies as drawn, in the model's world frame (the bicycle: Meijaard's x forward, y right, z down):
// the simulation's, or the mode shape's while one is shown.
json bodies(App& app) {
  carvallo::web::sync_run(app);
  json out = json::array();
  if (!app.run) return out;
  const auto* mode_run = carvallo::web::mode_display_run(app);
  const auto& run = mode_run ? *mode_run : app.run->run();
  const auto poses = run.body_poses();
  const auto& names = run.instance().body_names;
  for (std::size_t k = 0; k < poses.size(); ++k) {
    const auto& p = poses[k];
    json rotation = json::array();
    for (int r = 0; r < 3; ++r) rotation.push_back({p.rotation(r, 0), p.rotation(r, 1), p.rotation(r, 2)});
    out.push_back({{"name", k < names.size() ? names[k] : "body" + std::to_string(k)},
                   {"position", {p.position.x(), p.position.y(), p.position.z()}},
                   {"rotation", rotation}});
  }
  return out;
}

// pre.js's marker for a state past its cap, {"carvallo:too-large": [its length, the cap]}: why it is
// refused, or "" for any other state.
std::string too_large_state(const json& partial) {
  if (!partial.is_object() || partial.size() != 1 || !partial.contains("carvallo:too-large")) return "";
  const json& sizes = partial.at("carvallo:too-large");
  if (!sizes.is_array() || sizes.size() != 2 || !sizes[0].is_number_integer() || !sizes[1].is_number_integer()) return "";
  return "setState: the state is too large (" + std::to_string(sizes[0].get<long long>()) + " characters; at most " +
         std::to_string(sizes[1].get<long long>()) + "): nothing applied";
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* carvallo_get_state() {
  App& app = carvallo::web::app();
  carvallo::web::note_motion(app);  // the inputs and the moment as of now, not as of the last frame
  return js_reply(carvallo::web::to_json(app.state));
}

// The run's kept history (web/logic/model_view.hpp): {t0, t1, steps, t, replaying}.
EMSCRIPTEN_KEEPALIVE const char* carvallo_history() {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app);
  if (!app.run) return js_reply(json{{"t0", nullptr}, {"t1", nullptr}, {"steps", 0}});
  const auto& run = *app.run;
  return js_reply(json{{"t0", run.first_time()}, {"t1", run.last_time()}, {"steps", run.last_step() - run.first_step()},
                       {"t", run.time()}, {"inputs", run.log().size()}, {"replaying", app.replay_to >= 0}});
}

// Methods compared (web/logic/method_compare.hpp): the shown run and each run of compare=, where it is and
// what it has cost; `synced` false while a run catches up with the moment shown.
EMSCRIPTEN_KEEPALIVE const char* carvallo_comparison() {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app);
  json runs = json::array();
  if (app.run)
    for (const auto& r : carvallo::web::comparison_rows(app.state, *app.run, app.comparison)) {
      json j{{"label", r.label}, {"methods", r.methods}, {"t", r.t}, {"positionViolation", r.position_violation},
             {"velocityViolation", r.velocity_violation}, {"maxPositionViolation", r.max_position_violation},
             {"maxVelocityViolation", r.max_velocity_violation}, {"energyDrift", r.energy_drift}, {"steps", r.steps},
             {"evaluations", r.evaluations}, {"rejected", r.rejected}, {"corrections", r.corrections},
             {"cpuMsPerSimSecond", r.cpu_ms_per_sim_second}};
      if (!r.error.empty()) j["error"] = r.error;
      runs.push_back(j);
    }
  const auto study = carvallo::web::study_shown(app.state);
  return js_reply(json{{"compare", app.state.compare}, {"synced", !app.run || app.comparison.synced(*app.run)},
                       {"study", study ? json(study->title) : json(nullptr)},
                       {"published", study ? json(study->published) : json(nullptr)}, {"runs", runs},
                       {"energyNotConserved", app.run && !app.run->run().energy_not_conserved().empty()
                                                  ? json(app.run->run().energy_not_conserved()) : json(nullptr)}});
}

// Shows the kept moment nearest t (paused) and returns simState there.
EMSCRIPTEN_KEEPALIVE const char* carvallo_seek(double t) {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app);
  if (std::isfinite(t)) carvallo::web::seek(app, t);
  return js_reply(sim_state(app));
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_set_state(const char* text) {
  App& app = carvallo::web::app();
  json partial = json::parse(text ? text : "", nullptr, false);
  std::vector<std::string> ignored;
  const std::string model = app.state.model;
  const bool presentation = app.state.presentation;
  const double text_scale = app.state.text_scale;
  if (partial.is_discarded()) ignored.push_back("setState: the argument is not JSON");
  else if (std::string why = too_large_state(partial); !why.empty()) ignored.push_back(why);  // as an unreadable one: not thrown
  else ignored = carvallo::web::apply_json(app.state, partial);
  // Another model without a camera in the same call gets one that frames it; a camera given is kept.
  if (app.state.model != model) app.camera_given = false;
  if (partial.is_object())
    for (const auto& item : partial.items()) app.camera_given = app.camera_given || carvallo::web::is_camera_key(item.key());
  // The same as choosing the model in the menu: paper's methods (apply_json), a stopped run, a new layout.
  if (app.state.model != model) app.playing = false;
  if (app.state.model != model || app.state.presentation != presentation || app.state.text_scale != text_scale)
    app.layout_dirty = true;
  // What an earlier link or setState refused no longer applies after this one; another model makes every
  // earlier message stale.
  if (app.state.model != model) app.messages.clear();
  else carvallo::web::clear_link_messages(app);
  for (const auto& m : ignored) app.messages.push_back(carvallo::web::message_text("setState ignored %s", m.c_str()));
  carvallo::web::refresh_analysis(app);
  return js_reply(json{{"ignored", ignored}});
}

EMSCRIPTEN_KEEPALIVE void carvallo_apply_link(const char* hash) {
  carvallo::web::apply_link(carvallo::web::app(), hash ? hash : "");
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_eigenvalues(const char* text) {
  App& app = carvallo::web::app();
  carvallo::web::refresh_analysis(app);
  const json speeds = json::parse(text ? text : "", nullptr, false);
  json out = json::array();
  if (!app.model || !speeds.is_array()) return js_reply(out);
  constexpr std::size_t kMaxSpeeds = 100000;  // a bounded call: about 1 s in the browser
  for (const auto& s : speeds) {
    if (out.size() == kMaxSpeeds) break;
    if (!s.is_number() || !std::isfinite(s.get<double>())) {
      out.push_back(nullptr);
      continue;
    }
    json row = json::array();
    for (const auto& e : carvallo::web::labelled_eigenvalues(*app.model, s.get<double>(), app.sweep))
      row.push_back({{"re", e.value.real()}, {"im", e.value.imag()}, {"mode", e.label}});
    out.push_back(row);
  }
  return js_reply(out);
}

// Any model's steady-motion eigenvalues as the panel shows them (model_eigen_plot.cpp); advances the
// sweep by one frame's budget per call, so a test polls until "done".
EMSCRIPTEN_KEEPALIVE const char* carvallo_model_eigen() {
  App& app = carvallo::web::app();
  carvallo::web::update_model_eigen(app);
  const auto& me = app.model_eigen;
  json out{{"model", app.state.model}, {"steadyMotion", me.has_steady_motion()}, {"done", me.done()},
           {"evaluated", me.evaluated()}, {"samples", me.grid().size()}, {"error", me.error()},
           {"parameter", me.parameter()}, {"computeMs", me.compute_ms()}};
  if (const double v = carvallo::web::current_sweep_value(app); std::isfinite(v)) out["current"] = v;
  if (me.result()) {
    const auto& r = *me.result();
    json rows = json::array(), boundaries = json::array(), stable = json::array();
    for (const auto& row : r.eigenvalues) {
      json jr = json::array();
      for (const auto& e : row) jr.push_back({{"re", e.real()}, {"im", e.imag()}});
      rows.push_back(jr);
    }
    for (const auto& b : r.sweep.boundaries) boundaries.push_back({{"value", b.parameter}, {"destabilizing", b.destabilizing}});
    for (const auto& range : r.sweep.stable_ranges) stable.push_back({range.lower, range.upper});
    out["unit"] = r.unit;
    out["values"] = r.values;
    out["eigenvalues"] = rows;
    out["boundaries"] = boundaries;
    out["stableRanges"] = stable;
  }
  return js_reply(out);
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_critical_speeds() {
  App& app = carvallo::web::app();
  carvallo::web::refresh_analysis(app);
  if (!app.model) return js_reply(json{{"weave", nullptr}, {"capsize", nullptr}});
  // app.sweep holds the speeds and ranges the page shows (its range is always usable: state_link.cpp).
  // The ranges the summary words ("above 2.8410 m/s (checked up to 100 m/s)"), searched as far: they had
  // ended at 50 m/s beside that summary (a tester).
  json ranges = json::array();
  for (const auto& range : app.sweep.stable_all) ranges.push_back({range.lo, range.hi});
  return js_reply(json{{"weave", number_or_null(app.sweep.weave)}, {"capsize", number_or_null(app.sweep.capsize)},
                    {"stableRanges", ranges}, {"searchMax", app.sweep.search_max},
                    {"summary", carvallo::web::stability_summary(app.sweep)}});
}

// step(n) runs in chunks against a wall-clock budget, so no call can hold the page for long (a
// teaching page asking for a million steps gets what fits in kStepBudget and is told so).
constexpr double kStepBudgetSeconds = 5.0;

EMSCRIPTEN_KEEPALIVE const char* carvallo_step(int n) {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app);
  const auto start = std::chrono::steady_clock::now();
  int done = 0;
  bool out_of_time = false;
  try {
    while (done < n && app.run && !app.run->run().ended()) {
      const long before = app.run->step_index();
      app.run->step(std::min(n - done, 50));
      done += static_cast<int>(app.run->step_index() - before);
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > kStepBudgetSeconds) {
        out_of_time = done < n;
        break;
      }
    }
    if (app.run && app.run->run().ended() && app.run_event.empty()) {
      app.run_event = ended_run_text(app);
      app.playing = false;
    }
  } catch (...) {
    carvallo::web::stop_run_on_error(app);
  }
  json j = sim_state(app);
  j["stepped"] = done;
  if (out_of_time) j["stoppedAfterSeconds"] = kStepBudgetSeconds;
  return js_reply(j);
}

// The steady turns computed so far (web/panels/turns_panel.cpp), each with where the plot drew it.
EMSCRIPTEN_KEEPALIVE const char* carvallo_turns() {
  App& app = carvallo::web::app();
  // A design set since the last frame has no families yet: not done, no turns, whatever the last design's were.
  const bool current = app.turns.computing_for(app.state.bike);
  json points = json::array();
  for (const auto& m : app.turn_marks) {
    if (!current) break;  // the marks are the former design's until the next frame
    const auto& t = app.turns.branches()[m.branch].turns[m.index];
    // Stability null while it is being computed (the turns are shown as soon as every one is found).
    const json stable = t.eigenvalues.empty() ? json(nullptr) : json(t.stable);
    points.push_back({{"family", t.family}, {"lean", t.lean}, {"steer", t.steer}, {"speed", t.speed}, {"radius", t.radius},
                      {"yawRate", t.yaw_rate}, {"stable", stable}, {"branch", m.branch}, {"x", m.x}, {"y", m.y}});
  }
  const auto& timing = app.turns.timing();
  // Located and done once the page shows them: a slice may run in a frame that only computes (main.cpp),
  // and the plot's marks are then those of the frame before until the next picture.
  const bool located = current && app.turns.located() && (!app.turns_drawn || app.turn_marks_located);
  const bool done = current && app.turns.done() && (!app.turns_drawn || app.turn_marks_done);
  return js_reply(json{{"shown", app.turns_drawn}, {"done", done},
                    {"located", located}, {"progress", current ? app.turns.progress() : 0.0},
                    {"error", app.turns.error()}, {"points", points}, {"elapsedMs", 1e3 * timing.elapsed_seconds},
                    {"locatedMs", 1e3 * timing.located_seconds},
                    {"computeMs", 1e3 * timing.compute_seconds}, {"advances", timing.advances},
                    {"longestAdvanceMs", 1e3 * timing.longest_advance_seconds},
                    {"longestStepMs", 1e3 * timing.longest_step_seconds}});
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_sim_state() { return js_reply(sim_state(carvallo::web::app())); }

EMSCRIPTEN_KEEPALIVE const char* carvallo_bodies() { return js_reply(bodies(carvallo::web::app())); }

EMSCRIPTEN_KEEPALIVE const char* carvallo_models() {
  json out = json::array();
  for (const auto& m : carvallo::examples::models()) {
    // The names a link or setState gives this model's settings and inputs (getState has them at the top level).
    std::vector<std::string> settings, inputs;
    for (const auto& q : m.settings) settings.push_back(q.name);
    for (const auto& c : carvallo::web::model_inputs(m.name)) inputs.push_back(c.name);
    out.push_back({{"name", m.name}, {"title", m.title}, {"description", m.description}, {"variants", m.variants},
                   {"settings", settings}, {"inputs", inputs}});
  }
  return js_reply(out);
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_play(int on) {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app);
  app.playing = on != 0 && app.run && !app.run->run().ended();
  return js_reply(sim_state(app));
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_kick() {
  App& app = carvallo::web::app();
  carvallo::web::push_run(app);
  return js_reply(sim_state(app));
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_reset_simulation() {
  App& app = carvallo::web::app();
  carvallo::web::sync_run(app, true);
  return js_reply(sim_state(app));
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_messages() { return js_reply(carvallo::web::current_messages(carvallo::web::app())); }

EMSCRIPTEN_KEEPALIVE const char* carvallo_performance() {
  const auto& a = carvallo::web::app();
  const auto& p = a.perf;
  return js_reply(json{{"softwareRenderer", a.software_renderer},
                    {"viewSamples", carvallo::web::view_samples(a.pixel_ratio, a.software_renderer)},
                    {"frameMs", p.frame_ms}, {"cpuMs", p.cpu_ms}, {"updateMs", p.update_ms}, {"sweepMs", p.sweep_ms},
                    {"stepMs", p.step_ms}, {"simRatio", p.sim_ratio}, {"vertices", p.vertices},
                    {"maxWindowVertices", p.max_window_vertices},
                    {"frames", p.frames}, {"framesDrawn", p.frames_drawn}});
}

// The recent frames' main-thread time by part (logic/frame_work.hpp), those that began at or after `since_ms`
// (page time, ms).
EMSCRIPTEN_KEEPALIVE const char* carvallo_frame_work(double since_ms) {
  json out = json::array();
  for (const auto& f : carvallo::web::app().work.frames()) {
    if (!(f.start_ms >= since_ms)) continue;
    json parts = json::object();
    for (const auto& p : f.parts) parts[p.name] = p.ms;
    out.push_back({{"start", f.start_ms}, {"updateMs", f.update_ms}, {"sceneMs", f.scene_ms}, {"glMs", f.gl_ms}, {"parts", parts}});
  }
  return js_reply(out);
}

// The font the atlas was built from, its sizes and the characters of `sample` it has no glyph for.
EMSCRIPTEN_KEEPALIVE const char* carvallo_font(const char* sample) {
  const auto& f = carvallo::web::ui_font_info();
  json missing = json::array();
  const ImFont* font = ImGui::GetIO().Fonts->Fonts.empty() ? nullptr : ImGui::GetIO().Fonts->Fonts[0];
  for (const char* s = sample ? sample : ""; font && *s;) {
    unsigned int c = 0;
    const int n = ImTextCharFromUtf8(&c, s, nullptr);
    if (n <= 0) break;
    if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c))) missing.push_back(std::string(s, static_cast<size_t>(n)));
    s += n;
  }
  return js_reply(json{{"name", f.name}, {"sizePixels", f.size_pixels}, {"rasterPixels", f.raster_pixels},
                       {"atlasWidth", f.atlas_width}, {"atlasHeight", f.atlas_height}, {"glyphs", f.glyphs},
                       {"buildMs", f.build_ms}, {"missing", missing}});
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_clipped() {
  json out = json::array();
  for (const auto& [window, px] : carvallo::web::app().clipped) out.push_back(json{{"window", window}, {"px", px}});
  return js_reply(out);
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_widget_rect(const char* name) {
  const std::string key = name ? name : "";
  // A body of the model as drawn (web/panels/view_scene.hpp), with a point of it where a click finds it.
  if (key.rfind("body:", 0) == 0) {
    std::optional<Eigen::Vector2d> point;
    const auto box = carvallo::web::body_rect(carvallo::web::app(), key.substr(5), &point);
    if (!box) return js_reply(nullptr);
    json j{{"x", box->x}, {"y", box->y}, {"w", box->w}, {"h", box->h}};
    j["pointX"] = point ? json(point->x()) : json(nullptr);
    j["pointY"] = point ? json(point->y()) : json(nullptr);
    return js_reply(j);
  }
  const auto& rects = carvallo::web::app().rects;
  const auto it = rects.find(key);
  if (it == rects.end()) return js_reply(nullptr);
  return js_reply(json{{"x", it->second[0]}, {"y", it->second[1]}, {"w", it->second[2]}, {"h", it->second[3]}});
}

// Every pointer target of the last frame (platform/pointer_targets.hpp) in CSS px; the first call starts
// recording and answers null.
EMSCRIPTEN_KEEPALIVE const char* carvallo_pointer_targets() {
  const bool recording = !carvallo::web::pointer_targets().empty();
  carvallo::web::record_pointer_targets();
  if (!recording) return js_reply(nullptr);
  const auto r = static_cast<float>(carvallo::web::app().pixel_ratio);
  json out = json::array();
  for (const auto& t : carvallo::web::pointer_targets())
    out.push_back({{"kind", t.kind}, {"label", t.label}, {"window", t.window}, {"x", t.x / r}, {"y", t.y / r}, {"w", t.w / r},
                   {"h", t.h / r}, {"scrolled", t.scrolled}, {"disabled", t.disabled}});
  return js_reply(out);
}

EMSCRIPTEN_KEEPALIVE const char* carvallo_load_bike_json(const char* filename, const char* text) {
  App& app = carvallo::web::app();
  const std::string name = filename ? filename : "file";
  const auto read = carvallo::bicycle::parameters_from_json_text(text ? text : "");
  if (!read.ok()) {
    app.messages.clear();
    app.messages.push_back(carvallo::web::message_text("%s was not loaded (the bicycle on screen is unchanged):", name.c_str()));
    for (const auto& issue : read.issues)
      app.messages.push_back("  " + (issue.parameters.empty() ? issue.message : carvallo::bicycle::to_string(issue)));
    return js_reply(carvallo::web::current_messages(app));
  }
  const auto problems = carvallo::web::bike_problems(read.parameters->values);
  if (!problems.empty()) {
    app.messages.clear();
    app.messages.push_back(carvallo::web::message_text("%s was not loaded: the bicycle is not physical (the bicycle on screen is unchanged):", name.c_str()));
    for (const auto& issue : problems) app.messages.push_back("  " + carvallo::bicycle::to_string(issue));
    return js_reply(carvallo::web::current_messages(app));
  }
  app.state.bike = read.parameters->values;
  app.messages.clear();  // an earlier refusal no longer applies
  carvallo::web::refresh_analysis(app);
  carvallo::web::set_toast(app, carvallo::web::trf("Loaded %s", (read.parameters->name.empty() ? name : read.parameters->name).c_str()));
  return js_reply(carvallo::web::current_messages(app));
}

}  // extern "C"
