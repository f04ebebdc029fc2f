#include "bicycle/design_map.hpp"

#include "bicycle/stability.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

namespace carvallo::bicycle {

namespace {

struct Alias {
  std::string_view alias, parameter;
};
// Names a designer uses for the two geometry parameters of the classic chart.
constexpr Alias kAliases[] = {{"trail", "c"}, {"steer_axis_tilt", "lambda"}};

// Enough digits to tell grid values apart in a message.
std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

}  // namespace

const ParameterDescriptor* find_design_input(std::string_view name) {
  for (const auto& a : kAliases)
    if (a.alias == name) return find_parameter(a.parameter);
  return find_parameter(name);
}

std::string design_input_names() {
  std::string out;
  for (const auto& d : kParameterTable) out.append(out.empty() ? "" : ", ").append(d.name);
  for (const auto& a : kAliases) out.append(", ").append(a.alias);
  return out;
}

double MapAxis::value(std::size_t i) const {
  if (i + 1 >= count) return hi;
  return lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(count - 1);
}

std::vector<std::string> check_map_axis(const MapAxis& axis, std::string_view label) {
  std::vector<std::string> out;
  const std::string l(label);
  if (!find_design_input(axis.name))
    out.push_back(l + ": unknown parameter '" + axis.name + "' (one of " + design_input_names() + ")");
  if (!std::isfinite(axis.lo)) out.push_back(l + ": <lo> is not a finite number");
  if (!std::isfinite(axis.hi)) out.push_back(l + ": <hi> is not a finite number");
  if (std::isfinite(axis.lo) && std::isfinite(axis.hi) && !(axis.lo < axis.hi))
    out.push_back(l + ": <lo> must be less than <hi>, got " + number(axis.lo) + " and " + number(axis.hi));
  if (axis.count < 2) out.push_back(l + ": <n> must be at least 2");
  if (axis.count > kMaxMapAxisCount)
    out.push_back(l + ": <n> must be at most " + std::to_string(kMaxMapAxisCount) + ", got " + std::to_string(axis.count));
  return out;
}

bool set_design_input(Parameters& p, std::string_view name, double x) {
  const ParameterDescriptor* d = find_design_input(name);
  if (!d) return false;
  p.*d->member = x;
  return true;
}

DesignPoint design_point(const CanonicalModel& model, double vmax) {
  const StabilityResult r = stability(model, vmax);
  DesignPoint point;
  point.weave_speed = r.weave_speed;
  point.capsize_speed = r.capsize_speed;
  for (const auto& range : r.stable_speed_ranges) point.stable_width += range.hi - range.lo;
  return point;
}

std::vector<std::string> check_design_map(const MapAxis& x, const MapAxis& y, double vmax) {
  auto issues = check_map_axis(x, "x axis");
  const auto y_issues = check_map_axis(y, "y axis");
  issues.insert(issues.end(), y_issues.begin(), y_issues.end());
  if (!(vmax > 0) || !std::isfinite(vmax)) issues.push_back("vmax must be a finite speed > 0 m/s");
  const ParameterDescriptor* dx = find_design_input(x.name);
  const ParameterDescriptor* dy = find_design_input(y.name);
  if (dx && dx == dy)
    issues.push_back("x and y axes: both vary the parameter " + std::string(dx->name) + "; choose two different ones");
  return issues;
}

Parameters design_at(const Parameters& base, const MapAxis& x, const MapAxis& y, std::size_t ix, std::size_t iy) {
  Parameters p = base;
  set_design_input(p, x.name, x.value(ix));
  set_design_input(p, y.name, y.value(iy));
  return p;
}

std::optional<DesignPoint> design_point_at(const Parameters& base, const MapAxis& x, const MapAxis& y, std::size_t ix,
                                           std::size_t iy, double vmax) {
  const auto built = make_canonical_model(design_at(base, x, y, ix, iy));
  if (!built.model) return std::nullopt;
  return design_point(*built.model, vmax);
}

DesignMapResult design_map(const Parameters& base, const MapAxis& x, const MapAxis& y, double vmax,
                           const DesignMapProgress& progress) {
  DesignMapResult result;
  result.issues = check_design_map(x, y, vmax);
  if (!result.issues.empty()) return result;

  // Every point first (cheap: validation and the matrices), so that nothing is computed for a map that
  // leaves the physical parameter sets somewhere.
  for (std::size_t iy = 0; iy < y.count; ++iy)
    for (std::size_t ix = 0; ix < x.count; ++ix) {
      const auto built = make_canonical_model(design_at(base, x, y, ix, iy));
      if (built.model) continue;
      std::string where = "at " + x.name + " = " + number(x.value(ix)) + ", " + y.name + " = " +
                          number(y.value(iy)) + ": ";
      for (const auto& issue : built.issues) result.issues.push_back(where + to_string(issue));
      return result;
    }

  DesignMap map{x, y, vmax, {}};
  map.points.reserve(x.count * y.count);
  for (std::size_t iy = 0; iy < y.count; ++iy) {
    for (std::size_t ix = 0; ix < x.count; ++ix)
      map.points.push_back(design_point(*make_canonical_model(design_at(base, x, y, ix, iy)).model, vmax));
    if (progress) progress(iy + 1, y.count);
  }
  result.map = std::move(map);
  return result;
}

}  // namespace carvallo::bicycle
