#pragma once
// Design maps: the weave speed, the capsize speed and the width of the self-stable speed range over a
// grid of two parameters, every other parameter kept from a base bicycle. Each point is the closed form
// of stability.hpp on the canonical model (a few microseconds), so a 100 x 100 map takes a fraction of a
// second. The classic chart, stability over trail and steer-axis tilt (head angle = 90 deg - lambda),
// is `design_map(p, {"trail", ...}, {"steer_axis_tilt", ...}, vmax)`.

#include "bicycle/canonical.hpp"
#include "bicycle/parameters.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::bicycle {

/// A map input: a parameter of kParameterTable by its name, or an alias: "trail" (= c, m) and
/// "steer_axis_tilt" (= lambda, rad). nullptr when unknown. Never throws.
const ParameterDescriptor* find_design_input(std::string_view name);

/// "w, c, ..., IFyy, trail, steer_axis_tilt": every accepted input name, for messages and help texts.
/// Never throws.
std::string design_input_names();

/// Most grid points per axis (a 1000 x 1000 map takes about a minute natively).
inline constexpr std::size_t kMaxMapAxisCount = 1000;

/// `count` evenly spaced values of one input from lo to hi (both included).
struct MapAxis {
  std::string name;  ///< a parameter name or an alias (find_design_input); the CSV column's header
  double lo = 0, hi = 0;  ///< SI units of the parameter
  std::size_t count = 0;  ///< 2..kMaxMapAxisCount
  /// Value i: lo + (hi - lo) i / (count - 1), exactly hi for the last. Never throws.
  double value(std::size_t i) const;
};

/// Every problem of an axis, each naming the axis by `label` ("--x", "x axis"): an unknown input, a
/// non-finite lo or hi, lo >= hi, count < 2 or > kMaxMapAxisCount. Empty when usable. Never throws.
std::vector<std::string> check_map_axis(const MapAxis& axis, std::string_view label);

/// What the map shows at one point.
struct DesignPoint {
  std::optional<double> weave_speed;    ///< m/s in (0, vmax] (stability.hpp's definition); empty if none
  std::optional<double> capsize_speed;  ///< m/s in (0, vmax]; empty if none
  double stable_width = 0;  ///< m/s: total length of the self-stable speed ranges within [0, vmax] (0: never)
};

/// The point of one bicycle: stability(model, vmax) summarized. vmax finite and > 0 (throws
/// carvallo::SolverError(InvalidArgument) otherwise); never throws otherwise.
DesignPoint design_point(const CanonicalModel& model, double vmax);

/// p with input `name` (as for find_design_input) set to x; false, p unchanged, when the name is unknown.
/// Never throws.
bool set_design_input(Parameters& p, std::string_view name, double x);

/// The problems of a map's settings alone, as design_map reports them: bad axes (check_map_axis), both
/// axes the same parameter, vmax not finite or <= 0. Empty when usable. Never throws.
std::vector<std::string> check_design_map(const MapAxis& x, const MapAxis& y, double vmax);

/// base with input x.name set to x.value(ix) and y.name to y.value(iy) (an unknown name changes nothing).
/// Never throws.
Parameters design_at(const Parameters& base, const MapAxis& x, const MapAxis& y, std::size_t ix, std::size_t iy);

/// One point of a map, for maps filled a row at a time (the playground's progressive heat map): the
/// point of design_at(base, x, y, ix, iy), or empty when make_canonical_model refuses that bicycle
/// (design_map refuses the whole map then). vmax as for design_point; never throws otherwise.
std::optional<DesignPoint> design_point_at(const Parameters& base, const MapAxis& x, const MapAxis& y, std::size_t ix,
                                           std::size_t iy, double vmax);

struct DesignMap {
  MapAxis x, y;
  double vmax = 0;
  std::vector<DesignPoint> points;  ///< y-major: points[iy * x.count + ix]
  /// Unchecked (ix < x.count, iy < y.count); never throws.
  const DesignPoint& at(std::size_t ix, std::size_t iy) const { return points[iy * x.count + ix]; }
};

struct DesignMapResult {
  std::optional<DesignMap> map;
  std::vector<std::string> issues;  ///< why nothing was computed (then map is empty)
};

/// Called after each row (each y value) with (rows done, rows in all); may be empty.
using DesignMapProgress = std::function<void(std::size_t rows_done, std::size_t rows_total)>;

/// The map over x by y. Refuses, computing nothing: bad axes (check_map_axis), both axes the same
/// parameter, vmax not finite or <= 0, and any grid point whose parameter set make_canonical_model
/// refuses (the first one found, named by its x and y values and the violated conditions): a map is
/// computed only when every point of it is a physical bicycle. Throws only what `progress` throws.
DesignMapResult design_map(const Parameters& base, const MapAxis& x, const MapAxis& y, double vmax,
                           const DesignMapProgress& progress = {});

}  // namespace carvallo::bicycle
