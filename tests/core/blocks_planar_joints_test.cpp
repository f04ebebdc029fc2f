// blocks/planar_joints.hpp: the basic constraints of 002 §3 (values, Q_d of Eqs 47 and 53), revolute and
// prismatic joints, point forces (Eq 62) and the spring–damper.
#include "carvallo/blocks/planar_joints.hpp"
#include "carvallo/model.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {
// Two NACF bodies with one orthogonality constraint of each kind (no intrinsic rows: only the basic ones).
struct TwoBodies {
  NaturalBody2D i = NaturalBody2D::from_inertia(0, 1.0, 0.1, 0.5, 0.6);
  NaturalBody2D j = NaturalBody2D::from_inertia(6, 2.0, 0.1, 0.5, 0.6);
  Eigen::Vector2d v1{1.0, 0.5}, v2{-0.3, 1.0}, Pi{0.4, -0.2}, Pj{-0.7, 0.3};
  Layout layout() const {
    auto c = NaturalBody2D::coordinate_names("i");
    for (auto& n : NaturalBody2D::coordinate_names("j")) c.push_back(n);
    return {"two bodies", c, {"first kind", "second kind"}, {}};
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const { i.add_mass(M); j.add_mass(M); }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    orthogonality_first_kind(i, v1, j, v2, 0.25, q, C, 0);
    orthogonality_second_kind(i, v1, Pi, j, Pj, -0.5, q, C, 1);
  }
};
}  // namespace

TEST_CASE("planar_joints: Q_d of the orthogonality constraints (002 Eqs 47, 53)", "[blocks_planar_joints]") {
  const TwoBodies def;
  const Model model(def);
  Eigen::VectorXd q(12), qd(12);
  q << 0.1, 0.2, 0.9, 0.1, -0.2, 1.1, -0.4, 0.3, 0.7, -0.6, 0.5, 0.8;  // arbitrary (Eqs 47, 53 hold for any e)
  qd << 0.3, -0.1, 0.2, 0.5, -0.7, 0.1, 0.4, 0.9, -0.2, 0.3, 0.6, -0.5;
  // v = N e is linear in e (Eq 43), so v̇ = v(ė); likewise ṙ = S ė (Eq 16).
  const Eigen::Vector2d v1d = def.i.direction(qd, def.v1), v2d = def.j.direction(qd, def.v2);
  const Eigen::Vector2d rid = def.i.direction(qd, def.Pi) + qd.segment<2>(0);
  const Eigen::Vector2d rjd = def.j.direction(qd, def.Pj) + qd.segment<2>(6);
  Eigen::VectorXd Qd;
  model.Q_dh(q, qd, 0.0, Qd);
  CHECK(Qd[0] == Approx(-2.0 * v1d.dot(v2d)).epsilon(1e-13));           // Eq 47
  CHECK(Qd[1] == Approx(-2.0 * v1d.dot(rid - rjd)).epsilon(1e-13));     // Eq 53
  // Values (Eqs 38, 48).
  Eigen::VectorXd C;
  model.C(q, 0.0, C);
  CHECK(C[0] == Approx(def.i.direction(q, def.v1).dot(def.j.direction(q, def.v2)) - 0.25));
  CHECK(C[1] == Approx(def.i.direction(q, def.v1).dot(def.i.point(q, def.Pi) - def.j.point(q, def.Pj)) + 0.5));
}

TEST_CASE("planar_joints: revolute and prismatic joints", "[blocks_planar_joints]") {
  const AngleBody2D a{0, 1.0, 1.0}, b{3, 1.0, 1.0};
  const Ground2D g;
  Eigen::VectorXd q(6);
  // Body a pinned to the ground at its local (−1, 0) placed at the origin, at 30°.
  const double th = std::acos(-1.0) / 6;
  a.set_pose(q, std::cos(th), std::sin(th), th);
  b.set_pose(q, 5.0, 0.0, 0.0);
  Eigen::VectorXd C = Eigen::VectorXd::Zero(4);
  Revolute{g, Eigen::Vector2d(0.0, 0.0), a, Eigen::Vector2d(-1.0, 0.0)}.write(q, C, 0);
  CHECK(C.head<2>().norm() < 1e-15);
  // b slides on the ground x axis: moving it along x keeps the prismatic rows zero, lifting it by h gives
  // −h in the first row (Eq 48: n_iᵀ(r_i − r_j) with the unit normal n_i), rotating it by φ gives sin φ.
  const Prismatic pr{g, Eigen::Vector2d(0.0, 0.0), Eigen::Vector2d(1.0, 0.0), b, Eigen::Vector2d(0.0, 0.0),
                     Eigen::Vector2d(1.0, 0.0)};
  pr.write(q, C, 2);
  CHECK(C.tail<2>().norm() < 1e-15);
  b.set_pose(q, 7.0, 0.25, 0.3);
  pr.write(q, C, 2);
  CHECK(C[2] == Approx(-0.25));
  CHECK(C[3] == Approx(std::sin(0.3)));
}

TEST_CASE("planar_joints: point force on a NACF body is Sᵀ F (002 Eq 62)", "[blocks_planar_joints]") {
  const NaturalBody2D n = NaturalBody2D::from_inertia(0, 1.0, 0.1, 0.2, 0.3);
  Eigen::VectorXd q(6);
  n.set_pose(q, 0.2, 0.1, 0.4);
  const Eigen::Vector2d local(1.5, -0.5), F(3.0, -2.0);
  Eigen::VectorXd Q = Eigen::VectorXd::Zero(6);
  add_point_force(n, q, local, Vec2<double>(F), Q);
  Eigen::VectorXd expected(6);
  expected << F, local.x() * F, local.y() * F;  // Sᵀ F with S = [I, x̄ I, ȳ I] (Eqs 12-13)
  CHECK((Q - expected).norm() < 1e-15);
}

TEST_CASE("planar_joints: spring-damper forces, potential and power", "[blocks_planar_joints]") {
  const AngleBody2D a{0, 1.0, 1.0};
  const Ground2D g;
  const SpringDamper2D s{a, Eigen::Vector2d(0.5, 0.2), g, Eigen::Vector2d(1.0, -2.0), 0.7, 300.0, 40.0};
  Eigen::VectorXd q(3), qd(3);
  q << 0.3, 0.4, 0.9;
  qd << 0.5, -1.0, 2.0;
  // Power of the generalized forces = −(k(l − l0) + c l̇) l̇ (the spring–damper's tension times the rate).
  Eigen::VectorXd Q = Eigen::VectorXd::Zero(3);
  s.add_forces(q, qd, Q);
  const Eigen::Vector2d d = a.point(q, s.Pi) - s.Pj;
  const double l = d.norm();
  const double ldot = d.dot(point_velocity(a, q, qd, s.Pi)) / l;
  CHECK(Q.dot(qd) == Approx(-(300.0 * (l - 0.7) + 40.0 * ldot) * ldot).epsilon(1e-13));
  // Without damping the force is −∇V (V = ½k(l − l0)², gradient by AD).
  const SpringDamper2D s0{a, s.Pi, g, s.Pj, 0.7, 300.0, 0.0};
  Eigen::VectorXd Q0 = Eigen::VectorXd::Zero(3);
  s0.add_forces(q, qd, Q0);
  for (int k = 0; k < 3; ++k) {
    Vec<Dual1> qq(3);
    for (int i = 0; i < 3; ++i) qq[i] = Dual1(q[i], i == k ? 1.0 : 0.0);
    CHECK(Q0[k] == Approx(-s0.potential(qq).d).epsilon(1e-13));
  }
}
