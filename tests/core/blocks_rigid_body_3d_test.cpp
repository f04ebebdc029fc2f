// carvallo/blocks/rigid_body_3d.hpp: a free rigid body under gravity (Euler angles of several sequences,
// and Euler parameters with the normalization constraint). References: the mass centre falls with
// acceleration g, and the rotation obeys Euler's equations I ω̇ + ω × I ω = 0 (a second formulation: the
// block uses Lagrange's equations in angle coordinates, Euler's equations are in ω). Point velocities
// against AD of point positions. Tolerances: 1e-12 (round-off of O(1) quantities through a linear solve).
#include "carvallo/blocks/forces.hpp"
#include "carvallo/blocks/rigid_body_3d.hpp"
#include "carvallo/model.hpp"
#include "dense_augmented.hpp"

#include <Eigen/LU>
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {

struct FreeBody {
  RigidBody3D body;
  Eigen::Vector3d g{0.0, 0.0, 9.81};
  Layout layout() const { return {"free body", body.coordinate_names("body"), body.constraint_names("body"), {}}; }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const { body.add_mass<S>(q, M); }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    body.add_quadratic_velocity<S>(q, qd, Q);
    add_gravity<S>(body, g, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const { body.write_constraints<S>(q, C, 0); }
};

Eigen::Matrix3d test_inertia() {
  Eigen::Matrix3d I;
  I << 2.0, 0.3, -0.2, 0.3, 3.0, 0.1, -0.2, 0.1, 4.0;
  return I;
}

/// q̈ from the augmented system [[M, C_qᵀ], [C_q, 0]] [q̈; λ] = [Q_b; Q_d,h].
Eigen::VectorXd accelerations(const Model& model, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  return carvallo_test::dense_augmented_solution(model, q, qd).head(model.nq());
}

void check_free_body(const RigidBody3D& body, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
  const FreeBody def{body};
  const Model model(def);
  const Eigen::VectorXd qdd = accelerations(model, q, qd);
  CHECK((qdd.head<3>() - def.g).lpNorm<Eigen::Infinity>() < 1e-12);
  // ω and ω̇ in body axes: one AD pass along (q̇, q̈).
  Vec<Dual1> qq(q.size()), vv(q.size());
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    qq[i] = Dual1(q[i], qd[i]);
    vv[i] = Dual1(qd[i], qdd[i]);
  }
  const Vec3<Dual1> w = body.angular_velocity_in_body<Dual1>(qq, vv);
  Eigen::Vector3d omega, omega_dot;
  for (int k = 0; k < 3; ++k) {
    omega[k] = w[k].v;
    omega_dot[k] = w[k].d;
  }
  const Eigen::Vector3d euler = body.inertia * omega_dot + omega.cross(body.inertia * omega);
  CHECK(euler.lpNorm<Eigen::Infinity>() < 1e-12);
  // Kinetic energy of the block = ½ q̇ᵀ M q̇ (the mass matrix is the Hessian of T in q̇).
  Eigen::MatrixXd M;
  model.M(q, 0.0, M);
  CHECK(body.kinetic_energy<double>(q, qd) == Approx(0.5 * qd.dot(M * qd)).epsilon(1e-13));
  // Velocity of a body point = d/dt of its position (AD along q̇).
  const Eigen::Vector3d s(0.2, -0.5, 0.7);
  const Vec3<Dual1> P = body.point<Dual1>(qq, s);
  const Eigen::Vector3d v = body.velocity<double>(q, qd, s);
  for (int k = 0; k < 3; ++k) CHECK(v[k] == Approx(P[k].d).margin(1e-14));
}

}  // namespace

TEST_CASE("rigid body with Euler angles falls freely and rotates by Euler's equations", "[blocks][rigid_body_3d]") {
  for (EulerSequence seq : {EulerSequence::ZXY, EulerSequence::XYZ, EulerSequence::ZXZ, EulerSequence::YZY}) {
    INFO(std::string(euler_sequence_name(seq)));
    RigidBody3D body;
    body.seq = seq;
    body.mass = 1.7;
    body.inertia = test_inertia();
    Eigen::VectorXd q(6), qd(6);
    q << 0.1, -0.2, 0.3, 0.4, 0.8, -0.6;  // away from the singularities of every sequence used
    qd << 1.0, -2.0, 0.5, 1.3, -0.7, 2.2;
    check_free_body(body, q, qd);
  }
}

TEST_CASE("rigid body with Euler parameters: normalization constraint and Euler's equations", "[blocks][rigid_body_3d]") {
  RigidBody3D body;
  body.kind = Orientation::EulerParameters;
  body.mass = 0.8;
  body.inertia = test_inertia();
  CHECK(body.coordinate_count() == 7);
  CHECK(body.constraint_names("b") == std::vector<std::string>{"b normalization"});
  Eigen::VectorXd q(7), qd(7);
  Eigen::Vector4d p = Eigen::Vector4d(0.8, 0.1, -0.4, 0.3).normalized();
  Eigen::Vector4d pd(0.5, -1.0, 0.7, 0.2);
  pd -= p * p.dot(pd);  // consistent velocity: pᵀṗ = 0
  q << 0.0, 1.0, 2.0, p;
  qd << 0.3, 0.0, -0.1, pd;
  CHECK(body.normalization<double>(q) == Approx(0.0).margin(1e-15));
  check_free_body(body, q, qd);
}

TEST_CASE("rigid body: Q_v for double (Newton-Euler, vector mode) equals the nested-dual passes", "[blocks][rigid_body_3d]") {
  // add_quadratic_velocity<double> uses the Newton–Euler form −Gᵀ(I Ġθ̇ + ω × Iω) for Euler angles and
  // seeds N + 1 tangents at once for Euler parameters; for dual scalars (linearization) it nests
  // single-direction duals through M(θ). A second formulation each: they agree to round-off.
  // Every Euler sequence (the Newton–Euler form relies on ω = G θ̇ only), then Euler parameters.
  std::vector<std::pair<Orientation, EulerSequence>> cases;
  for (auto seq : kAllEulerSequences) cases.emplace_back(Orientation::EulerAngles, seq);
  cases.emplace_back(Orientation::EulerParameters, EulerSequence::ZXY);
  for (const auto& [kind, seq] : cases) {
    CAPTURE(euler_sequence_name(seq), kind == Orientation::EulerAngles);
    FreeBody fb;
    fb.body.kind = kind;
    fb.body.seq = seq;
    fb.body.mass = 1.7;
    fb.body.inertia = test_inertia();
    const int n = fb.body.coordinate_count();
    Eigen::VectorXd q(n), qd(n);
    if (kind == Orientation::EulerAngles) {
      q << 0.1, -0.2, 0.3, 0.4, 0.8, -0.6;
      qd << 1.0, -2.0, 0.5, 1.3, -0.7, 2.2;
    } else {
      q << 0.1, -0.2, 0.3, Eigen::Vector4d(0.9, 0.2, -0.3, 0.25).normalized();
      qd << 1.0, -2.0, 0.5, 0.3, -0.5, 0.2, 0.7;
    }
    Vec<double> Q = Vec<double>::Zero(n);
    fb.body.add_quadratic_velocity<double>(q, qd, Q);
    Vec<Dual1> q1(n), qd1(n), Q1 = Vec<Dual1>::Zero(n);
    for (int k = 0; k < n; ++k) {
      q1[k] = Dual1(q[k]);
      qd1[k] = Dual1(qd[k]);
    }
    fb.body.add_quadratic_velocity<Dual1>(q1, qd1, Q1);
    CHECK(Q.lpNorm<Eigen::Infinity>() > 0.1);  // a nontrivial gyroscopic term
    for (int k = 0; k < n; ++k) CHECK(std::abs(Q[k] - Q1[k].v) <= 1e-13 * (1.0 + std::abs(Q[k])));
  }
}
