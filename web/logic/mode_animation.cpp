#include "logic/mode_animation.hpp"

#include "bicycle/mode_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace carvallo::web {
namespace {
constexpr double kPi = 3.141592653589793;
// Below this |Im s| (1/s) a root is real: the solver's round-off on a real root is far smaller.
constexpr double kRealRoot = 1e-9;
}  // namespace

std::optional<ModeShape> find_mode_shape(const bicycle::CanonicalModel& model, double v, std::string_view label) {
  if (!std::isfinite(v)) return std::nullopt;
  const auto modes = bicycle::roll_steer_modes(model, v);
  const bicycle::RollSteerMode* best = nullptr;
  for (const auto& m : modes) {
    if (bicycle::mode_label_name(m.label) != label) continue;
    if (!std::isfinite(m.eigenvalue.real()) || !std::isfinite(m.eigenvalue.imag())) return std::nullopt;
    if (m.eigenvalue.imag() < -kRealRoot) continue;  // the conjugate of the one kept
    if (!best || m.eigenvalue.real() > best->eigenvalue.real()) best = &m;
  }
  if (!best) return std::nullopt;
  ModeShape out{std::string(label), v, best->eigenvalue, best->roll, best->steer};
  if (std::abs(out.eigenvalue.imag()) <= kRealRoot) {
    // A real root has a real eigenvector: drop the round-off so that the motion is exactly non-oscillating.
    out.eigenvalue = {out.eigenvalue.real(), 0.0};
    out.roll = {out.roll.real(), 0.0};
    out.steer = {out.steer.real(), 0.0};
  }
  return out;
}

double mode_window(const ModeShape& mode) {
  const double sigma = std::abs(mode.eigenvalue.real()), omega = mode.eigenvalue.imag();
  if (omega > kRealRoot) {
    const double period = 2 * kPi / omega;
    return sigma * period > 2 ? 2 / sigma : period;
  }
  if (sigma == 0) return 4.0;
  return std::clamp(2 / sigma, 0.2, 4.0);
}

ModeMotion mode_motion(const ModeShape& mode, double amplitude, double t) {
  ModeMotion m;
  const double window = mode_window(mode);
  m.tau = std::isfinite(t) && t > 0 ? std::fmod(t, window) : 0.0;
  const double sigma = mode.eigenvalue.real();
  const double a = amplitude * std::exp(-sigma * (sigma > 0 ? window : 0.0));
  // q(t) = Re(x e^{s t}) is a free motion of the linearized equations (bicycle/mode_shapes.hpp).
  const std::complex<double> z = std::exp(mode.eigenvalue * m.tau), sz = mode.eigenvalue * z;
  m.roll = a * (mode.roll * z).real();
  m.steer = a * (mode.steer * z).real();
  m.roll_rate = a * (mode.roll * sz).real();
  m.steer_rate = a * (mode.steer * sz).real();
  return m;
}

ModeDescription describe_mode(const ModeShape& mode) {
  ModeDescription d;
  const double r = std::abs(mode.roll), st = std::abs(mode.steer);
  d.ratio = r > 0 ? st / r : INFINITY;
  char buf[160];
  if (r > 0 && st > 0) {
    d.phase_deg = std::arg(mode.steer / mode.roll) * 180 / kPi;
    if (*d.phase_deg <= -180) *d.phase_deg += 360;
    std::snprintf(buf, sizeof buf, "steer/roll amplitude %.3f, steer %s roll by %.1f deg", d.ratio,
                  *d.phase_deg >= 0 ? "leads" : "lags", std::abs(*d.phase_deg));
  } else {
    std::snprintf(buf, sizeof buf, "%s only", r > 0 ? "roll" : "steer");
  }
  d.shape = buf;
  const double sigma = mode.eigenvalue.real(), omega = mode.eigenvalue.imag();
  const double log2 = std::log(2.0);
  int n = 0;
  if (sigma > 0) n = std::snprintf(buf, sizeof buf, "sigma = %+.3f 1/s: grows, doubles every %.3g s", sigma, log2 / sigma);
  else if (sigma < 0) n = std::snprintf(buf, sizeof buf, "sigma = %+.3f 1/s: decays, halves every %.3g s", sigma, log2 / -sigma);
  else n = std::snprintf(buf, sizeof buf, "sigma = 0: neither grows nor decays");
  if (omega > kRealRoot && n > 0 && n < static_cast<int>(sizeof buf))
    std::snprintf(buf + n, sizeof buf - static_cast<std::size_t>(n), " (x %.3g per %.3g s period)", std::exp(sigma * 2 * kPi / omega), 2 * kPi / omega);
  d.growth = buf;
  return d;
}

}  // namespace carvallo::web
