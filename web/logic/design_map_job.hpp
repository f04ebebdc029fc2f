#pragma once
// The playground's design map, filled in progressively: rows of bicycle/design_map.hpp's points are
// computed a few at a time against a time budget per frame, so the page keeps drawing while a 100 x 100
// map fills (docs/performance.md: the whole map in well under 2 s in the browser). Settings or the base
// bicycle changing start the map over. Unlike `carvallo map`, which refuses a map with any unphysical
// point, the playground shows such points as "not a bicycle" cells and keeps the rest.
//
// Pure C++ (no ImGui, no Emscripten): tested natively in tests/web/design_map_job_test.cpp.

#include "logic/ui_state.hpp"

#include "bicycle/design_map.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

/// The quantity a cell shows (DesignMapSettings::quantity) in m/s, empty when the cell has none: no
/// weave or capsize speed within vmax, or no self-stable range (width 0). Never throws.
std::optional<double> map_quantity(const bicycle::DesignPoint& point, const std::string& quantity);

/// The map axes of the settings (count rounded to the nearest integer). Never throws.
bicycle::MapAxis map_x_axis(const DesignMapSettings& s);
bicycle::MapAxis map_y_axis(const DesignMapSettings& s);

class DesignMapJob {
 public:
  using Clock = std::chrono::steady_clock;

  /// Starts over if `base` or `settings` differ from those of the current map; otherwise keeps going.
  void sync(const bicycle::Parameters& base, const DesignMapSettings& settings);
  /// Computes whole rows until budget_ms of wall time is spent: at least one row when any is left, except
  /// that a call with no budget (the frame's deadline passed) does none if the last call did one.
  void advance(double budget_ms);

  /// Why the settings give no map (empty when they do): the problems of check_design_map.
  const std::vector<std::string>& issues() const { return issues_; }
  const bicycle::MapAxis& x() const { return x_; }
  const bicycle::MapAxis& y() const { return y_; }
  double vmax() const { return vmax_; }
  std::size_t rows_done() const { return rows_done_; }
  bool done() const { return issues_.empty() && rows_done_ == y_.count; }
  /// Cell (ix, iy): nullopt when not yet computed or not a physical bicycle (see physical()).
  const std::optional<bicycle::DesignPoint>& at(std::size_t ix, std::size_t iy) const { return points_[iy * x_.count + ix]; }
  /// Cell computed (row done) and a physical bicycle.
  bool computed(std::size_t iy) const { return iy < rows_done_; }
  /// Wall time from the start of this map to its last row (ms), or so far while filling.
  double elapsed_ms() const;
  /// Longest single advance() (ms): what a frame spent on the map at most.
  double longest_advance_ms() const { return longest_advance_ms_; }
  /// Counts the maps started (each sync that starts over): with rows_done(), tells a drawing when to redo.
  std::size_t generation() const { return generation_; }
  /// Calls of advance() that computed rows, and their total time (ms): the map's computing alone.
  std::size_t advances() const { return advances_; }
  double compute_ms() const { return compute_ms_; }
  /// Cells whose bicycle is not physical, among the rows done.
  std::size_t unphysical() const { return unphysical_; }

 private:
  bicycle::Parameters base_{};
  DesignMapSettings settings_{};
  bool started_ = false;
  bool waited_ = false;  ///< the last advance() computed no row (no budget)
  bicycle::MapAxis x_, y_;
  double vmax_ = 0;
  std::vector<std::string> issues_;
  std::vector<std::optional<bicycle::DesignPoint>> points_;
  std::size_t rows_done_ = 0, unphysical_ = 0;
  Clock::time_point start_{}, finish_{};
  double longest_advance_ms_ = 0, compute_ms_ = 0;
  std::size_t advances_ = 0, generation_ = 0;
};

}  // namespace carvallo::web
