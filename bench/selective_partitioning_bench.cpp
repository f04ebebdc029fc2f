// 004 §4's timing comparison on the epicyclic gear train: selective partitioning (SCPI, fixed independent
// coordinates) against full partitioning at every step (GCPI = RGCPA without the lazy checks, as 004 runs
// it), with the registry's settings (augmented, AB4, Δt = 1e-3 s, tolerance 1e-10). The machine is shared
// and its speed drifts, so the modes run in turn, round after round, in one process, and what is reported
// is the ratio of CPU times within each round (and their median), not absolute times.
//
// Modes: gcpi (variant rgcpa, analysis every step), gcpi-lazy (the same with analyse_only_when_violated),
// scpi-eager (variant selective as it was before the lazy treatment: C_q, J and both condition estimates
// every step), scpi (variant selective as registered: lazy).
//
// Built with the native preset (bench/CMakeLists.txt); from the repository root:
//   build/native/bin/selective_partitioning_bench [--t 2] [--rounds 7]          # alternating rounds, ratios
//   valgrind --tool=callgrind --toggle-collect='*run_steps*' build/native/bin/selective_partitioning_bench --only scpi --t 1
//                                                                   # instructions of the stepping loop only
#include "mechanisms/epicyclic_gear.hpp"
#include "registry.hpp"

#include "carvallo/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

using namespace carvallo;
using namespace carvallo::examples;

namespace {

struct Mode {
  const char* name;
  const char* variant;
  bool lazy;
};

constexpr Mode kModes[] = {{"gcpi", "rgcpa", false}, {"gcpi-lazy", "rgcpa", true}, {"scpi-eager", "selective", false},
                           {"scpi", "selective", true}};

struct Outcome {
  double cpu_seconds = 0.0;
  double max_C = 0.0, max_D = 0.0;  // ∞-norms over the steps (the step reports')
  int fallbacks = 0, position_corrections = 0, velocity_corrections = 0;
};

double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The stepping loop alone (callgrind's --toggle-collect selects this function).
__attribute__((noinline)) void run_steps(Simulation& sim, long steps, double h, Outcome& out) {
  for (long k = 0; k < steps; ++k) {
    const StepReport& r = sim.step(h);
    out.max_C = std::max(out.max_C, r.C_norm);
    out.max_D = std::max({out.max_D, r.Cdot_norm, r.D_norm});
    out.fallbacks += r.correction.fallback ? 1 : 0;
    out.position_corrections += r.correction.position_iterations > 0 ? 1 : 0;
    out.velocity_corrections += r.correction.velocity_iterations > 0 ? 1 : 0;
  }
}

Outcome run(const Mode& mode, double duration) {
  const ModelInstance inst = make_model("epicyclic-gear", ModelSetup(mode.variant));
  SimulationOptions o = simulation_options(inst);
  o.stabilizer.analyse_only_when_violated = mode.lazy;
  Simulation sim(inst.model, o);
  sim.set_state(State{inst.t0, inst.q0, inst.qd0});
  Outcome out;
  const double h = inst.defaults.step;
  const long steps = std::lround(duration / h);
  const double start = cpu_now();
  run_steps(sim, steps, h, out);
  out.cpu_seconds = cpu_now() - start;
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  double duration = 2.0;
  int rounds = 7;
  const char* only = nullptr;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--t")) duration = std::atof(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--rounds")) rounds = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--only")) only = argv[i + 1];
  }
  if (only) {
    for (const Mode& m : kModes)
      if (!std::strcmp(m.name, only)) {
        const Outcome r = run(m, duration);
        std::printf("%s: %.3f s CPU for %.3g s; max ||C|| %.2e, max ||[Cdot; D]|| %.2e; %d fallbacks\n", m.name,
                    r.cpu_seconds, duration, r.max_C, r.max_D, r.fallbacks);
        return 0;
      }
    std::fprintf(stderr, "unknown mode %s (gcpi, gcpi-lazy, scpi-eager, scpi)\n", only);
    return 2;
  }
  constexpr std::size_t n = std::size(kModes);
  std::vector<std::vector<double>> times(n);
  std::printf("epicyclic gear, %.3g s per run (AB4, dt = 1e-3 s), CPU seconds per round:\n", duration);
  std::printf("round");
  for (const Mode& m : kModes) std::printf(" %12s", m.name);
  std::printf("   gcpi/scpi  scpi-eager/scpi  gcpi/scpi-eager  gcpi-lazy/scpi\n");
  std::vector<double> r_gcpi_scpi, r_eager_scpi, r_gcpi_eager, r_lazy_scpi;
  std::vector<Outcome> last(n);
  for (int round = 0; round < rounds; ++round) {
    std::printf("%5d", round + 1);
    for (std::size_t k = 0; k < n; ++k) {
      // Rotate the order every round, so no mode always runs right after the same one.
      const std::size_t m = (k + static_cast<std::size_t>(round)) % n;
      last[m] = run(kModes[m], duration);
      times[m].push_back(last[m].cpu_seconds);
    }
    for (std::size_t k = 0; k < n; ++k) std::printf(" %12.3f", times[k].back());
    const double gcpi = times[0].back(), lazy = times[1].back(), eager = times[2].back(), scpi = times[3].back();
    r_gcpi_scpi.push_back(gcpi / scpi);
    r_eager_scpi.push_back(eager / scpi);
    r_gcpi_eager.push_back(gcpi / eager);
    r_lazy_scpi.push_back(lazy / scpi);
    std::printf("   %9.2f  %15.2f  %15.2f  %14.2f\n", gcpi / scpi, eager / scpi, gcpi / eager, lazy / scpi);
  }
  std::printf("median ratios: GCPI/SCPI %.2f (before the lazy treatment GCPI/SCPI-eager %.2f); SCPI-eager/SCPI %.2f; "
              "GCPI-lazy/SCPI %.2f\n",
              median(r_gcpi_scpi), median(r_gcpi_eager), median(r_eager_scpi), median(r_lazy_scpi));
  for (std::size_t k = 0; k < n; ++k)
    std::printf("%-10s max ||C|| %.2e, max ||[Cdot; D]|| %.2e, %d fallbacks, %d position and %d velocity corrections\n",
                kModes[k].name, last[k].max_C, last[k].max_D, last[k].fallbacks, last[k].position_corrections,
                last[k].velocity_corrections);
  return 0;
}
