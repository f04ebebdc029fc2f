// Steady turns of the multibody bicycle (bicycle/turns.hpp), against independent references:
//  - the capsize speed of Meijaard et al. (2007) Table 2a (6.02426201538837 m/s; the closed form gives
//    6.0242620153883589): a steady turn of vanishing lean is a zero of det(g K0 + v² K2), where the
//    handlebar-forward family must start;
//  - the nonlinear equations themselves: zero roll, steer and pitch accelerations at the turn's state;
//  - the straight-running eigenvalues at the capsize speed (canonical.hpp), which the turn's eigenvalues
//    must approach as the lean vanishes;
//  - nonlinear simulations started on (and slightly off) turns: a stable turn keeps its circle, the growth
//    or decay of a perturbation is the one the eigenvalues predict.
#include "bicycle/turns.hpp"
#include "fit_exponents.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/simulation.hpp"
#include "bicycle/stability.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

using namespace carvallo;
using namespace carvallo::bicycle;
namespace mi = multibody_index;

namespace {

constexpr double kCapsize = 6.0242620153883589;  // closed form (docs/bicycle.md); Table 2a: 6.02426201538837

std::optional<SteadyTurn> forward_turn(const TurnSolver& solver, double lean, bool stability = true) {
  TurnOptions o;
  o.stability = stability;
  std::optional<SteadyTurn> best;
  for (auto& t : solver.at_lean(lean, o))
    if (t.family == kHandlebarForward && (!best || std::abs(t.steer) < std::abs(best->steer))) best = t;
  return best;
}

}  // namespace

TEST_CASE("steady turns: the handlebar-forward family starts at the capsize speed", "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  // v(φ) = v_c + c φ² + O(φ⁴) (the family is symmetric in φ): Richardson from φ and 2φ.
  const double phi = 2e-3;
  const auto t1 = forward_turn(solver, phi, false), t2 = forward_turn(solver, 2 * phi, false);
  REQUIRE(t1);
  REQUIRE(t2);
  const double v0 = (4.0 * t1->speed - t2->speed) / 3.0;
  WARN("speed at lean " << phi << ": " << t1->speed << ", at " << 2 * phi << ": " << t2->speed << "; extrapolated to 0: "
                        << v0 << " (capsize " << kCapsize << ", difference " << v0 - kCapsize << ")");
  CHECK(std::abs(t1->speed - kCapsize) < 1e-3);
  CHECK(std::abs(v0 - kCapsize) < 1e-7);
  CHECK(std::abs(t1->steer) < 10 * phi);
}

TEST_CASE("steady turns: zero roll, steer and pitch accelerations at every turn", "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  int count = 0;
  double worst = 0.0;
  for (double lean : {0.05, 0.2, 0.5, 0.8, 1.1, -0.3}) {
    TurnOptions o;
    o.stability = false;
    for (const auto& t : solver.at_lean(lean, o)) {
      const TurnResidual r = solver.residual(t.lean, t.steer, t.speed);
      worst = std::max(worst, r.max_abs());
      CHECK(r.max_abs() <= 1e-10);
      // and the state is the one the turn reports, on a circle of the reported radius
      CHECK(std::abs(t.state.qd[mi::rear_frame + mi::roll]) <= 1e-12);
      ++count;
    }
  }
  WARN(count << " turns at 6 leans; largest |lean, steer, pitch, yaw acceleration| " << worst << " rad/s^2");
  CHECK(count >= 6);
}

TEST_CASE("steady turns: at vanishing lean the eigenvalues are Meijaard's at the capsize speed", "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  const auto t = forward_turn(solver, 1e-3);
  REQUIRE(t);
  const CanonicalModel model = *make_canonical_model(benchmark_parameters()).model;
  const auto upright = eigenvalues(model, t->speed);
  for (std::size_t k = 0; k < 4; ++k) {
    WARN("turn " << t->eigenvalues[k] << " vs straight running at the same speed " << upright[k]);
    CHECK(std::abs(t->eigenvalues[k] - upright[k]) < 1e-4 * (1.0 + std::abs(upright[k])));
  }
}

namespace {

// A turn's nonlinear simulation: the rear contact's distance from the turn's centre and the lean, every step.
struct TurnRun {
  std::vector<double> t, distance, lean, roll_rate;
};

TurnRun ride(const SteadyTurn& turn, double duration, double h, double roll_rate_kick = 0.0) {
  FallCriteria fall;
  fall.steer_limit = 4.0;  // a reversed handlebar is not a fall here
  BicycleSimulation sim(benchmark_parameters(), InitialMotion{.speed = turn.speed, .roll = turn.lean, .steer = turn.steer},
                        default_bicycle_simulation_options(benchmark_parameters()), fall);
  sim.set_state(turn.state);
  if (roll_rate_kick != 0.0) sim.kick(roll_rate_kick);
  // Centre of the rear contact's circle: R to the right of the heading (x) for a right turn (Ω > 0, y right).
  const double R = turn.speed / turn.yaw_rate;  // signed
  const double cx = sim.observables().x, cy = sim.observables().y + R;
  TurnRun r;
  const long n = std::lround(duration / h);
  for (long k = 0; k < n; ++k) {
    sim.step(h);
    REQUIRE_FALSE(sim.fallen());
    const Observables& o = sim.observables();
    r.t.push_back(sim.state().t);
    r.distance.push_back(std::hypot(o.x - cx, o.y - cy));
    r.lean.push_back(o.roll);
    r.roll_rate.push_back(o.roll_rate);
  }
  return r;
}

}  // namespace

TEST_CASE("steady turns: a stable turn simulated for 10 s keeps its circle and its lean", "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  // The stable section of the handlebar-reversed family near lean 0.7 rad (docs/bicycle.md, "Steady turns").
  std::optional<SteadyTurn> stable;
  for (auto& t : solver.at_lean(0.70))
    if (t.stable) stable = t;
  REQUIRE(stable);
  const TurnRun r = ride(*stable, 10.0, 1e-3);
  double radius_err = 0.0, lean_err = 0.0;
  for (std::size_t k = 0; k < r.t.size(); ++k) {
    radius_err = std::max(radius_err, std::abs(r.distance[k] - stable->radius) / stable->radius);
    lean_err = std::max(lean_err, std::abs(r.lean[k] - stable->lean));
  }
  WARN("stable turn: lean " << stable->lean << " rad, steer " << stable->steer << " rad, speed " << stable->speed
                            << " m/s, radius " << stable->radius << " m; over 10 s max relative radius drift " << radius_err
                            << ", max lean drift " << lean_err << " rad");
  CHECK(radius_err <= 1e-3);
  CHECK(lean_err <= 1e-4);
}

TEST_CASE("steady turns: a perturbation grows at the rate of the turn's unstable eigenvalue", "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  const auto turn = forward_turn(solver, 0.3);
  REQUIRE(turn);
  REQUIRE_FALSE(turn->stable);
  const double s = turn->eigenvalues.back().real();  // the largest real part: a real (capsize-like) eigenvalue
  REQUIRE(turn->eigenvalues.back().imag() == 0.0);
  const TurnRun r = ride(*turn, 12.0, 1e-3, 1e-7);
  // Slope of log |roll rate| between 6 s and 12 s, when the other modes (Re s < -1.5) have died out. The
  // roll rate, not the lean's deviation: the kick changes the energy, so the motion stays near a neighbouring
  // turn of slightly different lean (the structural zero eigenvalue), whose roll rate is zero as well.
  auto at = [&](double t) { return static_cast<std::size_t>(std::lround(t / 1e-3)) - 1; };
  const double y6 = std::log(std::abs(r.roll_rate[at(6.0)])), y12 = std::log(std::abs(r.roll_rate[at(12.0)]));
  const double fitted = (y12 - y6) / 6.0;
  WARN("unstable turn at lean 0.3: eigenvalue " << s << " 1/s, fitted growth of the simulated deviation " << fitted
                                                << " 1/s (" << (fitted - s) / s << " relative)");
  CHECK(std::abs(fitted - s) <= 0.01 * s);
}

TEST_CASE("steady turns: a perturbation of a stable turn decays at the rate and frequency of its eigenvalues",
          "[bicycle][turns]") {
  const TurnSolver solver(benchmark_parameters());
  std::optional<SteadyTurn> stable;
  for (auto& t : solver.at_lean(0.70))
    if (t.stable) stable = t;
  REQUIRE(stable);
  // Its three slowest modes (an oscillatory pair and a real one of nearly the same decay rate); the fastest,
  // real, is gone after 2 s.
  const auto& s = stable->eigenvalues;
  REQUIRE(s[0].real() < 10.0 * s[3].real());
  const double h = 1e-3, every = 50;
  const TurnRun r = ride(*stable, 12.0, h, 1e-6);
  std::vector<double> y;
  for (std::size_t k = static_cast<std::size_t>(2.0 / h) - 1; k < r.t.size(); k += static_cast<std::size_t>(every))
    y.push_back(r.roll_rate[k]);
  const std::vector<std::complex<double>> fitted = carvallo_test::fit_exponents(y, every * h, 3);
  for (std::size_t k = 1; k < 4; ++k) {
    // nearest fitted exponent
    std::complex<double> best = fitted[0];
    for (const auto& f : fitted)
      if (std::abs(f - s[k]) < std::abs(best - s[k])) best = f;
    WARN("stable turn at lean 0.7: eigenvalue " << s[k] << ", fitted from the simulated roll rate " << best);
    CHECK(std::abs(best - s[k]) <= 0.01 * std::abs(s[k]));
  }
}
