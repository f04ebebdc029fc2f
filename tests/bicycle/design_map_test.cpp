// Design maps (bicycle/design_map.hpp): every point equals the closed form of stability() for the bicycle
// with the two inputs set (a direct re-computation, point by point), the aliases address the parameters
// they name, the benchmark's grid point reproduces Meijaard 2007 Table 2a, and bad maps are refused with
// the problem named.
#include "bicycle/design_map.hpp"

#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/stability.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace carvallo::bicycle;
namespace ref = meijaard2007;

namespace {

bool contains(const std::vector<std::string>& messages, const std::string& text) {
  for (const auto& m : messages)
    if (m.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("each point of a map is stability() of the bicycle with both inputs set", "[design_map]") {
  const Parameters base = benchmark_parameters();
  const MapAxis x{"trail", -0.05, 0.2, 6}, y{"steer_axis_tilt", 0.0, 0.6, 5};
  std::vector<std::pair<std::size_t, std::size_t>> progress;
  const auto result = design_map(base, x, y, 20.0, [&](std::size_t done, std::size_t total) { progress.emplace_back(done, total); });
  REQUIRE(result.map);
  CHECK(result.issues.empty());
  const auto& map = *result.map;
  REQUIRE(map.points.size() == 30);
  int stable_points = 0;
  for (std::size_t iy = 0; iy < y.count; ++iy)
    for (std::size_t ix = 0; ix < x.count; ++ix) {
      Parameters p = base;
      p.c = x.value(ix);
      p.lambda = y.value(iy);
      const auto r = carvallo::bicycle::stability(*make_canonical_model(p).model, 20.0);
      const auto& point = map.at(ix, iy);
      CHECK(point.weave_speed == r.weave_speed);
      CHECK(point.capsize_speed == r.capsize_speed);
      double width = 0;
      for (const auto& range : r.stable_speed_ranges) width += range.hi - range.lo;
      CHECK(point.stable_width == width);
      stable_points += width > 0;
    }
  CHECK(stable_points > 0);
  CHECK(stable_points < 30);  // the map crosses the boundary of self-stability
  REQUIRE(progress.size() == y.count);
  CHECK(progress.back() == std::pair<std::size_t, std::size_t>{5, 5});
}

TEST_CASE("the benchmark's grid point of a trail/tilt map gives Table 2a's speeds", "[design_map]") {
  // c = 0.08 and lambda = pi/10 are grid values: 0.08 = 0 + 0.16 * 4/8 and pi/10 is an end point.
  const auto result = design_map(benchmark_parameters(), {"trail", 0.0, 0.16, 9}, {"steer_axis_tilt", 0.0, std::numbers::pi / 10, 3}, 10.0);
  REQUIRE(result.map);
  const auto& point = result.map->at(4, 2);
  CHECK(result.map->x.value(4) == 0.08);
  REQUIRE(point.weave_speed);
  REQUIRE(point.capsize_speed);
  // Table 2a to 1e-10 m/s, as tests/bicycle/stability_test.cpp.
  CHECK(std::abs(*point.weave_speed - ref::weave_speed) < 1e-10);
  CHECK(std::abs(*point.capsize_speed - ref::capsize_speed) < 1e-10);
  CHECK(std::abs(point.stable_width - (ref::capsize_speed - ref::weave_speed)) < 1e-10);
}

TEST_CASE("aliases: trail is c, steer_axis_tilt is lambda", "[design_map]") {
  CHECK(find_design_input("trail") == find_parameter("c"));
  CHECK(find_design_input("steer_axis_tilt") == find_parameter("lambda"));
  CHECK(find_design_input("mB") == find_parameter("mB"));
  CHECK(find_design_input("head_angle") == nullptr);
  const auto a = design_map(benchmark_parameters(), {"trail", 0.0, 0.1, 3}, {"mB", 60, 90, 3}, 20.0);
  const auto b = design_map(benchmark_parameters(), {"c", 0.0, 0.1, 3}, {"mB", 60, 90, 3}, 20.0);
  REQUIRE(a.map);
  REQUIRE(b.map);
  for (std::size_t i = 0; i < 9; ++i) {
    CHECK(a.map->points[i].weave_speed == b.map->points[i].weave_speed);
    CHECK(a.map->points[i].stable_width == b.map->points[i].stable_width);
  }
  Parameters p = benchmark_parameters();
  CHECK(set_design_input(p, "steer_axis_tilt", 0.25));
  CHECK(p.lambda == 0.25);
  CHECK_FALSE(set_design_input(p, "rake", 0.25));
}

TEST_CASE("axis values: evenly spaced, ends exact", "[design_map]") {
  const MapAxis a{"w", 0.1, 0.7, 4};
  CHECK(a.value(0) == 0.1);
  CHECK(a.value(3) == 0.7);
  CHECK(std::abs(a.value(1) - 0.3) < 1e-16);
}

TEST_CASE("bad maps are refused, every problem named, nothing computed", "[design_map]") {
  const Parameters base = benchmark_parameters();
  const double nan = std::nan("");
  auto issues = [&](MapAxis x, MapAxis y, double vmax = 20.0) {
    const auto r = design_map(base, x, y, vmax);
    CHECK_FALSE(r.map);
    return r.issues;
  };
  CHECK(contains(issues({"rake", 0, 1, 3}, {"c", 0, 0.1, 3}), "x axis: unknown parameter 'rake'"));
  CHECK(contains(issues({"w", 1, 1, 3}, {"c", 0, 0.1, 3}), "x axis: <lo> must be less than <hi>"));
  CHECK(contains(issues({"w", 1, 2, 3}, {"c", 0.1, 0, 3}), "y axis: <lo> must be less than <hi>"));
  CHECK(contains(issues({"w", 1, 2, 1}, {"c", 0, 0.1, 3}), "x axis: <n> must be at least 2"));
  CHECK(contains(issues({"w", 1, 2, 1001}, {"c", 0, 0.1, 3}), "x axis: <n> must be at most 1000"));
  CHECK(contains(issues({"w", nan, 2, 3}, {"c", 0, 0.1, 3}), "x axis: <lo> is not a finite number"));
  CHECK(contains(issues({"w", 1, INFINITY, 3}, {"c", 0, 0.1, 3}), "x axis: <hi> is not a finite number"));
  CHECK(contains(issues({"trail", 0, 0.1, 3}, {"c", 0, 0.1, 3}), "both vary the parameter c"));
  CHECK(contains(issues({"w", 1, 2, 3}, {"c", 0, 0.1, 3}, 0.0), "vmax"));
  // Implausible or unphysical points: the first one is named with its coordinates and the condition.
  const auto tilt = issues({"c", 0, 0.1, 3}, {"lambda", 0, 1.6, 5});
  CHECK(contains(tilt, "at c = 0, lambda = 1.6: lambda"));
  const auto mass = issues({"mB", -10, 10, 3}, {"c", 0, 0.1, 3});
  CHECK(contains(mass, "at mB = -10, c = 0: mB"));
}
