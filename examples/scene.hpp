#pragma once
// What a model looks like, described without any graphics library (MuJoCo's mjv/mjr split: the engine
// side fills an abstract scene, web/ only tessellates and draws it). A model lists its bodies and a set of
// geoms attached to them; the model's own kinematics give each body's pose from q (ModelInstance::
// body_poses), and pose_scene() places every geom in the world. Nothing here knows about pixels.
//
// Frames: a geom's `position` and `rotation` are in its body's frame (the frame whose pose body_poses
// returns); body −1 is the world. A geom's own axis (of a cylinder, torus, capsule, gear) is its local z.
// Units: the model's (metres for every registered model).

#include <Eigen/Core>

#include <string>
#include <vector>

namespace carvallo::examples {

struct Rgba {
  float r = 1, g = 1, b = 1, a = 1;
};

/// A body's pose in the model's world frame: world point = position + rotation * body point.
struct BodyPose {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
};

enum class GeomShape {
  cylinder,   ///< size = (radius, half length, –), capped, along local z
  torus,      ///< size = (ring radius, tube radius, –), about local z (a tyre)
  box,        ///< size = half extents along local x, y, z
  capsule,    ///< size = (radius, half length of the straight part, –), along local z
  sphere,     ///< size = (radius, –, –)
  ellipsoid,  ///< size = semi-axes along local x, y, z
  line,       ///< from `position` (on `body`) to `end` (on `end_body`), thickness size.x (0: thin)
  spring,     ///< a coil between `position` (on `body`) and `end` (on `end_body`), coil radius size.x
  plane,      ///< size = half extents along local x, y; normal local z (a surface patch)
  gear,       ///< size = (pitch radius, half face width, tooth depth), `teeth` teeth, about local z; a
              ///< negative depth is an internal gear (a ring whose teeth point inwards)
  curve,      ///< a polyline through `points` (body frame), thickness size.x (a track, a surface profile)
};

struct Geom {
  GeomShape shape = GeomShape::sphere;
  int body = -1;                                   ///< index into the body list, −1 = world
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  Eigen::Vector3d size = Eigen::Vector3d::Zero();  ///< see GeomShape
  int end_body = -1;                               ///< line and spring: the other end's body
  Eigen::Vector3d end = Eigen::Vector3d::Zero();   ///< line and spring: the other end, in end_body's frame
  int teeth = 0;                                   ///< gear
  std::vector<Eigen::Vector3d> points;             ///< curve
  Rgba color;
  /// Optional layers the viewer can hide: "" (always drawn), "inertia" (inertia ellipsoids).
  std::string layer;
};

/// How to look at a model: which world direction is up and which is "forward" (shown left to right when
/// the camera looks from the side); planar models move in the plane spanned by the two.
struct ViewHints {
  Eigen::Vector3d up = Eigen::Vector3d::UnitY();
  Eigen::Vector3d forward = Eigen::Vector3d::UnitX();
  bool planar = true;
  /// How far below its initial lowest point the model may swing [m] (the floor is drawn that much lower,
  /// so that a hanging linkage never passes through it); 0 for a model that stands or rolls on the ground.
  double floor_drop = 0.0;
};

/// A geom placed in the world: `position`, `rotation` (and `end`, `points`) in world coordinates; `body`
/// and `end_body` still name the bodies it moves with (the viewer finds a body under the pointer by them).
using PosedGeom = Geom;

/// Places every geom by its body's pose (and, for lines and springs, the other end by end_body's).
/// Geoms whose body index is out of range are dropped. This and the functions below never throw
/// (degenerate input gives non-finite numbers).
std::vector<PosedGeom> pose_scene(const std::vector<Geom>& geoms, const std::vector<BodyPose>& poses);

/// The rotation about `axis` (unit) by `angle` (rad): small helper for building geoms.
Eigen::Matrix3d axis_rotation(const Eigen::Vector3d& axis, double angle);

/// A rotation whose third column is `axis` (normalized): orients a geom's local z along `axis`.
Eigen::Matrix3d z_towards(const Eigen::Vector3d& axis);

/// How far the posed geom reaches along the unit direction d: max over its points p of p·d (exact for
/// every shape up to the gear's tooth tips, taken as a disk of its outer radius).
double support(const PosedGeom& geom, const Eigen::Vector3d& d);

/// Corners of the box enclosing the posed geoms (min, max); (0, 0) corners when there is none. Lines
/// and springs count both ends; round shapes their centre ± their largest size.
std::pair<Eigen::Vector3d, Eigen::Vector3d> bounds(const std::vector<PosedGeom>& geoms);

}  // namespace carvallo::examples
