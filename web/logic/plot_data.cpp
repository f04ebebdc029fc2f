#include "logic/plot_data.hpp"

namespace carvallo::web {

// A column's samples drawn at its centre made every slope a staircase of vertical strokes 2 px apart,
// which on a 1280x720 projector read as noise in the results (a lecturer); from edge to edge a column's
// stroke continues the line. The extremes keep a spike or a turning point inside a column.
std::vector<PlotPoint> series_polyline(const PlotSeries& s) {
  std::vector<PlotPoint> out;
  for (std::size_t c = 0; c < s.first.size(); ++c) {
    if (std::isnan(s.first[c])) continue;
    const auto x = static_cast<double>(c);
    if (s.hi[c] == s.lo[c]) {
      out.push_back({x + 0.5, s.first[c]});
      continue;
    }
    const bool falling = s.last[c] < s.first[c];
    const float after_first = falling ? s.hi[c] : s.lo[c], before_last = falling ? s.lo[c] : s.hi[c];
    out.push_back({x, s.first[c]});
    if (after_first != s.first[c]) out.push_back({x + 1.0 / 3.0, after_first});
    if (before_last != s.last[c]) out.push_back({x + 2.0 / 3.0, before_last});
    out.push_back({x + 1.0, s.last[c]});
  }
  return out;
}

void plot_y_range(const PlotScale& scale, double min_span, double rel_span, double lo, double hi, double& out_lo, double& out_hi) {
  if (scale.mode == PlotScale::Mode::fixed) {
    out_lo = scale.lo, out_hi = scale.hi;
    return;
  }
  const double largest = std::max(std::abs(lo), std::abs(hi));
  const double floor_span = std::max({min_span, rel_span * largest, 1e-12 * (1 + largest)});
  if (scale.mode == PlotScale::Mode::symmetric) {
    const double half = std::max(largest * 1.08, 0.5 * floor_span);
    out_lo = -half, out_hi = half;
    return;
  }
  const double span = hi - lo, mid = 0.5 * (lo + hi);
  const double half = 0.5 * std::max(span * 1.16, floor_span);
  out_lo = mid - half, out_hi = mid + half;
}

}  // namespace carvallo::web
