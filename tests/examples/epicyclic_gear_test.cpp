// 004 §4 (epicyclic gear train): sizes of Table 2, the closed-form response to the arm torque (1 DOF:
// ω_arm = τ t / I_eff, with I_eff from the tooth counts), the speed ratios of Eqs 40-42, and the paper's
// comparison of full-coordinate integration, RGCPA and selective partitioning (constraint errors).
#include "mechanisms/epicyclic_gear.hpp"
#include "run_model.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::examples;

namespace {
// Effective inertia about the arm axis with the ring fixed: every body's kinetic energy written with the
// speed ratios of Eqs 40-42 (sun 1 + T1/T2, planets −(T1 − T5)/T5) and the planets' and carriers' centres
// moving on the circle of radius r3 (T = ½ I_eff ω_arm²).
double effective_inertia(const mechanisms::EpicyclicGear& g) {
  const double r3 = g.arm_radius();
  const double ks = g.sun_to_arm_ratio(), kp = g.planet_to_arm_ratio();
  const auto Iz = [&](int k) { return g.bodies[static_cast<std::size_t>(k)].inertia(2, 2); };
  const auto m = [&](int k) { return g.bodies[static_cast<std::size_t>(k)].mass; };
  return Iz(2) + Iz(1) * ks * ks + 2.0 * (Iz(3) + m(3) * r3 * r3) + 2.0 * (Iz(4) * kp * kp + m(4) * r3 * r3);
}
}  // namespace

TEST_CASE("epicyclic gear: 49 coordinates, 45 holonomic and 3 nonholonomic equations (004 Table 2)", "[epicyclic_gear]") {
  const ModelInstance inst = mechanisms::make_epicyclic_gear("");
  const Model& m = inst.model;
  CHECK(m.nq() == 49);
  CHECK(m.nch() == 45);
  CHECK(m.ncnh() == 3);
  Eigen::VectorXd r;
  m.C(inst.q0, 0.0, r);
  CHECK(r.norm() < 1e-15);
  Eigen::MatrixXd Cq, J;
  m.C_q(inst.q0, 0.0, Cq);
  m.J(inst.q0, inst.qd0, 0.0, J);
  CHECK(Eigen::FullPivLU<Eigen::MatrixXd>(Cq).rank() == 45);  // 4 degrees of freedom before the meshes
  CHECK(Eigen::FullPivLU<Eigen::MatrixXd>(J).rank() == 48);   // one with them (004 §4.1)
}

TEST_CASE("epicyclic gear: speed ratios from the tooth counts", "[epicyclic_gear]") {
  // With the ring fixed, Eqs 40-41 give ω_sun/ω_arm = 1 + T1/T2 = 150/23 = 6.5217 and
  // ω_planet/ω_arm = −(T2 + T5)/T5 = −75/52. (004 quotes "the gear ratio is 6.41"; no ratio of these tooth
  // counts gives 6.41: the sun-to-arm ratio is 6.52.)
  const mechanisms::EpicyclicGear g;
  CHECK(g.sun_to_arm_ratio() == Approx(150.0 / 23.0));
  CHECK(g.planet_to_arm_ratio() == Approx(-75.0 / 52.0));
  CHECK(g.pitch_radius(g.T1) == Approx(g.pitch_radius(g.T2) + 2.0 * g.pitch_radius(g.T5)));  // r1 = r2 + 2 r5
}

TEST_CASE("epicyclic gear: RGCPA run follows the closed form and the gear ratios", "[epicyclic_gear]") {
  const ModelInstance inst = mechanisms::make_epicyclic_gear("rgcpa");
  auto o = testing::defaults_of(inst);
  o.duration = 1.0;
  const auto r = testing::run(inst, o);
  const mechanisms::EpicyclicGear g;
  const double w_arm = g.omega_z(2, r.q, r.qd), w_sun = g.omega_z(1, r.q, r.qd);
  const double w_p1 = g.omega_z(4, r.q, r.qd), w_p2 = g.omega_z(6, r.q, r.qd);
  // Constant torque from rest: ω_arm(t) = τ t / I_eff. AB4 integrates this linear growth exactly up to the
  // corrections (tolerance 1e-10): relative agreement 1e-8.
  CHECK(w_arm == Approx(g.torque * 1.0 / effective_inertia(g)).epsilon(1e-8));
  CHECK(w_sun / w_arm == Approx(g.sun_to_arm_ratio()).epsilon(1e-9));
  CHECK(w_p1 / w_arm == Approx(g.planet_to_arm_ratio()).epsilon(1e-9));
  CHECK(w_p2 / w_arm == Approx(g.planet_to_arm_ratio()).epsilon(1e-9));
  CHECK(r.max_C < 1e-9);
  CHECK(r.max_D < 1e-9);
}

TEST_CASE("epicyclic gear: lazy selective partitioning corrects only violated steps and follows the eager one",
          "[epicyclic_gear]") {
  // The registry's selective variant is lazy (analyse_only_when_violated): C_q, J and the fixed block's
  // factorization only in the steps whose ||C|| or ||[Ċ; D]|| exceeds the tolerance (1e-10). The eager
  // variant (every step: C_q, J, both condition estimates, the analyses) is the reference: the corrected
  // states are the same wherever neither falls back, and a fallback's other partition changes a state by
  // no more than the tolerance (1e-10), so 1e-9 bounds the difference after 3 s. (Measured: 42 of the 3000
  // lazy steps corrected, no fallback in either run, and the final states identical bit for bit.)
  const ModelInstance inst = mechanisms::make_epicyclic_gear("selective");
  const mechanisms::EpicyclicGear g;
  SimulationOptions lazy = simulation_options(inst);
  REQUIRE(lazy.stabilizer.analyse_only_when_violated);
  SimulationOptions eager = lazy;
  eager.stabilizer.analyse_only_when_violated = false;
  Simulation a(inst.model, lazy), b(inst.model, eager);
  a.set_state(State{inst.t0, inst.q0, inst.qd0});
  b.set_state(State{inst.t0, inst.q0, inst.qd0});
  int analysed = 0, fallbacks = 0, eager_analysed = 0;
  double max_C = 0.0, max_D = 0.0;
  const int steps = 3000;  // 3 s: the meshes' velocity violation needs corrections after the first second
  for (int i = 0; i < steps; ++i) {
    const StepReport& ra = a.step(1e-3);
    analysed += ra.correction.position_rank >= 0 || ra.correction.velocity_rank >= 0;
    fallbacks += ra.correction.fallback;
    max_C = std::max(max_C, ra.C_norm);
    max_D = std::max({max_D, ra.Cdot_norm, ra.D_norm});
    eager_analysed += b.step(1e-3).correction.position_rank >= 0;
  }
  const double dq = (a.state().q - b.state().q).lpNorm<Eigen::Infinity>();
  const double dqd = (a.state().qd - b.state().qd).lpNorm<Eigen::Infinity>();
  INFO("lazy: " << analysed << " of " << steps << " steps analysed, " << fallbacks << " fallbacks; |dq| " << dq
                 << ", |dqd| " << dqd);
  CHECK(eager_analysed == steps);
  CHECK(analysed > 0);
  CHECK(analysed < steps / 2);  // most steps stay within tolerance under AB4 alone
  CHECK(max_C <= 1e-10);  // ∞-norms after the correction: the tolerance
  CHECK(max_D <= 1e-10);
  CHECK(dq < 1e-9);
  CHECK(dqd < 1e-9);
  // And the closed form of the RGCPA test above.
  CHECK(g.omega_z(2, a.state().q, a.state().qd) == Approx(g.torque * 3.0 / effective_inertia(g)).epsilon(1e-8));
}

TEST_CASE("epicyclic gear: an initial arm rate turns the sun and planets by the tooth counts' ratios", "[epicyclic_gear]") {
  // The setting prescribes the arm's rate; the velocity analysis must give the sun 1 + T1/T2 and the planets
  // −(T1 − T5)/T5 times it (the closed-form ratios of Eqs 40-41), with every constraint and mesh satisfied.
  const ModelEntry* e = find_model("epicyclic-gear");
  REQUIRE(e != nullptr);
  for (const auto& variant : e->variants) {
    ModelSetup setup(variant);
    setup.settings = {{"arm_rate", 2.0}};
    const ModelInstance inst = e->make(setup);
    const mechanisms::EpicyclicGear g;
    CHECK(g.omega_z(2, inst.q0, inst.qd0) == Approx(2.0).epsilon(1e-12));
    CHECK(g.omega_z(1, inst.q0, inst.qd0) == Approx(2.0 * g.sun_to_arm_ratio()).epsilon(1e-12));
    CHECK(g.omega_z(4, inst.q0, inst.qd0) == Approx(2.0 * g.planet_to_arm_ratio()).epsilon(1e-12));
    CHECK(g.omega_z(6, inst.q0, inst.qd0) == Approx(2.0 * g.planet_to_arm_ratio()).epsilon(1e-12));
    Eigen::VectorXd Cdot, D;
    inst.model.C_dot(inst.q0, inst.qd0, 0.0, Cdot);
    inst.model.D(inst.q0, inst.qd0, 0.0, D);
    CHECK(Cdot.lpNorm<Eigen::Infinity>() < 1e-12);
    CHECK(D.lpNorm<Eigen::Infinity>() < 1e-12);
  }
  ModelSetup bad;
  bad.settings = {{"arm_rate", 1e9}};
  CHECK_THROWS_AS(e->make(bad), SolverError);
}
