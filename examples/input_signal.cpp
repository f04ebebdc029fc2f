#include "input_signal.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>

namespace carvallo::examples {

namespace {

// The whole text as a finite number (strtod: no floating-point from_chars under Emscripten 3.1.6).
std::optional<double> number(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  const std::string s(text);
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(x)) return std::nullopt;
  return x;
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

// Concatenation by append (g++ 12 warns falsely on "literal" + temporary at -O3, GCC bug 105651).
std::string cat(std::initializer_list<std::string> parts) {
  std::string out;
  for (const auto& p : parts) out += p;
  return out;
}

// Far beyond any torque or time a bicycle sees, but keeps t0 + duration and 2π f t finite and exact enough.
constexpr double kLimit = 1e9;

}  // namespace

InputSignal InputSignal::constant(double value) {
  InputSignal s;
  s.kind = Kind::Constant;
  s.amplitude = value;
  return s;
}
InputSignal InputSignal::step(double amplitude, double start) {
  InputSignal s;
  s.kind = Kind::Step;
  s.amplitude = amplitude;
  s.start = start;
  return s;
}
InputSignal InputSignal::pulse(double amplitude, double start, double duration) {
  InputSignal s = step(amplitude, start);
  s.kind = Kind::Pulse;
  s.duration = duration;
  return s;
}
InputSignal InputSignal::sine(double amplitude, double frequency) {
  InputSignal s;
  s.kind = Kind::Sine;
  s.amplitude = amplitude;
  s.frequency = frequency;
  return s;
}

SignalPiece InputSignal::piece(double t) const {
  SignalPiece p;
  switch (kind) {
    case Kind::None: break;
    case Kind::Constant: p.constant = amplitude; break;
    case Kind::Step:
      if (t >= start) p.constant = amplitude;
      break;
    case Kind::Pulse:
      if (t >= start && t < start + duration) p.constant = amplitude;
      break;
    case Kind::Sine:
      p.amplitude = amplitude;
      p.frequency = frequency;
      break;
  }
  return p;
}

std::optional<double> InputSignal::next_change(double t) const {
  switch (kind) {
    case Kind::Step:
      if (t < start) return start;
      break;
    case Kind::Pulse:
      if (t < start) return start;
      if (t < start + duration) return start + duration;
      break;
    default: break;
  }
  return std::nullopt;
}

std::string InputSignal::to_string() const {
  switch (kind) {
    case Kind::None: return "0";
    case Kind::Constant: return num(amplitude);
    case Kind::Step: return cat({"step:", num(amplitude), "@", num(start)});
    case Kind::Pulse: return cat({"pulse:", num(amplitude), "@", num(start), ":", num(duration)});
    case Kind::Sine: return cat({"sine:", num(amplitude), ":", num(frequency)});
  }
  return "0";
}

std::optional<InputSignal> parse_input_signal(std::string_view text, std::string& error) {
  const std::string forms = "expected step:<amp>@<t0>, pulse:<amp>@<t0>:<duration>, sine:<amp>:<freq> or <amp>";
  auto bounded = [&](std::optional<double> x, const char* what) -> std::optional<double> {
    if (!x) {
      error = cat({what, " is not a finite number; ", forms});
      return std::nullopt;
    }
    if (std::abs(*x) > kLimit) {
      error = cat({what, " ", num(*x), " is beyond +-1e9"});
      return std::nullopt;
    }
    return x;
  };
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) {
    const auto a = bounded(number(text), "the amplitude");
    if (!a) return std::nullopt;
    return InputSignal::constant(*a);
  }
  const std::string_view kind = text.substr(0, colon), rest = text.substr(colon + 1);
  if (kind == "step" || kind == "pulse") {
    const auto at = rest.find('@');
    if (at == std::string_view::npos) {
      error = cat({"'", std::string(text), "': missing '@<t0>'; ", forms});
      return std::nullopt;
    }
    const auto a = bounded(number(rest.substr(0, at)), "the amplitude");
    if (!a) return std::nullopt;
    std::string_view times = rest.substr(at + 1);
    if (kind == "step") {
      const auto t0 = bounded(number(times), "the start time");
      if (!t0) return std::nullopt;
      return InputSignal::step(*a, *t0);
    }
    const auto sep = times.find(':');
    if (sep == std::string_view::npos) {
      error = cat({"'", std::string(text), "': missing ':<duration>'; ", forms});
      return std::nullopt;
    }
    const auto t0 = bounded(number(times.substr(0, sep)), "the start time");
    if (!t0) return std::nullopt;
    const auto d = bounded(number(times.substr(sep + 1)), "the duration");
    if (!d) return std::nullopt;
    if (!(*d > 0.0)) {
      error = cat({"the duration ", num(*d), " s must be > 0"});
      return std::nullopt;
    }
    return InputSignal::pulse(*a, *t0, *d);
  }
  if (kind == "sine") {
    const auto sep = rest.find(':');
    if (sep == std::string_view::npos) {
      error = cat({"'", std::string(text), "': missing ':<freq>'; ", forms});
      return std::nullopt;
    }
    const auto a = bounded(number(rest.substr(0, sep)), "the amplitude");
    if (!a) return std::nullopt;
    const auto f = bounded(number(rest.substr(sep + 1)), "the frequency");
    if (!f) return std::nullopt;
    if (!(*f >= 0.0) || *f > 1e4) {
      error = cat({"the frequency ", num(*f), " Hz must be within [0, 1e4]"});
      return std::nullopt;
    }
    return InputSignal::sine(*a, *f);
  }
  error = cat({"unknown signal '", std::string(kind), "'; ", forms});
  return std::nullopt;
}

std::optional<double> next_change(const std::vector<InputSignal>& signals, double t) {
  std::optional<double> best;
  for (const auto& s : signals)
    if (const auto c = s.next_change(t); c && (!best || *c < *best)) best = c;
  return best;
}

std::vector<SignalPiece> pieces(const std::vector<InputSignal>& signals, double t) {
  std::vector<SignalPiece> out;
  out.reserve(signals.size());
  for (const auto& s : signals) out.push_back(s.piece(t));
  return out;
}

}  // namespace carvallo::examples
