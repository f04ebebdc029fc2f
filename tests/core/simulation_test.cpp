// Table-driven: every integrator × stabilizer × acceleration solver on the same small system (the
// dumbbell Chaplygin sleigh: one holonomic and one nonholonomic constraint), compared with the closed-form
// speed and yaw rate (Neimark & Fufaev; see nonholonomic_test.cpp) and with each integrator's
// evaluation count by construction. Plus the Simulation's failure behaviour.
#include "carvallo/simulation.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("Every integrator x stabilizer x acceleration solver runs the sleigh correctly", "[simulation]") {
  const auto integ = GENERATE(carvallo::IntegratorMethod::AdamsBashforth4, carvallo::IntegratorMethod::RungeKutta4,
                              carvallo::IntegratorMethod::DormandPrince45, carvallo::IntegratorMethod::KuttaMerson,
                              carvallo::IntegratorMethod::KuttaMersonAdaptive, carvallo::IntegratorMethod::Extrapolation8,
                              carvallo::IntegratorMethod::Extrapolation8Adaptive);
  const auto stab = GENERATE(carvallo::StabilizationMethod::None, carvallo::StabilizationMethod::Baumgarte,
                             carvallo::StabilizationMethod::DirectCorrection, carvallo::StabilizationMethod::Rgcpa,
                             carvallo::StabilizationMethod::Selective);
  const auto acc = GENERATE(carvallo::AccelerationMethod::Augmented, carvallo::AccelerationMethod::UdwadiaKalaba);
  CAPTURE(carvallo::to_string(integ), carvallo::to_string(stab), carvallo::to_string(acc));

  const carvallo_test::Sleigh p;
  const carvallo::Model model{p};
  carvallo::SimulationOptions opt;
  opt.integrator = integ;
  opt.stabilization = stab;
  opt.acceleration = acc;
  opt.stabilizer.independent_coordinates = {"x1", "y1", "x2"};
  opt.stabilizer.independent_velocities = {"x2", "y2"};
  carvallo::Simulation sim(model, opt);
  const double u0 = 0.2, w0 = 2.0, h = 1e-3;
  const int n = 2000;
  sim.set_state(p.state(0.7, u0, w0));
  double maxC = 0.0, maxD = 0.0;
  for (int i = 0; i < n; ++i) {
    const auto& r = sim.step(h);
    maxC = std::max(maxC, r.C_norm);
    maxD = std::max(maxD, r.D_norm);
  }
  // Closed form at t = 2 s.
  const double E = 0.5 * p.m() * u0 * u0 + 0.5 * p.J() * w0 * w0;
  const double U = std::sqrt(2 * E / p.m()), W = std::sqrt(2 * E / p.J());
  const double s = p.m() * p.b() * U * sim.state().t / p.J() + std::atanh(u0 / U);
  double u, w;
  carvallo_test::Sleigh::speeds(p, sim.state(), u, w);
  INFO("max ||C|| " << maxC << ", max ||D|| " << maxD << ", |du| " << std::abs(u - U * std::tanh(s)) << ", |dw| "
                    << std::abs(w - W / std::cosh(s)));
  // Fourth order or better at Δt = 1e-3 s: global errors ~1e-10 (AB4, the least accurate, reaches ~1e-9);
  // unstabilized drift stays ~1e-9 over 2 s.
  CHECK(std::abs(u - U * std::tanh(s)) < 1e-7);
  CHECK(std::abs(w - W / std::cosh(s)) < 1e-7);
  const double bound = stab == carvallo::StabilizationMethod::None ? 1e-7 : 1e-10;
  CHECK(maxC <= bound);
  CHECK(maxD <= bound);

  const auto& st = sim.integrator_stats();
  switch (integ) {
    case carvallo::IntegratorMethod::RungeKutta4: CHECK(st.evaluations == 4L * n); break;
    case carvallo::IntegratorMethod::AdamsBashforth4:
      // One evaluation per step, plus 3 extra per RK4 start-up step (4 instead of 1) at each restart.
      CHECK(st.evaluations == n + 9L * st.restarts);
      CHECK(st.restarts >= 1);
      break;
    case carvallo::IntegratorMethod::DormandPrince45:
      CHECK(st.evaluations == n + 6L * (st.steps + st.rejected));
      break;
    case carvallo::IntegratorMethod::KuttaMerson: CHECK(st.evaluations == 5L * n); break;
    case carvallo::IntegratorMethod::KuttaMersonAdaptive:
      CHECK(st.evaluations == 5L * st.steps + 4L * st.rejected);
      CHECK(st.steps >= n);
      break;
    case carvallo::IntegratorMethod::Extrapolation8: CHECK(st.evaluations == 17L * n); break;
    case carvallo::IntegratorMethod::Extrapolation8Adaptive:
      // g at the start of each accepted internal step (a rejected attempt reuses it), 16 more per attempt.
      CHECK(st.evaluations == st.steps + 16L * (st.steps + st.rejected));
      CHECK(st.steps >= n);
      break;
  }
}

namespace {
// A model whose force becomes NaN once x < 0 (sqrt of a negative number).
struct Bad {
  carvallo::Layout layout() const { return {"bad", {"x"}, {}, {}}; }
  template <class S> void mass(const carvallo::Vec<S>&, const S&, carvallo::Mat<S>& M) const { M(0, 0) = S(1.0); }
  template <class S> void forces(const carvallo::Vec<S>& q, const carvallo::Vec<S>&, const S&, carvallo::Vec<S>& Q) const {
    using namespace carvallo;
    Q[0] = -1.0 - sqrt(q[0]);
  }
};
}  // namespace

TEST_CASE("Simulation: failures are typed errors, never NaN results", "[simulation]") {
  const carvallo::Model model{Bad{}};
  carvallo::SimulationOptions opt;
  opt.integrator = carvallo::IntegratorMethod::RungeKutta4;
  opt.stabilization = carvallo::StabilizationMethod::None;
  carvallo::Simulation sim(model, opt);
  carvallo::State s;
  s.q = Eigen::VectorXd::Constant(1, 0.05);
  s.qd = Eigen::VectorXd::Zero(1);
  sim.set_state(s);
  try {
    for (int i = 0; i < 10000; ++i) sim.step(1e-2);
    FAIL("expected a SolverError");
  } catch (const carvallo::SolverError& e) {
    INFO(e.what());
    CHECK(e.kind() == carvallo::SolverError::Kind::NonFinite);
    CHECK(e.subject() == "x");
    CHECK(e.time() > 0.0);
  }
  // The state is the last good one.
  CHECK(std::isfinite(sim.state().q[0]));
  CHECK(sim.state().q[0] >= 0.0);

  CHECK_THROWS_AS(sim.step(-1.0), carvallo::SolverError);
  carvallo::State wrong;
  wrong.q = Eigen::VectorXd::Zero(3);
  wrong.qd = Eigen::VectorXd::Zero(3);
  CHECK_THROWS_AS(sim.set_state(wrong), carvallo::SolverError);
  CHECK_THROWS_AS(carvallo::parse_stabilization_method("magic"), carvallo::SolverError);
}

TEST_CASE("Simulation: step diagnostics equal a fresh evaluation, with or without the lazy RGCPA's norms",
          "[simulation]") {
  // RGCPA hands the ||C||, ||Ċ||, ||D|| it evaluated at the returned state (the lazy checks, the analyses'
  // last Newton iterates) to the step report instead of evaluating them twice; they must be exactly what
  // evaluate() computes at the same state.
  const auto stab = GENERATE(carvallo::StabilizationMethod::Rgcpa, carvallo::StabilizationMethod::None,
                             carvallo::StabilizationMethod::DirectCorrection);
  const bool lazy = GENERATE(true, false);
  CAPTURE(carvallo::to_string(stab), lazy);
  const carvallo_test::Sleigh p;
  carvallo::SimulationOptions opt;
  opt.stabilization = stab;
  opt.stabilizer.analyse_only_when_violated = lazy;
  carvallo::Simulation sim(carvallo::Model{p}, opt);
  sim.set_state(p.state(0.7, 0.2, 2.0));
  int reported = 0;
  for (int i = 0; i < 200; ++i) {
    const carvallo::StepReport r = sim.step(1e-3);
    const carvallo::StepReport e = sim.evaluate();
    CHECK(r.C_norm == e.C_norm);
    CHECK(r.Cdot_norm == e.Cdot_norm);
    CHECK(r.D_norm == e.D_norm);
    CHECK(r.energy == e.energy);
    if (r.correction.C_norm >= 0.0) ++reported;
  }
  // Only RGCPA reports norms (the lazy checks', or its analyses' last iterates), and then at (nearly) every step.
  if (stab == carvallo::StabilizationMethod::Rgcpa) CHECK(reported > 100);
  else CHECK(reported == 0);
}
