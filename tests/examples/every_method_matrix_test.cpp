// Every combination of methods the playground's menus and the CLI offer runs every registered model for one
// simulated second at the model's own step, without an error: 10 models x 7 integrators x 2 solvers x 5
// stabilizations, less Udwadia-Kalaba where the menu does not offer it (a singular mass matrix). Minutes
// under the sanitizers, so it runs in release, in CI's native layer (tests/CMakeLists.txt). The combinations
// are dealt alternately into two halves, each its own test case and ctest entry, so that the two run side by
// side on two cores (the whole takes about a minute in release, one core).
#include "every_method.hpp"

using namespace carvallo;
using namespace carvallo::examples;
using carvallo::examples::testing::run_one_second;

namespace {

// Runs the combinations whose position in the menus' order has the parity `half` (0 or 1).
void run_half(int half) {
  int position = 0;
  for (const auto& entry : models())
    for (IntegratorMethod integ : kIntegratorMethods)
      for (AccelerationMethod solver : kAccelerationMethods)
        for (StabilizationMethod stab : kStabilizationMethods) {
          // Not offered (the menu shows the reason instead): Udwadia-Kalaba where M is singular.
          if (!unusable_solver(entry.make({}), solver).empty()) continue;
          if (position++ % 2 != half) continue;
          MethodChoice m;
          m.integrator = integ;
          m.solver = solver;
          m.stabilization = stab;
          run_one_second(entry, m);
        }
}

}  // namespace

TEST_CASE("every method, first half: every other combination the menus offer runs every model for 1 s",
          "[every_method_matrix][every_method_matrix_0]") {
  run_half(0);
}

TEST_CASE("every method, second half: the other combinations", "[every_method_matrix][every_method_matrix_1]") {
  run_half(1);
}
