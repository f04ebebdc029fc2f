#pragma once
// Eigenvalues over a scalar parameter (e.g. forward speed): continuous branches, labels, stability
// boundaries refined to a tolerance in the parameter, and the parameter ranges where all are stable.
//
// The eigenvalue source is any callable parameter -> eigenvalues (the bicycle's 4x4 pencil, the reduced
// linearization of a multibody model, ...). It must return the same number of eigenvalues at every
// parameter; it may return them in any order (the sweep matches them to branches itself).

#include "carvallo/errors.hpp"

#include <complex>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::stability {

using EigenvalueFunction = std::function<std::vector<std::complex<double>>(double parameter)>;

/// Labels branches from their values at one parameter: returns one label per value (same order).
/// Example (bicycle at 5 m/s): complex pair -> "weave", small real -> "capsize", large negative -> "castering".
using BranchLabeler =
    std::function<std::vector<std::string>(double parameter, const std::vector<std::complex<double>>& values)>;

/// Thrown when a sweep cannot be carried out: empty or unsorted grid, the eigenvalue count changes,
/// a non-finite eigenvalue, a labeler returning the wrong number of labels, an exhausted evaluation
/// budget. The message names the parameter. A carvallo::Error, like everything the engine throws.
class SweepError : public Error {
 public:
  using Error::Error;
};

struct SweepOptions {
  /// Absolute tolerance on boundary parameters: the refined boundary is within tolerance/2 of a sign change.
  double boundary_tolerance = 1e-11;
  /// |Re s| <= neutral_tolerance * (1 + |s|) counts as Re s = 0 (round-off of a neutral eigenvalue). A branch
  /// that is so at every sample is "neutral" (a structurally zero eigenvalue, an undamped oscillation):
  /// it has no boundaries. A branch that is neutral on part of the range and then gets Re s > 0 (e.g. a
  /// conservative pair colliding at 0 and splitting into +-lambda) has a boundary where Re s exceeds
  /// the tolerance (found by bisection); true sign changes are refined on Re s itself.
  double neutral_tolerance = 1e-9;
  /// Grid intervals where the matching is ambiguous (two branches could swap) are bisected up to this depth.
  int max_subdivision_depth = 10;
  /// Upper bound on eigenvalue evaluations for the whole sweep (grid, bisection, boundary refinement):
  /// beyond it the sweep throws SweepError instead of running on (e.g. a nearly singular model whose
  /// branches are never told apart).
  std::size_t max_evaluations = 100000;
  /// Swapping two branches is "ambiguous" when it costs less than (1 + ambiguity_ratio) times the chosen matching.
  double ambiguity_ratio = 0.25;
  /// Optional labels: labeler is called once with the tracked branch values at the grid sample nearest
  /// to label_parameter (the first sample when label_parameter is not set).
  BranchLabeler labeler;
  std::optional<double> label_parameter;
};

/// One continuous curve s(p). values[k] is the eigenvalue at SweepResult::parameters[k].
struct Branch {
  std::string label;  ///< from SweepOptions::labeler, empty otherwise
  std::vector<std::complex<double>> values;
  bool neutral = false;  ///< see SweepOptions::neutral_tolerance
};

/// A parameter where a branch's real part changes sign (a complex pair is reported once, with both branches).
struct StabilityBoundary {
  double parameter = 0.0;
  double bracket_lower = 0.0;  ///< final bracket of the root finder (width <= boundary_tolerance)
  double bracket_upper = 0.0;
  std::complex<double> eigenvalue;    ///< at the boundary; for a complex pair the one with Im >= 0
  std::vector<std::size_t> branches;  ///< indices into SweepResult::branches
  bool destabilizing = false;         ///< real part goes from < 0 to > 0 as the parameter increases
  std::string label;
};

struct ParameterRange {
  double lower = 0.0;
  double upper = 0.0;
};

struct SweepResult {
  std::vector<double> parameters;            ///< the grid, as given
  std::vector<Branch> branches;              ///< continuous branches sampled on the grid
  std::vector<StabilityBoundary> boundaries;  ///< sorted by parameter
  /// Maximal ranges within [parameters.front(), parameters.back()] where no eigenvalue has Re s > 0
  /// beyond the neutral tolerance (neutral eigenvalues, i.e. marginal stability, are allowed); ends are
  /// refined boundaries or the grid ends.
  std::vector<ParameterRange> stable_ranges;
  std::size_t evaluations = 0;  ///< calls of the eigenvalue function (grid + subdivisions + root finding)
};

/// count equally spaced values from first to last inclusive (count >= 2, or 1 giving {first}; 0 gives
/// an empty grid), finite for any finite ends (-1e308 to 1e308 too). Never throws.
std::vector<double> linspace(double first, double last, std::size_t count);

/// Sweeps `eigenvalues` over the strictly increasing `parameters`. Branches are followed by predicting
/// each one linearly from its last two samples and assigning the new eigenvalues by minimum total squared
/// distance; ambiguous intervals are bisected. Crossings of two branches and splits of a complex pair into
/// two real roots (and merges) keep every branch continuous. Boundaries are found as sign changes of Re s
/// between consecutive (sub)samples of a non-neutral branch, refined by the Illinois method.
/// Limitation: two sign changes of one branch inside one grid interval cancel and are not seen.
/// Throws SweepError (see above), RootFindingError (bracketed_root.hpp) if a boundary cannot be refined;
/// exceptions of `eigenvalues` and of the labeler propagate unchanged.
SweepResult sweep_eigenvalues(const EigenvalueFunction& eigenvalues, const std::vector<double>& parameters,
                              const SweepOptions& options = {});

}  // namespace carvallo::stability
