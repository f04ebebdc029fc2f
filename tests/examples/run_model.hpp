#pragma once
// Test-side driver for the registered models: runs carvallo::Simulation with a model's defaults (or
// overrides) and records the maximum constraint violations (2-norms, as 002 Table 11), the probes and the
// wall time.

#include "registry.hpp"

#include "carvallo/simulation.hpp"

#include <Eigen/Core>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace carvallo::examples::testing {

/// A model's methods (the registry's SimulationDefaults, which tests override) plus what to record.
struct RunOptions : SimulationDefaults {
  int record_every = 0;  ///< record the probes every n steps (0: never)
};

/// The model's defaults (the paper's settings).
inline RunOptions defaults_of(const ModelInstance& inst) {
  RunOptions o;
  static_cast<SimulationDefaults&>(o) = inst.defaults;
  return o;
}

struct RunResult {
  double max_C = 0.0;      ///< max over steps of ||C||₂
  double max_Cdot = 0.0;   ///< max ||Ċ||₂
  double max_D = 0.0;      ///< max ||D||₂ (nonholonomic)
  double t = 0.0;
  Eigen::VectorXd q, qd;
  std::vector<double> times;
  std::vector<std::vector<double>> probes;  ///< probes[k][i]: probe i at times[k]
  std::vector<double> C_history, D_history; ///< ||C||₂, ||D||₂ at the recorded times
  double seconds = 0.0;                     ///< wall time of the stepping loop
  long evaluations = 0;
  int fallbacks = 0;                        ///< selective partitioning steps that fell back to RGCPA
};

inline RunResult run(const ModelInstance& inst, const RunOptions& o) {
  const Model& m = inst.model;
  SimulationOptions so = simulation_options(o);
  so.diagnostics = false;
  Simulation sim(m, so);
  sim.set_state(State{inst.t0, inst.q0, inst.qd0});
  RunResult r;
  Eigen::VectorXd v;
  auto norms = [&](const State& s, double& c, double& cd, double& d) {
    c = cd = d = 0.0;
    if (m.nch() > 0) {
      m.C(s.q, s.t, v);
      c = v.norm();
      m.C_dot(s.q, s.qd, s.t, v);
      cd = v.norm();
    }
    if (m.ncnh() > 0) {
      m.D(s.q, s.qd, s.t, v);
      d = v.norm();
    }
  };
  auto record = [&](const State& s) {
    r.times.push_back(s.t);
    std::vector<double> row;
    for (const auto& p : inst.probes) row.push_back(p.value(m, s.t, s.q, s.qd));
    r.probes.push_back(row);
    double c, cd, d;
    norms(s, c, cd, d);
    r.C_history.push_back(c);
    r.D_history.push_back(d);
  };
  if (o.record_every > 0) record(sim.state());
  const long steps = static_cast<long>(o.duration / o.step + 0.5);
  double seconds = 0.0;
  for (long k = 1; k <= steps; ++k) {
    const auto start = std::chrono::steady_clock::now();
    const StepReport& rep = sim.step(o.step);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rep.correction.fallback) ++r.fallbacks;
    double c, cd, d;
    norms(sim.state(), c, cd, d);
    r.max_C = std::max(r.max_C, c);
    r.max_Cdot = std::max(r.max_Cdot, cd);
    r.max_D = std::max(r.max_D, d);
    if (o.record_every > 0 && k % o.record_every == 0) record(sim.state());
  }
  r.seconds = seconds;
  r.evaluations = sim.integrator_stats().evaluations;
  r.t = sim.state().t;
  r.q = sim.state().q;
  r.qd = sim.state().qd;
  return r;
}

inline int probe_index(const ModelInstance& inst, const std::string& name) {
  for (std::size_t i = 0; i < inst.probes.size(); ++i)
    if (inst.probes[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace carvallo::examples::testing
