#pragma once
// Orbit camera in the bicycle's world frame (x forward, y right, z down: "up" on screen is -z).

#include <Eigen/Core>

namespace carvallo::web {

struct OrbitCamera {
  Eigen::Vector3d target{0.51, 0.0, -0.5};  // point orbited, m
  double yaw = -1.95;                       // rad, about the vertical (-z) axis, 0 looks along +x
  double pitch = 0.3;                       // rad above the horizon
  double distance = 4.3;                    // m
  double fov_y = 0.75;                      // rad
  double shift_x = 0.0;  // horizontal lens shift (NDC): puts the target in the middle of the space the panels leave
  double shift_y = 0.0;  // vertical lens shift (NDC, up positive): the middle of the view below a caption, above a bar

  Eigen::Vector3d eye() const;
  /// Column-major 4x4 view-projection matrix for GL (clip z in [-1, 1]).
  Eigen::Matrix4f view_projection(double aspect) const;
};

/// After the user moved `camera`: its eye stays above the floor (viewer z = 0, up is -z) by 1 % of its
/// distance, its target on or above the floor; the pitch is raised (and the target lifted) as little as
/// that takes. A camera a link gives is left as it is (links restore exactly). Never throws.
void keep_above_floor(OrbitCamera& camera);

}  // namespace carvallo::web
