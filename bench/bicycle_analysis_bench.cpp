// Benchmark of the bicycle's analysis functions (targets in docs/performance.md: the modes at one speed
// under 1 ms, all 52 critical-speed sensitivities under 10 ms, a 100 x 100 design map under 0.5 s, natively).
// Times the library calls the CLI's `modes`, `sensitivity` and `map` make, without process start-up and
// output. Built with the native preset (bench/CMakeLists.txt); run from the repository root:
//   cmake --build --preset native --target bicycle_analysis_bench && build/native/bin/bicycle_analysis_bench
#include "per_call.hpp"
#include "bicycle/canonical.hpp"
#include "bicycle/design_map.hpp"
#include "bicycle/mode_shapes.hpp"
#include "bicycle/sensitivity.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace carvallo;

namespace {


volatile double sink = 0;  // keeps the optimizer from dropping the work

}  // namespace

int main() {
  const bicycle::Parameters p = bicycle::benchmark_parameters();
  const bicycle::CanonicalModel model = *bicycle::make_canonical_model(p).model;

  const double modes = per_call_us([&] { sink = sink + bicycle::roll_steer_modes(model, 5.0)[0].roll.real(); });
  const double modes_with_model = per_call_us([&] {
    const auto m = *bicycle::make_canonical_model(p).model;
    sink = sink + bicycle::roll_steer_modes(m, 5.0)[0].roll.real();
  });
  std::printf("modes at one speed (roll_steer_modes): %.2f us; with make_canonical_model: %.2f us (target 1000 us)\n",
              modes, modes_with_model);

  const double sensitivities = per_call_us([&] {
    const auto s = bicycle::critical_speed_sensitivities(p, 20.0);
    sink = sink + (*s.sensitivities->weave.gradient)[1] + (*s.sensitivities->capsize.gradient)[1];
  });
  std::printf("all 52 sensitivities (critical_speed_sensitivities, model included): %.2f us (target 10000 us)\n", sensitivities);

  const bicycle::MapAxis x{"trail", -0.1, 0.3, 100}, y{"steer_axis_tilt", 0.0, 0.7, 100};
  const double map = per_call_us([&] { sink = sink + bicycle::design_map(p, x, y, 20.0).map->points[0].stable_width; });
  std::printf("100 x 100 design map (design_map, trail x steer_axis_tilt, vmax 20): %.2f ms (target 500 ms)\n", map / 1e3);
  return 0;
}
