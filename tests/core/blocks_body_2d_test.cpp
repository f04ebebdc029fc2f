// blocks/body_2d.hpp: natural absolute coordinates (002 §2-3.1) and plain (x, y, θ) bodies.
#include "carvallo/blocks/body_2d.hpp"
#include "carvallo/model.hpp"

#include <Eigen/Geometry>

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {
// One free NACF body (6 coordinates, 3 intrinsic constraints) as a model, to get AD Jacobians.
struct FreeNaturalBody {
  NaturalBody2D b = NaturalBody2D::from_inertia(0, 3.0, 0.08, 4.04, 4.04);
  Layout layout() const { return {"free body", NaturalBody2D::coordinate_names("b"), NaturalBody2D::intrinsic_names("b"), {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const { b.add_mass(M); }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const {
    b.add_gravity(Q, Eigen::Vector2d(0.0, -9.81));
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const { b.intrinsic(q, C, 0); }
};
}  // namespace

TEST_CASE("body_2d: second moments from the tabulated inertia (002 Eq 58)", "[blocks_body_2d]") {
  // 002 Table 1 bar: m = 3, I_xx = 0.08, I_yy = I_zz = 4.04 → J_xx = 4.0, J_yy = 0.04, and J_xx + J_yy = I_zz.
  const auto b = NaturalBody2D::from_inertia(0, 3.0, 0.08, 4.04, 4.04);
  CHECK(b.Jxx == Approx(4.0).epsilon(1e-14));
  CHECK(b.Jyy == Approx(0.04).epsilon(1e-12));
  CHECK(b.Izz() == Approx(4.04).epsilon(1e-14));
}

TEST_CASE("body_2d: positions of body points (002 Eq 14) agree with the rotation-matrix form", "[blocks_body_2d]") {
  const NaturalBody2D n = NaturalBody2D::from_inertia(0, 1.0, 0.1, 0.2, 0.3);
  const AngleBody2D a{0, 1.0, 0.3};
  Eigen::VectorXd qn(6), qa(3);
  const double x = 0.3, y = -1.2, th = 0.7;
  n.set_pose(qn, x, y, th);
  a.set_pose(qa, x, y, th);
  const Eigen::Vector2d local(1.5, -0.4);
  const Eigen::Vector2d expected = Eigen::Vector2d(x, y) + Eigen::Rotation2Dd(th) * local;
  CHECK((n.point(qn, local) - expected).norm() < 1e-15);
  CHECK((a.point(qa, local) - expected).norm() < 1e-15);
  CHECK(n.angle(qn) == Approx(th));
}

TEST_CASE("body_2d: constant mass matrix gives the rigid-body kinetic energy", "[blocks_body_2d]") {
  // T = ½ ėᵀ M ė (002 Eq 59) must equal ½ m |v_G|² + ½ I_zz ω² for a rigid motion: α̇ = ω(−sin θ, cos θ),
  // β̇ = ω(−cos θ, −sin θ) (time derivative of Eq 8).
  const Model model(FreeNaturalBody{});
  Eigen::VectorXd q(6), qd(6);
  const double th = 1.1, w = 2.3, vx = 0.4, vy = -0.9;
  FreeNaturalBody{}.b.set_pose(q, 0.0, 0.0, th);
  qd << vx, vy, -w * std::sin(th), w * std::cos(th), -w * std::cos(th), -w * std::sin(th);
  const double T = model.kinetic_energy(q, qd, 0.0);
  CHECK(T == Approx(0.5 * 3.0 * (vx * vx + vy * vy) + 0.5 * 4.04 * w * w).epsilon(1e-14));
  // A rigid motion satisfies the intrinsic constraints at the velocity level.
  Eigen::VectorXd Cd;
  model.C_dot(q, qd, 0.0, Cd);
  CHECK(Cd.norm() < 1e-14);
}

TEST_CASE("body_2d: intrinsic constraints, Jacobian (002 Eq 22) and quadratic-velocity vector (Eq 25)", "[blocks_body_2d]") {
  const Model model(FreeNaturalBody{});
  Eigen::VectorXd q(6), qd(6);
  q << 0.5, 0.2, 0.8, 0.6, -0.6, 0.8;                 // α = (0.8, 0.6), β = (−0.6, 0.8): a valid pose
  qd << 0.1, 0.2, 0.3, -0.4, 0.5, 0.7;                // arbitrary rates (need not be consistent)
  Eigen::VectorXd C;
  model.C(q, 0.0, C);
  CHECK(C.norm() < 1e-15);
  Eigen::MatrixXd Cq;
  model.C_q(q, 0.0, Cq);
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(3, 6);  // Eq 22
  const Eigen::Vector2d al(0.8, 0.6), be(-0.6, 0.8);
  expected.block<1, 2>(0, 2) = 2.0 * al.transpose();
  expected.block<1, 2>(1, 4) = 2.0 * be.transpose();
  expected.block<1, 2>(2, 2) = be.transpose();
  expected.block<1, 2>(2, 4) = al.transpose();
  CHECK((Cq - expected).norm() < 1e-15);
  Eigen::VectorXd Qd;
  model.Q_dh(q, qd, 0.0, Qd);
  const Eigen::Vector2d ad = qd.segment<2>(2), bd = qd.segment<2>(4);
  CHECK(Qd[0] == Approx(-2.0 * ad.dot(ad)));  // Eq 25
  CHECK(Qd[1] == Approx(-2.0 * bd.dot(bd)));
  CHECK(Qd[2] == Approx(-2.0 * ad.dot(bd)));
  // Gravity acts on the reference point only (Eq 62 with the reference point at the centre of mass).
  Eigen::VectorXd Q;
  model.Q_b(q, qd, 0.0, Q);
  CHECK(Q[1] == Approx(-3.0 * 9.81));
  CHECK(Q.segment<4>(2).norm() == 0.0);
}
