// Integrators on the harmonic oscillator y'' = −ω²y, exact solution y = cos ωt (closed form).
// Checks: global error order (halving h divides the error by ~2^p), evaluation counts (by construction of
// each method), and the adaptive method's error against its tolerance.
#include "carvallo/integrators.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

struct Oscillator : carvallo::OdeSystem {
  double w = 2.0;
  void rhs(double, const Eigen::VectorXd& y, Eigen::VectorXd& dy) override {
    dy.resize(2);
    dy << y[1], -w * w * y[0];
  }
};

double run(carvallo::Integrator& integ, double h, double T) {
  Oscillator osc;
  Eigen::VectorXd y(2);
  y << 1.0, 0.0;
  const int n = static_cast<int>(std::lround(T / h));
  for (int i = 0; i < n; ++i) integ.step(osc, i * h, h, y);
  return std::hypot(y[0] - std::cos(osc.w * T), y[1] + osc.w * std::sin(osc.w * T));
}

}  // namespace

TEST_CASE("Fixed-step integrators converge with order 4", "[integrators]") {
  const auto m = GENERATE(carvallo::IntegratorMethod::AdamsBashforth4, carvallo::IntegratorMethod::RungeKutta4);
  CAPTURE(carvallo::to_string(m));
  auto a = carvallo::make_integrator(m);
  auto b = carvallo::make_integrator(m);
  const double e1 = run(*a, 0.01, 5.0), e2 = run(*b, 0.005, 5.0);
  const double observed = std::log2(e1 / e2);
  // Asymptotic order 4; 3.8-4.2 allows for the not-yet-asymptotic start-up contribution.
  CHECK(observed > 3.8);
  CHECK(observed < 4.2);
  CHECK(e2 < 1e-7);
}

TEST_CASE("Evaluation counts: RK4 4 per step, AB4 one per step after an RK4 start-up", "[integrators]") {
  auto rk = carvallo::make_integrator(carvallo::IntegratorMethod::RungeKutta4);
  run(*rk, 0.01, 1.0);
  CHECK(rk->stats().evaluations == 4 * 100);
  auto ab = carvallo::make_integrator(carvallo::IntegratorMethod::AdamsBashforth4);
  run(*ab, 0.01, 1.0);
  // Three RK4 start-up steps (4 evaluations each) and 97 AB4 steps (1 each).
  CHECK(ab->stats().evaluations == 3 * 4 + 97);
  CHECK(ab->stats().restarts == 1);
  // A restart costs another RK4 start-up.
  Oscillator osc;
  Eigen::VectorXd y(2);
  y << 1.0, 0.0;
  ab->reset_stats();
  ab->restart();
  for (int i = 0; i < 10; ++i) ab->step(osc, 0.01 * i, 0.01, y);
  CHECK(ab->stats().evaluations == 3 * 4 + 7);
  CHECK(ab->stats().restarts == 1);
}

TEST_CASE("Dormand-Prince 5(4) meets its tolerance and reports rejected steps", "[integrators]") {
  carvallo::AdaptiveOptions opt;
  opt.rtol = 1e-10;
  opt.atol = 1e-12;
  auto dp = carvallo::make_integrator(carvallo::IntegratorMethod::DormandPrince45, opt);
  // Large outer steps: the method must subdivide them itself.
  const double err = run(*dp, 0.5, 5.0);
  // Local error per step ≤ tol; over ~100 internal steps the global error stays within 100× rtol.
  CHECK(err < 1e-8);
  CHECK(dp->stats().steps > 10);
  CHECK(dp->stats().evaluations == 10 + 6 * (dp->stats().steps + dp->stats().rejected));
}

TEST_CASE("Integrator names round-trip", "[integrators]") {
  for (auto m : {carvallo::IntegratorMethod::AdamsBashforth4, carvallo::IntegratorMethod::RungeKutta4,
                 carvallo::IntegratorMethod::DormandPrince45})
    CHECK(carvallo::parse_integrator_method(carvallo::to_string(m)) == m);
}
