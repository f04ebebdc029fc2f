#pragma once
// Critical speeds and stable speed ranges of the linearized bicycle, in closed form.
//
// With u = v^2, the characteristic polynomial det(M s^2 + v C1 s + g K0 + v^2 K2) = sum a_k s^k has
//   a4 = det M, a3 = v alpha, a2 = gamma0 + gamma1 u, a1 = v (beta0 + beta1 u), a0 = delta0 + delta1 u + delta2 u^2.
// By the Lienard–Chipart criterion the motion is asymptotically stable iff a0..a3 > 0 and the Hurwitz
// determinant Delta3 = a3 a2 a1 - a4 a1^2 - a3^2 a0 > 0; Delta3 / v^2 is again a quadratic in u. So every
// stability boundary is a root of a quadratic or linear polynomial in u: exact up to round-off, no sweep.
// - capsize: a0 = 0 (a real eigenvalue crosses zero), direction ds/dv = -a0'(v) / a1(v);
// - weave: Delta3 = 0 with omega^2 = a1/a3 > 0 (a pair crosses the imaginary axis at +-i omega),
//   direction Re(ds/dv) = Re(-p_v / p_s) at s = i omega (implicit differentiation of p(s, v) = 0).
// stability_sweep.hpp has the generic route (eigenvalue sweep, bisection) used to cross-check this one.

#include "bicycle/canonical.hpp"

#include <optional>
#include <vector>

namespace carvallo::bicycle {

struct SpeedRange {
  double lo = 0, hi = 0;  ///< m/s
};

struct StabilityResult {
  /// Lowest speed in (0, vmax] at which an oscillatory eigenvalue pair crosses the imaginary axis into
  /// the left half-plane as speed increases (the weave motion becomes stable). Empty if none.
  std::optional<double> weave_speed;
  /// Lowest speed in (0, vmax] at which a real eigenvalue crosses zero into the right half-plane as speed
  /// increases (the capsize motion becomes unstable). Empty if none.
  std::optional<double> capsize_speed;
  /// Maximal intervals within [0, vmax] where every eigenvalue has a negative real part (open intervals
  /// reported by their closure; an interval reaching vmax ends at vmax).
  std::vector<SpeedRange> stable_speed_ranges;
};

/// Requires a finite vmax > 0 (throws carvallo::SolverError(InvalidArgument) otherwise).
StabilityResult stability(const CanonicalModel& model, double vmax);

/// True when every eigenvalue at speed v has a negative real part (Lienard–Chipart test). Never throws.
bool is_stable(const CanonicalModel& model, double v);

/// All speeds in (0, vmax) where one of the Lienard–Chipart quantities vanishes, sorted: the candidates for
/// stability boundaries. Never throws.
std::vector<double> stability_breakpoints(const CanonicalModel& model, double vmax);

}  // namespace carvallo::bicycle
