#include "logic/ui_state.hpp"
#include "logic/rider_state.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/presets.hpp"
#include "registry.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"
#include "carvallo/version.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>

namespace carvallo::web {
namespace {

// One entry per field of the link and of the JSON state (besides version, model, preset and the bicycle).
struct Field {
  enum class Kind { number, flag, word, scale, design, text };
  const char* key;
  Kind kind;
  double lo = 0, hi = 0;  // numbers: accepted range, inclusive
  double& (*number)(UiState&) = nullptr;
  bool& (*flag)(UiState&) = nullptr;
  std::string& (*word)(UiState&) = nullptr;
  std::vector<std::string> (*choices)() = nullptr;
  PlotScale& (*scale)(UiState&) = nullptr;
  std::optional<bicycle::Parameters>& (*design)(UiState&) = nullptr;
  // text: checks a value and gives its canonical spelling, or says why not (rider_state.hpp)
  std::optional<std::string> (*check)(std::string_view, std::string&) = nullptr;
};

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
std::vector<std::string> design_inputs() {
  std::vector<std::string> out;
  for (const auto& d : bicycle::kParameterTable) out.emplace_back(d.name);
  out.emplace_back("trail");
  out.emplace_back("steer_axis_tilt");
  return out;
}
std::vector<std::string> map_quantities() { return {std::begin(kMapQuantities), std::end(kMapQuantities)}; }
std::vector<std::string> design_tabs() { return {"map", "side"}; }

// The order here is the order in the link (after v, model, preset and the bicycle's parameters).
const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      number("speed", 0.0, 50.0, [](UiState& s) -> double& { return s.speed; }),
      number("vmin", 0.0, 100.0, [](UiState& s) -> double& { return s.sweep_min; }),
      number("vmax", 0.0, 100.0, [](UiState& s) -> double& { return s.sweep_max; }),
      flag("imag", [](UiState& s) -> bool& { return s.show_imaginary; }),
      flag("locus", [](UiState& s) -> bool& { return s.root_locus; }),
      word("integ", [](UiState& s) -> std::string& { return s.sim.integrator; }, integrators),
      number("dt", 1e-5, 0.05, [](UiState& s) -> double& { return s.sim.time_step; }),
      word("solver", [](UiState& s) -> std::string& { return s.sim.solver; }, solvers),
      word("stab", [](UiState& s) -> std::string& { return s.sim.stabilization; }, stabilizations),
      number("tscale", 0.01, 20.0, [](UiState& s) -> double& { return s.sim.time_scale; }),
      number("roll0", -1.5, 1.5, [](UiState& s) -> double& { return s.sim.roll0; }),
      number("steer0", -1.5, 1.5, [](UiState& s) -> double& { return s.sim.steer0; }),
      number("droll0", -20.0, 20.0, [](UiState& s) -> double& { return s.sim.roll_rate0; }),
      number("dsteer0", -20.0, 20.0, [](UiState& s) -> double& { return s.sim.steer_rate0; }),
      number("kick", -20.0, 20.0, [](UiState& s) -> double& { return s.sim.kick; }),
      flag("inertia", [](UiState& s) -> bool& { return s.show_inertia; }),
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
      word("mapx", [](UiState& s) -> std::string& { return s.map.x; }, design_inputs),
      number("mapxlo", -1e6, 1e6, [](UiState& s) -> double& { return s.map.x_lo; }),
      number("mapxhi", -1e6, 1e6, [](UiState& s) -> double& { return s.map.x_hi; }),
      word("mapy", [](UiState& s) -> std::string& { return s.map.y; }, design_inputs),
      number("mapylo", -1e6, 1e6, [](UiState& s) -> double& { return s.map.y_lo; }),
      number("mapyhi", -1e6, 1e6, [](UiState& s) -> double& { return s.map.y_hi; }),
      number("mapn", 2.0, 200.0, [](UiState& s) -> double& { return s.map.count; }),
      word("mapq", [](UiState& s) -> std::string& { return s.map.quantity; }, map_quantities),
      number("mapvmax", 0.1, 100.0, [](UiState& s) -> double& { return s.map.vmax; }),
      text("steer_torque", [](UiState& s) -> std::string& { return s.steer_torque; }, check_torque_spec),
      text("roll_torque", [](UiState& s) -> std::string& { return s.roll_torque; }, check_torque_spec),
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
  };
  return table;
}

const Field* find_field(std::string_view key) {
  for (const auto& f : fields())
    if (key == f.key) return &f;
  return nullptr;
}

// What a user typed, made safe and short for a message (printable ASCII only).
std::string shown(std::string_view text) {
  std::string out;
  for (char ch : text.substr(0, 40)) out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  if (text.size() > 40) out += "...";
  return out;
}

std::string quoted(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + words[i];
  return out;
}

// A decimal number and nothing else: no hex, inf or nan (which strtod would accept), no trailing text.
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

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      auto hex = [](char ch) -> int {
        if (ch >= '0' && ch <= '9') return ch - '0';
        if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
        if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
        return -1;
      };
      const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

bool usable_sweep_range(double lo, double hi) { return lo + kMinSweepSpan <= hi; }

bool usable_fixed_range(double lo, double hi) {
  return std::isfinite(lo) && std::isfinite(hi) && lo < hi && hi - lo >= kMinPlotSpan && std::abs(lo) <= kMaxPlotValue &&
         std::abs(hi) <= kMaxPlotValue;
}

// Sets one field from text; returns why it was not set.
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
    case Field::Kind::text: return f.word(state);
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

bool known_preset(std::string_view name) {
  for (const auto& p : bicycle::presets())
    if (p.name == name) return true;
  return false;
}

std::vector<std::string> preset_list() {
  std::vector<std::string> out;
  for (const auto& p : bicycle::presets()) out.emplace_back(p.name);
  return out;
}

// Overrides of bicycle parameters that make the bicycle unusable are dropped (back to the base values),
// the ones named in an issue first, then all; each drop is reported.
void keep_bike_valid(bicycle::Parameters& bike, const bicycle::Parameters& base,
                     const std::set<std::string>& overridden, std::vector<std::string>& ignored) {
  auto problems = bike_problems(bike);
  if (problems.empty()) return;
  std::set<std::string> dropped;
  for (const auto& issue : problems) {
    for (const auto& name : issue.parameters) {
      if (!overridden.count(name) || dropped.count(name)) continue;
      const auto* d = bicycle::find_parameter(name);
      if (!d) continue;
      bike.*(d->member) = base.*(d->member);
      dropped.insert(name);
    }
  }
  if (!bike_problems(bike).empty()) {
    bike = base;
    for (const auto& name : overridden) dropped.insert(name);
  }
  std::string names;
  for (const auto& n : dropped) names += (names.empty() ? "" : ", ") + n;
  std::string reasons;
  for (const auto& issue : problems) reasons += (reasons.empty() ? "" : "; ") + bicycle::to_string(issue);
  ignored.push_back(names + ": the bicycle would not be physical (" + reasons + "); the preset's values are used");
}

}  // namespace

const char* link_version() { return carvallo::kVersion; }

std::optional<double> parse_plain_number(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return parse_number(text);
}

bool UiState::operator==(const UiState& o) const { return to_link(*this) == to_link(o); }

std::string format_shortest(double value) {
  if (!std::isfinite(value)) return "0";
  char buf[40];
  // Plain notation for everyday magnitudes ("10", not "1e+01"); exponents only for tiny or huge values.
  const double magnitude = std::fabs(value);
  const bool plain = magnitude == 0 || (magnitude >= 1e-5 && magnitude < 1e15);
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    if (std::strtod(buf, nullptr) == value && (!plain || !std::strchr(buf, 'e') || digits == 17)) break;
  }
  return buf;
}

bicycle::Parameters preset_parameters(std::string_view preset) {
  if (auto p = bicycle::load_preset(preset)) return p->values;
  return bicycle::benchmark_parameters();
}

std::vector<std::string> integrator_names() {
  std::vector<std::string> names;
  for (const auto m : kIntegratorMethods) names.emplace_back(to_string(m));
  return names;
}
std::vector<std::string> acceleration_method_names() {
  std::vector<std::string> names;
  for (const auto m : kAccelerationMethods) names.emplace_back(to_string(m));
  return names;
}
std::vector<std::string> stabilization_method_names() {
  std::vector<std::string> names;
  for (const auto m : kStabilizationMethods) names.emplace_back(to_string(m));
  return names;
}

std::vector<std::string> model_names() {
  std::vector<std::string> names;
  for (const auto& m : examples::models()) names.push_back(m.name);
  return names;
}

namespace {
// The variant if the model has it ("" for a model without variants); nullopt otherwise.
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
}  // namespace

std::string select_model(UiState& state, const std::string& name) {
  if (name == state.model) return {};
  state.model = name;
  state.variant = checked_variant(name, "").value_or("");
  try {
    const auto d = examples::make_model(name, state.variant).defaults;
    state.sim.integrator = to_string(d.integrator);
    state.sim.solver = to_string(d.acceleration);
    state.sim.stabilization = d.stabilizer;
    state.sim.time_step = d.step;
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

void summarize_unknown_fields(std::vector<std::string>& ignored) {
  constexpr std::size_t kListed = 5;
  for (const std::string what : {"field", "parameter"}) {
    const std::string suffix = ": unknown " + what;
    std::vector<std::string> keys, rest;
    for (auto& line : ignored) {
      const bool unknown = line.size() > suffix.size() && line.compare(line.size() - suffix.size(), suffix.size(), suffix) == 0;
      if (unknown) keys.push_back(line.substr(0, line.size() - suffix.size()));
      else rest.push_back(std::move(line));
    }
    if (keys.size() > 1) {
      std::string text = std::to_string(keys.size()) + " unknown " + what + "s: ";
      for (std::size_t i = 0; i < keys.size() && i < kListed; ++i) text += (i ? ", " : "") + keys[i];
      if (keys.size() > kListed) text += " and " + std::to_string(keys.size() - kListed) + " more";
      rest.push_back(text);
    } else if (keys.size() == 1) {
      rest.push_back(keys.front() + suffix);
    }
    ignored = std::move(rest);
  }
}

std::vector<bicycle::ParameterIssue> bike_problems(const bicycle::Parameters& bike) {
  auto issues = bicycle::validate(bike);
  if (!issues.empty()) return issues;
  return bicycle::make_canonical_model(bike).issues;
}

std::string to_link(const UiState& state) {
  UiState s = state;
  std::string out = std::string("v=") + link_version() + "&model=" + s.model;
  if (!s.variant.empty()) out += "&variant=" + s.variant;
  out += "&preset=" + s.preset;
  const bicycle::Parameters base = preset_parameters(s.preset);
  for (const auto& d : bicycle::kParameterTable)
    if (s.bike.*(d.member) != base.*(d.member))
      out += "&" + std::string(d.name) + "=" + format_shortest(s.bike.*(d.member));
  for (const auto& f : fields())
    if (f.kind != Field::Kind::design || f.design(s)) out += "&" + std::string(f.key) + "=" + field_text(f, s);
  return out;
}

bool is_camera_key(const std::string& key) {
  return key == "yaw" || key == "pitch" || key == "dist" || key == "tx" || key == "ty" || key == "tz";
}

LinkReadResult read_link(std::string_view hash, const UiState& defaults) {
  LinkReadResult r{defaults, {}, {}};
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.size() > 8192) {
    r.unread = true;
    r.ignored.push_back("the link is longer than 8192 characters; it was ignored");
    return r;
  }
  // key -> value, in order; duplicates reported, the last one used.
  std::vector<std::pair<std::string, std::string>> pairs;
  std::map<std::string, int> seen;
  std::size_t start = 0;
  while (start <= hash.size()) {
    std::size_t end = hash.find('&', start);
    if (end == std::string_view::npos) end = hash.size();
    const std::string_view piece = hash.substr(start, end - start);
    start = end + 1;
    if (piece.empty()) continue;
    const std::size_t eq = piece.find('=');
    const auto key = percent_decode(piece.substr(0, eq));
    const auto value = eq == std::string_view::npos ? std::optional<std::string>() : percent_decode(piece.substr(eq + 1));
    if (eq == std::string_view::npos) {
      r.ignored.push_back("'" + shown(piece) + "': not of the form key=value");
      continue;
    }
    if (!key || !value) {
      r.ignored.push_back("'" + shown(piece) + "': a '%' not followed by two hexadecimal digits");
      continue;
    }
    if (seen[*key]++ == 1) r.ignored.push_back(shown(*key) + ": given more than once; the last value is used");
    pairs.emplace_back(*key, *value);
  }
  std::map<std::string, std::string> last;
  for (const auto& [k, v] : pairs) last[k] = v;
  for (const auto& [k, v] : last) r.names_camera = r.names_camera || is_camera_key(k);

  // A link without a version (one typed by hand, "#present=1") is read as this version's, silently.
  if (last.count("v") && last["v"] != link_version())
    r.ignored.push_back("v=" + shown(last["v"]) + ": made by another version; read as version " +
                        std::string(link_version()) + " as far as possible");

  UiState& s = r.state;
  if (auto it = last.find("model"); it != last.end()) {
    const auto names = model_names();
    if (std::find(names.begin(), names.end(), it->second) == names.end())
      r.ignored.push_back("model=" + shown(it->second) + ": unknown model (known: " + quoted(names) + ")");
    else if (auto why = select_model(s, it->second); !why.empty())  // the menu's choices; the link's own follow
      r.ignored.push_back("model=" + shown(it->second) + ": " + why);
  }
  if (auto it = last.find("variant"); it != last.end()) {
    if (auto v = checked_variant(s.model, it->second)) s.variant = *v;
    else r.ignored.push_back("variant=" + shown(it->second) + ": not a variant of " + s.model + " (" + quoted(variants_of(s.model)) + ")");
  }
  if (auto it = last.find("preset"); it != last.end()) {
    if (known_preset(it->second)) {
      s.preset = it->second;
      s.bike = preset_parameters(s.preset);
    } else {
      r.ignored.push_back("preset=" + shown(it->second) + ": unknown preset (known: " + quoted(preset_list()) + ")");
    }
  }
  const bicycle::Parameters base = s.bike;
  std::set<std::string> overridden;
  for (const auto& [key, value] : last) {
    if (key == "v" || key == "model" || key == "variant" || key == "preset") continue;
    if (const auto* d = bicycle::find_parameter(key)) {
      if (const auto v = parse_number(value)) {
        s.bike.*(d->member) = *v;
        overridden.insert(key);
      } else {
        r.ignored.push_back(key + "=" + shown(value) + ": not a number");
      }
      continue;
    }
    const Field* f = find_field(key);
    if (!f) {
      r.ignored.push_back(shown(key) + ": unknown field");
      continue;
    }
    if (auto why = set_from_text(*f, s, value)) {
      r.ignored.push_back(key + "=" + shown(value) + ": " + *why);
      r.refused.push_back(key);
    }
  }
  keep_bike_valid(s.bike, base, overridden, r.ignored);
  summarize_unknown_fields(r.ignored);
  if (!usable_sweep_range(s.sweep_min, s.sweep_max)) {
    r.ignored.push_back("vmin, vmax: the sweep range must have vmax - vmin >= " + format_shortest(kMinSweepSpan) + " m/s; the defaults are used");
    s.sweep_min = usable_sweep_range(defaults.sweep_min, defaults.sweep_max) ? defaults.sweep_min : 0.0;
    s.sweep_max = usable_sweep_range(defaults.sweep_min, defaults.sweep_max) ? defaults.sweep_max : 10.0;
    r.refused.insert(r.refused.end(), {"vmin", "vmax"});
  }
  return r;
}

void keep_fields(const UiState& from, UiState& to, const std::vector<std::string>& keys) {
  UiState source = from;  // the table's accessors take a mutable state
  for (const auto& key : keys) {
    const Field* f = find_field(key);
    if (!f) continue;
    switch (f->kind) {
      case Field::Kind::number: f->number(to) = f->number(source); break;
      case Field::Kind::flag: f->flag(to) = f->flag(source); break;
      case Field::Kind::word:
      case Field::Kind::text: f->word(to) = f->word(source); break;
      case Field::Kind::scale: f->scale(to) = f->scale(source); break;
      case Field::Kind::design: f->design(to) = f->design(source); break;
    }
  }
}

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
  for (const auto& f : fields()) {
    if (f.kind != Field::Kind::scale) continue;
    PlotScale& p = f.scale(state);
    if (!usable_fixed_range(p.lo, p.hi)) {
      const PlotScale d = f.scale(defaults);
      p.lo = d.lo, p.hi = d.hi;
      changed.emplace_back(f.key);
    }
  }
  return changed;
}

nlohmann::json to_json(const UiState& state) {
  UiState s = state;
  nlohmann::json j;
  j["version"] = link_version();
  j["model"] = s.model;
  j["variant"] = s.variant;
  j["preset"] = s.preset;
  nlohmann::json bike = nlohmann::json::object();
  for (const auto& d : bicycle::kParameterTable) bike[std::string(d.name)] = s.bike.*(d.member);
  j["bike"] = bike;
  for (const auto& f : fields()) {
    switch (f.kind) {
      case Field::Kind::number: j[f.key] = f.number(s); break;
      case Field::Kind::flag: j[f.key] = f.flag(s); break;
      case Field::Kind::word: j[f.key] = f.word(s); break;
      case Field::Kind::text: j[f.key] = f.word(s); break;
      case Field::Kind::scale: j[f.key] = field_text(f, s); break;
      case Field::Kind::design: {
        const auto& d = f.design(s);
        if (!d) {
          j[f.key] = nullptr;
          break;
        }
        nlohmann::json design = nlohmann::json::object();
        for (const auto& e : bicycle::kParameterTable) design[std::string(e.name)] = (*d).*(e.member);
        j[f.key] = design;
        break;
      }
    }
  }
  j["link"] = to_link(s);
  return j;
}

std::vector<std::string> apply_json(UiState& state, const nlohmann::json& partial) {
  std::vector<std::string> ignored;
  if (!partial.is_object()) {
    ignored.push_back("setState expects an object of fields, e.g. {speed: 4}");
    return ignored;
  }
  UiState s = state;
  if (auto it = partial.find("model"); it != partial.end()) {
    const auto names = model_names();
    if (it->is_string() && std::find(names.begin(), names.end(), it->get<std::string>()) != names.end()) {
      if (auto why = select_model(s, it->get<std::string>()); !why.empty()) ignored.push_back("model: " + why);
    } else {
      ignored.push_back("model: unknown model (known: " + quoted(names) + ")");
    }
  }
  if (auto it = partial.find("variant"); it != partial.end()) {
    const auto v = it->is_string() ? checked_variant(s.model, it->get<std::string>()) : std::nullopt;
    if (v) s.variant = *v;
    else ignored.push_back("variant: not a variant of " + s.model + " (" + quoted(variants_of(s.model)) + ")");
  }
  if (auto it = partial.find("preset"); it != partial.end()) {
    if (it->is_string() && known_preset(it->get<std::string>())) {
      s.preset = it->get<std::string>();
      s.bike = preset_parameters(s.preset);
    } else {
      ignored.push_back("preset: unknown preset (known: " + quoted(preset_list()) + ")");
    }
  }
  if (auto it = partial.find("bike"); it != partial.end()) {
    if (!it->is_object()) {
      ignored.push_back("bike: expected an object of parameters, e.g. {w: 1.1}");
    } else {
      bicycle::Parameters candidate = s.bike;
      for (const auto& [key, value] : it->items()) {
        const auto* d = bicycle::find_parameter(key);
        if (!d) ignored.push_back("bike." + shown(key) + ": unknown parameter");
        else if (!value.is_number() || !std::isfinite(value.get<double>()))
          ignored.push_back("bike." + key + ": not a finite number");
        else candidate.*(d->member) = value.get<double>();
      }
      const auto problems = bike_problems(candidate);
      if (problems.empty()) s.bike = candidate;
      for (const auto& issue : problems)
        ignored.push_back("bike: not applied, the bicycle would not be physical: " + bicycle::to_string(issue));
    }
  }
  for (const auto& [key, value] : partial.items()) {
    if (key == "model" || key == "variant" || key == "preset" || key == "bike" || key == "version" || key == "link") continue;
    const Field* f = find_field(key);
    if (!f) {
      ignored.push_back(shown(key) + ": unknown field");
      continue;
    }
    std::string text;
    if (f->kind == Field::Kind::design) {
      // null clears; an object of parameters applies on top of the pinned design (or the live bicycle).
      if (value.is_null()) {
        f->design(s).reset();
        continue;
      }
      if (!value.is_object()) {
        ignored.push_back(key + ": expected null or an object of parameters, e.g. {w: 1.1}");
        continue;
      }
      bicycle::Parameters p = f->design(s).value_or(s.bike);
      bool usable = true;
      for (const auto& [name, v] : value.items()) {
        const auto* d = bicycle::find_parameter(name);
        if (!d) ignored.push_back(key + "." + shown(name) + ": unknown parameter");
        else if (!v.is_number() || !std::isfinite(v.get<double>())) ignored.push_back(key + "." + name + ": not a finite number");
        else {
          p.*(d->member) = v.get<double>();
          continue;
        }
        usable = false;
      }
      if (!usable) {
        ignored.push_back(key + ": not applied");
        continue;
      }
      for (const auto& e : bicycle::kParameterTable) text.append(text.empty() ? "" : ",").append(format_shortest(p.*(e.member)));
    } else if (f->kind == Field::Kind::number && value.is_number()) text = format_shortest(value.get<double>());
    else if (f->kind == Field::Kind::flag && value.is_boolean()) text = value.get<bool>() ? "1" : "0";
    else if ((f->kind == Field::Kind::word || f->kind == Field::Kind::scale || f->kind == Field::Kind::text) && value.is_string()) text = value.get<std::string>();
    else {
      ignored.push_back(key + ": wrong type (expected a " +
                        std::string(f->kind == Field::Kind::number ? "number" : f->kind == Field::Kind::flag ? "boolean" : "string") + ")");
      continue;
    }
    // Exact doubles (format_shortest round-trips), range and word checks shared with the link.
    if (auto why = set_from_text(*f, s, text)) ignored.push_back(key + ": " + *why);
  }
  if (!usable_sweep_range(s.sweep_min, s.sweep_max)) {
    ignored.push_back("vmin, vmax: the sweep range must have vmax - vmin >= " + format_shortest(kMinSweepSpan) + " m/s; not changed");
    s.sweep_min = state.sweep_min;
    s.sweep_max = state.sweep_max;
  }
  // `link` (and `version`) are getState's outputs: passing getState() back is fine, but a different link
  // is not applied here, and saying so beats ignoring it silently.
  if (const auto it = partial.find("link"); it != partial.end() && !(it->is_string() && it->get<std::string>() == to_link(s)))
    ignored.push_back("link: read-only here; to open a link, set location.hash to it");
  if (const auto it = partial.find("version"); it != partial.end() && !(it->is_string() && it->get<std::string>() == link_version()))
    ignored.push_back("version: read-only (this playground is version " + std::string(link_version()) + ")");
  state = s;
  summarize_unknown_fields(ignored);
  return ignored;
}

}  // namespace carvallo::web
