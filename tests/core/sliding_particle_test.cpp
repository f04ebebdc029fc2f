// The sliding particle of 001 Example 2 (Eqs 114-137): coordinates x, y (y along gravity), surface
// φ = y + x²/l0 − l0 = 0 (Eq 114), l0 = 1 m, m = 1 kg, x(0) = 1 m, at rest.
// References: 001's statements that without stabilization φ grows with time (Figs 11-12) and that with
// Γ₁ = −20 s⁻¹, Γ₂ = −100 s⁻², Δt = 1e-3 s the violation stays below 2.0e-11 m over 500 s (Fig. 15, text);
// and Kane's minimal equation (137), (1 + 4x²) ẍ = −2gx − 4xẋ², integrated independently here.
#include "carvallo/simulation.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace {

struct SlidingParticle {
  double m = 1.0, g = 9.81, l0 = 1.0;
  carvallo::Layout layout() const { return {"sliding particle", {"x", "y"}, {"surface"}, {}}; }
  template <class S> void mass(const carvallo::Vec<S>&, const S&, carvallo::Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
  }
  template <class S> void forces(const carvallo::Vec<S>&, const carvallo::Vec<S>&, const S&, carvallo::Vec<S>& Q) const {
    Q[1] = S(m * g);  // 001 Eq 118: u̇₂ = g without the constraint
  }
  template <class S> void holonomic(const carvallo::Vec<S>& q, const S&, carvallo::Vec<S>& C) const {
    C[0] = q[1] + q[0] * q[0] / l0 - l0;  // 001 Eq 114
  }
  template <class S> S potential_energy(const carvallo::Vec<S>& q, const S&) const {
    return m * g * (l0 - q[1]);  // 001 Eq 123
  }
};

// 001 Eq 137 (minimal coordinates, l0 = 1): state (x, ẋ).
struct Minimal : carvallo::OdeSystem {
  double g = 9.81;
  void rhs(double, const Eigen::VectorXd& y, Eigen::VectorXd& dy) override {
    const double x = y[0], u = y[1];
    dy.resize(2);
    dy << u, (-2.0 * g * x - 4.0 * x * u * u) / (1.0 + 4.0 * x * x);
  }
};

carvallo::State initial() {
  carvallo::State s;
  s.q = Eigen::Vector2d(1.0, 0.0);  // φ(1, 0) = 0
  s.qd = Eigen::Vector2d::Zero();
  return s;
}

}  // namespace

TEST_CASE("Sliding particle: without stabilization the violation grows with time", "[sliding_particle]") {
  const carvallo::Model model{SlidingParticle{}};
  carvallo::SimulationOptions opt;
  opt.integrator = carvallo::IntegratorMethod::RungeKutta4;
  opt.stabilization = carvallo::StabilizationMethod::None;
  carvallo::Simulation sim(model, opt);
  sim.set_state(initial());
  const double h = 1e-2;  // 001 Fig. 11
  double first = 0.0, last = 0.0;
  for (int i = 1; i <= 50000; ++i) {  // 500 s
    const auto& r = sim.step(h);
    if (i <= 10000) first = std::max(first, r.C_norm);
    if (i > 40000) last = std::max(last, r.C_norm);
  }
  INFO("max |phi| over 0-100 s: " << first << " m, over 400-500 s: " << last << " m");
  // Drift: the violation of the last 100 s is several times that of the first 100 s.
  CHECK(last > 3.0 * first);
  CHECK(last > 1e-9);
}

TEST_CASE("Sliding particle: Baumgarte with 001's gains keeps |phi| < 2e-11 over 500 s and follows Eq 137",
          "[sliding_particle]") {
  // 001 integrated with Kutta-Merson at Δt = 1e-3 s (that scheme's 500 s run is in
  // tests/examples/sliding_particle_test.cpp: 1.81e-11 m). Our fixed-grid Dormand-Prince 5(4) takes exactly one
  // internal step per Δt = 1e-3 s here (checked below), like 001's scheme a method of order above 4 on this
  // smooth problem. Classical RK4 at the same Δt peaks at 6.4e-11 m in the first swing (t = 0.62 s): its
  // error constant is larger, so it is checked against 1e-10 m over a shorter run.
  struct Case {
    carvallo::IntegratorMethod integrator;
    carvallo::AccelerationMethod acceleration;
    double T, bound;
  };
  const auto c = GENERATE(Case{carvallo::IntegratorMethod::DormandPrince45, carvallo::AccelerationMethod::Augmented, 500.0, 2.0e-11},
                          Case{carvallo::IntegratorMethod::RungeKutta4, carvallo::AccelerationMethod::UdwadiaKalaba, 50.0, 1.0e-10});
  CAPTURE(carvallo::to_string(c.integrator), carvallo::to_string(c.acceleration));
  const carvallo::Model model{SlidingParticle{}};
  carvallo::SimulationOptions opt;
  opt.integrator = c.integrator;
  opt.acceleration = c.acceleration;
  opt.stabilization = carvallo::StabilizationMethod::Baumgarte;
  opt.stabilizer.gains = {-20.0, -100.0, 0.0};
  carvallo::Simulation sim(model, opt);
  sim.set_state(initial());

  Minimal minimal;
  auto ref_integrator = carvallo::make_integrator(carvallo::IntegratorMethod::RungeKutta4);
  Eigen::VectorXd y(2);
  y << 1.0, 0.0;

  const double h = 1e-3;
  const int n = static_cast<int>(std::lround(c.T / h));
  double max_phi = 0.0, max_dx = 0.0;
  for (int i = 0; i < n; ++i) {
    ref_integrator->step(minimal, i * h, h, y);
    const auto& r = sim.step(h);
    max_phi = std::max(max_phi, r.C_norm);
    if (i % 1000 == 999) max_dx = std::max(max_dx, std::abs(sim.state().q[0] - y[0]));
  }
  INFO("max |phi| " << max_phi << " m; max |x - x_minimal| " << max_dx << " m");
  CHECK(max_phi < c.bound);
  if (c.integrator == carvallo::IntegratorMethod::DormandPrince45)
    CHECK(sim.integrator_stats().steps == n);  // one internal step per Δt: the step really is 1e-3 s
  // The reference (RK4 on Eq 137) and the simulation are 4th-order or better at Δt = 1e-3 s over ~300
  // periods; an RK4 simulation and the RK4 reference differed by at most 6.3e-7 m over 500 s in our runs
  // (phase error), so 2e-6 m still catches any modelling error (which would be O(1)).
  CHECK(max_dx < 2e-6);
}
