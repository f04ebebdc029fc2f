#pragma once
// What the 3D view draws, described without any graphics library: the bicycle built from its 26
// parameters (wheels with their radii, rear frame and fork from w, c, lambda and the mass centres, the
// steer axis, mass centres, optional inertia ellipsoids) in a pose, plus the contact tracks; and its
// tessellation into lit triangles. web/scene_renderer.* uploads and draws the triangles.
//
// World frame as in the benchmark: x forward, y right, z down (ground z = 0), metres.

#include "bicycle/parameters.hpp"

#include <Eigen/Core>

#include <vector>

namespace carvallo::web {

struct Rgba {
  float r = 1, g = 1, b = 1, a = 1;
};

struct SceneTube {
  Eigen::Vector3d a, b;
  double radius;
  Rgba color;
};
struct SceneTorus {  // a tyre: ring of radius `major` about `axis` through `center`, tube radius `minor`
  Eigen::Vector3d center, axis;
  double major, minor;
  Rgba color;
};
struct SceneEllipsoid {  // center + axes * unit sphere (columns: semi-axes); spheres have axes = r I
  Eigen::Vector3d center;
  Eigen::Matrix3d axes;
  Rgba color;
};
struct SceneRibbon {  // a strip of given width lying on the ground along the points
  std::vector<Eigen::Vector2d> points;
  double width;
  Rgba color;
};

struct Scene {
  std::vector<SceneTube> tubes;
  std::vector<SceneTorus> tori;
  std::vector<SceneEllipsoid> ellipsoids;
  std::vector<SceneRibbon> ribbons;
};

/// Where the bicycle is and how it is deformed: rear contact (x, y) on the ground, heading (rad, about z
/// down, 0 = +x), roll (rad, positive leaning right), steer (rad, positive turning right), and the wheels'
/// rotation angles (rad) for the spokes.
struct BikePose {
  double x = 0, y = 0, heading = 0, roll = 0, steer = 0;
  double rear_spin = 0, front_spin = 0;
};

/// Adds the bicycle to `scene`. The parameters must be valid (bicycle::validate).
void add_bicycle(Scene& scene, const bicycle::Parameters& p, const BikePose& pose, bool inertia_ellipsoids);

/// A vertex of the lit triangle mesh (world coordinates).
struct MeshVertex {
  float position[3];
  float normal[3];
  float color[4];
};

struct Mesh {
  std::vector<MeshVertex> opaque;       ///< triangles
  std::vector<MeshVertex> transparent;  ///< triangles with alpha < 1 (drawn last, without depth writes)
};

/// Triangulates every primitive of the scene.
void tessellate(const Scene& scene, Mesh& mesh);

}  // namespace carvallo::web
