// Quadratic-velocity vector from the mass matrix by AD, against the textbook polar-coordinate
// equations of a particle: M = diag(m, m r²), Q_v = [m r θ̇², −2 m r ṙ θ̇] (exact; round-off tolerance).
#include "carvallo/lagrange.hpp"
#include "carvallo/model.hpp"

#include <catch2/catch.hpp>

namespace {
struct PolarParticle {
  double m = 1.7;
  carvallo::Layout layout() const { return {"polar particle", {"r", "theta"}, {}, {}}; }
  template <class S> void mass(const carvallo::Vec<S>& q, const S&, carvallo::Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = m * q[0] * q[0];
  }
  template <class S> void forces(const carvallo::Vec<S>& q, const carvallo::Vec<S>& qd, const S& t, carvallo::Vec<S>& Q) const {
    carvallo::add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
};
}  // namespace

TEST_CASE("Lagrange quadratic-velocity vector of a particle in polar coordinates", "[lagrange]") {
  const carvallo::Model model{PolarParticle{}};
  const double m = 1.7, r = 1.3, th = 0.4, rd = -0.6, thd = 2.1;
  Eigen::VectorXd q(2), qd(2), Q;
  q << r, th;
  qd << rd, thd;
  model.Q_b(q, qd, 0.0, Q);
  CHECK(Q[0] == Approx(m * r * thd * thd).epsilon(1e-14));
  CHECK(Q[1] == Approx(-2.0 * m * r * rd * thd).epsilon(1e-14));
  // Its Jacobians come through one more AD level: ∂Q_v/∂q̇ = [[0, 2 m r θ̇], [−2 m r θ̇, −2 m r ṙ]].
  Eigen::MatrixXd A;
  model.Q_b_qd(q, qd, 0.0, A);
  CHECK(A(0, 0) == Approx(0.0).margin(1e-14));
  CHECK(A(0, 1) == Approx(2 * m * r * thd).epsilon(1e-14));
  CHECK(A(1, 0) == Approx(-2 * m * r * thd).epsilon(1e-14));
  CHECK(A(1, 1) == Approx(-2 * m * r * rd).epsilon(1e-14));
}
