#pragma once
// The eigenvalue panel's data for a registered model that declares a steady motion (registry.hpp,
// SteadyMotion): eigenvalues against the swept quantity over the model's telling range, computed a few
// grid points per frame so the page never freezes, then the core sweep (branches, boundaries) from the
// cached values. Pure C++ (no GL, ImGui or Emscripten).
#include "registry.hpp"
#include "steady_motion.hpp"

#include <complex>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

class ModelEigenSweep {
 public:
  /// Grid points of the playground's sweep (resolution (hi − lo) / (n − 1)).
  static constexpr std::size_t kSamples = 121;

  /// Starts a sweep of `model`'s steady motion for `setup` (its first quantity over its plot range) unless
  /// the same one is already under way or done. Never throws: problems go to error().
  void request(const std::string& model, const examples::ModelSetup& setup);
  /// Evaluates grid points for about `budget_ms` of wall time; once all are known, runs the core sweep.
  /// Never throws. True when finished (result or error).
  bool advance(double budget_ms);

  bool has_steady_motion() const { return steady_ != nullptr; }
  bool done() const { return result_.has_value() || !error_.empty(); }
  /// Grid points evaluated so far, of kSamples.
  std::size_t evaluated() const { return next_; }
  const std::optional<examples::SteadySweep>& result() const { return result_; }
  const std::string& error() const { return error_; }
  const examples::ModelEntry* entry() const { return entry_; }
  const std::string& parameter() const { return parameter_; }
  const std::vector<double>& grid() const { return grid_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  /// The eigenvalues at one value (cached, else computed now; empty on failure). Never throws.
  std::vector<std::complex<double>> at(double value) const;
  /// Milliseconds spent computing this sweep so far.
  double compute_ms() const { return compute_ms_; }

 private:
  std::string signature_;
  const examples::ModelEntry* entry_ = nullptr;
  const examples::SteadyMotion* steady_ = nullptr;
  std::string parameter_;
  double lo_ = 0, hi_ = 1;
  std::vector<double> grid_;
  std::size_t next_ = 0;
  stability::EigenvalueFunction function_;
  mutable std::map<double, std::vector<std::complex<double>>> cache_;
  std::optional<examples::SteadySweep> result_;
  std::string error_;
  double compute_ms_ = 0;
};

}  // namespace carvallo::web
