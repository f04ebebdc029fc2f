// The full-length reproductions of 001's, 002's and 004's results (too long for the unit-test run;
// hidden tag). Prints the numbers of docs/examples.md and writes the time series that
// docs/plots/make_plots.sh plots:
//
//   CARVALLO_REPORT_DIR=docs/plots/data build/mech/bin/carvallo_tests "[.reproduction]"
//
// Every CSV has a header line; columns: t, then the named series.
#include "mechanisms/appell_hamel.hpp"
#include "mechanisms/epicyclic_gear.hpp"
#include "mechanisms/sliding_particle.hpp"
#include "run_model.hpp"

#include <catch2/catch.hpp>

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

}  // namespace

TEST_CASE("reproduction: 002 Table 11 and trajectories", "[.reproduction]") {
  std::cout << "\n| model | max ||C|| | max ||Cdot|| | wall time [s] |\n|---|---|---|---|\n";
  for (const char* name : {"four-bar", "slider-crank", "double-inverted-pendulum", "quick-return"}) {
    const ModelInstance inst = make_model(name);
    auto o = testing::defaults_of(inst);
    o.record_every = 10;
    const auto r = testing::run(inst, o);
    std::printf("| %s | %.3e | %.3e | %.2f |\n", name, r.max_C, r.max_Cdot, r.seconds);
    write_csv(std::string(name) + ".csv", inst, r);
    const ModelInstance b = make_model(name, "angles");
    auto ob = testing::defaults_of(b);
    ob.acceleration = AccelerationMethod::Augmented;
    ob.stabilizer = "rgcpa";
    ob.integrator = IntegratorMethod::RungeKutta4;
    ob.record_every = 10;
    const auto rb = testing::run(b, ob);
    write_csv(std::string(name) + "-angles.csv", b, rb);
  }
}

TEST_CASE("reproduction: Appell-Hamel energy integral (001 Fig. 9)", "[.reproduction]") {
  std::cout << "\n| modelling | stabilizer | max |dE| [J] | final theta_dot [rad/s] | final theta [rad] |\n|---|---|---|---|---|\n";
  for (const std::string v : {"nonlinear", "linear"})
    for (const std::string s : {"none", "rgcpa"}) {
      const ModelInstance inst = mechanisms::make_appell_hamel(v);
      auto o = testing::defaults_of(inst);
      o.stabilizer = s;
      o.record_every = 10;
      const auto r = testing::run(inst, o);
      const int ie = testing::probe_index(inst, "energy");
      double dE = 0.0;
      for (const auto& row : r.probes) dE = std::max(dE, std::abs(row[static_cast<std::size_t>(ie)] - r.probes[0][static_cast<std::size_t>(ie)]));
      std::printf("| %s | %s | %.3e | %.3e | %.6f |\n", v.c_str(), s.c_str(), dE, r.qd[0], r.q[0]);
      write_csv("appell-hamel-" + v + "-" + s + ".csv", inst, r);
    }
}

TEST_CASE("reproduction: sliding particle (001 Figs 12, 15, 16)", "[.reproduction]") {
  std::cout << "\n";
  for (const std::string v : {"nonminimal", "baumgarte"}) {
    const ModelInstance inst = mechanisms::make_sliding_particle(v);
    auto o = testing::defaults_of(inst);  // 1e-3 s, 500 s
    o.record_every = 100;
    const auto r = testing::run(inst, o);
    std::printf("sliding particle %s, %s, dt = 1e-3 s, 500 s: max |phi| = %.3e m (%.2f s)\n", v.c_str(),
                to_string(o.integrator), r.max_C, r.seconds);
    write_csv("sliding-particle-" + v + "-500s.csv", inst, r);
  }
  // 001's bound with the other integrators: Merson's scheme with its step control, and classical RK4.
  for (const auto integrator : {IntegratorMethod::KuttaMersonAdaptive, IntegratorMethod::RungeKutta4}) {
    const ModelInstance inst = mechanisms::make_sliding_particle("baumgarte");
    auto o = testing::defaults_of(inst);
    o.integrator = integrator;
    const auto r = testing::run(inst, o);
    std::printf("sliding particle baumgarte, %s, dt = 1e-3 s, 500 s: max |phi| = %.3e m (%.2f s, %ld evaluations)\n",
                to_string(integrator), r.max_C, r.seconds, r.evaluations);
  }
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
  }
}

TEST_CASE("reproduction: epicyclic gear train (004 Figs 4-7, timing table)", "[.reproduction]") {
  std::cout << "\n| scheme | max ||C|| | max ||D|| | wall time [s] | fallbacks | omega_sun/omega_arm |\n|---|---|---|---|---|---|\n";
  const mechanisms::EpicyclicGear g;
  for (const std::string v : {"full", "rgcpa", "selective"}) {
    const ModelInstance inst = mechanisms::make_epicyclic_gear(v);
    auto o = testing::defaults_of(inst);
    o.record_every = 100;
    const auto r = testing::run(inst, o);
    std::printf("| %s | %.3e | %.3e | %.2f | %d | %.6f |\n", v.c_str(), r.max_C, r.max_D, r.seconds, r.fallbacks,
                g.omega_z(1, r.q, r.qd) / g.omega_z(2, r.q, r.qd));
    write_csv("epicyclic-gear-" + v + ".csv", inst, r);
  }
}
