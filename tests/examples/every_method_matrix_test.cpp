// Every combination of methods the playground's menus and the CLI offer runs every registered model for one
// simulated second at the model's own step, without an error: 10 models x 7 integrators x 2 solvers x 5
// stabilizations, less Udwadia-Kalaba where the menu does not offer it (a singular mass matrix). Minutes
// under the sanitizers, so it runs in release, in CI's native layer (tests/CMakeLists.txt).
#include "every_method.hpp"

using namespace carvallo;
using namespace carvallo::examples;
using carvallo::examples::testing::run_one_second;

TEST_CASE("every method: every combination the menus offer runs every model for 1 s", "[every_method_matrix]") {
  for (const auto& entry : models())
    for (IntegratorMethod integ : kIntegratorMethods)
      for (AccelerationMethod solver : kAccelerationMethods)
        for (StabilizationMethod stab : kStabilizationMethods) {
          // Not offered (the menu shows the reason instead): Udwadia-Kalaba where M is singular.
          if (!unusable_solver(entry.make({}), solver).empty()) continue;
          MethodChoice m;
          m.integrator = integ;
          m.solver = solver;
          m.stabilization = stab;
          run_one_second(entry, m);
        }
}

