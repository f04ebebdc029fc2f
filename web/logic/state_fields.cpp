#include "logic/state_fields.hpp"

#include "logic/input_log.hpp"
#include "logic/language.hpp"
#include "logic/method_compare.hpp"
#include "logic/rider_state.hpp"

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace carvallo::web {
namespace detail {
namespace {

Field number(const char* key, double lo, double hi, double& (*ref)(UiState&)) {
  Field f{key, Field::Kind::number, lo, hi};
  f.number = ref;
  return f;
}
Field flag(const char* key, bool& (*ref)(UiState&)) {
  Field f{key, Field::Kind::flag};
  f.flag = ref;
  return f;
}
Field word(const char* key, std::string& (*ref)(UiState&), std::vector<std::string> (*choices)()) {
  Field f{key, Field::Kind::word};
  f.word = ref;
  f.choices = choices;
  return f;
}

Field text(const char* key, std::string& (*ref)(UiState&), std::optional<std::string> (*check)(std::string_view, std::string&)) {
  Field f{key, Field::Kind::text};
  f.word = ref;
  f.check = check;
  return f;
}

Field caption(const char* key, std::string& (*ref)(UiState&)) {
  Field f = text(key, ref, check_caption);
  f.percent_encoded = true;
  return f;
}

Field scale(const char* key, PlotScale& (*ref)(UiState&)) {
  Field f{key, Field::Kind::scale};
  f.scale = ref;
  return f;
}

// A bicycle as one value: its 26 parameters in kParameterTable's order, comma-separated ("" = none).
Field design(const char* key, std::optional<bicycle::Parameters>& (*ref)(UiState&)) {
  Field f{key, Field::Kind::design};
  f.design = ref;
  return f;
}

std::vector<std::string> mode_shapes() { return {std::begin(kModeShapeNames), std::end(kModeShapeNames)}; }
std::vector<std::string> eigen_views() { return {std::begin(kEigenViewNames), std::end(kEigenViewNames)}; }
std::vector<std::string> sensitivity_scales() { return {std::begin(kSensitivityScaleNames), std::end(kSensitivityScaleNames)}; }
std::vector<std::string> integrators() { return integrator_names(); }
std::vector<std::string> panels() { return {std::begin(kPanelNames), std::end(kPanelNames)}; }
std::vector<std::string> solvers() { return acceleration_method_names(); }
std::vector<std::string> stabilizations() { return stabilization_method_names(); }
std::vector<std::string> map_quantities() { return {std::begin(kMapQuantities), std::end(kMapQuantities)}; }
std::vector<std::string> design_tabs() { return {"map", "side"}; }
std::vector<std::string> contrast_profiles() { return {std::begin(kContrastProfiles), std::end(kContrastProfiles)}; }
std::vector<std::string> languages() {
  std::vector<std::string> out = {"auto"};
  for (const auto& code : language_codes()) out.push_back(code);
  return out;
}
std::vector<std::string> stage_plots() { return {std::begin(kStagePlotNames), std::end(kStagePlotNames)}; }

}  // namespace

// The order here is the order in the link (after v, model, preset, the parameters, settings and inputs).
const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      number("vmin", 0.0, 100.0, [](UiState& s) -> double& { return s.sweep_min; }),
      number("vmax", 0.0, 100.0, [](UiState& s) -> double& { return s.sweep_max; }),
      flag("imag", [](UiState& s) -> bool& { return s.show_imaginary; }),
      flag("locus", [](UiState& s) -> bool& { return s.root_locus; }),
      word("integ", [](UiState& s) -> std::string& { return s.sim.integrator; }, integrators),
      number("dt", 1e-5, 0.05, [](UiState& s) -> double& { return s.sim.time_step; }),
      word("solver", [](UiState& s) -> std::string& { return s.sim.solver; }, solvers),
      word("stab", [](UiState& s) -> std::string& { return s.sim.stabilization; }, stabilizations),
      number("alpha", 0.0, 1000.0, [](UiState& s) -> double& { return s.sim.baumgarte_alpha; }),
      number("beta", 0.0, 1000.0, [](UiState& s) -> double& { return s.sim.baumgarte_beta; }),
      number("tol", 1e-14, 1e-3, [](UiState& s) -> double& { return s.sim.tolerance; }),
      number("ctol", 1e-15, 1e-3, [](UiState& s) -> double& { return s.sim.correction_tolerance; }),
      number("tscale", 0.01, 20.0, [](UiState& s) -> double& { return s.sim.time_scale; }),
      number("kick", -20.0, 20.0, [](UiState& s) -> double& { return s.sim.kick; }),
      flag("inertia", [](UiState& s) -> bool& { return s.show_inertia; }),
      flag("labels", [](UiState& s) -> bool& { return s.show_labels; }),
      flag("follow", [](UiState& s) -> bool& { return s.follow; }),
      flag("present", [](UiState& s) -> bool& { return s.presentation; }),
      number("text", 0.5, 3.0, [](UiState& s) -> double& { return s.text_scale; }),
      word("panel", [](UiState& s) -> std::string& { return s.panel; }, panels),
      flag("perf", [](UiState& s) -> bool& { return s.show_perf; }),
      number("plotwin", 0.5, 600.0, [](UiState& s) -> double& { return s.plot_window; }),
      scale("yangles", [](UiState& s) -> PlotScale& { return s.angles_axis; }),
      scale("yspeed", [](UiState& s) -> PlotScale& { return s.speed_axis; }),
      scale("yprobes", [](UiState& s) -> PlotScale& { return s.probes_axis; }),
      flag("design", [](UiState& s) -> bool& { return s.show_design; }),
      word("dtab", [](UiState& s) -> std::string& { return s.design_tab; }, design_tabs),
      flag("frontmoves", [](UiState& s) -> bool& { return s.front_moves; }),
      word("mapx", [](UiState& s) -> std::string& { return s.map.x; }, map_input_names),
      number("mapxlo", -1e6, 1e6, [](UiState& s) -> double& { return s.map.x_lo; }),
      number("mapxhi", -1e6, 1e6, [](UiState& s) -> double& { return s.map.x_hi; }),
      word("mapy", [](UiState& s) -> std::string& { return s.map.y; }, map_input_names),
      number("mapylo", -1e6, 1e6, [](UiState& s) -> double& { return s.map.y_lo; }),
      number("mapyhi", -1e6, 1e6, [](UiState& s) -> double& { return s.map.y_hi; }),
      number("mapn", 2.0, 200.0, [](UiState& s) -> double& { return s.map.count; }),
      word("mapq", [](UiState& s) -> std::string& { return s.map.quantity; }, map_quantities),
      number("mapvmax", 0.1, 100.0, [](UiState& s) -> double& { return s.map.vmax; }),
      number("torque", 0.0, 50.0, [](UiState& s) -> double& { return s.hold_torque; }),
      text("from_turn", [](UiState& s) -> std::string& { return s.from_turn; }, check_turn_request),
      flag("turns", [](UiState& s) -> bool& { return s.show_turns; }),
      number("yaw", -100.0, 100.0, [](UiState& s) -> double& { return s.camera.yaw; }),
      number("pitch", -1.55, 1.55, [](UiState& s) -> double& { return s.camera.pitch; }),
      number("dist", 0.2, 100.0, [](UiState& s) -> double& { return s.camera.distance; }),
      number("tx", -1e6, 1e6, [](UiState& s) -> double& { return s.camera.target.x(); }),
      number("ty", -1e6, 1e6, [](UiState& s) -> double& { return s.camera.target.y(); }),
      number("tz", -1e3, 1e3, [](UiState& s) -> double& { return s.camera.target.z(); }),
      word("mode", [](UiState& s) -> std::string& { return s.mode_shape; }, mode_shapes),
      number("modeamp", 0.1, 30.0, [](UiState& s) -> double& { return s.mode_amplitude; }),
      number("modespeed", 0.01, 4.0, [](UiState& s) -> double& { return s.mode_time_scale; }),
      word("eigview", [](UiState& s) -> std::string& { return s.eigen_view; }, eigen_views),
      word("sensunit", [](UiState& s) -> std::string& { return s.sensitivity_scale; }, sensitivity_scales),
      design("ghost", [](UiState& s) -> std::optional<bicycle::Parameters>& { return s.ghost; }),
      word("stage", [](UiState& s) -> std::string& { return s.stage; }, stage_plots),
      flag("embed", [](UiState& s) -> bool& { return s.embed; }),
      flag("lock", [](UiState& s) -> bool& { return s.locked; }),
      word("contrast", [](UiState& s) -> std::string& { return s.contrast; }, contrast_profiles),
      word("lang", [](UiState& s) -> std::string& { return s.lang; }, languages),
      caption("caption", [](UiState& s) -> std::string& { return s.caption; }),
      text("inputs", [](UiState& s) -> std::string& { return s.input_log; }, check_input_log),
      number("t", 0.0, kMaxReplayTime, [](UiState& s) -> double& { return s.time_shown; }),
      flag("paused", [](UiState& s) -> bool& { return s.paused; }),
      text("compare", [](UiState& s) -> std::string& { return s.compare; }, check_method_changes),
  };
  return table;
}

const Field* find_field(std::string_view key) {
  for (const auto& f : fields())
    if (key == f.key) return &f;
  return nullptr;
}

std::string shown(std::string_view text) {
  std::string out;
  for (char ch : text.substr(0, 40)) out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  if (text.size() > 40) out += "...";
  return out;
}

std::string percent_encode(std::string_view text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (const char ch : text) {
    const auto b = static_cast<unsigned char>(ch);
    const bool plain = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '-' || b == '.' || b == '_' || b == '~';
    if (plain) out += ch;
    else out.append({'%', hex[b >> 4], hex[b & 15]});
  }
  return out;
}

std::string quoted(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + words[i];
  return out;
}

std::optional<double> parse_number(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  for (char ch : text)
    if (!((ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '+' || ch == 'e' || ch == 'E'))
      return std::nullopt;
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

bool usable_sweep_range(double lo, double hi) { return lo + kMinSweepSpan <= hi; }

std::optional<std::string> empty_map_range(const DesignMapSettings& map, const MapRange& r) {
  if (map.*r.lo < map.*r.hi) return std::nullopt;
  return std::string(r.lo_key) + ", " + r.hi_key + ": the design map's range must have " + r.lo_key + " < " + r.hi_key + ", got " +
         format_shortest(map.*r.lo) + " and " + format_shortest(map.*r.hi);
}

bool usable_fixed_range(double lo, double hi) {
  return std::isfinite(lo) && std::isfinite(hi) && lo < hi && hi - lo >= kMinPlotSpan && std::abs(lo) <= kMaxPlotValue &&
         std::abs(hi) <= kMaxPlotValue;
}

std::optional<std::string> set_from_text(const Field& f, UiState& state, std::string_view value) {
  switch (f.kind) {
    case Field::Kind::number: {
      const auto v = parse_number(value);
      if (!v) return "not a number";
      if (*v < f.lo || *v > f.hi) return "out of range [" + format_shortest(f.lo) + ", " + format_shortest(f.hi) + "]";
      f.number(state) = *v;
      return std::nullopt;
    }
    case Field::Kind::flag:
      if (value == "1" || value == "true") f.flag(state) = true;
      else if (value == "0" || value == "false") f.flag(state) = false;
      else return "expected 0 or 1";
      return std::nullopt;
    case Field::Kind::word: {
      const auto choices = f.choices();
      if (std::find(choices.begin(), choices.end(), value) == choices.end())
        return "unknown value (expected one of " + quoted(choices) + ")";
      f.word(state) = std::string(value);
      return std::nullopt;
    }
    case Field::Kind::text: {
      std::string canonical;
      if (auto why = f.check(value, canonical)) return why;
      f.word(state) = canonical;
      return std::nullopt;
    }
    case Field::Kind::scale: {
      PlotScale& target = f.scale(state);
      if (value == "fit" || value == "sym") {
        target.mode = value == "fit" ? PlotScale::Mode::fit : PlotScale::Mode::symmetric;
        return std::nullopt;
      }
      const std::size_t colon = value.find(':');
      const auto lo = colon == std::string_view::npos ? std::nullopt : parse_number(value.substr(0, colon));
      const auto hi = colon == std::string_view::npos ? std::nullopt : parse_number(value.substr(colon + 1));
      if (!lo || !hi) return "expected fit, sym or <from>:<to>";
      if (!usable_fixed_range(*lo, *hi))
        return "the range must have from < to, span at least " + format_shortest(kMinPlotSpan) + " and stay within +-" +
               format_shortest(kMaxPlotValue);
      target = {PlotScale::Mode::fixed, *lo, *hi};
      return std::nullopt;
    }
    case Field::Kind::design: {
      if (value.empty()) {
        f.design(state).reset();
        return std::nullopt;
      }
      bicycle::Parameters p{};
      std::size_t k = 0, start = 0;
      for (; k < bicycle::kParameterCount && start <= value.size(); ++k) {
        std::size_t end = value.find(',', start);
        if (end == std::string_view::npos) end = value.size();
        const auto v = parse_number(value.substr(start, end - start));
        if (!v) return "value " + std::to_string(k + 1) + " (" + std::string(bicycle::kParameterTable[k].name) + ") is not a number";
        p.*(bicycle::kParameterTable[k].member) = *v;
        start = end + 1;
      }
      if (k != bicycle::kParameterCount || start <= value.size())
        return "expected the " + std::to_string(bicycle::kParameterCount) + " parameters, comma-separated";
      const auto problems = bike_problems(p);
      if (!problems.empty()) return "the pinned design would not be physical: " + bicycle::to_string(problems.front());
      f.design(state) = p;
      return std::nullopt;
    }
  }
  return "unknown field";
}

std::string field_text(const Field& f, UiState& state) {
  switch (f.kind) {
    case Field::Kind::number: return format_shortest(f.number(state));
    case Field::Kind::flag: return f.flag(state) ? "1" : "0";
    case Field::Kind::word: return f.word(state);
    case Field::Kind::text: return f.percent_encoded ? percent_encode(f.word(state)) : f.word(state);
    case Field::Kind::scale: {
      const PlotScale& p = f.scale(state);
      if (p.mode == PlotScale::Mode::fixed) return format_shortest(p.lo) + ":" + format_shortest(p.hi);
      return p.mode == PlotScale::Mode::fit ? "fit" : "sym";
    }
    case Field::Kind::design: {
      const auto& d = f.design(state);
      std::string out;
      if (!d) return out;
      for (const auto& entry : bicycle::kParameterTable) out.append(out.empty() ? "" : ",").append(format_shortest((*d).*(entry.member)));
      return out;
    }
  }
  return {};
}

std::optional<std::string> checked_variant(const std::string& model, const std::string& variant) {
  const auto* entry = examples::find_model(model);
  if (!entry) return std::nullopt;
  if (variant.empty()) return entry->variants.empty() ? std::string() : entry->variants.front();
  if (entry->variants.empty()) return std::nullopt;
  for (const auto& v : entry->variants)
    if (v == variant) return v;
  return std::nullopt;
}

std::vector<std::string> variants_of(const std::string& model) {
  const auto* entry = examples::find_model(model);
  return entry ? entry->variants : std::vector<std::string>{};
}

}  // namespace detail

using namespace detail;

std::vector<std::string> sanitize(UiState& state) {
  std::vector<std::string> changed;
  UiState defaults;
  for (const auto& f : fields()) {
    if (f.kind != Field::Kind::number) continue;
    double& v = f.number(state);
    const double fixed = std::isfinite(v) ? std::clamp(v, f.lo, f.hi) : f.number(defaults);
    if (fixed != v || !std::isfinite(v)) {
      v = fixed;
      changed.emplace_back(f.key);
    }
  }
  if (!usable_sweep_range(state.sweep_min, state.sweep_max)) {
    state.sweep_min = defaults.sweep_min;
    state.sweep_max = defaults.sweep_max;
    changed.emplace_back("vmin/vmax");
  }
  // The design map's ranges likewise: an empty one is no map (it had been kept, and the map never finished).
  for (const auto& r : kMapRanges)
    if (empty_map_range(state.map, r)) {
      state.map.*r.lo = defaults.map.*r.lo;
      state.map.*r.hi = defaults.map.*r.hi;
      changed.emplace_back(std::string(r.lo_key) + "/" + r.hi_key);
    }
  for (const auto& f : fields()) {
    if (f.kind != Field::Kind::scale) continue;
    PlotScale& p = f.scale(state);
    if (!usable_fixed_range(p.lo, p.hi)) {
      const PlotScale d = f.scale(defaults);
      p.lo = d.lo, p.hi = d.hi;
      changed.emplace_back(f.key);
    }
  }
  // The model's settings: exactly its own, each within the registry's range (a non-finite one back to its start).
  std::map<std::string, double> settings;
  const auto start = start_settings(state.model);
  if (const auto* entry = examples::find_model(state.model)) {
    for (const auto& q : entry->settings) {
      const auto it = state.settings.find(q.name);
      const double v = it == state.settings.end() ? start.at(q.name) : it->second;
      settings[q.name] = std::isfinite(v) ? std::clamp(v, q.min, q.max) : start.at(q.name);
      if (it == state.settings.end() || settings[q.name] != v) changed.push_back(q.name);
    }
  }
  if (settings.size() != state.settings.size() && changed.empty()) changed.emplace_back("settings");
  state.settings = std::move(settings);
  return changed;
}

}  // namespace carvallo::web
