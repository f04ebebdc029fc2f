#include "logic/rider_state.hpp"

#include "logic/ui_state.hpp"

#include "bicycle/turns.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

namespace {

// What a user typed, made safe and short for a message (printable ASCII only).
std::string shown(std::string_view text) {
  std::string out;
  for (char ch : text.substr(0, 40)) out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  if (text.size() > 40) out += "...";
  return out;
}

// The spec's text with the fewest digits that read back exactly (InputSignal::to_string prints 17).
std::string signal_text(const examples::InputSignal& s) {
  using Kind = examples::InputSignal::Kind;
  switch (s.kind) {
    case Kind::None: return "";
    case Kind::Constant: return format_shortest(s.amplitude);
    case Kind::Step: return "step:" + format_shortest(s.amplitude) + "@" + format_shortest(s.start);
    case Kind::Pulse:
      return "pulse:" + format_shortest(s.amplitude) + "@" + format_shortest(s.start) + ":" + format_shortest(s.duration);
    case Kind::Sine: return "sine:" + format_shortest(s.amplitude) + ":" + format_shortest(s.frequency);
  }
  return "";
}

}  // namespace

std::optional<std::string> check_torque_spec(std::string_view text, std::string& canonical) {
  if (text.empty() || text == "none") {
    canonical.clear();
    return std::nullopt;
  }
  if (text.size() > 100) return "a torque spec is at most 100 characters";
  std::string error;
  const auto signal = examples::parse_input_signal(text, error);
  if (!signal) return "'" + shown(text) + "': " + error;
  if (!(std::abs(signal->amplitude) <= kMaxRiderTorque))
    return "'" + shown(text) + "': the amplitude must be within +-" + format_shortest(kMaxRiderTorque) + " N m";
  // -0 would print as "-0" and read back as a different link: a zero amplitude is no torque.
  canonical = signal->amplitude == 0.0 ? std::string() : signal_text(*signal);
  return std::nullopt;
}

examples::InputSignal torque_signal(const std::string& spec) {
  if (spec.empty()) return {};
  std::string error;
  return examples::parse_input_signal(spec, error).value_or(examples::InputSignal{});
}

std::optional<std::string> check_turn_request(std::string_view text, std::string& canonical) {
  if (text.empty() || text == "none") {
    canonical.clear();
    return std::nullopt;
  }
  if (text.size() > 100) return "at most 100 characters";
  const std::string usage = "expected lean=<rad>,family=" + std::string(bicycle::kHandlebarForward) + " (or " +
                            bicycle::kHandlebarReversed + ")";
  TurnRequest r;
  bool has_lean = false, has_family = false, has_steer = false;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    const std::string_view item = text.substr(pos, end - pos);
    pos = end + 1;
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) return "'" + shown(item) + "': " + usage;
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "lean" && !has_lean) {
      const auto x = parse_plain_number(value);
      if (!x || !(std::abs(*x) > 0.0 && std::abs(*x) < 1.5)) return "lean '" + shown(value) + "': must be a number with 0 < |lean| < 1.5 rad";
      r.lean = *x;
      has_lean = true;
    } else if (key == "family" && !has_family) {
      if (value != bicycle::kHandlebarForward && value != bicycle::kHandlebarReversed)
        return "family '" + shown(value) + "': unknown (" + bicycle::kHandlebarForward + ", " + bicycle::kHandlebarReversed + ")";
      r.family = std::string(value);
      has_family = true;
    } else if (key == "steer" && !has_steer) {
      const auto x = parse_plain_number(value);
      if (!x || !(std::abs(*x) <= 3.1415926535897931)) return "steer '" + shown(value) + "': must be a number within +-pi rad";
      r.steer = *x == 0.0 ? 0.0 : *x;  // -0 reads as 0: one spelling
      has_steer = true;
    } else {
      return "'" + shown(item) + "': " + usage;
    }
  }
  if (!has_lean || !has_family) return std::string(has_lean ? "family" : "lean") + " missing; " + usage;
  canonical = turn_request_text(r);
  return std::nullopt;
}

std::optional<TurnRequest> turn_request(const std::string& canonical) {
  if (canonical.empty()) return std::nullopt;
  std::string again;
  if (check_turn_request(canonical, again)) return std::nullopt;
  // The canonical text is "lean=<x>,family=<name>[,steer=<x>]".
  TurnRequest r;
  const std::string_view t(again);
  const std::size_t family = t.find(",family="), steer = t.find(",steer=");
  r.lean = parse_plain_number(t.substr(5, family - 5)).value_or(0.0);
  r.family = std::string(t.substr(family + 8, steer == std::string_view::npos ? std::string_view::npos : steer - family - 8));
  if (steer != std::string_view::npos) r.steer = parse_plain_number(t.substr(steer + 7));
  return r;
}

std::string turn_request_text(const TurnRequest& request) {
  std::string text = "lean=" + format_shortest(request.lean) + ",family=" + request.family;
  if (request.steer) text += ",steer=" + format_shortest(*request.steer);
  return text;
}

void apply_scenario(UiState& state, const bicycle::Scenario& scenario) {
  select_model(state, scenario.model);
  for (const auto& [name, value] : scenario.settings()) set_setting(state, name, value);  // the scenario's own, in range
  state.inputs.clear();
  for (const auto& [name, signal] : scenario.inputs()) {
    std::string text;
    if (!check_torque_spec(signal_text(signal), text) && !text.empty()) state.inputs[name] = text;
  }
  state.from_turn.clear();
  state.follow = true;
  state.plot_window = std::max(state.plot_window, scenario.duration);
}

}  // namespace carvallo::web
