// Derived quantities of carvallo::Model (AD) against derivatives worked out by hand for a small,
// deliberately nonlinear, time-dependent test model with a non-Pfaffian nonholonomic constraint.
// AD is exact, so the tolerance is round-off (1e-12 relative).
#include "carvallo/model.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

using carvallo::Mat;
using carvallo::Vec;

struct TestModel {
  double m = 2.0, I = 0.3, L = 1.5, g = 9.81, k = 0.7, c = 0.4;
  carvallo::Layout layout() const { return {"test", {"x", "y", "theta"}, {"circle", "curve"}, {"rolling"}}; }
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
    M(2, 2) = I + m * q[0] * q[0];
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    using namespace carvallo;
    Q[0] = -k * q[0] * qd[0];
    Q[1] = S(-m * g);
    Q[2] = -c * qd[2] * sin(q[2]);
  }
  template <class S> void holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const {
    using namespace carvallo;
    C[0] = q[0] * q[0] + q[1] * q[1] - L * L;
    C[1] = q[1] - q[0] * sin(q[2]) + t * t * q[0];
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& D) const {
    D[0] = qd[0] * qd[0] + q[1] * qd[2] - t;
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const { return m * g * q[1]; }
};

constexpr double kTol = 1e-12;

void check_close(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  CHECK((a - b).norm() <= kTol * (1.0 + b.norm()));
}

}  // namespace

TEST_CASE("Model: layout, names and sizes", "[model]") {
  const carvallo::Model model{TestModel{}};
  CHECK(model.nq() == 3);
  CHECK(model.nch() == 2);
  CHECK(model.ncnh() == 1);
  CHECK(model.constraint_name(2) == "rolling");
  CHECK(model.coordinate_index("theta") == 2);
  CHECK_THROWS_AS(model.coordinate_index("phi"), carvallo::SolverError);
}

TEST_CASE("Model: AD derivatives match hand-derived ones", "[model]") {
  const carvallo::Model model{TestModel{}};
  const TestModel p;
  const double x = 0.8, y = -0.3, th = 0.6, xd = 0.5, yd = -1.1, thd = 2.3, t = 0.9;
  Eigen::VectorXd q(3), qd(3);
  q << x, y, th;
  qd << xd, yd, thd;
  const double s = std::sin(th), co = std::cos(th);

  Eigen::MatrixXd A;
  Eigen::VectorXd v;

  model.C(q, t, v);
  check_close(v, Eigen::Vector2d(x * x + y * y - p.L * p.L, y - x * s + t * t * x));

  model.C_q(q, t, A);
  Eigen::MatrixXd Cq(2, 3);
  Cq << 2 * x, 2 * y, 0, -s + t * t, 1, -x * co;
  check_close(A, Cq);

  model.C_t(q, t, v);
  check_close(v, Eigen::Vector2d(0, 2 * t * x));

  model.C_dot(q, qd, t, v);
  check_close(v, Cq * qd + Eigen::Vector2d(0, 2 * t * x));

  // 000 Eq 7 by hand: Q_d,h = −C_tt − (C_q q̇)_q q̇ − 2 C_qt q̇.
  model.Q_dh(q, qd, t, v);
  const double Qdh1 = -2 * (xd * xd + yd * yd);
  const double Qdh2 = -2 * x + 2 * co * xd * thd - x * s * thd * thd - 4 * t * xd;
  check_close(v, Eigen::Vector2d(Qdh1, Qdh2));

  model.D(q, qd, t, v);
  check_close(v, Eigen::VectorXd::Constant(1, xd * xd + y * thd - t));
  model.D_qd(q, qd, t, A);
  check_close(A, Eigen::RowVector3d(2 * xd, 0, y));
  model.D_q(q, qd, t, A);
  check_close(A, Eigen::RowVector3d(0, thd, 0));
  model.D_t(q, qd, t, v);
  check_close(v, Eigen::VectorXd::Constant(1, -1.0));
  // 000 Eq 8: Q_d,nh = −D_t − D_q q̇ = 1 − θ̇ ẏ.
  model.Q_dnh(q, qd, t, v);
  check_close(v, Eigen::VectorXd::Constant(1, 1.0 - thd * yd));

  model.J(q, qd, t, A);
  Eigen::MatrixXd Jx(3, 3);
  Jx << Cq, Eigen::RowVector3d(2 * xd, 0, y);
  check_close(A, Jx);
  model.Q_d(q, qd, t, v);
  check_close(v, Eigen::Vector3d(Qdh1, Qdh2, 1.0 - thd * yd));

  model.M(q, t, A);
  check_close(A, Eigen::Vector3d(p.m, p.m, p.I + p.m * x * x).asDiagonal().toDenseMatrix());
  model.Q_b(q, qd, t, v);
  check_close(v, Eigen::Vector3d(-p.k * x * xd, -p.m * p.g, -p.c * thd * s));
  model.Q_b_q(q, qd, t, A);
  Eigen::MatrixXd Qq = Eigen::MatrixXd::Zero(3, 3);
  Qq(0, 0) = -p.k * xd;
  Qq(2, 2) = -p.c * thd * co;
  check_close(A, Qq);
  model.Q_b_qd(q, qd, t, A);
  Eigen::MatrixXd Qqd = Eigen::MatrixXd::Zero(3, 3);
  Qqd(0, 0) = -p.k * x;
  Qqd(2, 2) = -p.c * s;
  check_close(A, Qqd);

  const Eigen::Vector3d a(0.3, -0.2, 1.7);
  model.Ma_q(q, t, a, A);
  Eigen::MatrixXd Maq = Eigen::MatrixXd::Zero(3, 3);
  Maq(2, 0) = 2 * p.m * x * a[2];
  check_close(A, Maq);

  const Eigen::Vector3d nu(0.7, -1.2, 0.45);
  model.JTnu_q(q, qd, t, nu, A);
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 3);
  H(0, 0) = 2 * nu[0];
  H(1, 1) = 2 * nu[0];
  H(0, 2) = H(2, 0) = -co * nu[1];
  H(2, 2) = x * s * nu[1];
  H(2, 1) = nu[2];  // ∂(D_q̇ᵀμ)_θ/∂y = μ
  check_close(A, H);
  model.JTnu_qd(q, qd, t, nu, A);
  Eigen::MatrixXd Hd = Eigen::MatrixXd::Zero(3, 3);
  Hd(0, 0) = 2 * nu[2];
  check_close(A, Hd);

  model.Q_d_q(q, qd, t, A);
  Eigen::MatrixXd Qdq = Eigen::MatrixXd::Zero(3, 3);
  Qdq(1, 0) = -2 - s * thd * thd;
  Qdq(1, 2) = -2 * s * xd * thd - x * co * thd * thd;
  check_close(A, Qdq);
  model.Q_d_qd(q, qd, t, A);
  Eigen::MatrixXd Qdqd(3, 3);
  Qdqd << -4 * xd, -4 * yd, 0, 2 * co * thd - 4 * t, 0, 2 * co * xd - 2 * x * s * thd, 0, -thd, -yd;
  check_close(A, Qdqd);

  // The linearization's blocks from one program (000 Eqs 26, 28), against the hand-derived terms above.
  carvallo::LinearizationBlocks blocks;
  model.linearization_blocks(q, qd, t, a, nu, blocks);
  check_close(blocks.K11, Maq - Qq + H);
  check_close(blocks.R11, -Qqd + Hd);
  check_close(blocks.C_q, Cq);
  check_close(blocks.D_q, Eigen::RowVector3d(0, thd, 0));
  check_close(blocks.D_qd, Eigen::RowVector3d(2 * xd, 0, y));
  // Its recorded program at a second state (the recording state's values are not baked in).
  const Eigen::Vector3d q2(-0.4, 0.9, -1.3), qd2(0.2, 0.7, -0.6), a2(-1.0, 0.4, 0.25), nu2(0.1, 2.0, -0.3);
  const double t2 = 1.7;
  carvallo::LinearizationBlocks again;
  model.linearization_blocks(q2, qd2, t2, a2, nu2, again);
  Eigen::MatrixXd K(3, 3), R(3, 3), term;
  model.Ma_q(q2, t2, a2, K);
  model.Q_b_q(q2, qd2, t2, term);
  K -= term;
  model.JTnu_q(q2, qd2, t2, nu2, term);
  K += term;
  model.JTnu_qd(q2, qd2, t2, nu2, R);
  model.Q_b_qd(q2, qd2, t2, term);
  R -= term;
  check_close(again.K11, K);
  check_close(again.R11, R);
  model.C_q(q2, t2, term);
  check_close(again.C_q, term);
  model.D_q(q2, qd2, t2, term);
  check_close(again.D_q, term);
  model.D_qd(q2, qd2, t2, term);
  check_close(again.D_qd, term);

  CHECK(model.kinetic_energy(q, qd, t) ==
        Approx(0.5 * (p.m * (xd * xd + yd * yd) + (p.I + p.m * x * x) * thd * thd)).epsilon(1e-14));
  CHECK(model.potential_energy(q, t) == Approx(p.m * p.g * y).epsilon(1e-14));
}

TEST_CASE("Model: non-finite values become typed errors naming the culprit", "[model]") {
  const carvallo::Model model{TestModel{}};
  Eigen::VectorXd q(3), v;
  q << 0.1, std::nan(""), 0.0;
  try {
    model.C(q, 2.5, v);
    FAIL("expected SolverError");
  } catch (const carvallo::SolverError& e) {
    CHECK(e.kind() == carvallo::SolverError::Kind::NonFinite);
    CHECK(e.subject() == "y");
    CHECK(e.time() == 2.5);
  }
  Eigen::VectorXd wrong(2);
  CHECK_THROWS_AS(model.C(wrong, 0.0, v), carvallo::SolverError);
}

namespace {

// The same model with the optional rate-seeded nonholonomic(): q and t may be double while q̇ is dual.
struct RateSeededTestModel : TestModel {
  template <class S, class SQ = S>
  void nonholonomic(const Vec<SQ>& q, const Vec<S>& qd, const SQ& t, Vec<S>& D) const {
    D[0] = qd[0] * qd[0] + q[1] * qd[2] - t;
  }
};

}  // namespace

TEST_CASE("Model: a nonholonomic() of two scalar types (q and q̇) gives the hand derivatives", "[model]") {
  const carvallo::Model model{RateSeededTestModel{}};
  const double x = 0.8, y = -0.3, th = 0.6, xd = 0.5, yd = -1.1, thd = 2.3, t = 0.9;
  Eigen::VectorXd q(3), qd(3), v;
  q << x, y, th;
  qd << xd, yd, thd;
  Eigen::MatrixXd A;
  model.D_qd(q, qd, t, A);
  check_close(A, Eigen::RowVector3d(2 * xd, 0, y));
  model.D_q(q, qd, t, A);
  check_close(A, Eigen::RowVector3d(0, thd, 0));
  model.D(q, qd, t, v);
  check_close(v, Eigen::VectorXd::Constant(1, xd * xd + y * thd - t));
}
