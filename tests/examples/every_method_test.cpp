// Every method the playground's menus and the CLI offer runs on every registered model: each integrator,
// acceleration solver and stabilization (the engine's lists, which are the menus' lists) for one simulated
// second at the model's own step, from its initial state, without an error. Selective partitioning picks
// its independent coordinates itself where a model names none (core/src/stabilization.cpp).
//
// The whole matrix (10 models x 7 integrators x 2 solvers x 5 stabilizations) takes minutes under the
// sanitizers: it is every_method_matrix_test.cpp, run in release (CI's native layer, 47 s). Here every model
// runs every stabilization with its own integrator and solver (the choice a lecturer changes first), and the
// cheapest model to run (the sleigh: 3 coordinates, a nonholonomic constraint) every integrator with every
// solver.
#include "every_method.hpp"

#include "carvallo/errors.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace carvallo;
using namespace carvallo::examples;
using carvallo::examples::testing::run_one_second;


TEST_CASE("every method: every stabilization runs every model for 1 s", "[every_method]") {
  for (const auto& entry : models()) {
    // The largest model (the gear train's 49 coordinates) is most of this case's time under the sanitizers:
    // its stabilizations run in the [slow] matrix below.
    if (entry.make({}).model.nq() > 30) continue;
    for (StabilizationMethod stab : kStabilizationMethods) {
      MethodChoice m;
      m.stabilization = stab;
      run_one_second(entry, m);
    }
  }
}

TEST_CASE("every method: every integrator and solver runs the Chaplygin sleigh for 1 s", "[every_method]") {
  const ModelEntry* entry = find_model("chaplygin-sleigh");
  REQUIRE(entry);
  for (IntegratorMethod integ : kIntegratorMethods)
    for (AccelerationMethod solver : kAccelerationMethods) {
      MethodChoice m;
      m.integrator = integ;
      m.solver = solver;
      run_one_second(*entry, m);
    }
}

// Initial conditions (ModelEntry::settings): a planar mechanism's driver angle and rate, the disk's turning rate.
TEST_CASE("every method: a solver is not offered only where it cannot run, with the reason", "[every_method]") {
  // The gear train's Euler parameters make M singular: Udwadia-Kalaba fails at t = 0, the augmented form runs.
  const ModelInstance gear = make_model("epicyclic-gear");
  CHECK(unusable_solver(gear, AccelerationMethod::Augmented).empty());
  CHECK_THAT(unusable_solver(gear, AccelerationMethod::UdwadiaKalaba), Catch::Contains("singular"));
  MethodChoice uk;
  uk.solver = AccelerationMethod::UdwadiaKalaba;
  CHECK_THROWS_AS(ModelRun("epicyclic-gear", {}, uk).step(1e-3), carvallo::Error);
  for (const char* name : {"four-bar", "chaplygin-sleigh", "bicycle"}) CHECK(unusable_solver(make_model(name), AccelerationMethod::UdwadiaKalaba).empty());
}

TEST_CASE("every method: a planar mechanism starts at its driver's angle and rate, on the constraints", "[every_method]") {
  for (const char* name : {"four-bar", "slider-crank", "double-inverted-pendulum", "quick-return"})
    for (const char* variant : {"nacf", "angles"}) {
      const ModelEntry* entry = find_model(name);
      REQUIRE(entry);
      REQUIRE(entry->settings.size() == 2);
      const double angle = entry->settings[0].value + 0.2, rate = 1.5;
      ModelSetup setup(variant);
      setup.settings = {{"angle", angle}, {"rate", rate}};
      INFO(name << " / " << variant);
      ModelRun run(*entry, setup);
      const Model& m = run.model();
      const auto& s = run.state();
      Eigen::VectorXd C;
      Eigen::MatrixXd Cq;
      m.C(s.q, s.t, C);
      m.C_q(s.q, s.t, Cq);
      // On the constraints to the assembly's tolerance (1e-13), velocities in their null space.
      CHECK(C.lpNorm<Eigen::Infinity>() <= 1e-12);
      CHECK((Cq * s.qd).lpNorm<Eigen::Infinity>() <= 1e-9);
      // The driver's pose from the drawn bodies: its rotation's angle about z, and its rate by a short step of
      // the velocities (a first-order difference: 1e-7 s, so 1e-6 relative is ample).
      const auto& names = run.instance().body_names;
      std::size_t driver = 0;
      for (std::size_t k = 0; k < names.size(); ++k)
        if (entry->settings[0].description.find("of " + names[k] + " ") != std::string::npos) driver = k;
      const auto pose = run.instance().body_poses(s.q);
      const double theta = std::atan2(pose[driver].rotation(1, 0), pose[driver].rotation(0, 0));
      CHECK(std::remainder(theta - angle, 2 * M_PI) == Approx(0.0).margin(1e-10));
      const double h = 1e-7;
      const auto later = run.instance().body_poses(s.q + h * s.qd);
      const double theta2 = std::atan2(later[driver].rotation(1, 0), later[driver].rotation(0, 0));
      CHECK(std::remainder(theta2 - theta, 2 * M_PI) / h == Approx(rate).epsilon(1e-5));
    }
}

TEST_CASE("every method: the rolling disk starts turning at its yaw rate, rolling without slip", "[every_method]") {
  ModelSetup setup;
  setup.settings = {{"yaw_rate", 0.7}, {"lean", 0.2}};
  ModelRun run("rolling-disk", setup);
  CHECK(run.state().qd[3] == 0.7);  // held by the velocity analysis
  CHECK(run.last_report().D_norm <= 1e-10);
  CHECK(run.last_report().Cdot_norm <= 1e-10);
  for (int i = 0; i < 100; ++i) run.step(2e-3);
  CHECK(run.last_report().D_norm <= 1e-9);
}
