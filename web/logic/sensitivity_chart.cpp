#include "logic/sensitivity_chart.hpp"

#include "bicycle/sensitivity.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

std::string sensitivity_unit(const SensitivityRow& row, SensitivityScale scale) {
  if (scale == SensitivityScale::relative) return "%/%";
  return "m/s per " + row.unit;
}

SensitivityChart sensitivity_chart(const bicycle::Parameters& p, const bicycle::CanonicalModel& model, double vmax,
                                   SensitivityScale scale) {
  const auto s = bicycle::critical_speed_sensitivities(p, model, vmax);
  SensitivityChart chart;
  chart.scale = scale;
  chart.weave_speed = s.weave.speed;
  chart.capsize_speed = s.capsize.speed;
  chart.note = !s.weave.note.empty() ? "weave: " + s.weave.note : !s.capsize.note.empty() ? "capsize: " + s.capsize.note : "";
  auto scaled = [&](const bicycle::CriticalSpeedSensitivity& c, std::size_t k, double value, double& si) {
    si = c.gradient ? (*c.gradient)[k] : NAN;
    if (!c.gradient || scale == SensitivityScale::si) return si;
    // The elasticity dv/dp * p/v: a 1 % change of p moves v by this many per cent.
    return si * value / *c.speed;
  };
  for (std::size_t k = 0; k < bicycle::kParameterCount; ++k) {
    SensitivityRow row;
    row.name = std::string(bicycle::kParameterTable[k].name);
    row.unit = std::string(bicycle::kParameterTable[k].unit);
    row.value = p.*(bicycle::kParameterTable[k].member);
    row.weave = scaled(s.weave, k, row.value, row.weave_si);
    row.capsize = scaled(s.capsize, k, row.value, row.capsize_si);
    chart.rows.push_back(row);
  }
  auto magnitude = [](const SensitivityRow& r) {
    return std::max(std::isfinite(r.weave) ? std::abs(r.weave) : 0.0, std::isfinite(r.capsize) ? std::abs(r.capsize) : 0.0);
  };
  std::stable_sort(chart.rows.begin(), chart.rows.end(),
                   [&](const SensitivityRow& a, const SensitivityRow& b) { return magnitude(a) > magnitude(b); });
  chart.largest = chart.rows.empty() ? 0.0 : magnitude(chart.rows.front());
  return chart;
}

}  // namespace carvallo::web
