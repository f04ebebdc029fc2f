#include "logic/plot_data.hpp"

namespace carvallo::web {

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
