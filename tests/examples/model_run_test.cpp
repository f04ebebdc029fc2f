// examples/model_run: every registered model, the bicycle included, runs through the one interface; its
// body poses stay finite and move; the CLI's output columns and the probes agree.
#include "model_run.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::examples;

TEST_CASE("model run: every model runs with finite body poses that move", "[model_run]") {
  for (const auto& e : models()) {
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      INFO(e.name << " / " << v);
      ModelRun run(e, ModelSetup(v));
      const auto before = run.body_poses();
      REQUIRE(!before.empty());
      REQUIRE(before.size() == run.instance().body_names.size());
      const double h = run.instance().defaults.step;
      for (int i = 0; i < 200 && !run.ended(); ++i) run.step(h);
      const auto after = run.body_poses();
      double moved = 0.0;
      for (std::size_t k = 0; k < after.size(); ++k) {
        CHECK(after[k].position.allFinite());
        CHECK(after[k].rotation.allFinite());
        moved = std::max({moved, (after[k].position - before[k].position).norm(), (after[k].rotation - before[k].rotation).norm()});
      }
      CHECK(moved > 1e-6);
      for (const auto& g : run.scene()) CHECK((g.position.allFinite() && g.rotation.allFinite() && g.end.allFinite()));
      std::vector<double> values;
      run.output_values(values);
      CHECK(values.size() == run.output_names().size());
      CHECK(run.trace_points().size() == run.instance().traces.size());
    }
  }
}

TEST_CASE("model run: user methods override the model's, the paper's settings stay", "[model_run]") {
  MethodChoice m;
  m.integrator = IntegratorMethod::RungeKutta4;
  m.stabilization = StabilizationMethod::Baumgarte;
  ModelRun run("sliding-particle", ModelSetup("baumgarte"), m);
  CHECK(run.methods() == "augmented, rk4, baumgarte");
  CHECK(run.options().stabilizer.gains.gamma1 == -20.0);
  CHECK_THROWS_AS(ModelRun("no-such-model"), SolverError);
}
