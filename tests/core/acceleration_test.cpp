// Acceleration solvers against the closed-form dynamics of a planar pendulum in Cartesian coordinates:
// with x = L sin φ, y = −L cos φ, φ̈ = −(g/L) sin φ, ẍ = L(cos φ φ̈ − sin φ φ̇²), ÿ = L(sin φ φ̈ + cos φ φ̇²)
// and rod tension T = m(g cos φ + L φ̇²), so λ = T/(2L) for C = x² + y² − L² (C_q = [2x, 2y]).
// Round-off tolerance (1e-12 relative): both solvers are direct linear-algebra methods.
#include "carvallo/acceleration.hpp"
#include "dense_augmented.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

struct Pendulum {
  double m = 1.3, L = 0.9, g = 9.81;
  bool duplicate = false;  // add the same rod constraint twice (redundant)
  carvallo::Layout layout() const {
    carvallo::Layout l{"pendulum", {"x", "y"}, {"rod"}, {}};
    if (duplicate) l.holonomic.push_back("rod copy");
    return l;
  }
  template <class S> void mass(const carvallo::Vec<S>&, const S&, carvallo::Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
  }
  template <class S> void forces(const carvallo::Vec<S>&, const carvallo::Vec<S>&, const S&, carvallo::Vec<S>& Q) const {
    Q[1] = S(-m * g);
  }
  template <class S> void holonomic(const carvallo::Vec<S>& q, const S&, carvallo::Vec<S>& C) const {
    C[0] = q[0] * q[0] + q[1] * q[1] - L * L;
    if (duplicate) C[1] = C[0];
  }
};

struct Exact {
  Eigen::VectorXd q, qd, qdd;
  double lambda;
};

Exact exact(const Pendulum& p, double phi, double phid) {
  const double s = std::sin(phi), c = std::cos(phi), phidd = -p.g / p.L * s;
  Exact e;
  e.q = Eigen::Vector2d(p.L * s, -p.L * c);
  e.qd = Eigen::Vector2d(p.L * c * phid, p.L * s * phid);
  e.qdd = Eigen::Vector2d(p.L * (c * phidd - s * phid * phid), p.L * (s * phidd + c * phid * phid));
  e.lambda = p.m * (p.g * c + p.L * phid * phid) / (2.0 * p.L);
  return e;
}

}  // namespace

TEST_CASE("Acceleration solvers reproduce the pendulum's exact q̈ and λ", "[acceleration]") {
  const auto method = GENERATE(carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba);
  CAPTURE(carvallo::to_string(method));
  const Pendulum p;
  const carvallo::Model model{p};
  const Exact e = exact(p, 1.1, -2.3);
  auto solver = carvallo::make_acceleration_solver(method);
  carvallo::AccelerationResult r;
  solver->solve(model, 0.0, e.q, e.qd, {}, r);
  CHECK((r.qdd - e.qdd).norm() <= 1e-12 * e.qdd.norm());
  CHECK(r.nu[0] == Approx(e.lambda).epsilon(1e-12));
  CHECK(r.rank == 1);
  CHECK(r.rank_deficiency == 0);
  // Constraint force −C_qᵀλ points to the pivot with magnitude T.
  Eigen::MatrixXd J;
  model.J(e.q, e.qd, 0.0, J);
  const Eigen::VectorXd F = carvallo::constraint_forces(J, r);
  CHECK(F.norm() == Approx(2.0 * p.L * e.lambda).epsilon(1e-12));
  CHECK(F.dot(e.q) < 0.0);
}

TEST_CASE("Acceleration solvers detect a duplicated constraint and still give the exact q̈", "[acceleration]") {
  const auto method = GENERATE(carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba);
  CAPTURE(carvallo::to_string(method));
  Pendulum p;
  p.duplicate = true;
  const carvallo::Model model{p};
  const Exact e = exact(p, -0.4, 1.7);
  auto solver = carvallo::make_acceleration_solver(method);
  carvallo::AccelerationResult r;
  solver->solve(model, 0.0, e.q, e.qd, {}, r);
  CHECK((r.qdd - e.qdd).norm() <= 1e-12 * e.qdd.norm());
  CHECK(r.rank == 1);
  CHECK(r.rank_deficiency == 1);
  // The split of the tension between the two copies is not unique; their sum is.
  CHECK(r.nu.sum() == Approx(e.lambda).epsilon(1e-12));
}

TEST_CASE("Baumgarte gains add Γ₁Ċ + Γ₂C to the acceleration constraint (001 Eq 112)", "[acceleration]") {
  const auto method = GENERATE(carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba);
  const Pendulum p;
  const carvallo::Model model{p};
  // A state off the constraint: radius 1.01 L, with a radial velocity component.
  Eigen::VectorXd q(2), qd(2);
  q << 0.5, -0.7;
  qd << 0.3, 0.4;
  const carvallo::BaumgarteGains gains{-20.0, -100.0, 0.0};
  auto solver = carvallo::make_acceleration_solver(method);
  carvallo::AccelerationResult r;
  solver->solve(model, 0.0, q, qd, gains, r);
  // C̈ = 2(x ẍ + y ÿ) + 2(ẋ² + ẏ²) must equal Γ₁Ċ + Γ₂C.
  const double C = q.squaredNorm() - p.L * p.L, Cdot = 2.0 * q.dot(qd);
  const double Cdd = 2.0 * q.dot(r.qdd) + 2.0 * qd.squaredNorm();
  CHECK(Cdd == Approx(gains.gamma1 * Cdot + gains.gamma2 * C).epsilon(1e-12));
}

TEST_CASE("Acceleration method names round-trip", "[acceleration]") {
  for (auto m : {carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba})
    CHECK(carvallo::parse_acceleration_method(carvallo::to_string(m)) == m);
  CHECK_THROWS_AS(carvallo::parse_acceleration_method("magic"), carvallo::SolverError);
}

namespace {

// M couples x and z (not neighbours) through the angle w, y and w are on their own: the augmented
// solver's block factorization must merge x..z into one block. One constraint touches x, y, z, one only
// y and w, so Y = L⁻¹Jᵀ has blocks with different constraint rows.
struct CoupledMass {
  carvallo::Layout layout() const { return {"coupled mass", {"x", "y", "z", "w"}, {"sphere", "link"}, {"rolling"}}; }
  template <class S> void mass(const carvallo::Vec<S>& q, const S&, carvallo::Mat<S>& M) const {
    using carvallo::cos;
    M(0, 0) = S(2.0);
    M(0, 2) = M(2, 0) = S(0.5) * cos(q[3]);
    M(2, 2) = S(1.5);
    M(1, 1) = S(3.0);
    M(3, 3) = S(0.7) + q[0] * q[0];
  }
  template <class S>
  void forces(const carvallo::Vec<S>& q, const carvallo::Vec<S>& qd, const S&, carvallo::Vec<S>& Q) const {
    Q[0] = S(-1.0) + S(0.3) * qd[0] * qd[2];
    Q[1] = S(-9.81 * 3.0);
    Q[2] = S(0.4) * qd[3];
    Q[3] = S(-0.2) * q[3];
  }
  template <class S> void holonomic(const carvallo::Vec<S>& q, const S&, carvallo::Vec<S>& C) const {
    C[0] = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - S(4.0);
    C[1] = q[3] - S(0.5) * q[1];
  }
  template <class S>
  void nonholonomic(const carvallo::Vec<S>& q, const carvallo::Vec<S>& qd, const S&, carvallo::Vec<S>& D) const {
    using carvallo::sin;
    D[0] = qd[0] - sin(q[3]) * qd[2];
  }
};

}  // namespace

TEST_CASE("Augmented solver with a coupled, block-diagonal M agrees with the dense augmented system", "[acceleration]") {
  // Reference: [M Jᵀ; J 0][q̈; ν] = [Q_b; Q_d] assembled from the model and solved by a full-pivoting LU
  // here (an independent formulation: no Schur complement, no block structure).
  const carvallo::Model model{CoupledMass{}};
  Eigen::VectorXd q(4), qd(4);
  q << 1.2, -0.9, std::sqrt(4.0 - 1.44 - 0.81), -0.45;
  qd << 0.3, 0.5, -0.2, 0.25;
  Eigen::MatrixXd M;
  model.M(q, 0.0, M);
  REQUIRE(M(0, 2) != 0.0);
  const Eigen::VectorXd x = carvallo_test::dense_augmented_solution(model, q, qd);
  for (auto method : {carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba}) {
    CAPTURE(carvallo::to_string(method));
    auto solver = carvallo::make_acceleration_solver(method);
    carvallo::AccelerationResult r;
    solver->solve(model, 0.0, q, qd, {}, r);
    CHECK((r.qdd - x.head(4)).lpNorm<Eigen::Infinity>() < 1e-13 * (1.0 + x.head(4).lpNorm<Eigen::Infinity>()));
    CHECK((r.nu - x.tail(3)).lpNorm<Eigen::Infinity>() < 1e-13 * (1.0 + x.tail(3).lpNorm<Eigen::Infinity>()));
    CHECK(r.rank == 3);
  }
}
