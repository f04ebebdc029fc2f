#pragma once
// Where the model's bodies are on screen, from what the 3D view draws: the geoms tessellated as the view
// tessellates them (scene_mesh.hpp), projected through the view's camera. Gives a body's bounding box
// (widgetRect('body:<name>')), the body under a point (the hit test of a push by the mouse or a finger) and
// a point where a body can be grabbed. Pure C++ (no GL), tested natively.

#include "logic/scene_mesh.hpp"

#include <Eigen/Core>

#include <optional>
#include <vector>

namespace carvallo::web {

/// How viewer coordinates reach the screen: `view_projection` (OrbitCamera::view_projection, lens shift
/// included) maps to clip space, and normalized device coordinates [-1, 1]² span a screen `width` x
/// `height` (CSS px, y down, origin at the top left), as glViewport(0, 0, width, height) maps them.
struct ScreenProjection {
  Eigen::Matrix4f view_projection = Eigen::Matrix4f::Identity();
  double width = 0, height = 0;
};

/// A rectangle on screen, CSS px: left, top, width, height.
struct ScreenBox {
  double x = 0, y = 0, w = 0, h = 0;
  /// Whether (px, py) lies inside or on the edge.
  bool contains(double px, double py) const { return px >= x && py >= y && px <= x + w && py <= y + h; }
};

/// Where the model's point `point` (world coordinates, m) is drawn: through `frame` into the viewer's
/// coordinates, then on screen (CSS px); nothing behind the camera or outside its depth range.
std::optional<Eigen::Vector2d> screen_point(const Eigen::Vector3d& point, const DisplayFrame& frame, const ScreenProjection& projection);

class BodyPicker {
 public:
  /// Tessellates `geoms` (the inertia layer only when `show_inertia`, as the view draws them) and projects
  /// every triangle. Triangles with a vertex behind the camera or outside its depth range are kept out of
  /// the hit test (the view clips them); their other vertices still count for the boxes.
  BodyPicker(const std::vector<examples::PosedGeom>& geoms, const DisplayFrame& frame, bool show_inertia,
             const ScreenProjection& projection);

  /// The bounding box of body `body`'s drawn vertices in front of the camera, intersected with `clip` (the
  /// view's free rectangle). Nothing when the body draws nothing there.
  std::optional<ScreenBox> box(int body, const ScreenBox& clip) const;
  /// The body drawn at (x, y) (CSS px): of the triangles covering the point, the nearest (smallest depth)
  /// wins; its geom's body index is returned. Nothing when no triangle covers the point or when the nearest
  /// belongs to the world (body −1), which hides what is behind it.
  std::optional<int> at(double x, double y) const;
  /// As at(), with the NDC depth of the body's surface there (what the mouse push grabs).
  struct Hit {
    int body = -1;
    double depth = 0;
  };
  std::optional<Hit> hit(double x, double y) const;
  /// A point inside `clip` where at() finds `body`, and finds it a pixel away in every direction too (a
  /// pointer's position rounded to whole pixels): the centre of such a triangle of the body nearest the
  /// centre of its box. Nothing when there is none among the 256 nearest (hidden, or thinner than 3 px).
  std::optional<Eigen::Vector2d> point(int body, const ScreenBox& clip) const;

 private:
  struct Vertex {
    double x = 0, y = 0, depth = 0;  // screen CSS px, NDC depth in [-1, 1]
    bool valid = false;              // in front of the camera, within its depth range
  };
  struct Triangle {
    int body = -1;
    Vertex v[3];
  };
  std::vector<Triangle> triangles_;
};

}  // namespace carvallo::web
