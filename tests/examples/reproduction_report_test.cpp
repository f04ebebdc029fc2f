// The full-length reproductions of 001's, 002's and 004's results, each asserted against the paper's
// published figure (with the tolerance and its reason beside each check), or, where a paper publishes a
// plot and no number, against what the plot shows. Too long for the sanitized unit-test run: their own
// release executable (tests/CMakeLists.txt, label long_reproduction). Prints the tables of
// docs/examples.md and writes the time series of docs/plots/ (to CARVALLO_REPORT_DIR, default "."):
//
//   CARVALLO_REPORT_DIR=docs/plots/data build/native/bin/carvallo_reproduction_tests -# "[#reproduction_report_test]" -s
//
// Every CSV has a header line; columns: t, then the named series.
#include "mechanisms/appell_hamel.hpp"
#include "mechanisms/epicyclic_gear.hpp"
#include "mechanisms/sliding_particle.hpp"
#include "papers.hpp"
#include "run_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

using namespace carvallo;
using namespace carvallo::examples;

namespace {

std::string out_dir() {
  const char* d = std::getenv("CARVALLO_REPORT_DIR");
  return d ? d : ".";
}

void write_csv(const std::string& file, const ModelInstance& inst, const testing::RunResult& r) {
  std::ofstream f(out_dir() + "/" + file);
  f << "t,C,D";
  for (const auto& p : inst.probes) f << "," << p.name;
  f << "\n";
  char buf[64];
  for (std::size_t k = 0; k < r.times.size(); ++k) {
    std::snprintf(buf, sizeof buf, "%.10g,%.6e,%.6e", r.times[k], r.C_history[k], r.D_history[k]);
    f << buf;
    for (double v : r.probes[k]) {
      std::snprintf(buf, sizeof buf, ",%.12g", v);
      f << buf;
    }
    f << "\n";
  }
}

/// The largest recorded ||C|| (or ||D||) with t in [from, to].
double max_between(const testing::RunResult& r, const std::vector<double>& history, double from, double to) {
  double m = 0.0;
  for (std::size_t k = 0; k < r.times.size(); ++k)
    if (r.times[k] >= from && r.times[k] <= to) m = std::max(m, history[k]);
  return m;
}

}  // namespace

TEST_CASE("reproduction: 002 Table 11 and trajectories", "[.reproduction]") {
  std::cout << "\n| model | max ||C|| | max ||Cdot|| | wall time [s] | angles + RGCPA: max ||C|| | max ||Cdot|| |\n"
               "|---|---|---|---|---|---|\n";
  for (const auto& row : papers::kTable11) {
    const ModelInstance inst = make_model(row.name);
    auto o = testing::defaults_of(inst);
    o.record_every = 10;
    const auto r = testing::run(inst, o);
    write_csv(std::string(row.name) + ".csv", inst, r);
    const ModelInstance b = make_model(row.name, "angles");
    auto ob = testing::defaults_of(b);
    ob.acceleration = AccelerationMethod::Augmented;
    ob.stabilizer = "rgcpa";
    ob.integrator = IntegratorMethod::RungeKutta4;
    ob.record_every = 10;
    const auto rb = testing::run(b, ob);
    write_csv(std::string(row.name) + "-angles.csv", b, rb);
    std::printf("| %s | %.3e | %.3e | %.2f | %.3e | %.3e |\n", row.name, r.max_C, r.max_Cdot, r.seconds, rb.max_C,
                rb.max_Cdot);
    INFO(row.name << ": max ||C|| " << r.max_C << " (002: " << row.C << "), max ||Cdot|| " << r.max_Cdot << " (002: "
                  << row.Cdot << "); angles + RGCPA " << rb.max_C << ", " << rb.max_Cdot);
    // Table 11's entries are round-off (1e-15 to 1e-12) of another program (MATLAB, a sixth-order
    // Adams-Bashforth): only their order of magnitude can be reproduced, so within 10x or below.
    CHECK(r.max_C <= 10.0 * row.C);
    CHECK(r.max_Cdot <= 10.0 * row.Cdot);
    // 002 §6: every violation stays below the correction's tolerance (Table 10), exactly so.
    CHECK(r.max_C < papers::kTable10Tolerance);
    CHECK(r.max_Cdot < papers::kTable10Tolerance);
    // The other formulation (plain angles, RGCPA, RK4; 002 Figs 6-9 compare formulations) keeps its own
    // correction's tolerance too: RGCPA corrects to 1e-10 in the infinity norm, at most sqrt(m) = 4 times
    // that in the 2-norm for these mechanisms' m <= 15 constraints.
    CHECK(rb.max_C <= 4.0 * 1e-10);
    CHECK(rb.max_Cdot <= 4.0 * 1e-10);
  }
}

TEST_CASE("reproduction: Appell-Hamel energy integral (001 Fig. 9)", "[.reproduction]") {
  // 001 publishes plots, not numbers: Fig. 9, the energy drift with the linear constraints (Eqs 101-102)
  // grows faster than with the nonlinear one (Eq 57); Fig. 6, theta-dot decays and theta settles.
  std::cout << "\n| modelling | stabilizer | max |dE| [J] | final theta_dot [rad/s] | final theta [rad] |\n|---|---|---|---|---|\n";
  double dE_of[2][2] = {};
  double theta_of[2][2] = {};
  int i = 0;
  for (const std::string v : {"nonlinear", "linear"}) {
    int j = 0;
    for (const std::string s : {"none", "rgcpa"}) {
      const ModelInstance inst = mechanisms::make_appell_hamel(v);
      auto o = testing::defaults_of(inst);
      o.stabilizer = s;
      o.record_every = 10;
      const auto r = testing::run(inst, o);
      const int ie = testing::probe_index(inst, "energy");
      REQUIRE(ie >= 0);
      double dE = 0.0;
      for (const auto& row : r.probes) dE = std::max(dE, std::abs(row[static_cast<std::size_t>(ie)] - r.probes[0][static_cast<std::size_t>(ie)]));
      std::printf("| %s | %s | %.3e | %.3e | %.6f |\n", v.c_str(), s.c_str(), dE, r.qd[0], r.q[0]);
      write_csv("appell-hamel-" + v + "-" + s + ".csv", inst, r);
      INFO(v << ", " << s << ": max |dE| " << dE << " J, theta(50) " << r.q[0] << ", theta_dot(50) " << r.qd[0]);
      // Fig. 6: theta-dot reaches its steady value, zero (measured 1e-17 to 4e-14 rad/s after 50 s).
      CHECK(std::abs(r.qd[0]) < 1e-9);
      dE_of[i][j] = dE;
      theta_of[i][j] = r.q[0];
      ++j;
    }
    ++i;
  }
  INFO("max |dE|: nonlinear " << dE_of[0][0] << ", linear " << dE_of[1][0] << "; with RGCPA " << dE_of[0][1] << ", "
                              << dE_of[1][1]);
  // Fig. 9: the nonlinear modelling subdues the drift. Measured 5.8x; 2x asks for the paper's direction
  // with room for another compiler's round-off.
  CHECK(dE_of[1][0] > 2.0 * dE_of[0][0]);
  // RGCPA removes the constraint drift in both modellings; what is left is RK4's own error (1e-12 of E).
  CHECK(dE_of[0][1] < 0.5 * dE_of[0][0]);
  CHECK(dE_of[1][1] < 0.5 * dE_of[0][0]);
  // The four runs are one motion: theta settles at the same angle (they agree to 1e-9 rad).
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) CHECK(std::abs(theta_of[a][b] - theta_of[0][0]) < 1e-6);
}

TEST_CASE("reproduction: sliding particle (001 Figs 12, 15, 16)", "[.reproduction]") {
  std::cout << "\n";
  double max_phi[2] = {};
  int i = 0;
  for (const std::string v : {"nonminimal", "baumgarte"}) {
    const ModelInstance inst = mechanisms::make_sliding_particle(v);
    auto o = testing::defaults_of(inst);  // 1e-3 s, 500 s
    o.record_every = 100;
    const auto r = testing::run(inst, o);
    std::printf("sliding particle %s, %s, dt = 1e-3 s, 500 s: max |phi| = %.3e m (%.2f s)\n", v.c_str(),
                to_string(o.integrator), r.max_C, r.seconds);
    write_csv("sliding-particle-" + v + "-500s.csv", inst, r);
    max_phi[i++] = r.max_C;
    if (v == "nonminimal") {
      // Fig. 12: without stabilization phi grows with time. Measured 2.6e-11 m in the first 100 s and
      // 1.6e-10 m in the last 100 s (sampled every 0.1 s): the last stretch at least twice the first.
      const double first = max_between(r, r.C_history, 0.0, 100.0), last = max_between(r, r.C_history, 400.0, 500.0);
      INFO("unstabilized: max |phi| " << first << " m in [0, 100 s], " << last << " m in [400, 500 s]");
      CHECK(last > 2.0 * first);
    }
  }
  // 001's bound (text after Fig. 14) with its own scheme and settings: a bound, so no tolerance
  // (measured 1.81e-11 m); the unstabilized run exceeds it (Fig. 12 against Fig. 15).
  INFO("max |phi|: unstabilized " << max_phi[0] << " m, Baumgarte " << max_phi[1] << " m");
  CHECK(max_phi[1] < papers::kBaumgarteBound);
  CHECK(max_phi[0] > papers::kBaumgarteBound);
  // 001's bound with the other integrators: Merson's scheme with its step control, and classical RK4.
  for (const auto integrator : {IntegratorMethod::KuttaMersonAdaptive, IntegratorMethod::RungeKutta4}) {
    const ModelInstance inst = mechanisms::make_sliding_particle("baumgarte");
    auto o = testing::defaults_of(inst);
    o.integrator = integrator;
    const auto r = testing::run(inst, o);
    std::printf("sliding particle baumgarte, %s, dt = 1e-3 s, 500 s: max |phi| = %.3e m (%.2f s, %ld evaluations)\n",
                to_string(integrator), r.max_C, r.seconds, r.evaluations);
    INFO(to_string(integrator) << ": max |phi| " << r.max_C << " m");
    if (integrator == IntegratorMethod::KuttaMersonAdaptive) {
      CHECK(r.max_C < papers::kBaumgarteBound);  // measured 6.4e-12 m
    } else {
      // RK4's local error on y' = λy is z^5/120 against Merson's z^5/720: it misses the bound (measured
      // 6.4e-11 m) but stays at the paper's level (within 10x, the criterion used for 002 Table 11).
      CHECK(r.max_C > papers::kBaumgarteBound);
      CHECK(r.max_C < 10.0 * papers::kBaumgarteBound);
    }
  }
  double phi_1h[3] = {};
  i = 0;
  for (const std::string v : {"minimal", "nonminimal", "baumgarte"}) {
    const ModelInstance inst = mechanisms::make_sliding_particle(v);
    auto o = testing::defaults_of(inst);
    o.step = 0.1;
    o.duration = 3600.0;
    o.record_every = 10;
    const auto r = testing::run(inst, o);
    const double y = v == "minimal" ? 1.0 - r.q[0] * r.q[0] : r.q[1];
    std::printf("sliding particle %s, dt = 0.1 s, 1 h: y = %.6f m, x = %.6f m, max |phi| = %.3e m\n", v.c_str(), y,
                r.q[0], r.max_C);
    write_csv("sliding-particle-" + v + "-1h.csv", inst, r);
    phi_1h[i++] = r.max_C;
  }
  // Fig. 16 (a plot): after 1 h at 0.1 s the damped nonminimal solution (DN) stays on the surface and the
  // unstabilized one (N) leaves it. Measured: DN's |phi| at most 6.9e-3 m over the hour, N's 6.7e4 m. The
  // minimal model (M) has no constraint to violate.
  INFO("max |phi| over 1 h: M " << phi_1h[0] << ", N " << phi_1h[1] << ", DN " << phi_1h[2] << " m");
  CHECK(phi_1h[0] == 0.0);
  CHECK(phi_1h[2] < 1e-2);
  CHECK(phi_1h[1] > 1.0);
}

TEST_CASE("reproduction: epicyclic gear train (004 Figs 4-7, timing table)", "[.reproduction]") {
  std::cout << "\n| scheme | max ||C|| | max ||D|| | wall time [s] | fallbacks | omega_sun/omega_arm |\n|---|---|---|---|---|---|\n";
  const mechanisms::EpicyclicGear g;
  testing::RunResult runs[3];
  int i = 0;
  for (const std::string v : {"full", "rgcpa", "selective"}) {
    const ModelInstance inst = mechanisms::make_epicyclic_gear(v);
    auto o = testing::defaults_of(inst);
    o.record_every = 100;
    const auto r = testing::run(inst, o);
    const double ratio = g.omega_z(1, r.q, r.qd) / g.omega_z(2, r.q, r.qd);
    std::printf("| %s | %.3e | %.3e | %.2f | %d | %.6f |\n", v.c_str(), r.max_C, r.max_D, r.seconds, r.fallbacks, ratio);
    write_csv("epicyclic-gear-" + v + ".csv", inst, r);
    INFO(v << ": omega_sun/omega_arm = " << ratio);
    // 004 quotes "the gear ratio is 6.41", which no ratio of its tooth counts (T1 = 127, T2 = 23) gives: with
    // the ring fixed, Eqs 40-41 give 1 + T1/T2 = 150/23 = 6.5217, the figure asserted. The corrected schemes
    // keep the meshes' constraints to 1e-10 and hold it to 1e-9 (measured: to the printed 11 digits); the
    // full run's drift (||D|| to 2.4e-5) moves it by 3.2e-8, within 1e-6.
    CHECK(ratio == Approx(g.sun_to_arm_ratio()).epsilon(v == "full" ? 1e-6 : 1e-9));
    runs[i++] = r;
  }
  const auto &full = runs[0], &gcpi = runs[1], &scpi = runs[2];
  INFO("FCI max ||C|| " << full.max_C << ", ||D|| " << full.max_D << "; GCPI " << gcpi.max_C << ", " << gcpi.max_D
                        << "; SCPI " << scpi.max_C << ", " << scpi.max_D);
  // Fig. 4: full-coordinate integration accumulates the errors ("ascending and accumulative"): the last
  // 5 s hold larger violations than the first 5 s (measured growth: C 2e-12 -> 6.6e-8, D 1e-9 -> 2.4e-5).
  CHECK(max_between(full, full.C_history, 10.0, 15.0) > 10.0 * max_between(full, full.C_history, 0.0, 5.0));
  CHECK(max_between(full, full.D_history, 10.0, 15.0) > 10.0 * max_between(full, full.D_history, 0.0, 5.0));
  // Figs 6-7: GCPI and SCPI stay within their tolerance (1e-10 in the infinity norm: at most sqrt(2) times that
  // in the 2-norm here, one or two rows at the tolerance; measured 1.000e-10 and 1.414e-10) for the whole
  // 15 s, far below the full run's, and "coincide with each other".
  for (const auto* r : {&gcpi, &scpi}) {
    CHECK(r->max_C <= 1.5e-10);
    CHECK(r->max_D <= 1.5e-10);
  }
  CHECK(full.max_D > 1000.0 * gcpi.max_D);
  // Coincide: after 15 s the two final states differ by 6e-7 of their largest component, so 1e-5 (the
  // 25 steps SCPI fell back to RGCPA are corrected in another partition, each within the tolerance).
  CHECK((gcpi.q - scpi.q).lpNorm<Eigen::Infinity>() <= 1e-5 * gcpi.q.lpNorm<Eigen::Infinity>());
  CHECK((gcpi.qd - scpi.qd).lpNorm<Eigen::Infinity>() <= 1e-5 * gcpi.qd.lpNorm<Eigen::Infinity>());
  // 004's timing table (FCI 216 s, GCPI 229 s, SCPI 54.37 s) is not asserted: wall times on a shared CI
  // machine are noise. bench/selective_partitioning_bench.cpp measures the SCPI/GCPI ratio (docs/performance.md).
}
