// Determinism: the same model, setup and methods give a bit-identical trajectory. Two runs through the
// one model interface (examples/model_run.hpp) are compared after every step with memcmp on t, q and q̇
// and on the step's report, so a difference in the last bit fails. What this guards against: state that
// leaks between runs through per-thread caches (the sine/cosine memo of the blocks, the Model's AD scratch
// vectors, the sparsity and colouring found from random probe points), work buffers read before they are
// written, a solver's reused selection (the augmented solver's row screening, the block structure of M),
// and the lazy stabilizers' skipped analyses. Both orders are run: interleaved, where every step of one run
// comes between two steps of the other and so disturbs the shared caches as much as possible, and one run
// after the other.
#include "model_run.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace carvallo;
using namespace carvallo::examples;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_bits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

// What one step leaves behind, to be compared bit for bit.
struct Snapshot {
  double t, C_norm, Cdot_norm, D_norm, energy;
  Eigen::VectorXd q, qd;
  long evaluations;
  bool fallback;
};

Snapshot snapshot(const ModelRun& run) {
  const StepReport& r = run.last_report();
  return {run.state().t, r.C_norm, r.Cdot_norm, r.D_norm, r.energy, run.state().q, run.state().qd, r.evaluations,
          r.correction.fallback};
}

bool identical(const Snapshot& a, const Snapshot& b) {
  return same_bits(a.t, b.t) && same_bits(a.C_norm, b.C_norm) && same_bits(a.Cdot_norm, b.Cdot_norm) &&
         same_bits(a.D_norm, b.D_norm) && same_bits(a.energy, b.energy) && same_bits(a.q, b.q) &&
         same_bits(a.qd, b.qd) && a.evaluations == b.evaluations && a.fallback == b.fallback;
}

struct Case {
  std::string model, variant;
  std::optional<IntegratorMethod> integrator;
  int steps;
};

}  // namespace

TEST_CASE("determinism: two runs of the same model give bit-identical trajectories", "[determinism]") {
  // Every stabilizer family and every kind of integrator: the bicycle (AB4 + lazy RGCPA, nonholonomic
  // contacts), the gear train (selective partitioning, lazy, 49 coordinates), the four-bar (direct
  // correction at every step), the sliding particle with Baumgarte and both Kutta–Merson variants (the
  // adaptive one chooses its own internal steps), Appell–Hamel (non-Pfaffian constraint, RK4).
  const auto c = GENERATE(Case{"bicycle", "", std::nullopt, 400}, Case{"epicyclic-gear", "selective", std::nullopt, 300},
                          Case{"epicyclic-gear", "rgcpa", std::nullopt, 100}, Case{"four-bar", "nacf", std::nullopt, 300},
                          Case{"sliding-particle", "baumgarte", IntegratorMethod::KuttaMerson, 2000},
                          Case{"sliding-particle", "baumgarte", IntegratorMethod::KuttaMersonAdaptive, 2000},
                          Case{"appell-hamel", "nonlinear", std::nullopt, 300});
  CAPTURE(c.model, c.variant);
  MethodChoice methods;
  methods.integrator = c.integrator;

  SECTION("interleaved") {
    ModelRun a(c.model, ModelSetup(c.variant), methods), b(c.model, ModelSetup(c.variant), methods);
    const double h = a.instance().defaults.step;
    REQUIRE(identical(snapshot(a), snapshot(b)));
    for (int i = 0; i < c.steps; ++i) {
      a.step(h);
      b.step(h);
      INFO("step " << i + 1 << " (t = " << a.state().t << " s)");
      REQUIRE(identical(snapshot(a), snapshot(b)));
    }
  }
  SECTION("one after the other") {
    std::vector<Snapshot> first;
    {
      ModelRun a(c.model, ModelSetup(c.variant), methods);
      const double h = a.instance().defaults.step;
      for (int i = 0; i < c.steps; ++i) {
        a.step(h);
        first.push_back(snapshot(a));
      }
    }
    ModelRun b(c.model, ModelSetup(c.variant), methods);
    const double h = b.instance().defaults.step;
    for (int i = 0; i < c.steps; ++i) {
      b.step(h);
      INFO("step " << i + 1 << " (t = " << b.state().t << " s)");
      REQUIRE(identical(first[static_cast<std::size_t>(i)], snapshot(b)));
    }
  }
}
