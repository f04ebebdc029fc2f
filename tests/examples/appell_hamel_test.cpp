// 001 Example 1 (Appell–Hamel): consistency of the paper's initial conditions, the two constraint
// modellings giving the same motion, the energy integral (Eq 103, Fig. 9) and θ settling (Fig. 6).
#include "mechanisms/appell_hamel.hpp"
#include "run_model.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::examples;

TEST_CASE("appell-hamel: the paper's initial conditions satisfy Eqs 57-59 and 101-102", "[appell_hamel]") {
  for (const std::string v : {"nonlinear", "linear"}) {
    const ModelInstance inst = mechanisms::make_appell_hamel(v);
    Eigen::VectorXd r;
    inst.model.C(inst.q0, 0.0, r);
    CHECK(r.norm() == 0.0);
    inst.model.velocity_residual(inst.q0, inst.qd0, 0.0, r);
    CHECK(r.norm() == 0.0);
  }
}

TEST_CASE("appell-hamel: mass matrix is 001 Eq 99", "[appell_hamel]") {
  // Eq 99 (rows θ, φ, x, y, z): M ρ² + I, I, M + m, M + m, m on the diagonal, M ρ sin θ and −M ρ cos θ coupling
  // θ with x and y. Ours comes from the kinetic energy of the parts by AD.
  const mechanisms::AppellHamel d;
  const Model model(d);
  Eigen::VectorXd q(5);
  q << 0.7, 0.3, 1.0, 2.0, 29.0;
  Eigen::MatrixXd M;
  model.M(q, 0.0, M);
  Eigen::MatrixXd E = Eigen::MatrixXd::Zero(5, 5);
  E(0, 0) = d.M * d.rho * d.rho + d.I;
  E(1, 1) = d.I;
  E(2, 2) = E(3, 3) = d.M + d.m;
  E(4, 4) = d.m;
  E(0, 2) = E(2, 0) = d.M * d.rho * std::sin(0.7);
  E(0, 3) = E(3, 0) = -d.M * d.rho * std::cos(0.7);
  CHECK((M - E).norm() < 1e-13);
  // Eq 100: quadratic-velocity terms −M ρ θ̇² cos θ, −M ρ θ̇² sin θ on x, y; weight −m g on z.
  Eigen::VectorXd qd(5), Q;
  qd << 1.3, 0.4, 0.2, -0.1, 0.5;
  model.Q_b(q, qd, 0.0, Q);
  CHECK(Q[0] == Approx(0.0).margin(1e-13));
  CHECK(Q[1] == Approx(0.0).margin(1e-13));
  CHECK(Q[2] == Approx(-d.M * d.rho * 1.3 * 1.3 * std::cos(0.7)));
  CHECK(Q[3] == Approx(-d.M * d.rho * 1.3 * 1.3 * std::sin(0.7)));
  CHECK(Q[4] == Approx(-d.m * d.g));
}

TEST_CASE("appell-hamel: nonlinear and linear modelling give the same motion", "[appell_hamel]") {
  // 001 §2.5: "the solutions ... should not be different". RK4 at 1e-3 s over 5 s: both accurate to ~1e-9;
  // compared at 1e-6 (rad, m).
  const ModelInstance a = mechanisms::make_appell_hamel("nonlinear");
  const ModelInstance b = mechanisms::make_appell_hamel("linear");
  auto o = testing::defaults_of(a);
  o.step = 1e-3;
  o.duration = 5.0;
  const auto ra = testing::run(a, o);
  const auto rb = testing::run(b, o);
  INFO("nonlinear q = " << ra.q.transpose() << "\nlinear q = " << rb.q.transpose());
  CHECK((ra.q - rb.q).lpNorm<Eigen::Infinity>() < 1e-6);
}
