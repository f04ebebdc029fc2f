// Nonlinear simulation of the multibody bicycle, against independent references:
//  - Basu-Mandal, Chatterjee & Papadopoulos (2007), Proc. R. Soc. A 463:1983-2003, Table 1: the state of
//    the benchmark bicycle in a general (large lean and steer) configuration and the accelerations their two
//    independent derivations agree on to 13-14 digits (values as tabulated there);
//  - Meijaard et al. (2007) Table 2: the linear eigenvalues, against which the growth rates and frequencies
//    fitted from the nonlinear response to a small push are compared (within 1 %);
//  - conservation of energy (the model has no dissipation) and the constraints themselves.
#include "bicycle/simulation.hpp"
#include "fit_exponents.hpp"

#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/presets.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/errors.hpp"
#include "carvallo/partitioning.hpp"
#include "carvallo/stabilization.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

using namespace carvallo;
using namespace carvallo::bicycle;
namespace mi = multibody_index;
namespace ref = meijaard2007;

namespace {

constexpr double kPi = 3.14159265358979323846;

double max_abs(const Eigen::VectorXd& v) { return v.size() ? v.lpNorm<Eigen::Infinity>() : 0.0; }

/// |a − b| <= tol, printed on failure (Catch's Approx would add a relative 1e-5 on top of the margin).
bool near(double a, double b, double tol) {
  if (std::abs(a - b) <= tol) return true;
  UNSCOPED_INFO(a << " vs " << b << ": difference " << (a - b) << " > " << tol);
  return false;
}

/// The exponents of the samples (carvallo_test::fit_exponents), sorted by imaginary then real part.
std::vector<std::complex<double>> sorted_exponents(const std::vector<double>& y, double dt, int order) {
  std::vector<std::complex<double>> s = carvallo_test::fit_exponents(y, dt, order);
  std::sort(s.begin(), s.end(), [](auto a, auto b) { return a.imag() != b.imag() ? a.imag() < b.imag() : a.real() < b.real(); });
  return s;
}

const ref::Row& table_row(double v) {
  for (const auto& r : ref::table2)
    if (r.v == v) return r;
  FAIL("no Table 2 row for v = " << v);
  return ref::table2[0];
}

struct Run {
  std::vector<double> roll;  // sampled every `every` steps
  double max_c = 0.0, max_v = 0.0, max_drift = 0.0, max_abs_roll = 0.0;
};

Run simulate(double speed, double roll_rate, double duration, int every, double h = 1e-3) {
  BicycleSimulation sim(benchmark_parameters(), InitialMotion{.speed = speed, .roll_rate = roll_rate});
  Run r;
  const double e0 = sim.energy();
  const long steps = std::lround(duration / h);
  for (long i = 1; i <= steps; ++i) {
    const StepReport& rep = sim.step(h);
    REQUIRE_FALSE(sim.fallen());
    r.max_c = std::max(r.max_c, rep.C_norm);
    r.max_v = std::max({r.max_v, rep.Cdot_norm, rep.D_norm});
    r.max_drift = std::max(r.max_drift, std::abs(rep.energy - e0) / std::abs(e0));
    r.max_abs_roll = std::max(r.max_abs_roll, std::abs(sim.observables().roll));
    if (i % every == 0) r.roll.push_back(sim.observables().roll);
  }
  return r;
}

}  // namespace

TEST_CASE("initial states satisfy every constraint and carry the prescribed motion", "[bicycle][simulation]") {
  for (const Preset& preset : presets()) {
    const std::string name(preset.name);
    const Parameters p = load_preset(name)->values;
    const MultibodyBicycle bike = make_multibody_bicycle(p);
    const Model model(bike);
    for (const InitialMotion& m : {InitialMotion{.speed = 5.0},
                                   InitialMotion{.speed = 3.0, .roll = 0.2, .steer = -0.3, .roll_rate = 0.5, .steer_rate = -1.0},
                                   InitialMotion{.speed = -2.0, .roll = -0.4, .steer = 0.6, .roll_rate = -0.2, .steer_rate = 0.3, .yaw = 1.0}}) {
      INFO(name << " speed " << m.speed << " roll " << m.roll << " steer " << m.steer);
      const State s = multibody_initial_state(bike, m);
      Eigen::VectorXd C, V;
      model.C(s.q, 0.0, C);
      model.velocity_residual(s.q, s.qd, 0.0, V);
      CHECK(max_abs(C) < 1e-14);
      CHECK(max_abs(V) < 1e-13);
      const Observables o = observe(bike, s.q, s.qd);
      CHECK(near(o.roll, m.roll, 1e-15));
      CHECK(near(o.steer, m.steer, 1e-13));
      CHECK(near(o.yaw, m.yaw, 1e-15));
      CHECK(near(o.roll_rate, m.roll_rate, 1e-13));
      CHECK(near(o.steer_rate, m.steer_rate, 1e-13));
      CHECK(near(o.speed, m.speed, 1e-13));
      CHECK(near(o.x, 0.0, 1e-15));
      CHECK(near(o.y, 0.0, 1e-15));
    }
  }
}

TEST_CASE("upright, unsteered: pitch is zero and the configuration is the reference one", "[bicycle][simulation]") {
  const Parameters p = benchmark_parameters();
  const MultibodyBicycle bike = make_multibody_bicycle(p);
  CHECK(near(solve_pitch(bike, Pose{}), 0.0, 1e-15));
  const Eigen::VectorXd q = multibody_configuration(bike, Pose{});
  CHECK(max_abs(q - multibody_upright_configuration(p)) < 1e-15);
}

TEST_CASE("Basu-Mandal et al. (2007) Table 1: state and accelerations of the benchmark bicycle", "[bicycle][simulation]") {
  // Table 1 uses z up, x backward and the rear frame's pitch measured from the steer axis; in the
  // benchmark's conventions (x forward, y right, z down): roll = π/2 − ψ, steer = −ψ_f, pitch = π − φ
  // (the benchmark rear frame is upright at φ = π), yaw = −θ, wheel rotations −β, and the rear wheel
  // centre's (ẍ, ÿ, z̈) of the table is (−Ẍ, Ÿ, −Z̈) here.
  const Parameters p = benchmark_parameters();
  const MultibodyBicycle bike = make_multibody_bicycle(p);
  const double psi = 0.9501292851472, phi = 3.1257073014894, psi_f = 0.2311385135743, z = 0.2440472102925;
  const double xd = -2.8069345714545, yd = -0.1480982396001, zd = 0.1058778746261, thetad = 0.7830033527065,
               psid = 0.6068425835418, phid = -0.0119185528069, psifd = 0.4859824687093, betard = 8.9129896614890,
               betafd = 8.0133620584155;
  // Published accelerations.
  const double xdd = -0.5041626315047, ydd = -0.3449706619454, zdd = -1.4604528332980, thetadd = 0.8353281706379,
               psidd = -7.8555281128244, phidd = 0.1205543897884, psifdd = -4.6198904039403,
               betardd = 1.8472554144217, betafdd = 2.4548072904550;

  Pose pose;
  pose.roll = kPi / 2 - psi;
  pose.steer = -psi_f;
  pose.pitch = solve_pitch(bike, pose);
  // The configuration: pitch from the front contact, and the rear wheel centre height.
  CHECK(near(pose.pitch, kPi - phi, 1e-13));
  // Speed of the rear contact: −r_R times the rear wheel's spin rate relative to the yaw-roll frame.
  const double speed = -p.rR * (-phid - betard);
  const State s = multibody_initial_state(bike, InitialMotion{.speed = speed, .roll = pose.roll, .steer = pose.steer,
                                                              .roll_rate = -psid, .steer_rate = -psifd});
  CHECK(near(-s.q[mi::rear_wheel + mi::z], z, 1e-13));
  // The dependent rates follow from the constraints and must match the table's.
  CHECK(near(s.qd[mi::rear_frame + mi::yaw], -thetad, 1e-12));
  CHECK(near(s.qd[mi::rear_frame + mi::pitch], -phid, 1e-12));
  const Observables o = observe(bike, s.q, s.qd);
  CHECK(near(s.qd[mi::rear_wheel + mi::pitch] - s.qd[mi::rear_frame + mi::pitch], -betard, 1e-12));
  CHECK(near(s.qd[mi::front_wheel + mi::pitch] - s.qd[mi::front_frame + mi::pitch], -betafd, 1e-12));
  CHECK(near(-s.qd[mi::rear_wheel + mi::x], xd, 1e-12));
  CHECK(near(s.qd[mi::rear_wheel + mi::y], yd, 1e-12));
  CHECK(near(-s.qd[mi::rear_wheel + mi::z], zd, 1e-12));
  CHECK(near(o.speed, speed, 1e-13));

  // Accelerations by both solvers (the augmented system and Udwadia-Kalaba: two formulations).
  const Model model(bike);
  for (AccelerationMethod method : {AccelerationMethod::Augmented, AccelerationMethod::UdwadiaKalaba}) {
    INFO(to_string(method));
    auto solver = make_acceleration_solver(method);
    AccelerationResult r;
    solver->solve(model, 0.0, s.q, s.qd, {}, r);
    const auto& qdd = r.qdd;
    // Udwadia–Kalaba's pseudo-inverse amplifies the round-off of J more than the augmented system's Cholesky
    // factors (docs/bicycle.md, "Validation": 1.02e-12 against 4e-13 at most).
    const double tol = method == AccelerationMethod::UdwadiaKalaba ? 2e-12 : 1e-12;
    const double steer_dd = -psifdd, steer_dd_ours = steer_acceleration(bike, s.q, s.qd, qdd);
    CHECK(near(-qdd[mi::rear_wheel + mi::x], xdd, tol));
    CHECK(near(qdd[mi::rear_wheel + mi::y], ydd, tol));
    CHECK(near(-qdd[mi::rear_wheel + mi::z], zdd, tol));
    CHECK(near(-qdd[mi::rear_frame + mi::yaw], thetadd, tol));
    CHECK(near(-qdd[mi::rear_frame + mi::roll], psidd, tol));
    CHECK(near(-qdd[mi::rear_frame + mi::pitch], phidd, tol));
    CHECK(near(steer_dd_ours, steer_dd, tol));
    CHECK(near(-(qdd[mi::rear_wheel + mi::pitch] - qdd[mi::rear_frame + mi::pitch]), betardd, tol));
    CHECK(near(-(qdd[mi::front_wheel + mi::pitch] - qdd[mi::front_frame + mi::pitch]), betafdd, tol));
  }
}

TEST_CASE("straight upright running at 5 m/s stays upright for 60 s", "[bicycle][simulation]") {
  const Run r = simulate(5.0, 0.0, 60.0, 1000);
  CHECK(r.max_abs_roll < 1e-9);
  CHECK(r.max_c <= 1e-10);
  CHECK(r.max_v <= 1e-10);
}

TEST_CASE("after a push the motion decays at 5 m/s at the linear rates; constraints and energy hold for 60 s",
          "[bicycle][simulation]") {
  // Roll rate 1e-3 rad/s: roll amplitudes ~1e-4 rad, so the nonlinear terms are ~1e-8 of the linear ones.
  const double every = 0.05;
  const Run r = simulate(5.0, 1e-3, 60.0, 50);
  CHECK(r.max_c <= 1e-10);
  CHECK(r.max_v <= 1e-10);
  CHECK(r.max_drift <= 1e-6);
  // Fit from t = 2 s (the castering mode, −14.4 /s, has decayed by e^-29) to 20 s: weave pair + capsize.
  const std::vector<double> y(r.roll.begin() + 39, r.roll.begin() + 400);
  const auto s = sorted_exponents(y, every, 3);
  const ref::Row& row = table_row(5.0);
  INFO("fitted: " << s[0] << " " << s[1] << " " << s[2]);
  CHECK(std::abs(s[0].real() - row.weave_re) <= 0.01 * std::abs(row.weave_re));
  CHECK(std::abs(-s[0].imag() - row.weave_im) <= 0.01 * row.weave_im);
  CHECK(std::abs(s[2].real() - row.weave_re) <= 0.01 * std::abs(row.weave_re));
  CHECK(std::abs(s[2].imag() - row.weave_im) <= 0.01 * row.weave_im);
  CHECK(std::abs(s[1].real() - row.capsize) <= 0.01 * std::abs(row.capsize));
  CHECK(row.weave_re < 0.0);
}

TEST_CASE("after a push the weave grows at 3 m/s at the linear rate", "[bicycle][simulation]") {
  // At 3 m/s the weave grows at 1.71 /s: from a roll rate of 1e-7 rad/s the roll reaches ~1e-3 rad in 6 s,
  // still small enough for the linear rates (nonlinear terms ~1e-6 relative).
  const double every = 0.05;
  const Run r = simulate(3.0, 1e-7, 6.0, 50);
  CHECK(r.max_c <= 1e-10);
  CHECK(r.max_v <= 1e-10);
  const std::vector<double> y(r.roll.begin() + 29, r.roll.end());  // from t = 1.5 s
  const auto s = sorted_exponents(y, every, 3);
  const ref::Row& row = table_row(3.0);
  INFO("fitted: " << s[0] << " " << s[1] << " " << s[2]);
  CHECK(row.weave_re > 0.0);
  CHECK(std::abs(s[2].real() - row.weave_re) <= 0.01 * row.weave_re);
  CHECK(std::abs(s[2].imag() - row.weave_im) <= 0.01 * row.weave_im);
  CHECK(r.max_abs_roll > 1e-4);  // it did grow
}

TEST_CASE("a slow bicycle falls: the run ends with a fall event, never NaN", "[bicycle][simulation]") {
  BicycleSimulation sim(benchmark_parameters(), InitialMotion{.speed = 1.0, .roll = 0.05});
  for (int i = 0; i < 20000 && !sim.fallen(); ++i) sim.step(1e-3);
  REQUIRE(sim.fallen());
  CHECK(*sim.fell_at() < 20.0);
  // At 1 m/s the front frame flops over before the frame lies down: the steer limit (90°) ends the run.
  const Observables& o = sim.observables();
  CHECK((std::abs(o.roll) > 1.0 || std::abs(o.steer) > kPi / 2));
  // In words a student reads: the limit and the angle reached, in degrees, with its side.
  if (std::abs(o.steer) > kPi / 2) {
    CHECK_THAT(sim.fall_reason(), Catch::StartsWith("the handlebars turned past 90 degrees ("));
    CHECK_THAT(sim.fall_reason(), Catch::EndsWith(o.steer > 0 ? " degrees to the right)" : " degrees to the left)"));
  } else {
    CHECK_THAT(sim.fall_reason(), Catch::StartsWith("the bicycle fell over: it leaned past 57 degrees ("));
  }
  CHECK(std::isfinite(sim.energy()));
  const double t = sim.state().t;
  sim.step(1e-3);  // a fallen bicycle stays where it fell
  CHECK(sim.state().t == t);
}

TEST_CASE("every integrator, solver and stabilizer runs the bicycle to the same motion", "[bicycle][simulation]") {
  const Parameters p = benchmark_parameters();
  const InitialMotion motion{.speed = 4.0, .roll = 0.05, .roll_rate = 0.2};
  auto run = [&](const SimulationOptions& o) {
    BicycleSimulation sim(p, motion, o);
    double max_c = 0.0, max_v = 0.0;
    for (int i = 0; i < 200; ++i) {
      const auto& r = sim.step(1e-3);
      max_c = std::max(max_c, r.C_norm);
      max_v = std::max({max_v, r.Cdot_norm, r.D_norm});
    }
    return std::array<double, 4>{sim.observables().roll, sim.observables().steer, max_c, max_v};
  };
  const auto reference = run(default_bicycle_simulation_options(p));
  for (auto integrator : {IntegratorMethod::AdamsBashforth4, IntegratorMethod::RungeKutta4, IntegratorMethod::DormandPrince45})
    for (auto solver : {AccelerationMethod::Augmented, AccelerationMethod::UdwadiaKalaba})
      for (auto stab : {StabilizationMethod::Rgcpa, StabilizationMethod::Selective, StabilizationMethod::DirectCorrection,
                        StabilizationMethod::Baumgarte, StabilizationMethod::None}) {
        INFO(to_string(integrator) << " " << to_string(solver) << " " << to_string(stab));
        SimulationOptions o = default_bicycle_simulation_options(p);
        o.integrator = integrator;
        o.acceleration = solver;
        o.stabilization = stab;
        const auto r = run(o);
        const bool projecting = stab == StabilizationMethod::Rgcpa || stab == StabilizationMethod::Selective ||
                                stab == StabilizationMethod::DirectCorrection;
        CHECK(r[2] <= (projecting ? 1e-10 : 1e-6));
        CHECK(r[3] <= (projecting ? 1e-10 : 1e-6));
        // Fourth/fifth-order methods at 1e-3 s over 0.2 s: the same roll and steer to integration accuracy.
        CHECK(std::abs(r[0] - reference[0]) < 1e-7);
        CHECK(std::abs(r[1] - reference[1]) < 1e-7);
      }
}

TEST_CASE("far from the origin (10 km) the bicycle keeps riding: position corrections aim at what q can resolve",
          "[bicycle][simulation]") {
  // A lecture left playing for half an hour at 5 m/s reaches x ~ 1e4 m, where x itself is only known to
  // 1.8e-12 m: an absolute 1e-12 target made the position analysis fail (found by a tester at t = 2083 s).
  namespace mi = multibody_index;
  const BicycleSimulation start(benchmark_parameters(), InitialMotion{.speed = 5.0, .roll_rate = 0.3});
  State far = start.simulation().state();
  for (int body : {mi::rear_wheel, mi::rear_frame, mi::front_frame, mi::front_wheel}) {
    far.q[body + mi::x] += 9904.0;
    far.q[body + mi::y] += 3364.0;
  }
  for (const auto method : {StabilizationMethod::Rgcpa, StabilizationMethod::DirectCorrection}) {
    SimulationOptions options = default_bicycle_simulation_options(benchmark_parameters());
    options.stabilization = method;
    Simulation sim(Model(make_multibody_bicycle(benchmark_parameters())), options);
    sim.set_state(far);
    double worst = 0;
    for (int i = 0; i < 2000; ++i) worst = std::max(worst, sim.step(5e-3).C_norm);
    INFO(to_string(method));
    CHECK(worst <= 64 * std::numeric_limits<double>::epsilon() * 1.1e4);  // the coordinates' round-off
    CHECK(sim.state().t == Approx(10.0));
  }
  // Near the origin the target is the absolute 1e-12 as before.
  Tolerances tol;
  CHECK(reachable_position_tolerance(tol, Eigen::VectorXd::Constant(3, 1.0)) == 1e-12);
  CHECK(reachable_position_tolerance(tol, Eigen::VectorXd::Constant(3, 1e4)) == Approx(64 * std::numeric_limits<double>::epsilon() * 1e4));
}
