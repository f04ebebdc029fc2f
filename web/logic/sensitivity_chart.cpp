#include "logic/sensitivity_chart.hpp"

#include "bicycle/sensitivity.hpp"
#include "logic/ui_state.hpp"  // format_shortest

#include <algorithm>
#include <cmath>

namespace carvallo::web {

std::string sensitivity_csv(const SensitivityChart& chart, const std::string& link) {
  const auto speed = [](const std::optional<double>& v) { return v ? format_shortest(*v) + " m/s" : std::string("none"); };
  // Zero as 0: an inertia's relative effect on the capsize speed came out "-0" (a student's file).
  const auto cell = [](double x) { return std::isfinite(x) ? format_shortest(x == 0 ? 0.0 : x) : std::string(); };
  std::string csv = "# carvallo sensitivities of the bicycle's critical speeds to its parameters (exact derivatives)\n# weave speed " +
                    speed(chart.weave_speed) + "; capsize speed " + speed(chart.capsize_speed) + "\n";
  if (!chart.note.empty()) csv += "# " + chart.note + "\n";
  csv += "# link: #" + link + "\n";
  csv += "parameter,unit,value,dweave_dp_m_s_per_unit,dcapsize_dp_m_s_per_unit,weave_relative,capsize_relative\n";
  // In the parameter table's order, whatever the chart's sorting: files of two designs line up.
  for (const auto& d : bicycle::kParameterTable)
    for (const auto& r : chart.rows) {
      if (r.name != d.name) continue;
      const auto relative = [&](double si, const std::optional<double>& v) { return v && *v != 0 ? si * r.value / *v : std::nan(""); };
      csv += r.name + "," + r.unit + "," + cell(r.value) + "," + cell(r.weave_si) + "," + cell(r.capsize_si) + "," +
             cell(relative(r.weave_si, chart.weave_speed)) + "," + cell(relative(r.capsize_si, chart.capsize_speed)) + "\n";
    }
  return csv;
}

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
