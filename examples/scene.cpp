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

double support(const PosedGeom& g, const Eigen::Vector3d& d) {
  const Eigen::Vector3d axis = g.rotation.col(2);
  const double c = g.position.dot(d), along = std::abs(axis.dot(d)), across = std::sqrt(std::max(0.0, 1.0 - along * along));
  switch (g.shape) {
    case GeomShape::line:
    case GeomShape::spring: {
      // A tube (or coil) of radius size.x, open at its ends: its radius reaches across its axis only.
      const Eigen::Vector3d u = g.end - g.position;
      const double n = u.norm(), a = n > 0 ? std::abs(u.dot(d)) / n : 0.0;
      const double radius = g.shape == GeomShape::spring ? 1.12 * g.size.x() : g.size.x();  // the coil's wire
      return std::max(c, g.end.dot(d)) + radius * std::sqrt(std::max(0.0, 1.0 - a * a));
    }
    case GeomShape::curve: {
      double m = -INFINITY;
      for (const auto& p : g.points) m = std::max(m, p.dot(d));
      return m + g.size.x();
    }
    case GeomShape::sphere:
      return c + g.size.x();
    case GeomShape::ellipsoid:
      return c + (g.size.asDiagonal() * g.rotation.transpose() * d).norm();
    case GeomShape::box:
    case GeomShape::plane: {
      double m = c;
      for (int k = 0; k < 3; ++k) m += std::abs(g.rotation.col(k).dot(d)) * (g.shape == GeomShape::plane && k == 2 ? 0.0 : g.size(k));
      return m;
    }
    case GeomShape::cylinder:
      return c + along * g.size.y() + across * g.size.x();
    case GeomShape::capsule:
      return c + along * g.size.y() + g.size.x();
    case GeomShape::torus:
      return c + across * g.size.x() + g.size.y();
    case GeomShape::gear: {
      const double depth = std::abs(g.size.z());
      const double outer = g.size.z() < 0 ? g.size.x() + 2.5 * depth : g.size.x() + 0.5 * depth;
      return c + along * g.size.y() + across * outer;
    }
  }
  return c;
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
