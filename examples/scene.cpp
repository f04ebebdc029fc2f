#include "scene.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace carvallo::examples {

std::vector<PosedGeom> pose_scene(const std::vector<Geom>& geoms, const std::vector<BodyPose>& poses) {
  const BodyPose world;
  auto pose_of = [&](int body) -> const BodyPose* {
    if (body < 0) return &world;
    return static_cast<std::size_t>(body) < poses.size() ? &poses[static_cast<std::size_t>(body)] : nullptr;
  };
  std::vector<PosedGeom> out;
  out.reserve(geoms.size());
  for (const Geom& g : geoms) {
    const BodyPose* p = pose_of(g.body);
    const BodyPose* e = pose_of(g.end_body);
    if (!p || !e) continue;
    PosedGeom w = g;
    w.position = p->position + p->rotation * g.position;
    w.rotation = p->rotation * g.rotation;
    w.end = e->position + e->rotation * g.end;
    for (auto& x : w.points) x = p->position + p->rotation * x;
    w.body = w.end_body = -1;
    out.push_back(std::move(w));
  }
  return out;
}

Eigen::Matrix3d axis_rotation(const Eigen::Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

Eigen::Matrix3d z_towards(const Eigen::Vector3d& axis) {
  const Eigen::Vector3d z = axis.normalized();
  // Any unit vector not parallel to z completes the frame.
  const Eigen::Vector3d helper = std::abs(z.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
  const Eigen::Vector3d x = helper.cross(z).normalized();
  Eigen::Matrix3d R;
  R.col(0) = x;
  R.col(1) = z.cross(x);
  R.col(2) = z;
  return R;
}

std::pair<Eigen::Vector3d, Eigen::Vector3d> bounds(const std::vector<PosedGeom>& geoms) {
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = Eigen::Vector3d::Constant(-INFINITY);
  auto add = [&](const Eigen::Vector3d& p, double r) {
    if (!p.allFinite() || !std::isfinite(r)) return;
    lo = lo.cwiseMin(p - Eigen::Vector3d::Constant(r));
    hi = hi.cwiseMax(p + Eigen::Vector3d::Constant(r));
  };
  for (const auto& g : geoms) {
    switch (g.shape) {
      case GeomShape::line:
      case GeomShape::spring:
        add(g.position, 0.0), add(g.end, 0.0);
        break;
      case GeomShape::curve:
        for (const auto& p : g.points) add(p, 0.0);
        break;
      case GeomShape::torus:
        add(g.position, g.size.x() + g.size.y());
        break;
      case GeomShape::gear:
        add(g.position, g.size.x() + g.size.z());
        break;
      case GeomShape::box:
        add(g.position, g.size.norm());
        break;
      default:
        add(g.position, g.size.maxCoeff());
    }
  }
  if (!(lo.x() <= hi.x())) return {Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()};
  return {lo, hi};
}

}  // namespace carvallo::examples
