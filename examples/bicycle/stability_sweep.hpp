#pragma once
// The generic route to critical speeds: the core sweep (carvallo/stability/sweep.hpp: branch tracking,
// sign changes of Re s refined by the Illinois method) applied to any eigenvalue function of speed, and
// its boundaries read with the definitions of stability.hpp. It needs nothing but eigenvalues, so it
// serves any formulation (the multibody route included) and cross-checks the closed form of stability.hpp.

#include "bicycle/stability.hpp"
#include "carvallo/stability/sweep.hpp"

#include <cstddef>

namespace carvallo::bicycle {

struct SweepStabilityOptions {
  double vmax = 20.0;        ///< m/s, > 0
  std::size_t samples = 401;  ///< grid points over [0, vmax], >= 2
  carvallo::stability::SweepOptions sweep;  ///< tolerances of the core sweep (boundary to 1e-11 m/s)
};

/// Same definitions as stability(): the weave speed is the first boundary of a complex pair that
/// becomes stable, the capsize speed the first boundary of a real eigenvalue that becomes unstable, both in
/// (0, vmax] (a boundary at v = 0 is the undamped system's Re s = 0, not a crossing). Throws
/// carvallo::SolverError(InvalidArgument) on bad options; carvallo::stability::SweepError or
/// RootFindingError from the sweep; exceptions of `eigenvalues` propagate.
StabilityResult stability_by_sweep(const carvallo::stability::EigenvalueFunction& eigenvalues,
                                   const SweepStabilityOptions& options);

/// The canonical model's eigenvalues as a sweepable function (the function throws what eigenvalues() throws).
carvallo::stability::EigenvalueFunction eigenvalue_function(const CanonicalModel& model);

}  // namespace carvallo::bicycle
