#include "logic/input_log.hpp"

#include "logic/ui_state.hpp"

#include <charconv>
#include <cmath>

namespace carvallo::web {

namespace {

// Largest |number| an event carries: an amount, a held value, a point in metres.
constexpr double kMaxMagnitude = 1e6;
// Largest index of an input or a body.
constexpr int kMaxIndex = 63;

std::string shown_event(std::string_view text) {
  std::string out;
  for (char ch : text.substr(0, 40)) out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  if (text.size() > 40) out += "...";
  return out;
}

std::optional<long> read_step(std::string_view text) {
  long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0 || v > kMaxInputStep) return std::nullopt;
  return v;
}

std::optional<int> read_index(std::string_view text) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0 || v > kMaxIndex) return std::nullopt;
  return v;
}

std::optional<double> read_value(std::string_view text) {
  const auto v = parse_plain_number(text);
  if (!v || !(std::abs(*v) <= kMaxMagnitude)) return std::nullopt;
  return *v == 0.0 ? 0.0 : *v;  // one spelling of zero
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

// One event, or why it does not read.
std::optional<InputEvent> read_event(std::string_view item, std::string& why) {
  InputEvent e;
  if (item.empty()) return why = "an empty event", std::nullopt;
  const char kind = item.front();
  const auto fields = split(item.substr(1), ':');
  if (kind == 'p' && fields.size() == 2) {
    const auto step = read_step(fields[0]);
    const auto amount = read_value(fields[1]);
    if (!step || !amount) return why = "expected p<step>:<amount>", std::nullopt;
    e.kind = InputEvent::Kind::push, e.step = *step, e.value = *amount;
    return e;
  }
  if (kind == 'i' && fields.size() == 2) {
    const std::size_t at = fields[0].find('@');
    const auto index = at == std::string_view::npos ? std::nullopt : read_index(fields[0].substr(0, at));
    const auto step = at == std::string_view::npos ? std::nullopt : read_step(fields[0].substr(at + 1));
    const auto value = read_value(fields[1]);
    if (!index || !step || !value) return why = "expected i<input>@<step>:<value>", std::nullopt;
    e.kind = InputEvent::Kind::hold, e.index = *index, e.step = *step, e.value = *value;
    return e;
  }
  if (kind == 'd' && fields.size() == 2 && fields[1] == "-") {
    const auto step = read_step(fields[0]);
    if (!step) return why = "expected d<step>:-", std::nullopt;
    e.kind = InputEvent::Kind::release, e.step = *step;
    return e;
  }
  if (kind == 'd' && fields.size() == 8) {
    const auto step = read_step(fields[0]);
    const auto body = read_index(fields[1]);
    bool numbers = step && body;
    for (int k = 0; k < 6 && numbers; ++k) {
      const auto v = read_value(fields[static_cast<std::size_t>(2 + k)]);
      numbers = v.has_value();
      if (v) (k < 3 ? e.local[k] : e.target[k - 3]) = *v;
    }
    if (!numbers) return why = "expected d<step>:<body>:<x>:<y>:<z>:<X>:<Y>:<Z> (metres)", std::nullopt;
    e.kind = InputEvent::Kind::drag, e.step = *step, e.index = *body;
    return e;
  }
  why = "expected p<step>:<amount>, i<input>@<step>:<value>, d<step>:<body>:<x>:<y>:<z>:<X>:<Y>:<Z> or d<step>:-";
  return std::nullopt;
}

}  // namespace

std::string input_log_text(const std::vector<InputEvent>& log) {
  std::string out;
  for (const auto& e : log) {
    if (!out.empty()) out += ',';
    switch (e.kind) {
      case InputEvent::Kind::push: out += "p" + std::to_string(e.step) + ":" + format_shortest(e.value); break;
      case InputEvent::Kind::hold:
        out += "i" + std::to_string(e.index) + "@" + std::to_string(e.step) + ":" + format_shortest(e.value);
        break;
      case InputEvent::Kind::release: out += "d" + std::to_string(e.step) + ":-"; break;
      case InputEvent::Kind::drag:
        out += "d" + std::to_string(e.step) + ":" + std::to_string(e.index);
        for (double v : e.local) out += ":" + format_shortest(v);
        for (double v : e.target) out += ":" + format_shortest(v);
        break;
    }
  }
  return out;
}

std::optional<std::vector<InputEvent>> read_input_log(std::string_view text, std::string& error) {
  error.clear();
  std::vector<InputEvent> log;
  if (text.empty() || text == "none") return log;
  // Longer than kMaxLinkedInputs of the longest events could be: refused before splitting.
  if (text.size() > kMaxLinkedInputs * 160) {
    error = "the log is " + std::to_string(text.size()) + " characters, more than " + std::to_string(kMaxLinkedInputs) +
            " events could take; refused, not cut";
    return std::nullopt;
  }
  const auto items = split(text, ',');
  if (items.size() > kMaxLinkedInputs) {
    error = std::to_string(items.size()) + " events, more than the " + std::to_string(kMaxLinkedInputs) +
            " a link carries; refused, not cut";
    return std::nullopt;
  }
  for (std::size_t k = 0; k < items.size(); ++k) {
    std::string why;
    const auto e = read_event(items[k], why);
    if (!e) {
      error = "event " + std::to_string(k + 1) + " '" + shown_event(items[k]) + "': " + why;
      return std::nullopt;
    }
    if (!log.empty() && e->step < log.back().step) {
      error = "event " + std::to_string(k + 1) + " '" + shown_event(items[k]) + "': its step is before the previous event's";
      return std::nullopt;
    }
    log.push_back(*e);
  }
  return log;
}

std::optional<std::string> check_input_log(std::string_view text, std::string& canonical) {
  std::string error;
  const auto log = read_input_log(text, error);
  if (!log) return error;
  canonical = input_log_text(*log);
  return std::nullopt;
}

}  // namespace carvallo::web
