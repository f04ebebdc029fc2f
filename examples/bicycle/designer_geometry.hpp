#pragma once
// A designer's inputs over the 26 benchmark parameters: head angle, fork offset (rake), wheel diameters
// and a wheelbase change that can carry the front assembly along. The 26 parameters stay the truth: every
// derived input is computed from them, and setting one returns a new parameter set (nothing is stored).
//
// Conventions (Meijaard et al. 2007, Fig. 1 and Table 1): x forward, z down, rear contact at the origin;
// lambda is the steer-axis tilt from the vertical (positive: the axis leans back going up); the trail c
// is the distance from the front contact point (x = w) forward to where the steer axis meets the
// ground (x = w + c, positive when that point is ahead of the contact).
//
// - Head angle: the steer axis' angle from the ground, 90 deg - lambda (72 deg for the benchmark).
// - Fork offset (rake) d: the perpendicular distance from the front wheel centre (w, -rF) to the steer
//   axis, positive when the centre is ahead of the axis (the usual fork). From the triangle formed by
//   the wheel centre, the front contact and the axis' ground point, c cos(lambda) = rF sin(lambda) - d,
//   i.e. c = (rF sin(lambda) - d) / cos(lambda) (the relation of Moore's BicycleParameters, trail()).
//   The benchmark's c = 0.08 m, lambda = pi/10, rF = 0.35 m give d = 0.0320714... m.
//
// What a change keeps (the physical object a designer changes):
// - set_head_angle keeps the fork (rake d) and the front wheel: the trail follows;
// - set_fork_offset keeps lambda and rF (a new fork on the same frame): the trail follows;
// - set_*_wheel_diameter keeps lambda, the rake and w (a new wheel in the same frame and fork): the
//   trail follows (front wheel only), and the frame carried by that wheel rises with its axle: a front
//   wheel larger by 2 dr moves the front frame's mass centre zH by -dr (up), a rear wheel larger by 2 dr
//   moves the rear frame's (with rider) zB by -dr. The frames do not pitch (lambda is kept): a designer's
//   approximation, documented in docs/bicycle.md;
// - set_wheelbase with the front assembly moving (the option "front assembly moves with the wheelbase")
//   adds the change in w to xH as well, so the front frame keeps its place relative to the front wheel;
//   otherwise only w changes (the front frame's mass centre stays where it was, relative to the rear
//   contact).
//
// Every setter refuses non-finite or out-of-domain inputs and parameter sets that validate() rejects,
// returning the problems as messages naming the input; it never throws.

#include "bicycle/parameters.hpp"

#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {

/// Head angle in degrees: 90 - lambda (rad -> deg). Never throws.
double head_angle_deg(const Parameters& p);
/// Fork offset (rake) d in m: rF sin(lambda) - c cos(lambda). Never throws.
double fork_offset(const Parameters& p);
/// Trail c in m of a fork offset d, tilt lambda and front radius rF: (rF sin(lambda) - d) / cos(lambda).
double trail_from_fork_offset(double fork_offset, double lambda, double rF);

/// A designer's change: the new parameter set, or why it was refused (then bike is empty).
struct DesignerEdit {
  std::optional<Parameters> bike;
  std::vector<std::string> problems;  ///< each names the input ("head angle: ...")
};

/// Head angle in (0, 180) degrees exclusive (lambda in (-90, 90) deg), keeping the fork offset and rF.
DesignerEdit set_head_angle(const Parameters& p, double head_angle_deg);
/// Fork offset in m (any finite value), keeping lambda and rF.
DesignerEdit set_fork_offset(const Parameters& p, double fork_offset_m);
/// Front wheel diameter 2 rF in m (> 0), keeping lambda, the fork offset and w; zH follows the axle.
DesignerEdit set_front_wheel_diameter(const Parameters& p, double diameter_m);
/// Rear wheel diameter 2 rR in m (> 0); zB follows the axle.
DesignerEdit set_rear_wheel_diameter(const Parameters& p, double diameter_m);
/// Wheelbase w in m (> 0); with front_assembly_moves, xH moves by the same change.
DesignerEdit set_wheelbase(const Parameters& p, double wheelbase_m, bool front_assembly_moves);

/// A body's mass distribution in the side (x-z) plane, drawn as an ellipse about its mass centre: the
/// principal axes of the inertia tensor's xz block [[Ixx, Ixz], [Ixz, Izz]] (an eigen-decomposition),
/// each semi-axis the radius of gyration about the OTHER principal axis, so the ellipse is long where the
/// mass is spread (a rod along x: a long flat ellipse along x). This is the shape of BicycleParameters'
/// plot_bicycle_geometry ellipses (Moore; axis ratio sqrt(Imax/Imin), long along the axis of the smaller
/// moment), sized in metres by the radii of gyration instead of its arbitrary scale.
struct InertiaEllipse {
  double semi_long = 0, semi_short = 0;  ///< m: sqrt(I_max / m) along the long axis, sqrt(I_min / m) across
  double angle = 0;  ///< rad: the long axis' direction from +x towards +z (z down), in (-pi/2, pi/2]
};
/// Ixx, Ixz, Izz in kg m^2, m in kg (> 0). A block that is not positive semi-definite or m <= 0 gives
/// zero semi-axes. Never throws.
InertiaEllipse xz_inertia_ellipse(double Ixx, double Ixz, double Izz, double m);

}  // namespace carvallo::bicycle
