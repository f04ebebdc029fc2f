#pragma once
// The rows of the sensitivity bar chart "What moves my stable range": the exact derivatives of the weave
// and capsize speeds with respect to the 26 parameters (bicycle/sensitivity.hpp, the CLI's
// `carvallo sensitivity`), in one of two scalings, sorted by magnitude. Pure C++ (no GL, ImGui or Emscripten).

#include "bicycle/canonical.hpp"
#include "bicycle/parameters.hpp"

#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

enum class SensitivityScale {
  relative,  ///< (dv/v) / (dp/p): per cent of speed per per cent of parameter, comparable across units
  si,        ///< dv/dp in m/s per SI unit of the parameter (per m, kg, kg m^2, rad, m/s^2)
};

struct SensitivityRow {
  std::string name;   ///< the parameter's name (kParameterTable), e.g. "lambda"
  std::string unit;   ///< its SI unit, e.g. "rad"
  double value = 0;   ///< the parameter's value (SI)
  /// d(speed)/dp in m/s per unit (NaN when that speed or its derivative does not exist).
  double weave_si = 0, capsize_si = 0;
  /// In the chart's scaling (relative or SI; NaN as above).
  double weave = 0, capsize = 0;
};

struct SensitivityChart {
  SensitivityScale scale = SensitivityScale::relative;
  std::optional<double> weave_speed, capsize_speed;  ///< m/s
  std::string note;                 ///< why a speed has no derivative (a double root), or empty
  std::vector<SensitivityRow> rows; ///< all 26, sorted by max(|weave|, |capsize|) in the chart's scaling, largest first
  double largest = 0;               ///< max |weave|, |capsize| over the rows (the bars' full length)
};

/// Units of a row in the chart's scaling: "%/%" for relative, "m/s per <unit>" for SI.
std::string sensitivity_unit(const SensitivityRow& row, SensitivityScale scale);

/// The chart's 26 rows as CSV, in the table's order: parameter, unit, value, the weave and capsize speeds'
/// derivatives in m/s per SI unit and relative ((dv/v) / (dp/p)); empty cells where a speed or its derivative
/// does not exist; after a comment header (lines starting with '#') with the speeds, the note and the page's
/// `link`.
std::string sensitivity_csv(const SensitivityChart& chart, const std::string& link);

/// The chart for the bicycle p (model = make_canonical_model(p)), speeds searched in (0, vmax] as the
/// eigenvalue panel's (bike_analysis.hpp). Throws SolverError(InvalidArgument) for vmax not finite and > 0;
/// never throws otherwise. Equal magnitudes keep kParameterTable's order.
SensitivityChart sensitivity_chart(const bicycle::Parameters& p, const bicycle::CanonicalModel& model, double vmax,
                                   SensitivityScale scale);

}  // namespace carvallo::web
