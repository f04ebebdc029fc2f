// The rider's torques on the nonlinear multibody bicycle (multibody.hpp RiderTorques, simulation.hpp
// RiderInput, scenarios.hpp), against independent references:
//  - the virtual power of the applied torques must be T_phi φ̇ + T_delta δ̇ (their definition in Meijaard et
//    al. 2007, Eq. (A 1)'s right-hand side), with φ̇ and δ̇ read back by the observables;
//  - for small torques the nonlinear response must be that of the linear equations
//    M q̈ + v C1 q̇ + (g K0 + v² K2) q = [T_phi, T_delta] of Meijaard et al. (2007) (canonical.hpp's closed
//    forms, integrated here by RK4 on a fine grid; nothing of the multibody model is used);
//  - the countersteering scenario: signs of steer, roll and yaw rate.
#include "bicycle/canonical.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/scenarios.hpp"
#include "bicycle/simulation.hpp"

#include "carvallo/model.hpp"

#include <catch2/catch.hpp>

#include <Eigen/LU>

#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <vector>

using namespace carvallo;
using namespace carvallo::bicycle;
using examples::InputSignal;
namespace mi = multibody_index;

namespace {

// The linear model's roll and steer for inputs u(t) = [T_phi(t), T_delta(t)] from upright rest at speed v:
// RK4 with step h (u smooth within each step: the signals' edges are multiples of h in the tests).
struct LinearResponse {
  std::vector<double> roll, steer;  // at t = k * every * h
};

LinearResponse linear_response(double v, const std::function<Eigen::Vector2d(double)>& u, double duration, double h,
                               int every) {
  const CanonicalModel model = *make_canonical_model(benchmark_parameters()).model;
  const Eigen::Matrix4d A = state_matrix(model, v);
  const Eigen::Matrix2d Minv = model.matrices.M.inverse();
  auto f = [&](double t, const Eigen::Vector4d& x) {
    Eigen::Vector4d d = A * x;
    d.tail<2>() += Minv * u(t);
    return d;
  };
  LinearResponse r;
  Eigen::Vector4d x = Eigen::Vector4d::Zero();
  const long n = std::lround(duration / h);
  for (long k = 0; k < n; ++k) {
    const double t = static_cast<double>(k) * h;
    // Sub-interval evaluations at t + h/2 and t + h lie inside [t, t + h]; an edge at t + h is taken from the
    // left (the value on the interval), as the nonlinear simulation does.
    const double tl = t + h * (1.0 - 1e-9);
    const Eigen::Vector4d k1 = f(t, x), k2 = f(t + 0.5 * h, x + 0.5 * h * k1), k3 = f(t + 0.5 * h, x + 0.5 * h * k2),
                          k4 = f(tl, x + h * k3);
    x += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    if ((k + 1) % every == 0) {
      r.roll.push_back(x[0]);
      r.steer.push_back(x[1]);
    }
  }
  return r;
}

struct NonlinearResponse {
  std::vector<double> roll, steer, yaw_rate, yaw;
  std::vector<double> steer_torque, roll_torque;
};

NonlinearResponse nonlinear_response(double v, const RiderInput& input, double duration, double h, int every) {
  BicycleSimulation sim(benchmark_parameters(), InitialMotion{.speed = v});
  sim.set_rider_input(input);
  NonlinearResponse r;
  const long n = std::lround(duration / h);
  for (long k = 0; k < n; ++k) {
    sim.step(h);
    REQUIRE_FALSE(sim.fallen());
    if ((k + 1) % every == 0) {
      r.roll.push_back(sim.observables().roll);
      r.steer.push_back(sim.observables().steer);
      r.yaw.push_back(sim.observables().yaw);
      r.yaw_rate.push_back(sim.state().qd[mi::rear_frame + mi::yaw]);
      const RiderTorques T = sim.rider_torques();
      r.steer_torque.push_back(T.steer.at(sim.state().t));
      r.roll_torque.push_back(T.roll.at(sim.state().t));
    }
  }
  return r;
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

double max_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double m = 0.0;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) m = std::max(m, std::abs(a[i] - b[i]));
  return m;
}

}  // namespace

TEST_CASE("rider torques: virtual power T_phi roll rate + T_delta steer rate in any state", "[bicycle][rider]") {
  // Reference: the definition of T_phi and T_delta as the forces conjugate to roll and steer.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const Parameters p = benchmark_parameters();
  for (int trial = 0; trial < 20; ++trial) {
    InitialMotion m{.speed = 4.0 * U(rng), .roll = 0.6 * U(rng), .steer = 0.8 * U(rng), .roll_rate = U(rng),
                    .steer_rate = 2.0 * U(rng), .yaw = 3.0 * U(rng)};
    const MultibodyBicycle free = make_multibody_bicycle(p);
    const State s = multibody_initial_state(free, m);
    RiderTorques T;
    T.steer.constant = 1.7 * U(rng);
    T.roll.constant = 2.3 * U(rng);
    const Model with(make_multibody_bicycle(p, T)), without(free);
    Eigen::VectorXd Q1, Q0;
    with.Q_b(s.q, s.qd, 0.0, Q1);
    without.Q_b(s.q, s.qd, 0.0, Q0);
    const Observables o = observe(free, s.q, s.qd);
    const double power = (Q1 - Q0).dot(s.qd), expected = T.roll.constant * o.roll_rate + T.steer.constant * o.steer_rate;
    INFO("trial " << trial << ": power " << power << " expected " << expected);
    CHECK(std::abs(power - expected) <= 1e-12 * (1.0 + std::abs(expected)));
    // The roll torque acts on the rear frame's roll coordinate only.
    RiderTorques roll_only;
    roll_only.roll.constant = 1.0;
    Eigen::VectorXd Qr;
    Model(make_multibody_bicycle(p, roll_only)).Q_b(s.q, s.qd, 0.0, Qr);
    Eigen::VectorXd unit = Eigen::VectorXd::Zero(mi::count);
    unit[mi::rear_frame + mi::roll] = 1.0;
    CHECK((Qr - Q0 - unit).lpNorm<Eigen::Infinity>() <= 1e-14);
  }
}

TEST_CASE("small rider torques: the nonlinear response is Meijaard's linear one", "[bicycle][rider]") {
  // 5 m/s (self-stable). Mirror symmetry makes roll and steer odd in the torque, so the nonlinear terms are
  // O(T³): with T = 1e-4 N m they are ~1e-8 of the response; the integration error (AB4, h = 1e-3 s) ~1e-9.
  const double v = 5.0, h = 1e-3, duration = 6.0, T = 1e-4;
  struct Case {
    const char* name;
    RiderInput input;
    std::function<Eigen::Vector2d(double)> u;
  };
  const std::vector<Case> cases = {
      {"steer step", {InputSignal::step(T, 0.5), {}}, [T](double t) { return Eigen::Vector2d(0.0, t >= 0.5 ? T : 0.0); }},
      {"steer pulse", {InputSignal::pulse(T, 0.5, 0.2), {}},
       [T](double t) { return Eigen::Vector2d(0.0, t >= 0.5 && t < 0.7 ? T : 0.0); }},
      {"roll step", {{}, InputSignal::step(T, 0.25)}, [T](double t) { return Eigen::Vector2d(t >= 0.25 ? T : 0.0, 0.0); }},
      {"steer and roll sines", {InputSignal::sine(T, 0.7), InputSignal::sine(-T, 1.3)},
       [T](double t) { return Eigen::Vector2d(-T * std::sin(2 * std::numbers::pi * 1.3 * t), T * std::sin(2 * std::numbers::pi * 0.7 * t)); }},
  };
  for (const auto& c : cases) {
    const LinearResponse lin = linear_response(v, c.u, duration, 1e-4, 100);
    const NonlinearResponse non = nonlinear_response(v, c.input, duration, h, 10);
    REQUIRE(lin.roll.size() == non.roll.size());
    const double scale = std::max(max_abs(lin.roll), max_abs(lin.steer));
    const double err = std::max(max_diff(lin.roll, non.roll), max_diff(lin.steer, non.steer));
    WARN(c.name << ": max |roll|, |steer| of the response " << scale << " rad; max |nonlinear - linear| " << err
                << " rad (" << err / scale << " relative)");
    CHECK(scale > 1e-6);
    CHECK(err <= 1e-6 * scale);
  }
}

TEST_CASE("countersteering: a right steer-torque pulse steers right, leans left, turns left", "[bicycle][rider]") {
  const Scenario* sc = find_scenario("countersteer");
  REQUIRE(sc != nullptr);
  CHECK(sc->motion.speed == 5.0);
  const double h = sc->step;
  const NonlinearResponse r = nonlinear_response(sc->motion.speed, sc->input, sc->duration, h, 1);
  const auto at = [&](double t) { return static_cast<std::size_t>(std::lround(t / h)) - 1; };
  const double t_on = sc->input.steer.start, t_off = t_on + sc->input.steer.duration;
  REQUIRE(sc->input.steer.amplitude > 0.0);  // to the right
  // The torque as applied, in the samples.
  CHECK(r.steer_torque[at(t_on + 0.05)] == sc->input.steer.amplitude);
  CHECK(r.steer_torque[at(t_off + 0.05)] == 0.0);
  // During the pulse the handlebar turns right (the front wheel steers out from under the rider) ...
  CHECK(r.steer[at(t_off)] > 0.0);
  // ... which leans the bicycle left ...
  double min_roll = 0.0;
  for (std::size_t k = at(t_on); k < at(t_off + 1.0); ++k) min_roll = std::min(min_roll, r.roll[k]);
  WARN("steer at the end of the pulse " << r.steer[at(t_off)] << " rad, most left lean " << min_roll
                                        << " rad, heading change " << r.yaw.back() << " rad");
  CHECK(min_roll < -0.05);
  for (std::size_t k = at(t_on); k < at(t_off + 1.0); ++k) CHECK(r.roll[k] <= 1e-9);
  // ... and it turns left: yaw rate negative after the pulse, heading ends to the left.
  double mean_yaw_rate = 0.0;
  for (std::size_t k = at(t_off + 0.2); k <= at(t_off + 1.2); ++k) mean_yaw_rate += r.yaw_rate[k];
  CHECK(mean_yaw_rate < 0.0);
  CHECK(r.yaw.back() < -0.2);
  // Self-stable at 5 m/s: it ends upright again.
  CHECK(std::abs(r.roll.back()) < 0.1 * std::abs(min_roll));
}

TEST_CASE("a torque edge inside a step is stepped to exactly", "[bicycle][rider]") {
  // A pulse whose edges fall inside steps (0.50037 s, 0.60037 s): run with h = 2e-3 s and h = 2e-4 s. Each
  // step ends at the edge and the integrator restarts there, so both runs agree to the integration error; an
  // integrator stepping across the jump would be off by O(h) of the response (about 1e-3 of it here).
  const RiderInput pulse{InputSignal::pulse(1.0, 0.50037, 0.1), {}};
  const NonlinearResponse coarse = nonlinear_response(5.0, pulse, 2.0, 2e-3, 1);
  const NonlinearResponse fine = nonlinear_response(5.0, pulse, 2.0, 2e-4, 10);
  REQUIRE(coarse.roll.size() == fine.roll.size());
  const double scale = max_abs(fine.roll), err = max_diff(coarse.roll, fine.roll);
  WARN("edge inside a step: max |roll| " << scale << " rad, coarse vs fine " << err << " (" << err / scale << " relative)");
  CHECK(err <= 1e-6 * scale);
  CHECK(coarse.steer_torque[250] == 1.0);  // t = 0.502
  CHECK(coarse.steer_torque[249] == 0.0);  // t = 0.500
}
