#pragma once
// What a time plot shows, computed from a run's history without drawing anything (pure C++, tested
// natively): the history decimated onto pixel columns, so the vertex count is bounded by the plot's
// width however long the run goes; the y-range a scale mode gives; the CSV of a history.

#include "logic/ui_state.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace carvallo::web {

/// One decimated series: per column the first, smallest, largest and last value (NaN where no sample).
struct PlotSeries {
  std::string name;
  std::vector<float> first, lo, hi, last;
  double latest = 0;  ///< the newest finite value (shown in the legend)
  bool has_latest = false;
};

struct PlotData {
  double t0 = 0, t1 = 0;  ///< s, the time window shown
  std::vector<PlotSeries> series;
  std::size_t samples = 0;  ///< samples inside the window
};

/// Columns of `width_px` device pixels: two pixels per column.
inline int plot_columns(float width_px) { return std::clamp(static_cast<int>(width_px / 2.0f), 8, 2048); }

/// The time window the plots show of a run `length` seconds long: `window`, or, where the run has ended
/// sooner (a fall), its length rounded up to 1, 2 or 5 times a power of ten. A fall in 0.93 s filled a
/// tenth of a 10 s plot, a spike at its left edge (a tester).
inline double ended_run_window(double window, double length) {
  if (!(length > 0) || !(length < window)) return window;
  const double power = std::pow(10.0, std::floor(std::log10(length)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= length) return std::min(window, m * power);
  return window;
}

/// Decimates the samples with t in (t_end - window, t_end] onto `columns` columns. `value(k, sample)` is
/// series k's value (log plots: log10 of |value|, exact zeros on a 1e-18 floor).
/// `history`: a vector or span of samples in time order.
template <class Range, class Sample = typename Range::value_type>
PlotData collect_plot(const Range& history, const std::vector<std::string>& names,
                      const std::function<double(std::size_t, const std::type_identity_t<Sample>&)>& value, double window,
                      int columns, bool log_scale) {
  PlotData d;
  d.series.resize(names.size());
  const float nan = std::nanf("");
  for (std::size_t k = 0; k < names.size(); ++k) {
    auto& s = d.series[k];
    s.name = names[k];
    s.first.assign(static_cast<std::size_t>(columns), nan);
    s.lo = s.hi = s.last = s.first;
  }
  if (history.empty()) return d;
  // The window starts with the run and then follows its end: [t_first, t_first + window] until the run
  // is longer, then [t_last - window, t_last].
  d.t0 = std::max(history.front().t, history.back().t - window);
  d.t1 = d.t0 + window;
  auto begin = std::lower_bound(history.begin(), history.end(), d.t0,
                                [](const Sample& s, double t) { return s.t < t; });
  const double span = d.t1 - d.t0;
  for (auto it = begin; it != history.end(); ++it) {
    ++d.samples;
    const int c = std::clamp(static_cast<int>((it->t - d.t0) / span * columns), 0, columns - 1);
    const auto col = static_cast<std::size_t>(c);
    for (std::size_t k = 0; k < names.size(); ++k) {
      const double raw = value(k, *it);
      if (!std::isfinite(raw)) continue;
      const double v = log_scale ? std::log10(std::max(std::abs(raw), 1e-18)) : raw;
      auto& s = d.series[k];
      s.latest = raw;
      s.has_latest = true;
      const auto f = static_cast<float>(v);
      if (std::isnan(s.first[col])) s.first[col] = s.lo[col] = s.hi[col] = f;
      s.lo[col] = std::min(s.lo[col], f);
      s.hi[col] = std::max(s.hi[col], f);
      s.last[col] = f;
    }
  }
  return d;
}

/// A point of a series' polyline: `column` in columns from the plot's left edge (column c spans [c, c + 1]).
struct PlotPoint {
  double column;
  float value;
};

/// The polyline a decimated series is drawn as, across its empty columns: per column its first value at
/// the column's left edge, an extreme past it, an extreme before the last, the last at its right edge; a
/// column of one value, one point at its centre.
std::vector<PlotPoint> series_polyline(const PlotSeries& s);

/// The y-range a linear plot shows for data spanning [lo, hi] (finite, lo <= hi).
/// min_span, rel_span: the floor of the fitted span, absolute and relative to the largest |value|.
void plot_y_range(const PlotScale& scale, double min_span, double rel_span, double lo, double hi, double& out_lo, double& out_hi);

/// CSV of a history: a header "t_s,<names>" and one row per sample, numbers round-tripping.
template <class Range, class Sample = typename Range::value_type>
std::string history_csv(const Range& history, const std::vector<std::string>& names,
                        const std::function<double(std::size_t, const std::type_identity_t<Sample>&)>& value) {
  std::string csv = "t_s";
  for (const auto& n : names) csv.append(",").append(n);
  csv += '\n';
  for (const auto& s : history) {
    csv += format_shortest(s.t);
    for (std::size_t k = 0; k < names.size(); ++k) {
      const double v = value(k, s);
      csv += ',';
      if (std::isfinite(v)) csv += format_shortest(v);
    }
    csv += '\n';
  }
  return csv;
}

}  // namespace carvallo::web
