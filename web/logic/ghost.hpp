#pragma once
// The pinned design of "Pin as ghost": a second bicycle whose eigenvalue curves are drawn faded under the
// live ones and whose critical speeds are listed beside the live ones. Its analysis is recomputed only
// when the pinned parameters or the plotted range change. Pure C++ (no GL, ImGui or Emscripten).

#include "logic/bike_analysis.hpp"

#include "bicycle/parameters.hpp"

#include <optional>

namespace carvallo::web {

class GhostAnalysis {
 public:
  /// The sweep of `ghost` over [vmin, vmax] (vmin < vmax), computed on the first call after a change;
  /// nullptr when there is no ghost or it cannot be analysed (make_canonical_model refuses it). Never throws.
  const EigenSweep* sweep(const std::optional<bicycle::Parameters>& ghost, double vmin, double vmax);
  /// How many sweeps were computed (the cache's misses), for tests.
  int computations() const { return computations_; }

 private:
  std::optional<bicycle::Parameters> bike_;
  double vmin_ = -1, vmax_ = -1;
  std::optional<EigenSweep> sweep_;
  int computations_ = 0;
};

}  // namespace carvallo::web
