#pragma once
// A roll/steer mode shape animated about the upright, straight-running state: the free motion
// q(t) = Re(x e^{s t}) of the linearized bicycle (bicycle/mode_shapes.hpp), scaled so that its largest
// angle is the chosen amplitude. A growing or decaying mode would soon leave the screen or vanish, so the
// animation restarts every `window` seconds (one period for an oscillation, shorter when the mode grows or
// decays by more than e^2 per period) and within each window is scaled so that its largest angle, at the
// window's start for a decaying mode and at its end for a growing one, is the amplitude. The growth itself
// is printed (sigma, time to double or halve, factor per period). Pure C++ (no GL, ImGui or Emscripten).

#include "bicycle/canonical.hpp"

#include <complex>
#include <optional>
#include <string>
#include <string_view>

namespace carvallo::web {

struct ModeShape {
  std::string label;                 ///< "weave", "capsize" or "castering"
  double speed = 0;                  ///< m/s
  std::complex<double> eigenvalue;   ///< s = sigma + i omega (1/s), omega >= 0
  std::complex<double> roll, steer;  ///< eigenvector, larger component 1 (bicycle::normalize_mode_shape)
};

/// The mode labelled `label` at speed v (bicycle::roll_steer_modes, the CLI's `carvallo modes`): of a
/// complex pair the member with Im s > 0; of two real roots with the same label (weave below the speed
/// where its roots merge) the larger one. Nothing for an unknown label or non-finite eigenvalues.
/// Never throws.
std::optional<ModeShape> find_mode_shape(const bicycle::CanonicalModel& model, double v, std::string_view label);

/// Seconds after which the animation restarts (see the file comment): 2 pi / omega for an oscillation,
/// at most 2 / |sigma|; for a real root 2 / |sigma| within [0.2, 4] s; 4 s for s = 0. Never throws.
double mode_window(const ModeShape& mode);

struct ModeMotion {
  double tau = 0;                       ///< s since the window began
  double roll = 0, steer = 0;           ///< rad
  double roll_rate = 0, steer_rate = 0; ///< rad/s
};

/// The animated motion at animation time t >= 0 (s) with the largest angle `amplitude` (rad):
/// roll = a Re(x_roll e^{s tau}), steer = a Re(x_steer e^{s tau}), tau = t mod window, a = amplitude
/// e^{-sigma tau_peak} (tau_peak = window for a growing mode, 0 otherwise). Never throws.
ModeMotion mode_motion(const ModeShape& mode, double amplitude, double t);

/// What the panel prints about a mode, in words and numbers.
struct ModeDescription {
  double ratio = 0;       ///< |steer| / |roll| of the eigenvector (infinite when roll is 0)
  std::optional<double> phase_deg;  ///< arg(steer / roll) in (-180, 180]: steer leads roll by this; none if a component is 0
  std::string shape;      ///< "steer/roll amplitude 0.62, steer leads roll by 37.4 deg"
  std::string growth;     ///< "sigma = -0.41 1/s: decays, halves every 1.7 s (x 0.56 per 1.40 s period)"
};
ModeDescription describe_mode(const ModeShape& mode);

}  // namespace carvallo::web
