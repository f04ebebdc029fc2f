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
  double zoom = 1.0;     // the focal length's scale for this frame's layout (view_zoom): a view cut from the canvas
                         // keeps the field a full view has, instead of showing a crop of it

  Eigen::Vector3d eye() const;
  /// Column-major 4x4 view-projection matrix for GL (clip z in [-1, 1]).
  Eigen::Matrix4f view_projection(double aspect) const;
};

/// The camera's zoom for a view of view_w x view_h cut from a canvas frame_h tall (any one unit): the field
/// of view spans the canvas's height, and a view takes part of it, so without this a phone's view between
/// its caption and its plot (a third of the screen's height) showed a third of the field a projector's view
/// (three quarters of its height) shows, and a lesson's camera framed a circle ridden on the projector but
/// cut it off on the students' phones. Scaled so that the view's shorter side spans what three quarters of
/// the canvas's height spans unscaled (the 1280x720 projector's stage, which keeps its framing), never more
/// than unscaled (1 at most: a large view keeps the framing links were made with).
double view_zoom(double view_w, double view_h, double frame_h);

/// After the user moved `camera`: its eye stays above the floor (viewer z = 0, up is -z) by 1 % of its
/// distance, its target on or above the floor; the pitch is raised (and the target lifted) as little as
/// that takes. A camera a link gives is left as it is (links restore exactly). Never throws.
void keep_above_floor(OrbitCamera& camera);

}  // namespace carvallo::web
