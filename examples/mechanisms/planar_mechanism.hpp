#pragma once
// A planar mechanism as data: bodies, revolute and prismatic joints, spring–dampers and gravity, for
// either body description of carvallo/blocks/body_2d.hpp (natural absolute coordinates of 002 or plain
// x, y, θ). The four mechanisms of 002 §6 are instances (four_bar.cpp, slider_crank.cpp, ...); writing
// them against this one template gives the "same mechanism in different coordinates" cross-checks for free.
//
// Body index −1 is the ground. All points and axes are in body axes (origin at the centre of mass) [m].

#include "carvallo/blocks/body_2d.hpp"
#include "carvallo/blocks/planar_joints.hpp"
#include "carvallo/model.hpp"
#include "registry.hpp"
#include "scene.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace carvallo::examples::mechanisms {

/// Mass properties and initial pose of one body (002 Tables 1-4 and 6-9).
struct PlanarBodyData {
  std::string name;
  double mass = 0.0;                  ///< [kg]
  double Ixx = 0.0, Iyy = 0.0, Izz = 0.0;  ///< principal moments about the centre of mass [kg m²]
  double x = 0.0, y = 0.0, theta = 0.0;    ///< initial centre of mass [m] and angle [rad]
  double half_length = 0.0;           ///< for drawing: half extent along x̄ [m]
  double half_width = 0.0;            ///< for drawing: half extent along ȳ [m]
};

struct PinData {
  std::string name;
  int i = -1;
  Eigen::Vector2d Pi = Eigen::Vector2d::Zero();
  int j = -1;
  Eigen::Vector2d Pj = Eigen::Vector2d::Zero();
};

/// Point Pj of body j slides on the line of body i through Pi along axis_i; no relative rotation.
struct SliderData {
  std::string name;
  int i = -1;
  Eigen::Vector2d Pi = Eigen::Vector2d::Zero();
  Eigen::Vector2d axis_i = Eigen::Vector2d::UnitX();
  int j = -1;
  Eigen::Vector2d Pj = Eigen::Vector2d::Zero();
  Eigen::Vector2d axis_j = Eigen::Vector2d::UnitX();
};

struct SpringData {
  std::string name;
  int i = -1;
  Eigen::Vector2d Pi = Eigen::Vector2d::Zero();
  int j = -1;
  Eigen::Vector2d Pj = Eigen::Vector2d::Zero();
  double l0 = 0.0, k = 0.0, c = 0.0;  ///< 002 Table 5
};

struct PlanarMechanismData {
  std::string name;
  std::vector<PlanarBodyData> bodies;
  std::vector<PinData> pins;
  std::vector<SliderData> sliders;
  std::vector<SpringData> springs;
  /// ModelInstance::energy_not_conserved: set where a spring-damper's length changes as the mechanism moves
  /// (the four-bar's keeps its length, so its damper does no work).
  std::string energy_not_conserved;
  Eigen::Vector2d gravity{0.0, -9.81};  ///< [m/s²] (002 Tables 1-4: g = 9.81)
  /// 002 Table 11: the largest ‖C‖ [m] and ‖Ċ‖ [m/s] of 002's own run (Udwadia–Kalaba, direct correction
  /// at every step, sixth-order Adams–Bashforth, 1 ms, 5 s), shown beside the live comparison.
  double table11_C = 0.0, table11_Cdot = 0.0;
};

/// Model definition for a PlanarMechanismData with body type Body (NaturalBody2D or AngleBody2D).
template <class Body>
struct PlanarMechanism {
  PlanarMechanismData data;
  std::vector<Body> bodies;

  explicit PlanarMechanism(PlanarMechanismData d) : data(std::move(d)) {
    int offset = 0;
    for (const auto& b : data.bodies) {
      Body body;
      if constexpr (Body::coordinates == 6) {
        body = blocks::NaturalBody2D::from_inertia(offset, b.mass, b.Ixx, b.Iyy, b.Izz);
      } else {
        body = blocks::AngleBody2D{offset, b.mass, b.Izz};
      }
      bodies.push_back(body);
      offset += Body::coordinates;
    }
  }

  int nq() const { return static_cast<int>(bodies.size()) * Body::coordinates; }

  Layout layout() const {
    Layout l;
    l.name = data.name;
    for (std::size_t b = 0; b < bodies.size(); ++b) {
      for (auto& n : Body::coordinate_names(data.bodies[b].name)) l.coordinates.push_back(n);
      for (auto& n : Body::intrinsic_names(data.bodies[b].name)) l.holonomic.push_back(n);
    }
    for (const auto& p : data.pins)
      for (auto& n : blocks::Revolute<Body, Body>::names(p.name)) l.holonomic.push_back(n);
    for (const auto& s : data.sliders)
      for (auto& n : blocks::Prismatic<Body, Body>::names(s.name)) l.holonomic.push_back(n);
    return l;
  }

  /// Calls f(body_i, body_j) with the ground (Ground2D) for index −1.
  template <class F> void with_pair(int i, int j, F&& f) const {
    const blocks::Ground2D g;
    if (i >= 0 && j >= 0) f(bodies[static_cast<std::size_t>(i)], bodies[static_cast<std::size_t>(j)]);
    else if (i >= 0) f(bodies[static_cast<std::size_t>(i)], g);
    else if (j >= 0) f(g, bodies[static_cast<std::size_t>(j)]);
    else f(g, g);
  }

  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    for (const auto& b : bodies) b.add_mass(M);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    for (const auto& b : bodies) b.add_gravity(Q, data.gravity);
    for (const auto& s : data.springs)
      with_pair(s.i, s.j, [&](const auto& bi, const auto& bj) {
        blocks::SpringDamper2D{bi, s.Pi, bj, s.Pj, s.l0, s.k, s.c}.add_forces(q, qd, Q);
      });
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    int row = 0;
    for (const auto& b : bodies) {
      b.intrinsic(q, C, row);
      row += Body::intrinsic_rows;
    }
    for (const auto& p : data.pins) {
      with_pair(p.i, p.j, [&](const auto& bi, const auto& bj) { blocks::Revolute{bi, p.Pi, bj, p.Pj}.write(q, C, row); });
      row += 2;
    }
    for (const auto& s : data.sliders) {
      with_pair(s.i, s.j, [&](const auto& bi, const auto& bj) {
        blocks::Prismatic{bi, s.Pi, s.axis_i, bj, s.Pj, s.axis_j}.write(q, C, row);
      });
      row += 2;
    }
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const {
    S V(0.0);
    for (const auto& b : bodies) {
      const blocks::Vec2<S> r = b.point(q, Eigen::Vector2d::Zero());
      V -= b.mass * (data.gravity.x() * r.x() + data.gravity.y() * r.y());
    }
    for (const auto& s : data.springs)
      with_pair(s.i, s.j, [&](const auto& bi, const auto& bj) {
        V += blocks::SpringDamper2D{bi, s.Pi, bj, s.Pj, s.l0, s.k, s.c}.potential(q);
      });
    return V;
  }

  // ---- state and output helpers (double) ----
  /// The initial configuration of the data (poses of the tables), zero velocities.
  Eigen::VectorXd initial_q() const {
    Eigen::VectorXd q = Eigen::VectorXd::Zero(nq());
    for (std::size_t b = 0; b < bodies.size(); ++b)
      bodies[b].set_pose(q, data.bodies[b].x, data.bodies[b].y, data.bodies[b].theta);
    return q;
  }
  Eigen::Vector2d point(const Eigen::VectorXd& q, int body, const Eigen::Vector2d& local) const {
    if (body < 0) return local;
    return bodies[static_cast<std::size_t>(body)].point(q, local);
  }
  /// Each body's pose: centre of mass in the plane z = 0, rotated by its angle about z.
  std::vector<BodyPose> poses(const Eigen::VectorXd& q) const {
    std::vector<BodyPose> out;
    for (const auto& b : bodies) {
      const Eigen::Vector2d c = b.point(q, Eigen::Vector2d::Zero());
      out.push_back({Eigen::Vector3d(c.x(), c.y(), 0.0), axis_rotation(Eigen::Vector3d::UnitZ(), b.angle(q))});
    }
    return out;
  }
  /// Plates for the bodies (one layer in z each, as real linkages are stacked), pins across the layers,
  /// rails for sliders on the ground, coils for the springs.
  std::vector<Geom> geoms() const;
};

/// The geoms of a planar mechanism (PlanarMechanism::geoms).
std::vector<Geom> planar_geoms(const PlanarMechanismData& data);

template <class Body>
std::vector<Geom> PlanarMechanism<Body>::geoms() const {
  return planar_geoms(data);
}

/// Index of the coordinate of body `body` and local component k (0: x, 1: y) of the centre of mass.
inline int com_coordinate(int body, int k, int coordinates_per_body) { return body * coordinates_per_body + k; }

/// Builds a registry instance for a planar mechanism in natural absolute coordinates ("nacf") or plain
/// angles ("angles"), with 002's simulation settings (Table 10): Udwadia–Kalaba, direct correction, AB4,
/// Δt = 1e-3 s, 5 s, tolerance 1e-12. Probes: the centre of mass x and y of every body.
/// Throws SolverError(InvalidArgument) for a variant other than "nacf" and "angles", and what building the
/// consistent initial state throws (make_consistent).
ModelInstance make_planar_instance(const PlanarMechanismData& data, const std::string& variant);

/// The body whose angle drives the mechanism's initial configuration: the first one not held by a slider
/// to the ground (the four-bar's bar1, the slider-crank's and quick-return's crank, the double inverted
/// pendulum's link1). Never throws.
int planar_driver(const PlanarMechanismData& data);

/// The initial conditions a planar mechanism offers: "angle" of its driver [rad] (default: the paper's
/// table) and its angular "rate" [rad/s] (default 0: released from rest, as 002 does). Never throws.
std::vector<Quantity> planar_settings(const PlanarMechanismData& data);
/// 002's comparison on this mechanism (Table 11), as the playground's preset.
std::vector<MethodStudy> planar_studies(const PlanarMechanismData& data);

/// make_planar_instance with setup's variant and settings: the driver turned about its first pin to the
/// angle, the other bodies brought onto the constraints by least-norm Newton steps, and the velocities the
/// least-norm ones with the driver's rate. At the defaults the paper's state exactly. Throws
/// SolverError(InvalidArgument) for a setting outside its range or a parameter table, InconsistentInput
/// when the mechanism cannot be assembled at that angle (e.g. a crank angle its rod cannot reach).
ModelInstance make_planar_instance(const PlanarMechanismData& data, const ModelSetup& setup);

/// For the registry: make_planar_instance(Data(), setup).
template <PlanarMechanismData (*Data)()>
ModelInstance planar_instance(const ModelSetup& setup) {
  return make_planar_instance(Data(), setup);
}

}  // namespace carvallo::examples::mechanisms
