#include "bike_scene.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace carvallo::web {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr Rgba kRearFrame{0.16f, 0.33f, 0.62f, 1};
constexpr Rgba kFrontFrame{0.86f, 0.36f, 0.12f, 1};
constexpr Rgba kTyre{0.13f, 0.13f, 0.14f, 1};
constexpr Rgba kSpoke{0.62f, 0.64f, 0.68f, 1};
constexpr Rgba kAxis{0.95f, 0.75f, 0.05f, 1};
constexpr Rgba kMassLight{0.97f, 0.97f, 0.97f, 1};
constexpr Rgba kMassDark{0.08f, 0.08f, 0.08f, 1};

// A mass centre: the usual black-and-white quartered ball, approximated by a dark ball with a light
// band (readable at any distance).
void add_mass_centre(Scene& s, const Vector3d& c, double r) {
  s.ellipsoids.push_back({c, Matrix3d::Identity() * r, kMassDark});
  Matrix3d band = Matrix3d::Identity() * (r * 1.04);
  band(2, 2) = r * 0.35;
  s.ellipsoids.push_back({c, band, kMassLight});
}

// Solid ellipsoid of uniform density with the body's mass and inertia about its mass centre (principal
// moments I1, I2, I3 give semi-axes a1^2 = 5 (I2 + I3 - I1) / (2 m)).
void add_inertia_ellipsoid(Scene& s, const Vector3d& c, const Matrix3d& inertia, double mass, const Matrix3d& R,
                           Rgba color) {
  if (!(mass > 0)) return;
  Eigen::SelfAdjointEigenSolver<Matrix3d> eig(inertia);
  const Eigen::Vector3d I = eig.eigenvalues();
  Matrix3d axes;
  for (int k = 0; k < 3; ++k) {
    const double a2 = 5.0 * (I.sum() - 2.0 * I(k)) / (2.0 * mass);
    axes.col(k) = eig.eigenvectors().col(k) * std::sqrt(std::max(a2, 2.5e-5));
  }
  color.a = 0.33f;
  s.ellipsoids.push_back({c, R * axes, color});
}

void add_wheel(Scene& s, const Vector3d& hub, const Vector3d& axle, const Vector3d& radial0, double r, double spin,
               Rgba rim_color) {
  if (!(r > 0)) {
    s.ellipsoids.push_back({hub, Matrix3d::Identity() * 0.02, kTyre});  // a skate: a wheel of no size
    return;
  }
  const double tyre = std::clamp(0.08 * r, 0.006, 0.03);
  s.tori.push_back({hub, axle, r - tyre, tyre, kTyre});
  s.tori.push_back({hub, axle, r - 2.2 * tyre, 0.35 * tyre, rim_color});
  const int spokes = 12;
  for (int k = 0; k < spokes; ++k) {
    const double a = spin + 2.0 * std::numbers::pi * k / spokes;
    const Vector3d dir = Eigen::AngleAxisd(a, axle) * radial0;
    const Vector3d side = axle * (k % 2 ? 0.03 : -0.03) * std::min(1.0, r / 0.3);
    s.tubes.push_back({hub + side, hub + dir * (r - 2.4 * tyre), 0.0018, kSpoke});
  }
  s.tubes.push_back({hub - axle * 0.045, hub + axle * 0.045, 0.012, kSpoke});
}

}  // namespace

void add_bicycle(Scene& s, const bicycle::Parameters& p, const BikePose& pose, bool inertia) {
  // Body frame: origin at the rear contact, upright. World = translate * yaw * roll * body.
  const Matrix3d R = (Eigen::AngleAxisd(pose.heading, Vector3d::UnitZ()) * Eigen::AngleAxisd(pose.roll, Vector3d::UnitX()))
                         .toRotationMatrix();
  const Vector3d origin(pose.x, pose.y, 0.0);
  auto world = [&](const Vector3d& b) -> Vector3d { return origin + R * b; };

  // Steer axis: meets the ground the trail c ahead of the front contact, tilted back by lambda.
  const double sl = std::sin(p.lambda), cl = std::cos(p.lambda);
  const Vector3d A(p.w + p.c, 0, 0), up(-sl, 0, -cl);
  const Matrix3d steer = Eigen::AngleAxisd(pose.steer, -up).toRotationMatrix();  // positive turns right
  auto front = [&](const Vector3d& b) -> Vector3d { return world(A + steer * (b - A)); };

  const Vector3d rear_hub(0, 0, -p.rR), front_hub(p.w, 0, -p.rF);
  const double t_hub = (front_hub - A).dot(up);
  const double blade = std::max(0.12, 0.85 * std::max(p.rF, 0.15));
  const double t_crown = t_hub + blade;
  const double crown_height = -(A + t_crown * up).z();
  const double top_height = std::max(crown_height + 0.12, std::max(-p.zH, 0.5) + 0.18);
  const double t_top = t_crown + (top_height - crown_height) / std::max(cl, 0.2);
  const Vector3d crown = A + t_crown * up, head_top = A + t_top * up;

  // Steer axis, from the ground up past the handlebar.
  s.tubes.push_back({world(A), world(A + (t_top + 0.12) * up), 0.004, kAxis});

  // Front frame: fork blade parallel to the axis from the hub, crown, head tube, stem and handlebar.
  const Vector3d blade_top = front_hub + blade * up;
  const double fr = 0.014;
  s.tubes.push_back({front(front_hub), front(blade_top), fr, kFrontFrame});
  s.tubes.push_back({front(blade_top), front(crown), fr, kFrontFrame});
  s.tubes.push_back({front(crown), front(head_top), fr * 1.5, kFrontFrame});
  const Vector3d stem = head_top + Vector3d(-0.08, 0, -0.02);
  s.tubes.push_back({front(head_top), front(stem), fr, kFrontFrame});
  s.tubes.push_back({front(stem + Vector3d(0, -0.24, 0)), front(stem + Vector3d(0, 0.24, 0)), fr, kFrontFrame});
  s.ellipsoids.push_back({front(head_top), Matrix3d::Identity() * fr * 1.5, kFrontFrame});
  s.ellipsoids.push_back({front(crown), Matrix3d::Identity() * fr * 1.5, kFrontFrame});
  // The front frame's mass centre, tied to the axis.
  const Vector3d H(p.xH, 0, p.zH);
  const Vector3d H_axis = A + (H - A).dot(up) * up;
  if ((H - H_axis).norm() > 0.03) s.tubes.push_back({front(H_axis), front(H), 0.005, kFrontFrame});

  // Rear frame: diamond through the bottom bracket, the seat at the rear frame's mass centre (frame and
  // rider) and the head tube.
  const double low = std::min(p.rR, p.rF);
  const Vector3d B(p.xB, 0, p.zB);
  const Vector3d bracket(std::clamp(p.xB, 0.2 * p.w, 0.6 * p.w), 0, -std::max(0.08, 0.8 * low));
  const Vector3d head_low = crown + 0.03 * up, head_high = head_top - 0.05 * up;
  const double rr = 0.015;
  auto tube = [&](const Vector3d& a, const Vector3d& b, double r) { s.tubes.push_back({world(a), world(b), r, kRearFrame}); };
  for (double side : {-0.05, 0.05}) {
    tube(rear_hub + Vector3d(0, side, 0), bracket, rr * 0.7);
    tube(rear_hub + Vector3d(0, side, 0), B, rr * 0.6);
  }
  tube(bracket, B, rr);
  tube(B, head_high, rr);
  tube(bracket, head_low, rr * 1.2);
  for (const Vector3d& j : {bracket, B, head_low, head_high})
    s.ellipsoids.push_back({world(j), Matrix3d::Identity() * rr * 1.2, kRearFrame});

  // Wheels.
  const double dist = std::hypot(pose.x, pose.y);
  add_wheel(s, world(rear_hub), R * Vector3d::UnitY(), R * Vector3d(0, 0, -1), p.rR,
            pose.rear_spin != 0 ? pose.rear_spin : (p.rR > 0 ? -dist / p.rR : 0), kSpoke);
  add_wheel(s, front(front_hub), R * steer * Vector3d::UnitY(), R * steer * Vector3d(0, 0, -1), p.rF,
            pose.front_spin != 0 ? pose.front_spin : (p.rF > 0 ? -dist / p.rF : 0), kSpoke);

  // Mass centres of the four bodies.
  const double mc = 0.035;
  add_mass_centre(s, world(B), mc * 1.3);
  add_mass_centre(s, front(H), mc);
  add_mass_centre(s, world(rear_hub) + R * Vector3d(0, -0.07, 0), mc * 0.7);
  add_mass_centre(s, front(front_hub) + R * steer * Vector3d(0, -0.07, 0), mc * 0.7);

  if (inertia) {
    Matrix3d IB, IH, IR = Vector3d(p.IRxx, p.IRyy, p.IRxx).asDiagonal(), IF = Vector3d(p.IFxx, p.IFyy, p.IFxx).asDiagonal();
    IB << p.IBxx, 0, p.IBxz, 0, p.IByy, 0, p.IBxz, 0, p.IBzz;
    IH << p.IHxx, 0, p.IHxz, 0, p.IHyy, 0, p.IHxz, 0, p.IHzz;
    add_inertia_ellipsoid(s, world(B), IB, p.mB, R, kRearFrame);
    add_inertia_ellipsoid(s, front(H), IH, p.mH, R * steer, kFrontFrame);
    add_inertia_ellipsoid(s, world(rear_hub), IR, p.mR, R, Rgba{0.3f, 0.3f, 0.3f, 1});
    add_inertia_ellipsoid(s, front(front_hub), IF, p.mF, R * steer, Rgba{0.3f, 0.3f, 0.3f, 1});
  }
}

// ---- tessellation ----
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

void tessellate(const Scene& scene, Mesh& mesh) {
  mesh.opaque.clear();
  mesh.transparent.clear();
  const double two_pi = 2.0 * std::numbers::pi;
  for (const auto& t : scene.tubes) {
    const Vector3d d = t.b - t.a;
    if (d.norm() < 1e-9) continue;
    Vector3d u, v;
    basis(d.normalized(), u, v);
    const int seg = t.radius < 0.004 ? 6 : 12;
    grid(t.color.a < 1 ? mesh.transparent : mesh.opaque, seg, 1, t.color, [&](int i, int j, Vector3d& p, Vector3d& n) {
      const double a = two_pi * i / seg;
      n = std::cos(a) * u + std::sin(a) * v;
      p = (j ? t.b : t.a) + t.radius * n;
    });
  }
  for (const auto& t : scene.tori) {
    Vector3d u, v;
    const Vector3d axis = t.axis.normalized();
    basis(axis, u, v);
    const int ni = 48, nj = 8;
    grid(mesh.opaque, ni, nj, t.color, [&](int i, int j, Vector3d& p, Vector3d& n) {
      const double a = two_pi * i / ni, b = two_pi * j / nj;
      const Vector3d radial = std::cos(a) * u + std::sin(a) * v;
      n = std::cos(b) * radial + std::sin(b) * axis;
      p = t.center + t.major * radial + t.minor * n;
    });
  }
  for (const auto& e : scene.ellipsoids) {
    const Matrix3d normal_matrix = e.axes.determinant() != 0 ? Matrix3d(e.axes.inverse().transpose()) : Matrix3d::Identity();
    const int ni = 16, nj = 10;
    grid(e.color.a < 1 ? mesh.transparent : mesh.opaque, ni, nj, e.color, [&](int i, int j, Vector3d& p, Vector3d& n) {
      const double a = two_pi * i / ni, b = std::numbers::pi * j / nj;
      const Vector3d unit(std::sin(b) * std::cos(a), std::sin(b) * std::sin(a), std::cos(b));
      p = e.center + e.axes * unit;
      n = (normal_matrix * unit).normalized();
    });
  }
  for (const auto& r : scene.ribbons) {
    if (r.points.size() < 2) continue;
    const Vector3d n(0, 0, -1);
    auto& out = r.color.a < 1 ? mesh.transparent : mesh.opaque;
    for (std::size_t k = 0; k + 1 < r.points.size(); ++k) {
      const Eigen::Vector2d d = r.points[k + 1] - r.points[k];
      if (d.norm() < 1e-9) continue;
      const Eigen::Vector2d side = Eigen::Vector2d(-d.y(), d.x()).normalized() * (0.5 * r.width);
      const double z = -0.002;  // just above the grid (z is down)
      const Vector3d a(r.points[k].x() - side.x(), r.points[k].y() - side.y(), z);
      const Vector3d b(r.points[k].x() + side.x(), r.points[k].y() + side.y(), z);
      const Vector3d c(r.points[k + 1].x() + side.x(), r.points[k + 1].y() + side.y(), z);
      const Vector3d e(r.points[k + 1].x() - side.x(), r.points[k + 1].y() - side.y(), z);
      for (const Vector3d* q : {&a, &b, &c, &a, &c, &e}) push(out, *q, n, r.color);
    }
  }
}

}  // namespace carvallo::web
