#include "bicycle/sensitivity.hpp"

#include "bicycle/parameter_values.hpp"
#include "bicycle/speed_polynomials.hpp"
#include "bicycle/stability.hpp"

#include <cmath>
#include <utility>

namespace carvallo::bicycle {

namespace {

// Below this, dF/du u is round-off of the terms of F: the root is double (a tangency of the condition),
// where the speed has no derivative.
constexpr double kDoubleRootTolerance = 1e-12;

// The condition as a quadratic c0 + c1 u + c2 u^2 in u, with AD coefficients.
struct Quadratic {
  const ParameterDual& c0;
  const ParameterDual& c1;
  const ParameterDual& c2;
};

CriticalSpeedSensitivity differentiate_root(const std::optional<double>& speed, const Quadratic& F) {
  CriticalSpeedSensitivity out;
  out.speed = speed;
  if (!speed) return out;
  const double v = *speed, u = v * v;
  // F(u*, p) with every parameter's tangent: dF/dp_k at fixed u.
  const ParameterDual value = F.c0 + u * (F.c1 + u * F.c2);
  const double dF_du = F.c1.v + 2.0 * u * F.c2.v;
  const double scale = std::abs(F.c0.v) + std::abs(F.c1.v) * u + std::abs(F.c2.v) * u * u;
  if (!(std::abs(dF_du) * u > kDoubleRootTolerance * scale) || !std::isfinite(dF_du)) {
    out.note = "the speed is a double root of its condition (a tangency): it has no derivative";
    return out;
  }
  // Implicit function theorem in u, then du = 2 v dv.
  const double factor = -1.0 / (dF_du * 2.0 * v);
  ParameterGradient g{};
  // + 0.0: an exactly zero derivative (a parameter that does not enter) is 0, not -0.
  for (std::size_t k = 0; k < kParameterCount; ++k) g[k] = factor * value.d[k] + 0.0;
  out.gradient = g;
  return out;
}

}  // namespace

SpeedSensitivities critical_speed_sensitivities(const Parameters& p, const CanonicalModel& model, double vmax) {
  const StabilityResult speeds = stability(model, vmax);
  // One pass of Appendix A and of the coefficients with all 26 tangents.
  const ParameterValues<ParameterDual> seeded = seeded_parameter_values(p);
  const CanonicalMatrices<ParameterDual> matrices = canonical_matrices<ParameterDual>(seeded);
  const SpeedPolynomialCoefficients<ParameterDual> P = speed_polynomial_coefficients(matrices, seeded.g);
  SpeedSensitivities out;
  out.capsize = differentiate_root(speeds.capsize_speed, {P.delta0, P.delta1, P.delta2});
  out.weave = differentiate_root(speeds.weave_speed, {P.h0, P.h1, P.h2});
  return out;
}

SpeedSensitivitiesResult critical_speed_sensitivities(const Parameters& p, double vmax) {
  SpeedSensitivitiesResult result;
  auto built = make_canonical_model(p);
  if (!built.model) {
    result.issues = std::move(built.issues);
    return result;
  }
  result.sensitivities = critical_speed_sensitivities(p, *built.model, vmax);
  return result;
}

}  // namespace carvallo::bicycle
