#include "bicycle/designer_geometry.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

namespace carvallo::bicycle {

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

// The candidate if it is physical, else validate()'s issues prefixed by the input's name.
DesignerEdit checked(const Parameters& candidate, const std::string& input) {
  DesignerEdit edit;
  for (const auto& issue : validate(candidate)) edit.problems.push_back(input + ": " + to_string(issue));
  if (edit.problems.empty()) edit.bike = candidate;
  return edit;
}

DesignerEdit refused(std::string message) {
  DesignerEdit edit;
  edit.problems.push_back(std::move(message));
  return edit;
}

}  // namespace

double head_angle_deg(const Parameters& p) { return 90.0 - p.lambda / kDegree; }

double fork_offset(const Parameters& p) { return p.rF * std::sin(p.lambda) - p.c * std::cos(p.lambda); }

double trail_from_fork_offset(double d, double lambda, double rF) {
  return (rF * std::sin(lambda) - d) / std::cos(lambda);
}

DesignerEdit set_head_angle(const Parameters& p, double angle) {
  if (!std::isfinite(angle)) return refused("head angle: not a finite number");
  if (!(angle > 0.0 && angle < 180.0))
    return refused("head angle: must be between 0 and 180 degrees (exclusive), got " + number(angle));
  Parameters q = p;
  q.lambda = (90.0 - angle) * kDegree;
  q.c = trail_from_fork_offset(fork_offset(p), q.lambda, p.rF);
  return checked(q, "head angle");
}

DesignerEdit set_fork_offset(const Parameters& p, double d) {
  if (!std::isfinite(d)) return refused("fork offset: not a finite number");
  Parameters q = p;
  q.c = trail_from_fork_offset(d, p.lambda, p.rF);
  return checked(q, "fork offset");
}

DesignerEdit set_front_wheel_diameter(const Parameters& p, double diameter) {
  if (!std::isfinite(diameter)) return refused("front wheel diameter: not a finite number");
  // Without the value: the page types these in mm, the setters take metres (a tester typed -5 and read "got -0.005").
  if (!(diameter > 0.0)) return refused("front wheel diameter: must be positive");
  Parameters q = p;
  q.rF = diameter / 2.0;
  q.c = trail_from_fork_offset(fork_offset(p), p.lambda, q.rF);
  q.zH = p.zH - (q.rF - p.rF);  // z down: the front frame rises with the axle
  return checked(q, "front wheel diameter");
}

DesignerEdit set_rear_wheel_diameter(const Parameters& p, double diameter) {
  if (!std::isfinite(diameter)) return refused("rear wheel diameter: not a finite number");
  if (!(diameter > 0.0)) return refused("rear wheel diameter: must be positive");
  Parameters q = p;
  q.rR = diameter / 2.0;
  q.zB = p.zB - (q.rR - p.rR);
  return checked(q, "rear wheel diameter");
}

DesignerEdit set_wheelbase(const Parameters& p, double w, bool front_assembly_moves) {
  if (!std::isfinite(w)) return refused("wheelbase: not a finite number");
  if (!(w > 0.0)) return refused("wheelbase: must be positive");
  Parameters q = p;
  q.w = w;
  if (front_assembly_moves) q.xH = p.xH + (w - p.w);
  return checked(q, "wheelbase");
}

InertiaEllipse xz_inertia_ellipse(double Ixx, double Ixz, double Izz, double m) {
  InertiaEllipse e;
  if (!(m > 0) || !std::isfinite(Ixx) || !std::isfinite(Ixz) || !std::isfinite(Izz)) return e;
  // Eigenvalues of the symmetric 2x2 block in closed form.
  const double mean = 0.5 * (Ixx + Izz), half_diff = 0.5 * (Ixx - Izz);
  const double radius = std::hypot(half_diff, Ixz);
  const double I_max = mean + radius, I_min = mean - radius;
  if (I_min < 0) return e;
  // The eigenvector of I_max is at angle theta = atan2(Ixz, half_diff) / 2 from +x; the long axis of the
  // ellipse is the other principal axis (the one of I_min), a quarter turn further.
  const double theta_max = 0.5 * std::atan2(Ixz, half_diff);
  double long_axis = theta_max + std::numbers::pi / 2;
  if (long_axis > std::numbers::pi / 2) long_axis -= std::numbers::pi;
  e.semi_long = std::sqrt(I_max / m);
  e.semi_short = std::sqrt(I_min / m);
  e.angle = long_axis;
  return e;
}

}  // namespace carvallo::bicycle
