// carvallo/blocks/forces.hpp: generalized forces against the principle of virtual power, Qᵀq̇ = F·ṙ_P
// (point force) and Qᵀq̇ = T·ω (torque), with ṙ_P and ω obtained independently by AD of the point position
// and of the rotation matrix (ω̃ = Ṙ Rᵀ). Gravity: Q = −∂V/∂q by AD of the potential (for Euler
// parameters up to a multiple of p, see below). A spring's force
// against −∂V/∂q of its potential (no damping) and its damping power −c L̇². Tolerance 1e-13: O(1)
// quantities, a few round-offs.
#include "carvallo/blocks/forces.hpp"

#include <catch2/catch.hpp>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {

struct Case {
  RigidBody3D body;
  Eigen::VectorXd q, qd;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  RigidBody3D a;
  a.offset = 1;  // coordinates need not start at 0
  a.seq = EulerSequence::ZYZ;
  a.mass = 1.3;
  Eigen::VectorXd q(8), qd(8);
  q << 9, 0.1, 0.2, -0.3, 0.4, 1.1, -0.6, 9;
  qd << 9, 0.5, -0.4, 0.3, 1.2, -0.8, 0.7, 9;
  out.push_back({a, q, qd});
  RigidBody3D b = a;
  b.kind = Orientation::EulerParameters;
  Eigen::VectorXd qb(8), qdb(8);
  const Eigen::Vector4d p = Eigen::Vector4d(0.6, -0.3, 0.5, 0.2).normalized();
  Eigen::Vector4d pd(0.2, 0.9, -0.4, 0.1);
  pd -= p * p.dot(pd);
  qb << 0.1, 0.2, -0.3, p, 9;
  qdb << 0.5, -0.4, 0.3, pd, 9;
  b.offset = 0;
  out.push_back({b, qb, qdb});
  return out;
}

Vec<Dual1> along(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  Vec<Dual1> x(q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) x[i] = Dual1(q[i], qd[i]);
  return x;
}

}  // namespace

TEST_CASE("point force and torque: virtual power", "[blocks][forces]") {
  const Eigen::Vector3d s(0.3, -0.2, 0.5), F(1.0, -2.0, 0.7), T(-0.4, 0.9, 1.5);
  for (const auto& c : cases()) {
    const Vec<Dual1> x = along(c.q, c.qd);
    const Vec3<Dual1> P = c.body.point<Dual1>(x, s);
    const Eigen::Vector3d vP(P[0].d, P[1].d, P[2].d);
    Vec<double> Q = Vec<double>::Zero(c.q.size());
    add_point_force<double>(c.body, c.q, s, Vec3<double>(F), Q);
    CHECK(Q.dot(c.qd) == Approx(F.dot(vP)).epsilon(1e-13));

    const Mat3<Dual1> R = c.body.rotation<Dual1>(x);
    Eigen::Matrix3d Rv, Rd;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        Rv(i, j) = R(i, j).v;
        Rd(i, j) = R(i, j).d;
      }
    const Eigen::Matrix3d W = Rd * Rv.transpose();
    const Eigen::Vector3d w(W(2, 1), W(0, 2), W(1, 0));
    Q.setZero();
    add_torque<double>(c.body, c.q, Vec3<double>(T), Q);
    CHECK(Q.dot(c.qd) == Approx(T.dot(w)).epsilon(1e-13));
  }
}

TEST_CASE("gravity and spring forces are minus the gradient of their potentials", "[blocks][forces]") {
  const Eigen::Vector3d g(0.0, 0.0, 9.81);
  for (const auto& c : cases()) {
    SpringDamper3D spring{RigidBody3D::ground(), c.body, Eigen::Vector3d(1.0, 2.0, -1.0), Eigen::Vector3d(0.3, -0.2, 0.5),
                          40.0, 0.0, 0.5};
    Vec<double> Q = Vec<double>::Zero(c.q.size());
    add_gravity<double>(c.body, g, Q);
    spring.add_forces<double>(c.q, c.qd, Q);
    Eigen::VectorXd residual = Q;  // Q + ∂V/∂q
    for (Eigen::Index j = 0; j < c.q.size(); ++j) {
      Vec<Dual1> x(c.q.size());
      for (Eigen::Index i = 0; i < c.q.size(); ++i) x[i] = Dual1(c.q[i], i == j ? 1.0 : 0.0);
      const Dual1 V = gravity_potential<Dual1>(c.body, x, g) + spring.potential_energy<Dual1>(x);
      residual[j] += V.d;
    }
    if (c.body.kind == Orientation::EulerParameters) {
      // R(p) is a rotation only on pᵀp = 1, so the two may differ along p (normal to that sphere); the
      // normalization constraint's multiplier takes that part. Compare the tangential parts.
      const Eigen::Vector4d p = c.q.segment<4>(c.body.offset + 3);
      residual.segment<4>(c.body.offset + 3) -= p * p.dot(residual.segment<4>(c.body.offset + 3));
    }
    CHECK(residual.lpNorm<Eigen::Infinity>() < 1e-12);
    // Damping alone dissipates −c L̇²: its power Qᵀq̇ equals −c (dL/dt)².
    SpringDamper3D damper = spring;
    damper.stiffness = 0.0;
    damper.damping = 3.0;
    Q.setZero();
    damper.add_forces<double>(c.q, c.qd, Q);
    const Vec<Dual1> x = along(c.q, c.qd);
    const Vec3<Dual1> d = damper.b.point<Dual1>(x, damper.point_b) - damper.point_a.cast<Dual1>();
    const Dual1 L = sqrt(d.dot(d));
    CHECK(Q.dot(c.qd) == Approx(-3.0 * L.d * L.d).epsilon(1e-13));
  }
}
