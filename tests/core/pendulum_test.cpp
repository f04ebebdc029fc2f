// Planar pendulum in Cartesian coordinates (x, y) with the rod as a holonomic constraint.
// Reference: the exact period of the nonlinear pendulum, T = 4 sqrt(L/g) K(k), k = sin(θ₀/2), with the
// complete elliptic integral K(k) = π / (2 AGM(1, sqrt(1 − k²))) (Abramowitz & Stegun 17.6); and
// conservation of the energy E = ½ m |v|² + m g y.
#include "carvallo/partitioning.hpp"
#include "carvallo/simulation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace {

struct Pendulum {
  double m = 1.0, L = 1.0, g = 9.81;
  carvallo::Layout layout() const { return {"pendulum", {"x", "y"}, {"rod"}, {}}; }
  template <class S> void mass(const carvallo::Vec<S>&, const S&, carvallo::Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
  }
  template <class S> void forces(const carvallo::Vec<S>&, const carvallo::Vec<S>&, const S&, carvallo::Vec<S>& Q) const {
    Q[1] = S(-m * g);
  }
  template <class S> void holonomic(const carvallo::Vec<S>& q, const S&, carvallo::Vec<S>& C) const {
    C[0] = q[0] * q[0] + q[1] * q[1] - L * L;
  }
  template <class S> S potential_energy(const carvallo::Vec<S>& q, const S&) const { return m * g * q[1]; }
};

double elliptic_K(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40 && std::abs(a - b) > 1e-16 * a; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return M_PI / (2.0 * a);
}

// Root of the cubic Hermite interpolant of x on [t0, t0 + h] (x0, v0) → (x1, v1), by bisection + Newton.
double hermite_root(double t0, double h, double x0, double v0, double x1, double v1) {
  auto p = [&](double s) {
    const double s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * x0 + (s3 - 2 * s2 + s) * h * v0 + (-2 * s3 + 3 * s2) * x1 + (s3 - s2) * h * v1;
  };
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    if ((p(lo) < 0) == (p(mid) < 0)) lo = mid;
    else hi = mid;
  }
  return t0 + 0.5 * (lo + hi) * h;
}

}  // namespace

TEST_CASE("Pendulum: large-amplitude period against the elliptic-integral period, and energy", "[pendulum]") {
  const auto integrator = GENERATE(carvallo::IntegratorMethod::AdamsBashforth4, carvallo::IntegratorMethod::RungeKutta4,
                                   carvallo::IntegratorMethod::DormandPrince45, carvallo::IntegratorMethod::KuttaMerson,
                                   carvallo::IntegratorMethod::KuttaMersonAdaptive);
  CAPTURE(carvallo::to_string(integrator));
  const Pendulum p;
  const carvallo::Model model{p};
  const double theta0 = 2.5;  // rad, about 143°: far from the small-angle period 2π sqrt(L/g)
  const double T_exact = 4.0 * std::sqrt(p.L / p.g) * elliptic_K(std::sin(theta0 / 2.0));

  carvallo::State s;
  s.q = Eigen::Vector2d(p.L * std::sin(theta0), -p.L * std::cos(theta0));
  s.qd = Eigen::Vector2d::Zero();
  carvallo::SimulationOptions opt;
  opt.integrator = integrator;
  opt.stabilization = carvallo::StabilizationMethod::Rgcpa;
  carvallo::Simulation sim(model, opt);
  sim.set_state(carvallo::make_consistent(model, s));
  const double E0 = sim.evaluate().energy;

  const double h = 1e-3;
  std::vector<double> crossings;  // downward zero crossings of x happen at T/4 + k T
  double max_dE = 0.0, max_C = 0.0;
  while (crossings.size() < 6) {
    const double t0 = sim.state().t, x0 = sim.state().q[0], v0 = sim.state().qd[0];
    const auto& r = sim.step(h);
    const double x1 = sim.state().q[0], v1 = sim.state().qd[0];
    if (x0 > 0.0 && x1 <= 0.0) crossings.push_back(hermite_root(t0, h, x0, v0, x1, v1));
    max_dE = std::max(max_dE, std::abs(r.energy - E0));
    max_C = std::max(max_C, r.C_norm);
    if (sim.state().t > 20.0 * T_exact) break;
  }
  REQUIRE(crossings.size() == 6);
  const double T_sim = (crossings.back() - crossings.front()) / 5.0;
  INFO("T exact " << T_exact << " s, error " << T_sim - T_exact << " s, restarts " << sim.integrator_stats().restarts << ", evals " << sim.integrator_stats().evaluations << ", max |ΔE| " << max_dE << " J, max |C| " << max_C);
  // Fourth-order integration at Δt = 1e-3 s over ~5 periods: phase error well below 1e-8 s; the crossing
  // interpolation is cubic (error O(Δt⁴) ~ 1e-12 s).
  CHECK(std::abs(T_sim - T_exact) < 1e-8 * T_exact);
  // Energy: the fourth-order local error per step is ~c h⁵ ω⁵ (ω ≲ 6 rad/s at the bottom), summed over
  // ~1.7e4 steps; AB4's error constant (251/720) is far larger than RK4's, hence its looser bound.
  const double dE_bound = integrator == carvallo::IntegratorMethod::AdamsBashforth4 ? 1e-7 : 1e-9;
  CHECK(max_dE < dE_bound * p.m * p.g * p.L);
  CHECK(max_C <= 1e-12);
}
