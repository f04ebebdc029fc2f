// Redundant constraints: the four-bar with its coupler joint duplicated (a scaled copy) and the sleigh with
// its no-slip condition duplicated. Reference: the same mechanism without the duplicate (a second
// formulation of the same motion) — trajectories must agree to round-off/tolerance level — plus the known
// rank deficiency (exactly one redundant row).
#include "carvallo/simulation.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

Eigen::VectorXd run(const carvallo::Model& model, const carvallo::State& s0, carvallo::SimulationOptions opt,
                    int steps, int& redundant_seen) {
  carvallo::Simulation sim(model, opt);
  sim.set_state(s0);
  redundant_seen = 0;
  for (int i = 0; i < steps; ++i) {
    const auto& r = sim.step(1e-3);
    redundant_seen = std::max({redundant_seen, r.correction.redundant_holonomic, r.correction.redundant_total});
    // Projections hold the constraints to their 1e-12 tolerance; Baumgarte only bounds the drift (the
    // four-bar's crank turns at ~3 rad/s, so RK4's O(Δt⁴) defect leaves ~1e-10 after damping).
    const double bound = opt.stabilization == carvallo::StabilizationMethod::Baumgarte ? 1e-8 : 1e-10;
    REQUIRE(r.C_norm <= bound);
    REQUIRE(r.D_norm <= bound);
  }
  Eigen::VectorXd y(2 * model.nq());
  y << sim.state().q, sim.state().qd;
  return y;
}

}  // namespace

TEST_CASE("Redundant four-bar: both acceleration solvers report the rank deficiency", "[redundant]") {
  const auto method = GENERATE(carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba);
  CAPTURE(carvallo::to_string(method));
  carvallo_test::FourBar fb;
  const carvallo::Model plain{fb};
  fb.duplicate = true;
  const carvallo::Model redundant{fb};
  const carvallo::State s = fb.state(0.8, 3.0);
  auto solver = carvallo::make_acceleration_solver(method);
  carvallo::AccelerationResult r1, r2;
  solver->solve(plain, 0.0, s.q, s.qd, {}, r1);
  solver->solve(redundant, 0.0, s.q, s.qd, {}, r2);
  CHECK(r1.rank_deficiency == 0);
  CHECK(r2.rank == 3);
  CHECK(r2.rank_deficiency == 1);
  CHECK((r1.qdd - r2.qdd).norm() < 1e-12 * r1.qdd.norm());
  // Constraint forces are unique even though the multipliers are not: coupler λ = λ₁ + 2 λ₃.
  CHECK(r2.nu[1] + 2.0 * r2.nu[3] == Approx(r1.nu[1]).epsilon(1e-11));
}

TEST_CASE("Redundant four-bar and sleigh: simulations match the non-redundant models", "[redundant]") {
  struct Case {
    carvallo::StabilizationMethod stab;
    carvallo::AccelerationMethod acc;
  };
  const auto c = GENERATE(Case{carvallo::StabilizationMethod::Rgcpa, carvallo::AccelerationMethod::Augmented},
                          Case{carvallo::StabilizationMethod::Rgcpa, carvallo::AccelerationMethod::UdwadiaKalaba},
                          Case{carvallo::StabilizationMethod::DirectCorrection, carvallo::AccelerationMethod::Augmented},
                          Case{carvallo::StabilizationMethod::Baumgarte, carvallo::AccelerationMethod::UdwadiaKalaba});
  CAPTURE(carvallo::to_string(c.stab), carvallo::to_string(c.acc));
  carvallo::SimulationOptions opt;
  opt.integrator = carvallo::IntegratorMethod::RungeKutta4;
  opt.stabilization = c.stab;
  opt.acceleration = c.acc;
  int seen_plain = 0, seen_red = 0;

  SECTION("four-bar, duplicated coupler joint (holonomic)") {
    carvallo_test::FourBar fb;
    const carvallo::Model plain{fb};
    fb.duplicate = true;
    const carvallo::Model redundant{fb};
    const carvallo::State s0 = fb.state(0.8, 3.0);
    const Eigen::VectorXd a = run(plain, s0, opt, 3000, seen_plain);
    const Eigen::VectorXd b = run(redundant, s0, opt, 3000, seen_red);
    CHECK((a - b).lpNorm<Eigen::Infinity>() < 1e-9);
    if (c.stab == carvallo::StabilizationMethod::Rgcpa) {
      CHECK(seen_plain == 0);
      CHECK(seen_red == 1);  // RGCPA found and removed exactly the duplicated row
    }
  }
  SECTION("sleigh, duplicated no-slip condition (nonholonomic)") {
    carvallo_test::Sleigh sl;
    const carvallo::Model plain{sl};
    sl.duplicate = true;
    const carvallo::Model redundant{sl};
    const carvallo::State s0 = sl.state(0.7, 0.2, 2.0);
    const Eigen::VectorXd a = run(plain, s0, opt, 3000, seen_plain);
    const Eigen::VectorXd b = run(redundant, s0, opt, 3000, seen_red);
    CHECK((a - b).lpNorm<Eigen::Infinity>() < 1e-9);
    if (c.stab == carvallo::StabilizationMethod::Rgcpa) CHECK(seen_red == 1);
  }
}
