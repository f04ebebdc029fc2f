#pragma once
// Eigenvalues versus a parameter for any registered model that declares a steady motion
// (ModelEntry::steady_motion, registry.hpp): the swept values, the eigenvalues at each, and the stability
// boundaries found by the core sweep (carvallo/stability/sweep.hpp: branch tracking, boundaries refined to
// SweepOptions::boundary_tolerance). Used by `carvallo eig --model` and the playground's eigenvalue panel.
#include "registry.hpp"

#include "carvallo/stability/sweep.hpp"

#include <complex>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::examples {

/// Most grid points a sweep accepts (a bound on work for the CLI and the playground).
inline constexpr std::size_t kMaxSteadySweepPoints = 100000;

struct SteadySweep {
  std::string model;
  std::string parameter;  ///< the swept quantity's name
  std::string unit;       ///< its unit
  std::vector<double> values;  ///< the grid
  /// eigenvalues[k]: at values[k], sorted by real part, then imaginary part (1/s)
  std::vector<std::vector<std::complex<double>>> eigenvalues;
  /// The core sweep: continuous branches on the grid, stability boundaries, stable ranges.
  stability::SweepResult sweep;
};

/// The setting or parameter named `name` of `entry`, or nullptr. Never throws.
const Quantity* find_quantity(const ModelEntry& entry, std::string_view name);

/// Evenly spaced values lo..hi (n of them, the last exactly hi). Throws SolverError(InvalidArgument) unless
/// lo and hi are finite, lo < hi and 2 <= n <= kMaxSteadySweepPoints; the message names the problem.
std::vector<double> sweep_grid(double lo, double hi, long n);

/// The eigenvalues of `entry`'s steady motion for `setup` with `parameter` at each of `values` (strictly
/// increasing, as sweep_grid makes them). Throws SolverError(InvalidArgument) naming the problem: the model
/// has no steady motion, `parameter` is not one it can sweep (the message lists those), a value outside the
/// quantity's accepted range; and what the model's linearization throws (carvallo::Error), and
/// stability::SweepError.
SteadySweep sweep_steady_motion(const ModelEntry& entry, const ModelSetup& setup, const std::string& parameter,
                                const std::vector<double>& values, const stability::SweepOptions& options = {});

/// The same with the eigenvalue function already built (SteadyMotion::eigenvalues(setup, parameter)), e.g.
/// one that caches values a front end computed a few at a time. Checks as above, except building.
SteadySweep sweep_steady_motion(const ModelEntry& entry, const std::string& parameter,
                                const stability::EigenvalueFunction& eigenvalues, const std::vector<double>& values,
                                const stability::SweepOptions& options = {});

/// Checks that `entry` has a steady motion that can sweep `parameter`; throws SolverError(InvalidArgument)
/// naming the problem (as sweep_steady_motion).
const SteadyMotion& checked_steady_motion(const ModelEntry& entry, const std::string& parameter);

}  // namespace carvallo::examples
