// examples/model_run: every registered model, the bicycle included, runs through the one interface; its
// body poses stay finite and move; the CLI's output columns and the probes agree.
#include "model_run.hpp"

#include "bicycle/simulation.hpp"
#include "carvallo/errors.hpp"

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

TEST_CASE("model run: the bicycle's inputs drive the same motion as BicycleSimulation's rider input", "[model_run]") {
  // Two front ends, one engine: the generic inputs (ModelRun) and the bicycle's own (BicycleSimulation).
  ModelSetup setup;
  setup.settings = {{"speed", 5.0}};
  ModelRun run("bicycle", setup);
  REQUIRE(run.input_channels().size() == 2);
  const int steer = run.input_index("steer_torque"), roll = run.input_index("roll_torque");
  REQUIRE(steer == 0);
  REQUIRE(roll == 1);
  CHECK(run.input_index("pedal") == -1);
  CHECK_THROWS_AS(run.set_input(7, InputSignal::constant(1.0)), SolverError);
  const auto names = run.output_names();
  REQUIRE(names.size() >= 2);
  CHECK(names[names.size() - 2] == "steer_torque");
  CHECK(names.back() == "roll_torque");

  const InputSignal pulse = InputSignal::pulse(1.5, 0.2037, 0.1), sine = InputSignal::sine(0.4, 1.1);
  run.set_input(static_cast<std::size_t>(steer), pulse);
  run.set_input(static_cast<std::size_t>(roll), sine);
  bicycle::BicycleSimulation sim(bicycle::benchmark_parameters(), bicycle::InitialMotion{.speed = 5.0});
  sim.set_rider_input({pulse, sine});
  const double h = 5e-3;
  std::vector<double> values;
  for (int k = 0; k < 200; ++k) {
    run.step(h);
    sim.step(h);
    const double t = run.state().t;
    CHECK(std::abs(run.input_values()[0] - pulse.value(t)) == 0.0);
    run.output_values(values);
    CHECK(values[values.size() - 2] == run.input_values()[0]);
    CHECK(values.back() == run.input_values()[1]);
  }
  CHECK((run.state().q - sim.state().q).lpNorm<Eigen::Infinity>() <= 1e-12);
  CHECK(std::abs(sim.observables().roll) > 1e-3);  // the torques did something

  // set_state: back to the initial state, the run goes on from there.
  const State s0{0.0, run.instance().q0, run.instance().qd0};
  run.set_state(s0);
  CHECK(run.state().t == 0.0);
  CHECK((run.state().q - s0.q).norm() == 0.0);
}
