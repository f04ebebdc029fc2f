#include "logic/scene_mesh.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace carvallo::web {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using examples::GeomShape;
using examples::PosedGeom;
using examples::Rgba;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

}  // namespace

namespace {

void push(std::vector<MeshVertex>& out, const Vector3d& p, const Vector3d& n, const Rgba& c) {
  MeshVertex v;
  for (int i = 0; i < 3; ++i) {
    v.position[i] = static_cast<float>(p(i));
    v.normal[i] = static_cast<float>(n(i));
  }
  v.color[0] = c.r;
  v.color[1] = c.g;
  v.color[2] = c.b;
  v.color[3] = c.a;
  out.push_back(v);
}

// Two unit vectors completing `axis` to an orthonormal frame.
void basis(const Vector3d& axis, Vector3d& u, Vector3d& v) {
  u = (std::abs(axis.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY()).cross(axis).normalized();
  v = axis.cross(u);
}

// A grid of (i, j) vertices from a function, as triangles.
template <class F>
void grid(std::vector<MeshVertex>& out, int ni, int nj, const Rgba& c, F&& at) {
  for (int i = 0; i < ni; ++i) {
    for (int j = 0; j < nj; ++j) {
      Vector3d p[4], n[4];
      at(i, j, p[0], n[0]);
      at(i + 1, j, p[1], n[1]);
      at(i + 1, j + 1, p[2], n[2]);
      at(i, j + 1, p[3], n[3]);
      for (int k : {0, 1, 2, 0, 2, 3}) push(out, p[k], n[k], c);
    }
  }
}

}  // namespace


namespace {

std::vector<MeshVertex>& bucket(Mesh& mesh, const Rgba& c) { return c.a < 1 ? mesh.transparent : mesh.opaque; }

void tube(Mesh& mesh, const Vector3d& a, const Vector3d& b, double radius, const Rgba& c) {
  const Vector3d d = b - a;
  if (!(d.norm() > 1e-9) || !(radius > 0)) return;
  Vector3d u, v;
  basis(d.normalized(), u, v);
  const int seg = radius < 0.004 ? 6 : 12;
  grid(bucket(mesh, c), seg, 1, c, [&](int i, int j, Vector3d& p, Vector3d& n) {
    const double a_ = kTwoPi * i / seg;
    n = std::cos(a_) * u + std::sin(a_) * v;
    p = (j ? b : a) + radius * n;
  });
}

void disk(Mesh& mesh, const Vector3d& centre, const Vector3d& normal, double radius, const Rgba& c) {
  Vector3d u, v;
  basis(normal, u, v);
  const int seg = 24;
  auto& out = bucket(mesh, c);
  for (int i = 0; i < seg; ++i) {
    const double a0 = kTwoPi * i / seg, a1 = kTwoPi * (i + 1) / seg;
    push(out, centre, normal, c);
    push(out, centre + radius * (std::cos(a0) * u + std::sin(a0) * v), normal, c);
    push(out, centre + radius * (std::cos(a1) * u + std::sin(a1) * v), normal, c);
  }
}

void ellipsoid(Mesh& mesh, const Vector3d& centre, const Matrix3d& axes, const Rgba& c) {
  const Matrix3d normal_matrix = axes.determinant() != 0 ? Matrix3d(axes.inverse().transpose()) : Matrix3d::Identity();
  grid(bucket(mesh, c), 16, 10, c, [&](int i, int j, Vector3d& p, Vector3d& n) {
    const double a = kTwoPi * i / 16, b = std::numbers::pi * j / 10;
    const Vector3d unit(std::sin(b) * std::cos(a), std::sin(b) * std::sin(a), std::cos(b));
    p = centre + axes * unit;
    n = (normal_matrix * unit).normalized();
  });
}

void quad(std::vector<MeshVertex>& out, const Vector3d& a, const Vector3d& b, const Vector3d& c_, const Vector3d& d,
          const Vector3d& n, const Rgba& c) {
  for (const Vector3d* q : {&a, &b, &c_, &a, &c_, &d}) push(out, *q, n, c);
}

void box(Mesh& mesh, const Vector3d& centre, const Matrix3d& R, const Vector3d& half, const Rgba& c) {
  auto& out = bucket(mesh, c);
  for (int axis = 0; axis < 3; ++axis)
    for (double side : {-1.0, 1.0}) {
      const int i = (axis + 1) % 3, j = (axis + 2) % 3;
      const Vector3d n = side * R.col(axis);
      const Vector3d f = centre + n * half(axis);
      const Vector3d u = R.col(i) * half(i), v = R.col(j) * half(j);
      quad(out, f - u - v, f + u - v, f + u + v, f - u + v, n, c);
    }
}

// A spur gear: the tooth profile (trapezoid teeth on the pitch circle) extruded along the axis, with an
// open hub; an internal gear (negative depth) is a ring whose teeth point inwards.
void gear(Mesh& mesh, const Vector3d& centre, const Matrix3d& R, double pitch, double half_width, double depth, int teeth,
          const Rgba& c) {
  teeth = std::clamp(teeth, 3, 400);
  const bool internal = depth < 0;
  const double d = std::abs(depth);
  // Radii of the toothed edge (tip and root) and of the other edge (hub or outer rim).
  const double tip = internal ? pitch - 0.5 * d : pitch + 0.5 * d, root = internal ? pitch + 0.5 * d : pitch - 0.5 * d;
  const double other = internal ? pitch + 2.5 * d : std::max(0.25 * pitch, pitch - 3.0 * d);
  const Vector3d x = R.col(0), y = R.col(1), z = R.col(2);
  std::vector<double> radius, angle;
  for (int k = 0; k < teeth; ++k) {
    const double a = kTwoPi * k / teeth, w = kTwoPi / teeth;
    const double fractions[4] = {0.0, 0.15, 0.45, 0.6};
    const double radii[4] = {root, tip, tip, root};
    for (int m = 0; m < 4; ++m) radius.push_back(radii[m]), angle.push_back(a + fractions[m] * w);
  }
  auto& out = bucket(mesh, c);
  const std::size_t n = radius.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t l = (k + 1) % n;
    const Vector3d dk = std::cos(angle[k]) * x + std::sin(angle[k]) * y, dl = std::cos(angle[l]) * x + std::sin(angle[l]) * y;
    const Vector3d pk = centre + radius[k] * dk, pl = centre + radius[l] * dl;
    const Vector3d ok = centre + other * dk, ol = centre + other * dl;
    const Vector3d side = (pl - pk).cross(z).normalized() * (internal ? -1.0 : 1.0);
    quad(out, pk - half_width * z, pl - half_width * z, pl + half_width * z, pk + half_width * z, side, c);  // tooth flank
    for (double s : {-1.0, 1.0}) quad(out, ok + s * half_width * z, pk + s * half_width * z, pl + s * half_width * z, ol + s * half_width * z, s * z, c);
    const Vector3d rim = (internal ? 1.0 : -1.0) * (dk + dl).normalized();
    quad(out, ok - half_width * z, ol - half_width * z, ol + half_width * z, ok + half_width * z, rim, c);  // hub or rim wall
  }
}

void coil(Mesh& mesh, const Vector3d& a, const Vector3d& b, double radius, const Rgba& c) {
  const Vector3d d = b - a;
  if (!(d.norm() > 1e-9)) return;
  Vector3d u, v;
  basis(d.normalized(), u, v);
  const int turns = 10, per_turn = 12;
  Vector3d prev = a;
  for (int k = 1; k <= turns * per_turn; ++k) {
    const double t = static_cast<double>(k) / (turns * per_turn), ang = kTwoPi * turns * t;
    const double r = (k == turns * per_turn) ? 0.0 : radius;
    const Vector3d p = a + t * d + r * (std::cos(ang) * u + std::sin(ang) * v);
    tube(mesh, prev, p, std::max(0.12 * radius, 0.0015), c);
    prev = p;
  }
}

}  // namespace

DisplayFrame display_frame(const examples::ViewHints& view, const std::vector<PosedGeom>& initial) {
  DisplayFrame f;
  const Vector3d up = view.up.normalized(), forward = (view.forward - view.forward.dot(up) * up).normalized();
  const Vector3d right = (-up).cross(forward);
  f.rotation.row(0) = forward;
  f.rotation.row(1) = right;
  f.rotation.row(2) = -up;
  if (!f.rotation.allFinite()) f.rotation.setIdentity();
  // Stand on the ground: the lowest point (largest viewer z) at z = 0. Inertia ellipsoids are a picture
  // of mass distribution, not of the body: they may reach below the ground.
  const Vector3d down = -up;
  double lowest = -INFINITY;
  for (const auto& g : initial)
    if (g.layer != "inertia") lowest = std::max(lowest, examples::support(g, down));
  // A model that already stands on the ground (the bicycle: its tyres touch z = 0, its steer axis is drawn
  // from the ground down to the thickness of its line) stays put.
  if (std::isfinite(lowest) && std::abs(lowest) > 0.01) f.offset.z() = -lowest;
  // A linkage hanging from its ground pins swings lower than it starts: the floor goes below its reach.
  if (std::isfinite(lowest) && view.floor_drop > 0) f.offset.z() = -lowest - view.floor_drop;
  return f;
}

void tessellate(const std::vector<PosedGeom>& geoms, const DisplayFrame& f, bool show_inertia, Mesh& mesh) {
  mesh.opaque.clear();
  mesh.transparent.clear();
  for (const auto& g : geoms) {
    if (g.layer == "inertia" && !show_inertia) continue;
    const Vector3d c = f.point(g.position);
    const Matrix3d R = f.rotation * g.rotation;
    const Vector3d axis = R.col(2);
    switch (g.shape) {
      case GeomShape::line:
        tube(mesh, c, f.point(g.end), g.size.x() > 0 ? g.size.x() : 0.003, g.color);
        break;
      case GeomShape::spring:
        coil(mesh, c, f.point(g.end), g.size.x() > 0 ? g.size.x() : 0.02, g.color);
        break;
      case GeomShape::curve:
        for (std::size_t k = 0; k + 1 < g.points.size(); ++k)
          tube(mesh, f.point(g.points[k]), f.point(g.points[k + 1]), g.size.x() > 0 ? g.size.x() : 0.003, g.color);
        break;
      case GeomShape::cylinder:
      case GeomShape::capsule: {
        const Vector3d a = c - axis * g.size.y(), b = c + axis * g.size.y();
        tube(mesh, a, b, g.size.x(), g.color);
        if (g.shape == GeomShape::cylinder) {
          disk(mesh, a, -axis, g.size.x(), g.color);
          disk(mesh, b, axis, g.size.x(), g.color);
        } else {
          ellipsoid(mesh, a, Matrix3d::Identity() * g.size.x(), g.color);
          ellipsoid(mesh, b, Matrix3d::Identity() * g.size.x(), g.color);
        }
        break;
      }
      case GeomShape::sphere:
        ellipsoid(mesh, c, Matrix3d::Identity() * g.size.x(), g.color);
        break;
      case GeomShape::ellipsoid:
        ellipsoid(mesh, c, R * g.size.asDiagonal(), g.color);
        break;
      case GeomShape::torus: {
        Vector3d u, v;
        basis(axis, u, v);
        grid(bucket(mesh, g.color), 48, 8, g.color, [&](int i, int j, Vector3d& p, Vector3d& n) {
          const double a = kTwoPi * i / 48, b = kTwoPi * j / 8;
          const Vector3d radial = std::cos(a) * u + std::sin(a) * v;
          n = std::cos(b) * radial + std::sin(b) * axis;
          p = c + g.size.x() * radial + g.size.y() * n;
        });
        break;
      }
      case GeomShape::box:
        box(mesh, c, R, g.size, g.color);
        break;
      case GeomShape::plane:
        box(mesh, c, R, Vector3d(g.size.x(), g.size.y(), 1e-4), g.color);
        break;
      case GeomShape::gear:
        gear(mesh, c, R, g.size.x(), g.size.y(), g.size.z(), g.teeth, g.color);
        break;
    }
  }
}

void add_tracks(const std::vector<std::span<const Vector3d>>& tracks, const std::vector<Rgba>& colors, const DisplayFrame& f,
                double width, Mesh& mesh) {
  const Vector3d n(0, 0, -1);
  for (std::size_t t = 0; t < tracks.size(); ++t) {
    const auto& track = tracks[t];
    const Rgba color = t < colors.size() ? colors[t] : Rgba{0.3f, 0.3f, 0.3f, 1};
    // At most about 1500 segments: long runs are thinned, the newest point always kept.
    const std::size_t stride = std::max<std::size_t>(1, track.size() / 1500);
    std::vector<Vector3d> points;
    for (std::size_t k = 0; k < track.size(); k += stride) points.push_back(f.point(track[k]));
    if (!track.empty()) points.push_back(f.point(track.back()));
    auto& out = bucket(mesh, color);
    for (std::size_t k = 0; k + 1 < points.size(); ++k) {
      const Vector3d d = points[k + 1] - points[k];
      const Eigen::Vector2d d2(d.x(), d.y());
      if (!(d2.norm() > 1e-9)) continue;
      const Vector3d side = Vector3d(-d2.y(), d2.x(), 0).normalized() * (0.5 * width);
      const Vector3d lift(0, 0, -0.002);  // just above the ground grid (z is down)
      quad(out, points[k] - side + lift, points[k] + side + lift, points[k + 1] + side + lift, points[k + 1] - side + lift, n, color);
    }
  }
}

}  // namespace carvallo::web
