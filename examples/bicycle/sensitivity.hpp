#pragma once
// Exact derivatives of the weave and capsize speeds with respect to each of the 26 parameters.
//
// Each critical speed v* is a simple root of a condition F(u, p) = 0 in u = v^2 (speed_polynomials.hpp:
// capsize a0 = det(g K0 + u K2) = 0, weave Delta3 / v^2 = 0). By the implicit function theorem
//   dv*/dp_k = -(dF/dp_k) / (dF/du) / (2 v*)   at (u*, p),
// where dF/dp_k comes from one evaluation of Appendix A (Meijaard 2007 Appendix A, canonical.hpp) and of
// the coefficients on vector-mode AD scalars carrying all 26 parameter tangents (parameter_values.hpp),
// and dF/du from the polynomial itself. No finite differences: the result is exact to round-off.
// The speeds themselves are those of stability() (closed form), so they equal `carvallo stability`'s.

#include "bicycle/canonical.hpp"
#include "bicycle/parameters.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {

/// d(speed)/d(parameter) in kParameterTable order: m/s per unit of each parameter (SI: per m, per kg,
/// per kg m^2, per rad, per m/s^2).
using ParameterGradient = std::array<double, kParameterCount>;

struct CriticalSpeedSensitivity {
  std::optional<double> speed;         ///< m/s; empty when there is no such speed in (0, vmax]
  std::optional<ParameterGradient> gradient;  ///< empty when speed is, or when the derivative does not exist
  std::string note;  ///< why gradient is empty although speed is not (a double root: the speed is not differentiable)
};

struct SpeedSensitivities {
  CriticalSpeedSensitivity weave, capsize;
};

struct SpeedSensitivitiesResult {
  std::optional<SpeedSensitivities> sensitivities;
  std::vector<ParameterIssue> issues;  ///< why the parameter set was refused (make_canonical_model's issues)
};

/// The weave and capsize speeds in (0, vmax] (definitions of stability.hpp) and their gradients.
/// Refuses (issues, nothing else) what make_canonical_model refuses; vmax must be finite and > 0
/// (throws carvallo::SolverError(InvalidArgument) otherwise); never throws otherwise.
SpeedSensitivitiesResult critical_speed_sensitivities(const Parameters& p, double vmax = 20.0);

/// The same from a model already built from p (the model must come from make_canonical_model(p)).
/// Throws SolverError(InvalidArgument) for vmax not finite and > 0; never throws otherwise.
SpeedSensitivities critical_speed_sensitivities(const Parameters& p, const CanonicalModel& model, double vmax = 20.0);

}  // namespace carvallo::bicycle
