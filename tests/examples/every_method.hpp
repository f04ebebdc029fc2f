#pragma once
// Running a registered model for a second with a choice of methods (tests/examples/every_method_test.cpp,
// every_method_matrix_test.cpp).
#include "model_run.hpp"

#include "carvallo/errors.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

namespace carvallo::examples::testing {

// Runs `entry` for 1 s with `methods`; fails naming the combination and the solver's message otherwise.
inline void run_one_second(const ModelEntry& entry, const MethodChoice& methods) {
  ModelRun run(entry, ModelSetup{}, methods);
  const std::string label = entry.name + " (" + run.methods() + ")";
  const double h = run.instance().defaults.step;
  const int steps = static_cast<int>(std::lround(1.0 / h));
  std::string error;
  try {
    for (int i = 0; i < steps && !run.ended(); ++i) run.step(h);
  } catch (const carvallo::Error& e) {
    error = e.what();
  }
  INFO(label << " at t = " << run.state().t << " s");
  CHECK(error == "");
  CHECK(run.state().q.allFinite());
  CHECK(run.state().qd.allFinite());
}

}  // namespace carvallo::examples::testing
