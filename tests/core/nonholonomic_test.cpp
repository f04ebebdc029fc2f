// Nonholonomic systems with closed-form solutions.
//  * Vertical disk rolling without slipping (e.g. Bloch, Nonholonomic Mechanics and Control, §1.4):
//    ψ̇ and φ̇ constant, x = x0 + (Rφ̇/ψ̇)(sin ψ − sin ψ0), y = y0 − (Rφ̇/ψ̇)(cos ψ − cos ψ0).
//  * Chaplygin sleigh (Neimark & Fufaev, Dynamics of Nonholonomic Systems, Ch. III): with contact-point
//    speed u and yaw rate ω, m u̇ = m b ω², J ω̇ = −m b u ω, whose solution at energy E is
//    u = U tanh(s), ω = W sech(s), s = m b U t / J + atanh(u0 / U), U = sqrt(2E/m), W = ±sqrt(2E/J).
#include "carvallo/partitioning.hpp"
#include "carvallo/simulation.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("Rolling disk follows its exact circular trajectory", "[nonholonomic]") {
  const auto stab = GENERATE(carvallo::StabilizationMethod::Rgcpa, carvallo::StabilizationMethod::DirectCorrection,
                             carvallo::StabilizationMethod::Baumgarte);
  CAPTURE(carvallo::to_string(stab));
  const carvallo_test::RollingDisk p;
  const carvallo::Model model{p};
  const double psi0 = 0.3, psid = 1.7, phid = 6.0;
  carvallo::State guess;
  guess.q.resize(5);
  guess.q << 0.2, -0.1, p.R, psi0, 0.0;
  guess.qd.resize(5);
  guess.qd << 0.0, 0.0, 0.0, psid, phid;  // ẋ, ẏ solved from the rolling constraints
  const carvallo::State s0 = carvallo::make_consistent(model, guess, {{"x", "y", "psi", "phi"}, {"psi", "phi"}});
  CHECK(s0.qd[0] == Approx(p.R * phid * std::cos(psi0)).epsilon(1e-12));

  carvallo::SimulationOptions opt;
  opt.integrator = carvallo::IntegratorMethod::RungeKutta4;
  opt.stabilization = stab;
  carvallo::Simulation sim(model, opt);
  sim.set_state(s0);
  const double h = 1e-3, T = 10.0;
  double max_err = 0.0;
  for (int i = 0; i < static_cast<int>(T / h); ++i) {
    sim.step(h);
    const double t = sim.state().t, psi = psi0 + psid * t, rho = p.R * phid / psid;
    const double x = 0.2 + rho * (std::sin(psi) - std::sin(psi0)), y = -0.1 - rho * (std::cos(psi) - std::cos(psi0));
    max_err = std::max(max_err, std::hypot(sim.state().q[0] - x, sim.state().q[1] - y));
    max_err = std::max(max_err, std::abs(sim.state().q[3] - psi));
  }
  INFO("max position/heading error " << max_err);
  // RK4 at Δt = 1e-3 s over 10 s: the exact solution is trigonometric in t, local errors ~ (ψ̇Δt)⁵ ≈ 1e-14;
  // 1e-10 leaves room for round-off accumulation over 1e4 steps.
  CHECK(max_err < 1e-10);
}

TEST_CASE("Chaplygin sleigh follows its closed-form speed and yaw rate", "[nonholonomic]") {
  const bool cubic = GENERATE(false, true);  // Pfaffian, and the same condition written non-Pfaffian (s + s³)
  CAPTURE(cubic);
  carvallo_test::Sleigh p;
  p.cubic = cubic;
  const carvallo::Model model{p};
  const double u0 = 0.2, w0 = 2.0;
  carvallo::SimulationOptions opt;
  opt.integrator = carvallo::IntegratorMethod::RungeKutta4;
  opt.stabilization = carvallo::StabilizationMethod::Rgcpa;
  carvallo::Simulation sim(model, opt);
  sim.set_state(p.state(0.7, u0, w0));
  const double E = 0.5 * p.m() * u0 * u0 + 0.5 * p.J() * w0 * w0;
  const double U = std::sqrt(2 * E / p.m()), W = std::sqrt(2 * E / p.J()), s0 = std::atanh(u0 / U);
  double max_du = 0.0, max_dw = 0.0, max_D = 0.0;
  int max_vel_iter = 0;
  const double h = 1e-3;
  for (int i = 0; i < 5000; ++i) {
    const auto& r = sim.step(h);
    max_D = std::max(max_D, r.D_norm);
    max_vel_iter = std::max(max_vel_iter, r.correction.velocity_iterations);
    const double s = p.m() * p.b() * U * sim.state().t / p.J() + s0;
    double u, w;
    carvallo_test::Sleigh::speeds(p, sim.state(), u, w);
    max_du = std::max(max_du, std::abs(u - U * std::tanh(s)));
    max_dw = std::max(max_dw, std::abs(w - W / std::cosh(s)));
  }
  INFO("max |u - exact| " << max_du << " m/s, max |w - exact| " << max_dw << " rad/s, max |D| " << max_D);
  // RK4 at Δt = 1e-3 s, smooth solution with rates ~2 s⁻¹: global error ~1e-12; 1e-9 allows round-off
  // growth and the projection's 1e-12 tolerance.
  CHECK(max_du < 1e-9);
  CHECK(max_dw < 1e-9);
  CHECK(max_D <= 1e-12);
  CHECK(max_vel_iter >= 1);  // velocity analysis did work (one step if Pfaffian, Newton if not)
}
