#pragma once
// The 3D view's triangles: the model's posed geoms (examples/scene.hpp, filled by the model's own
// kinematics) tessellated into lit triangles in the viewer's frame, plus the traced paths as ribbons.
// web/scene_renderer.* uploads and draws them. Pure C++ (no GL), tested natively.
//
// The viewer's frame is the bicycle's (x forward, y right, z down, the ground z = 0, metres): every model
// is turned into it by its view hints (its "up" becomes −z) and lifted so that it stands on the ground.

#include "scene.hpp"

#include <Eigen/Core>

#include <span>
#include <vector>

namespace carvallo::web {

/// A vertex of the lit triangle mesh (viewer coordinates).
struct MeshVertex {
  float position[3];
  float normal[3];
  float color[4];
};

struct Mesh {
  std::vector<MeshVertex> opaque;       ///< triangles
  std::vector<MeshVertex> transparent;  ///< triangles with alpha < 1 (drawn last, without depth writes)
};

/// Model world → viewer: viewer point = rotation * world point + offset.
struct DisplayFrame {
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();
  Eigen::Vector3d point(const Eigen::Vector3d& p) const { return rotation * p + offset; }
  Eigen::Vector3d direction(const Eigen::Vector3d& d) const { return rotation * d; }
};

/// The frame turning `view.up` into the viewer's −z and `view.forward` into +x, lifted so that the lowest
/// point of `initial` (the model at its initial state) rests on the ground z = 0. The bicycle, already in
/// the viewer's frame and touching the ground, gets the identity.
DisplayFrame display_frame(const examples::ViewHints& view, const std::vector<examples::PosedGeom>& initial);

/// Triangulates every geom (those of layer "inertia" only when `show_inertia`) into `mesh` (cleared first).
void tessellate(const std::vector<examples::PosedGeom>& geoms, const DisplayFrame& frame, bool show_inertia, Mesh& mesh);

/// Adds each path as a ribbon of `width` lying just above the point (horizontal in the viewer's frame).
void add_tracks(const std::vector<std::span<const Eigen::Vector3d>>& tracks, const std::vector<examples::Rgba>& colors,
                const DisplayFrame& frame, double width, Mesh& mesh);

}  // namespace carvallo::web
