#pragma once
// Inputs a user or a script applies to a running model (the bicycle: the rider's steer and roll torques),
// as functions of time that the model's templated residual evaluates exactly.
//
// A scripted signal (step, pulse, sine) is piecewise smooth. Each smooth piece,
// u(t) = constant + amplitude sin(2π frequency t), is what a model is built with; the front end
// (examples/model_run.hpp, bicycle/simulation.hpp) ends a time step exactly at every change of piece and
// rebuilds the model with the next piece. So no integrator step straddles a jump (an Adams–Bashforth
// history across a jump would lose its order), and within a piece the forces are smooth functions of t
// that AD differentiates like any other.
//
// Text form (the CLI's `--steer-torque <spec>`): `step:<amp>@<t0>`, `pulse:<amp>@<t0>:<duration>`,
// `sine:<amp>:<freq>` (amplitude in the input's unit, times in s, frequency in Hz), or `<amp>` (a
// constant). Examples: `step:0.5@1`, `pulse:2@0.5:0.2`, `sine:0.1:0.8`.

#include "carvallo/ad.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::examples {

/// One smooth piece of a signal: u(t) = constant + amplitude sin(2π frequency t). Its members never throw.
struct SignalPiece {
  double constant = 0.0, amplitude = 0.0, frequency = 0.0;

  bool is_zero() const { return constant == 0.0 && amplitude == 0.0; }
  template <class S>
  S at(const S& t) const {
    S u(constant);
    if (amplitude != 0.0) u += amplitude * sin(S(6.283185307179586 * frequency) * t);
    return u;
  }
  friend bool operator==(const SignalPiece&, const SignalPiece&) = default;
};

/// A scripted signal. kind None is zero for all t. Its members never throw (the factories do not check
/// their arguments; parse_input_signal does).
struct InputSignal {
  enum class Kind { None, Constant, Step, Pulse, Sine };
  Kind kind = Kind::None;
  double amplitude = 0.0;
  double start = 0.0;      ///< Step, Pulse: when it switches on [s]
  double duration = 0.0;   ///< Pulse: how long it stays on [s]
  double frequency = 0.0;  ///< Sine [Hz]; the sine starts at t = 0 with phase 0

  static InputSignal constant(double value);
  static InputSignal step(double amplitude, double start);
  static InputSignal pulse(double amplitude, double start, double duration);
  static InputSignal sine(double amplitude, double frequency);

  /// The piece in effect on [t, next_change(t)) (right-continuous: a step at t0 is on at t0).
  SignalPiece piece(double t) const;
  double value(double t) const { return piece(t).at(t); }
  /// The first time > t at which the piece changes, or nothing.
  std::optional<double> next_change(double t) const;
  /// The text form (parse_input_signal reads it back).
  std::string to_string() const;
  friend bool operator==(const InputSignal&, const InputSignal&) = default;
};

/// Reads the text form. On failure returns nothing and sets `error` to what is wrong; never throws.
std::optional<InputSignal> parse_input_signal(std::string_view text, std::string& error);

/// The earliest next_change(t) of several signals, or nothing. Never throws.
std::optional<double> next_change(const std::vector<InputSignal>& signals, double t);

/// Each signal's piece in effect at t. Never throws.
std::vector<SignalPiece> pieces(const std::vector<InputSignal>& signals, double t);

/// Advances a simulation from t by h, ending a sub-step exactly at each change of the signals' pieces
/// inside (t, t + h) and calling `changed(pieces)` there (the caller rebuilds its model); `step(dt)`
/// advances by dt. A change within 1e-12 relative of t + h ends the step and is applied after it.
/// Throws only what `step` and `changed` throw.
template <class StepFn, class ChangeFn>
void step_through_changes(const std::vector<InputSignal>& signals, double t, double h, StepFn&& step,
                          ChangeFn&& changed) {
  const double t_end = t + h, eps = 1e-12 * (1.0 + (t_end < 0 ? -t_end : t_end));
  bool split = false;
  for (;;) {
    const auto c = next_change(signals, t);
    if (c && *c < t_end - eps) {
      step(*c - t);
      t = *c;
      split = true;
      changed(pieces(signals, t));
      continue;
    }
    // A step no change splits is h itself, not (t + h) - t: that differs from h in its last bits, which
    // restarted a multistep method (it requires equal steps) and defeated the simulation's compensated sum
    // of the time (a run of 10 000 steps of 1 ms ended at 9.999999999999897 s; a tester).
    step(split ? t_end - t : h);
    if (c && *c <= t_end + eps) changed(pieces(signals, *c));
    return;
  }
}

}  // namespace carvallo::examples
