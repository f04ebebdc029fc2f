#include "logic/ui_state.hpp"
#include "logic/language.hpp"
#include "logic/state_fields.hpp"
#include "logic/state_link.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/presets.hpp"
#include "registry.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/stabilization.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace carvallo::web {

std::vector<std::string> map_input_names() {
  std::vector<std::string> out;
  for (const auto& d : bicycle::kParameterTable) out.emplace_back(d.name);
  out.emplace_back("trail");
  out.emplace_back("steer_axis_tilt");
  return out;
}

using detail::checked_variant;
using detail::parse_number;

std::map<std::string, double> start_settings(const std::string& model) {
  std::map<std::string, double> out;
  const auto* entry = examples::find_model(model);
  if (!entry) return out;
  for (const auto& q : entry->settings) out[q.name] = q.value;
  // A gentle disturbance, so the default run shows the model's own motion rather than standing still.
  if (const auto it = out.find("roll_rate"); it != out.end() && !setting_problem(model, "roll_rate", 0.5)) it->second = 0.5;
  return out;
}

double setting(const UiState& state, const std::string& name, double fallback) {
  const auto it = state.settings.find(name);
  return it == state.settings.end() ? fallback : it->second;
}

std::optional<std::string> setting_problem(const std::string& model, const std::string& name, double value) {
  const auto* entry = examples::find_model(model);
  if (!entry) return "unknown model '" + model + "'";
  examples::ModelSetup setup;
  setup.settings[name] = value;
  try {
    examples::setting_values(model, entry->settings, setup);  // the registry's own check
    return std::nullopt;
  } catch (const std::exception&) {
    // Said in the link's terms (shortest numbers, no solver time), from the same quantity the registry checked.
    for (const auto& q : entry->settings) {
      if (q.name != name) continue;
      if (!std::isfinite(value)) return name + " must be a finite number";
      return name + " = " + format_shortest(value) + " " + q.unit + " is out of range [" + format_shortest(q.min) + ", " +
             format_shortest(q.max) + "] " + q.unit;
    }
    return model + " has no setting '" + name + "'";
  }
}

std::optional<std::string> set_setting(UiState& state, const std::string& name, double value) {
  if (auto why = setting_problem(state.model, name, value)) return why;
  state.settings[name] = value;
  return std::nullopt;
}

const std::vector<examples::InputChannel>& model_inputs(const std::string& model) {
  // Building a model to read its inputs costs milliseconds (the bicycle's): once per model.
  static std::map<std::string, std::vector<examples::InputChannel>> known;
  static std::mutex guard;
  const std::lock_guard<std::mutex> lock(guard);
  auto it = known.find(model);
  if (it == known.end()) {
    std::vector<examples::InputChannel> inputs;
    try {
      if (examples::find_model(model)) inputs = examples::make_model(model).inputs;
    } catch (const std::exception&) {
      // A model that cannot be built with its defaults has no inputs to offer.
    }
    it = known.emplace(model, std::move(inputs)).first;
  }
  return it->second;
}

std::string input_spec(const UiState& state, const std::string& name) {
  const auto it = state.inputs.find(name);
  return it == state.inputs.end() ? std::string() : it->second;
}

std::optional<std::string> check_caption(std::string_view text, std::string& canonical) {
  // Counted and checked as UTF-8 code points: a caption is shown as text and never interpreted.
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++chars) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > text.size()) return std::string("not UTF-8 text");
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 2) return std::string("not UTF-8 text");
    if (n == 1 && (b < 0x20 || b == 0x7f) && b != '\n') return std::string("control characters are not allowed");
    i += n;
    if (chars >= kMaxCaptionChars) return "longer than " + std::to_string(kMaxCaptionChars) + " characters";
  }
  const auto first = text.find_first_not_of(" \n"), last = text.find_last_not_of(" \n");
  canonical = first == std::string_view::npos ? std::string() : std::string(text.substr(first, last - first + 1));
  return std::nullopt;
}

std::string_view caption_head(std::string_view text) {
  std::size_t chars = 0, at = 0;
  while (at < text.size() && chars < kMaxCaptionChars) {
    ++chars;
    do ++at;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) >> 6) == 2);  // continuation bytes
  }
  return text.substr(0, at);
}

std::optional<double> parse_plain_number(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return parse_number(text);
}

bool too_large_number(std::string_view text) {
  const auto first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
  if (first == std::string_view::npos || text.find_first_of("iInN") != std::string_view::npos) return false;
  const std::string number(text.substr(first, last - first + 1));
  char* end = nullptr;
  return std::isinf(std::strtod(number.c_str(), &end)) && end && *end == '\0';
}

std::string format_shortest(double value) {
  if (!std::isfinite(value)) return "0";
  char buf[40];
  // Plain notation for everyday magnitudes ("10", not "1e+01"); exponents only for tiny or huge values.
  // Below 1e-4 "%g" always writes an exponent, so asking it for plain notation there would only add
  // digits ("1.0000000000000001e-05" for 1e-05).
  const double magnitude = std::fabs(value);
  const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e15);
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

std::string method_title(std::string_view name) {
  // The engine's names are the link's words (ab4, rgcpa); read aloud they are letters. Paper 000 names the
  // integrators and stabilizers; the titles keep the link's word where it is the name people use.
  static constexpr std::pair<std::string_view, const char*> kTitles[] = {
      {"ab4", translatable("Adams-Bashforth 4")},
      {"rk4", translatable("Runge-Kutta 4")},
      {"dopri5", translatable("Dormand-Prince 5, adaptive")},
      {"kutta-merson", translatable("Kutta-Merson")},
      {"kutta-merson-adaptive", translatable("Kutta-Merson, adaptive")},
      {"gbs8", translatable("Extrapolation (Gragg-Bulirsch-Stoer) 8")},
      {"gbs8-adaptive", translatable("Extrapolation 8, adaptive")},
      {"augmented", translatable("Augmented (Lagrange multipliers)")},
      {"udwadia-kalaba", translatable("Udwadia-Kalaba")},
      {"none", translatable("None")},
      {"baumgarte", translatable("Baumgarte")},
      {"direct", translatable("Direct correction")},
      {"rgcpa", translatable("RGCPA (coordinate partitioning)")},
      {"selective", translatable("Selective partitioning")},
  };
  for (const auto& [key, title] : kTitles)
    if (key == name) return title;
  return std::string(name);
}

std::vector<std::string> model_names() {
  std::vector<std::string> names;
  for (const auto& m : examples::models()) names.push_back(m.name);
  return names;
}

std::string select_model(UiState& state, const std::string& name) {
  if (name == state.model) return {};
  // A model opens with its own defaults: another model's values (a sleigh's 1 m/s for the bicycle) would
  // not suit it.
  state.model = name;
  state.settings = start_settings(name);
  state.inputs.clear();
  // A comparison of methods is a study of the model it was set up for (its step, its drift): carried over,
  // it drew three pale copies of the next model over it in every later scene of a lesson (a tester).
  state.compare.clear();
  // So is a steady turn ridden, the bicycle's: a scene kept of the four-bar chosen from a turn's scene
  // carried the turn in its link (a tester).
  state.from_turn.clear();
  state.variant = checked_variant(name, "").value_or("");
  try {
    const auto d = examples::make_model(name, state.variant).defaults;
    state.sim.integrator = to_string(d.integrator);
    state.sim.solver = to_string(d.acceleration);
    state.sim.stabilization = d.stabilizer;
    state.sim.time_step = d.step;
    state.sim.correction_tolerance = d.tolerance;
    // The paper's Baumgarte gains where Baumgarte is its method (Γ₁ = −2α, Γ₂ = −β²), else 001's.
    const bool baumgarte = d.stabilizer == "baumgarte";
    state.sim.baumgarte_alpha = baumgarte ? -0.5 * d.baumgarte.gamma1 : SimulationSettings{}.baumgarte_alpha;
    state.sim.baumgarte_beta = baumgarte ? std::sqrt(std::max(0.0, -d.baumgarte.gamma2)) : SimulationSettings{}.baumgarte_beta;
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::vector<bicycle::ParameterIssue> bike_problems(const bicycle::Parameters& bike) {
  auto issues = bicycle::validate(bike);
  if (!issues.empty()) return issues;
  return bicycle::make_canonical_model(bike).issues;
}

bool UiState::operator==(const UiState& o) const { return to_link(*this) == to_link(o); }

}  // namespace carvallo::web
