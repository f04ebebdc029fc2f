// The families of steady turns traced by continuation (bicycle/turn_continuation.hpp) against the scan of
// every steer at one lean (TurnSolver::at_lean, the independent path the continuation replaced for the
// families): the same turns to 1e-9 where both find them and no turn of the scan missing, on every
// preset bicycle; and the turns at one speed against those the scan-based search found before
// (`carvallo turn --bike benchmark --speed 5 --json` at commit 8f73715).
#include "bicycle/turn_continuation.hpp"

#include "bicycle/presets.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace carvallo::bicycle;

namespace {

double steer_difference(double a, double b) { return std::abs(std::remainder(a - b, 2.0 * 3.14159265358979323846)); }

}  // namespace

TEST_CASE("turn families by continuation: every turn the scan finds at a lean, to 1e-9, on every preset", "[bicycle][turns]") {
  // The playground's leans and scan spacing (web/logic/turn_families.cpp); checked at leans between the
  // continuation's seed leans (0.02, 0.7 and 1.4 rad, where it scans itself).
  std::vector<double> leans;
  for (int k = 1; k <= 70; ++k) leans.push_back(k / 50.0);
  TurnOptions options;
  options.steer_samples = 721;
  options.stability = false;
  const std::vector<int> check = {5, 23, 47, 61};  // leans 0.1, 0.46, 0.94, 1.22 rad
  int presets_with_turns = 0;
  for (const Preset& preset : presets()) {
    const auto bike = load_preset(preset.name);
    REQUIRE(bike);
    const TurnSolver solver(bike->values);
    const std::vector<TurnBranch> branches = continue_turns(solver, leans, options);
    presets_with_turns += !branches.empty();
    int compared = 0, extra = 0;
    for (int k : check) {
      const double lean = k / 50.0;
      std::vector<const SteadyTurn*> traced;
      for (const auto& b : branches)
        for (const auto& t : b.turns)
          if (t.lean == lean) traced.push_back(&t);
      const std::vector<SteadyTurn> scanned = solver.at_lean(lean, options);
      for (const SteadyTurn& s : scanned) {
        const SteadyTurn* match = nullptr;
        for (const SteadyTurn* t : traced)
          if (steer_difference(t->steer, s.steer) < 1e-9) match = t;
        INFO(preset.name << ": lean " << lean << ", the scan's turn at steer " << s.steer << ", speed " << s.speed);
        REQUIRE(match);
        CHECK(std::abs(match->speed - s.speed) <= 1e-9 * (1.0 + s.speed));
        CHECK(std::abs(match->pitch - s.pitch) <= 1e-9);
        CHECK(std::abs(match->yaw_rate - s.yaw_rate) <= 1e-9 * (1.0 + std::abs(s.yaw_rate)));
        CHECK(match->family == s.family);
        ++compared;
      }
      // A turn the scan does not see (two zeros of g closer than its grid) must still be a turn.
      for (const SteadyTurn* t : traced) {
        bool in_scan = false;
        for (const SteadyTurn& s : scanned) in_scan = in_scan || steer_difference(t->steer, s.steer) < 1e-9;
        if (in_scan) continue;
        ++extra;
        INFO(preset.name << ": lean " << lean << ", a turn the scan missed at steer " << t->steer);
        CHECK(solver.residual(t->lean, t->steer, t->speed).max_abs() <= 1e-9);
      }
    }
    WARN(preset.name << ": " << branches.size() << " branches; " << compared << " turns of the scan at " << check.size()
                     << " leans found on them, " << extra << " more that the scan's grid misses");
  }
  CHECK(presets_with_turns >= 5);
}

TEST_CASE("turns at one speed by continuation: the turns the scan-based search found", "[bicycle][turns]") {
  // `carvallo turn --bike benchmark --speed 5 --json` before the continuation (commit 8f73715: the
  // families scanned at 146 leans, each crossing of the speed bisected in lean): lean, steer, family.
  struct Expected {
    double lean, steer;
    const char* family;
  };
  const std::vector<Expected> expected = {{0.41050345374711872, 0.17823793387316131, kHandlebarForward},
                                          {0.65821496876896679, -2.8344997885339041, kHandlebarReversed},
                                          {0.6828972020984222, -2.814324629419259, kHandlebarReversed},
                                          {0.70967766359700468, 0.36365766820301065, kHandlebarForward}};
  const TurnSolver solver(benchmark_parameters());
  const std::vector<SteadyTurn> turns = turns_at_speed(solver, 5.0);
  REQUIRE(turns.size() == expected.size());
  for (std::size_t k = 0; k < turns.size(); ++k) {
    INFO("turn " << k << ": lean " << turns[k].lean << ", steer " << turns[k].steer);
    CHECK(std::abs(turns[k].lean - expected[k].lean) <= 1e-9);
    CHECK(std::abs(turns[k].steer - expected[k].steer) <= 1e-9);
    CHECK(turns[k].family == expected[k].family);
    CHECK(std::abs(turns[k].speed - 5.0) <= 1e-8);
    CHECK(turns[k].eigenvalues.size() == 4);
  }
}
