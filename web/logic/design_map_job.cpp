#include "logic/design_map_job.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

namespace {

bool same_settings(const DesignMapSettings& a, const DesignMapSettings& b) {
  return a.x == b.x && a.x_lo == b.x_lo && a.x_hi == b.x_hi && a.y == b.y && a.y_lo == b.y_lo && a.y_hi == b.y_hi &&
         a.count == b.count && a.vmax == b.vmax;  // the quantity only changes the colours
}

bool same_parameters(const bicycle::Parameters& a, const bicycle::Parameters& b) {
  for (const auto& d : bicycle::kParameterTable)
    if (a.*(d.member) != b.*(d.member)) return false;
  return true;
}

std::size_t axis_count(double count) {
  if (!std::isfinite(count) || count < 0 || count > 1e6) return 0;  // check_map_axis names the problem
  return static_cast<std::size_t>(std::llround(count));
}

}  // namespace

std::optional<double> map_quantity(const bicycle::DesignPoint& point, const std::string& quantity) {
  if (quantity == "weave") return point.weave_speed;
  if (quantity == "capsize") return point.capsize_speed;
  if (point.stable_width > 0) return point.stable_width;
  return std::nullopt;
}

bicycle::MapAxis map_x_axis(const DesignMapSettings& s) { return {s.x, s.x_lo, s.x_hi, axis_count(s.count)}; }
bicycle::MapAxis map_y_axis(const DesignMapSettings& s) { return {s.y, s.y_lo, s.y_hi, axis_count(s.count)}; }

void DesignMapJob::sync(const bicycle::Parameters& base, const DesignMapSettings& settings) {
  // The map's own two inputs are overridden at every cell: a bicycle differing only in them (a click on
  // the map loads a cell's design) has the same map.
  auto masked = [&](bicycle::Parameters p) {
    bicycle::set_design_input(p, settings.x, 0.0);
    bicycle::set_design_input(p, settings.y, 0.0);
    return p;
  };
  if (started_ && same_settings(settings, settings_) && same_parameters(masked(base), masked(base_))) return;
  started_ = true;
  ++generation_;
  base_ = base;
  settings_ = settings;
  x_ = map_x_axis(settings);
  y_ = map_y_axis(settings);
  vmax_ = settings.vmax;
  issues_ = bicycle::check_design_map(x_, y_, vmax_);
  points_.assign(issues_.empty() ? x_.count * y_.count : 0, std::nullopt);
  rows_done_ = unphysical_ = 0;
  longest_advance_ms_ = compute_ms_ = 0;
  advances_ = 0;
  start_ = finish_ = Clock::now();
}

void DesignMapJob::advance(double budget_ms) {
  if (!issues_.empty() || !started_ || rows_done_ >= y_.count) return;
  // No time left in the frame (its deadline spent on a new design's eigenvalues and simulation): no row,
  // but only every other call, so that the map goes on.
  if (budget_ms <= 0.0 && !waited_) {
    waited_ = true;
    return;
  }
  waited_ = false;
  const auto begin = Clock::now();
  auto spent_ms = [&] { return std::chrono::duration<double, std::milli>(Clock::now() - begin).count(); };
  do {
    const std::size_t iy = rows_done_;
    for (std::size_t ix = 0; ix < x_.count; ++ix) {
      auto& cell = points_[iy * x_.count + ix];
      cell = bicycle::design_point_at(base_, x_, y_, ix, iy, vmax_);
      if (!cell) ++unphysical_;
    }
    ++rows_done_;
  } while (rows_done_ < y_.count && spent_ms() < budget_ms);
  const double spent = spent_ms();
  longest_advance_ms_ = std::max(longest_advance_ms_, spent);
  compute_ms_ += spent;
  ++advances_;
  finish_ = Clock::now();
}

double DesignMapJob::elapsed_ms() const { return std::chrono::duration<double, std::milli>(finish_ - start_).count(); }

}  // namespace carvallo::web
