// carvallo/blocks/joints_3d.hpp (and forces.hpp's gravity and spring-damper) through small oscillations:
// pendulums built from the blocks, linearized about their equilibrium by the stability module's reduced
// path, against closed-form frequencies:
//   physical pendulum (revolute)   ω² = m g d / (I_yy + m d²)                       (Steiner)
//   spherical pendulum (spherical) ω² = m g d / (I_xx + m d²) and m g d / (I_yy + m d²), plus a free spin (0)
//   two bodies welded (rigid) on a hinge: ω² = g Σ m_i d_i / Σ (I_i + m_i d_i²)
//   mass on a slider with a spring-damper (prismatic): m s² + c s + k = 0
// Also: constraint rows vanish at assembly and the generated names. Tolerance 1e-10 relative: the
// frequencies come out of an eigenvalue problem of a few states with O(1) entries.
#include "carvallo/blocks/forces.hpp"
#include "carvallo/blocks/joints_3d.hpp"
#include "carvallo/blocks/rigid_body_3d.hpp"
#include "carvallo/model.hpp"
#include "carvallo/stability/linearization.hpp"
#include "carvallo/stability/reduced.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <complex>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {

constexpr double kGravity = 9.81;

RigidBody3D body_at(int offset, double m, const Eigen::Matrix3d& I, Orientation kind = Orientation::EulerAngles) {
  RigidBody3D b;
  b.offset = offset;
  b.kind = kind;
  b.seq = EulerSequence::ZXY;
  b.mass = m;
  b.inertia = I;
  return b;
}

Eigen::Matrix3d diag(double a, double b, double c) { return Eigen::Vector3d(a, b, c).asDiagonal(); }

/// A model of bodies, one joint type per model, optional spring; z down, gravity +z.
template <class Joint>
struct JointModel {
  std::vector<RigidBody3D> bodies;
  std::vector<Joint> joints;
  std::vector<SpringDamper3D> springs;
  Layout layout() const {
    Layout l{"joint model", {}, {}, {}};
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      std::string prefix = "b";  // (not "b" + to_string: GCC 12 -Wrestrict false positive)
      prefix += std::to_string(i);
      const auto n = bodies[i].coordinate_names(prefix);
      l.coordinates.insert(l.coordinates.end(), n.begin(), n.end());
      const auto c = bodies[i].constraint_names(prefix);
      l.holonomic.insert(l.holonomic.end(), c.begin(), c.end());
    }
    for (std::size_t i = 0; i < joints.size(); ++i) {
      std::string prefix = "j";
      prefix += std::to_string(i);
      const auto n = Joint::names(prefix);
      l.holonomic.insert(l.holonomic.end(), n.begin(), n.end());
    }
    return l;
  }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    for (const auto& b : bodies) b.add_mass<S>(q, M);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    for (const auto& b : bodies) {
      b.add_quadratic_velocity<S>(q, qd, Q);
      add_gravity<S>(b, Eigen::Vector3d(0, 0, kGravity), Q);
    }
    for (const auto& s : springs) s.add_forces<S>(q, qd, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    int row = 0;
    for (const auto& b : bodies) {
      b.write_constraints<S>(q, C, row);
      row += b.constraint_count();
    }
    for (const auto& j : joints) {
      j.template write<S>(q, C, row);
      row += Joint::rows;
    }
  }
};

/// Nonzero reduced eigenvalues at the equilibrium q0, sorted by imaginary part (then real part).
std::vector<std::complex<double>> oscillation_eigenvalues(const Model& model, const Eigen::VectorXd& q0) {
  Eigen::VectorXd C;
  model.C(q0, 0.0, C);
  CHECK(C.lpNorm<Eigen::Infinity>() < 1e-15);  // assembled: every row vanishes
  const auto lin = stability::linearize(model, stability::equilibrium(q0));
  auto s = stability::reduced_eigenvalues(lin);
  double largest = 0.0;
  for (auto x : s) largest = std::max(largest, std::abs(x));
  std::vector<std::complex<double>> out;
  for (auto x : s)
    if (std::abs(x) > 1e-6 * largest) out.push_back(x);
  std::sort(out.begin(), out.end(), [](auto a, auto b) { return a.imag() != b.imag() ? a.imag() < b.imag() : a.real() < b.real(); });
  return out;
}

/// Two welded bodies (rigid joint) hanging from a hinge (revolute joint to the ground).
struct Hinged : JointModel<RigidJoint3D> {
  RevoluteJoint3D hinge;
  Layout layout() const {
    Layout l = JointModel<RigidJoint3D>::layout();
    const auto n = RevoluteJoint3D::names("hinge");
    l.holonomic.insert(l.holonomic.end(), n.begin(), n.end());
    return l;
  }
  template <class S> void holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const {
    JointModel<RigidJoint3D>::holonomic<S>(q, t, C);
    hinge.write<S>(q, C, RigidJoint3D::rows);
  }
};

}  // namespace

TEST_CASE("revolute joint: physical pendulum frequency", "[blocks][joints_3d]") {
  const double m = 2.0, d = 0.4;
  const Eigen::Matrix3d I = diag(0.05, 0.07, 0.03);
  JointModel<RevoluteJoint3D> def;
  def.bodies = {body_at(0, m, I)};
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(6);
  q0[2] = d;  // mass centre below the pivot (z down)
  def.joints = {RevoluteJoint3D::assemble(RigidBody3D::ground(), def.bodies[0], q0, Eigen::Vector3d::Zero(),
                                          Eigen::Vector3d::UnitY())};
  CHECK(RevoluteJoint3D::names("hinge") ==
        std::vector<std::string>{"hinge x", "hinge y", "hinge z", "hinge axis 1", "hinge axis 2"});
  const Model model(def);
  const auto s = oscillation_eigenvalues(model, q0);
  const double w = std::sqrt(m * kGravity * d / (I(1, 1) + m * d * d));
  REQUIRE(s.size() == 2);
  CHECK(std::abs(s[0] - std::complex<double>(0, -w)) < 1e-10 * w);
  CHECK(std::abs(s[1] - std::complex<double>(0, w)) < 1e-10 * w);
}

TEST_CASE("spherical joint: spherical pendulum, Euler angles and Euler parameters", "[blocks][joints_3d]") {
  const double m = 1.5, d = 0.6;
  const Eigen::Matrix3d I = diag(0.02, 0.09, 0.04);
  for (Orientation kind : {Orientation::EulerAngles, Orientation::EulerParameters}) {
    JointModel<SphericalJoint3D> def;
    def.bodies = {body_at(0, m, I, kind)};
    Eigen::VectorXd q0 = Eigen::VectorXd::Zero(def.bodies[0].coordinate_count());
    q0[2] = d;
    if (kind == Orientation::EulerParameters) q0[3] = 1.0;
    def.joints = {SphericalJoint3D::assemble(RigidBody3D::ground(), def.bodies[0], q0, Eigen::Vector3d::Zero())};
    const Model model(def);
    const auto s = oscillation_eigenvalues(model, q0);
    const double wx = std::sqrt(m * kGravity * d / (I(0, 0) + m * d * d)), wy = std::sqrt(m * kGravity * d / (I(1, 1) + m * d * d));
    REQUIRE(s.size() == 4);  // the spin about the vertical is free: its eigenvalues are 0 and dropped
    CHECK(std::abs(s[0] - std::complex<double>(0, -wx)) < 1e-10 * wx);
    CHECK(std::abs(s[1] - std::complex<double>(0, -wy)) < 1e-10 * wy);
    CHECK(std::abs(s[2] - std::complex<double>(0, wy)) < 1e-10 * wy);
    CHECK(std::abs(s[3] - std::complex<double>(0, wx)) < 1e-10 * wx);
  }
}

TEST_CASE("rigid joint: two welded bodies swing as one compound pendulum", "[blocks][joints_3d]") {
  const double m1 = 1.0, d1 = 0.3, m2 = 0.5, d2 = 0.8;
  const Eigen::Matrix3d I1 = diag(0.01, 0.02, 0.01), I2 = diag(0.03, 0.04, 0.02);
  JointModel<RigidJoint3D> welded;
  welded.bodies = {body_at(0, m1, I1), body_at(6, m2, I2)};
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(12);
  q0[2] = d1;
  q0[8] = d2;
  welded.joints = {RigidJoint3D::assemble(welded.bodies[0], welded.bodies[1], q0, Eigen::Vector3d(0, 0, 0.5))};
  Hinged def;
  static_cast<JointModel<RigidJoint3D>&>(def) = welded;
  def.hinge = RevoluteJoint3D::assemble(RigidBody3D::ground(), def.bodies[0], q0, Eigen::Vector3d::Zero(),
                                        Eigen::Vector3d::UnitY());
  const Model model(def);
  const auto s = oscillation_eigenvalues(model, q0);
  const double w = std::sqrt(kGravity * (m1 * d1 + m2 * d2) / (I1(1, 1) + m1 * d1 * d1 + I2(1, 1) + m2 * d2 * d2));
  REQUIRE(s.size() == 2);
  CHECK(std::abs(s[1] - std::complex<double>(0, w)) < 1e-10 * w);
}

TEST_CASE("prismatic joint with a spring-damper: m s^2 + c s + k = 0", "[blocks][joints_3d][forces]") {
  const double m = 2.0, k = 50.0, c = 3.0;
  JointModel<PrismaticJoint3D> def;
  def.bodies = {body_at(0, m, diag(0.1, 0.2, 0.3))};
  const Eigen::VectorXd q0 = Eigen::VectorXd::Zero(6);
  def.joints = {PrismaticJoint3D::assemble(RigidBody3D::ground(), def.bodies[0], q0, Eigen::Vector3d::Zero(),
                                           Eigen::Vector3d(1.0, 1.0, 0.0))};
  // Spring along the slider axis from the ground point (−1, −1, 0)/√2 · 2, rest length 2: equilibrium at 0.
  SpringDamper3D spring;
  spring.a = RigidBody3D::ground();
  spring.b = def.bodies[0];
  spring.point_a = -std::sqrt(2.0) * Eigen::Vector3d(1.0, 1.0, 0.0);
  spring.stiffness = k;
  spring.damping = c;
  spring.rest_length = 2.0;
  def.springs = {spring};
  const Model model(def);
  const auto s = oscillation_eigenvalues(model, q0);
  const std::complex<double> expected = (-c + std::sqrt(std::complex<double>(c * c - 4 * m * k))) / (2 * m);
  REQUIRE(s.size() == 2);
  CHECK(std::abs(s[1] - expected) < 1e-10 * std::abs(expected));
  CHECK(std::abs(s[0] - std::conj(expected)) < 1e-10 * std::abs(expected));
}
