#include "logic/camera.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace carvallo::web {

Eigen::Vector3d OrbitCamera::eye() const {
  const double c = std::cos(pitch);
  // Up is -z in the bicycle's frame.
  return target + distance * Eigen::Vector3d(c * std::cos(yaw), c * std::sin(yaw), -std::sin(pitch));
}

double view_zoom(double view_w, double view_h, double frame_h) {
  constexpr double kReferenceShare = 0.75;  // of the canvas's height: a 1280x720 projector's stage view, 540 px
  if (!(view_w > 0 && view_h > 0 && frame_h > 0)) return 1.0;
  return std::min(1.0, std::min(view_w, view_h) / (kReferenceShare * frame_h));
}

void keep_above_floor(OrbitCamera& c) {
  if (!(c.target.z() <= 0.0)) c.target.z() = 0.0;
  if (!(c.distance > 0.0)) return;
  // eye z = target z − distance sin(pitch) must be at most −margin.
  const double margin = 0.01 * c.distance;
  c.pitch = std::max(c.pitch, std::asin(std::clamp((c.target.z() + margin) / c.distance, -1.0, 1.0)));
}

Eigen::Matrix4f OrbitCamera::view_projection(double aspect) const {
  const Eigen::Vector3d e = eye();
  const Eigen::Vector3d up(0, 0, -1);
  const Eigen::Vector3d f = (target - e).normalized();
  const Eigen::Vector3d s = f.cross(up).normalized();
  const Eigen::Vector3d u = s.cross(f);
  Eigen::Matrix4d view = Eigen::Matrix4d::Identity();
  view.block<1, 3>(0, 0) = s.transpose();
  view.block<1, 3>(1, 0) = u.transpose();
  view.block<1, 3>(2, 0) = -f.transpose();
  view(0, 3) = -s.dot(e);
  view(1, 3) = -u.dot(e);
  view(2, 3) = f.dot(e);

  const double near_plane = 0.05, far_plane = 200.0;
  const double t = 1.0 / std::tan(0.5 * fov_y);
  Eigen::Matrix4d proj = Eigen::Matrix4d::Zero();
  const double z = zoom > 0 ? zoom : 1.0;
  proj(0, 0) = z * t / (aspect > 0 ? aspect : 1.0);
  proj(1, 1) = z * t;
  proj(0, 2) = -shift_x;
  proj(1, 2) = -shift_y;
  proj(2, 2) = -(far_plane + near_plane) / (far_plane - near_plane);
  proj(2, 3) = -2.0 * far_plane * near_plane / (far_plane - near_plane);
  proj(3, 2) = -1.0;
  return (proj * view).cast<float>();
}

}  // namespace carvallo::web
