#include "bicycle/stability_sweep.hpp"

#include "carvallo/errors.hpp"

#include <cmath>

namespace carvallo::bicycle {

carvallo::stability::EigenvalueFunction eigenvalue_function(const CanonicalModel& model) {
  return [model](double v) {
    const auto e = eigenvalues(model, v);
    return std::vector<std::complex<double>>(e.begin(), e.end());
  };
}

StabilityResult stability_by_sweep(const carvallo::stability::EigenvalueFunction& eigenvalues,
                                   const SweepStabilityOptions& o) {
  if (!(o.vmax > 0) || !std::isfinite(o.vmax) || o.samples < 2)
    throw SolverError(SolverError::Kind::InvalidArgument, "stability_by_sweep: need a finite vmax > 0 and samples >= 2",
                      0.0);
  const auto sweep = carvallo::stability::sweep_eigenvalues(eigenvalues, carvallo::stability::linspace(0.0, o.vmax, o.samples), o.sweep);
  StabilityResult result;
  // Boundaries closer to v = 0 than the root finder's tolerance are the exact zero of Re s of the
  // conservative system at rest, seen through round-off.
  const double v_min = 10.0 * o.sweep.boundary_tolerance;
  for (const auto& b : sweep.boundaries) {
    if (b.parameter <= v_min) continue;
    const bool pair = b.branches.size() == 2;
    if (pair && !b.destabilizing && !result.weave_speed) result.weave_speed = b.parameter;
    if (!pair && b.destabilizing && !result.capsize_speed) result.capsize_speed = b.parameter;
  }
  for (const auto& r : sweep.stable_ranges) result.stable_speed_ranges.push_back({r.lower, r.upper});
  return result;
}

}  // namespace carvallo::bicycle
