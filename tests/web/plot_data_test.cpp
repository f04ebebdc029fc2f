// What the time plots show (web/logic/plot_data.hpp): decimation bounded by the width however long the run,
// extremes kept, the window filling from the left; honest y-ranges.
#include "logic/plot_data.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo::web;

namespace {
struct Sample {
  double t, v;
};
}  // namespace

TEST_CASE("decimation keeps every column's extremes and is bounded by the columns, not the samples", "[web][plot]") {
  std::vector<Sample> h;
  for (int i = 0; i <= 600000; ++i) h.push_back({i * 1e-3, std::sin(i * 1e-3) + (i == 599000 ? 5.0 : 0.0)});  // a spike
  const std::function<double(std::size_t, const Sample&)> value = [](std::size_t, const Sample& s) { return s.v; };
  const auto d = collect_plot(h, {"v"}, value, 10.0, 200, false);
  CHECK(d.t0 == Approx(590.0));
  CHECK(d.t1 == Approx(600.0));
  CHECK(d.samples == 10001);
  REQUIRE(d.series.front().hi.size() == 200);
  float top = -1e9f;
  for (float x : d.series.front().hi) top = std::max(top, x);
  CHECK(top == Approx(5.0 + std::sin(599.0)).epsilon(1e-6));  // the one-sample spike survives
  // Early in a run the window starts at the run's start and fills from the left.
  std::vector<Sample> early(h.begin(), h.begin() + 1001);
  const auto e = collect_plot(early, {"v"}, value, 10.0, 200, false);
  CHECK(e.t0 == 0.0);
  CHECK(e.t1 == 10.0);
  CHECK(std::isnan(e.series.front().first.back()));
}

TEST_CASE("a series' polyline follows a slope from column edge to edge, keeps a spike, and runs left to right", "[web][plot]") {
  // v = t sampled every 2 ms, five samples a column of 10 ms: each point lies within a sample's step of the
  // line. Drawn at the columns' centres, first and last were half a column off it, a staircase (a lecturer).
  std::vector<Sample> h;
  for (int i = 0; i < 1000; ++i) h.push_back({i * 2e-3, i * 2e-3 + (i == 503 ? 1.0 : 0.0)});
  const std::function<double(std::size_t, const Sample&)> value = [](std::size_t, const Sample& s) { return s.v; };
  const auto d = collect_plot(h, {"v"}, value, 2.0, 200, false);
  const auto line = series_polyline(d.series.front());
  REQUIRE(line.size() >= 400);
  double worst = 0, previous = -1, spike = 0;
  for (const PlotPoint& q : line) {
    CHECK(q.column >= previous);
    previous = q.column;
    const double t = q.column / 200.0 * 2.0;
    if (std::abs(q.column - 100.6) > 0.5) worst = std::max(worst, std::abs(q.value - t));
    spike = std::max(spike, static_cast<double>(q.value) - t);
  }
  CHECK(worst <= 2e-3 * 1.001);
  CHECK(spike == Approx(1.0).margin(0.01));  // the one-sample spike at t = 1.006 s is drawn
  // A column of one sample: one point, at its centre.
  const std::vector<Sample> sparse{{0.0, 1.0}, {0.5, 2.0}};
  const auto one = series_polyline(collect_plot(sparse, {"v"}, value, 1.0, 10, false).series.front());
  REQUIRE(one.size() == 2);
  CHECK(one[0].column == 0.5);
  CHECK(one[1].column == 5.5);
}

TEST_CASE("fit never magnifies below the floor; symmetric centres zero; fixed is the user's", "[web][plot]") {
  double lo, hi;
  // A 0.03 degree wiggle in a plot with a 2 degree floor spans 2 degrees, not 0.03.
  plot_y_range(PlotScale{}, 2.0, 0.0, 0.985, 1.015, lo, hi);
  CHECK(hi - lo == Approx(2.0));
  CHECK(0.5 * (lo + hi) == Approx(1.0));
  plot_y_range(PlotScale{PlotScale::Mode::symmetric, 0, 0}, 2.0, 0.0, -3.0, 1.0, lo, hi);
  CHECK(lo == -hi);
  CHECK(hi >= 3.0);
  plot_y_range(PlotScale{PlotScale::Mode::fixed, -10, 5}, 2.0, 0.0, -300.0, 300.0, lo, hi);
  CHECK((lo == -10 && hi == 5));
}

TEST_CASE("the CSV of a history has a header and round-trips every number", "[web][plot]") {
  const std::vector<Sample> h = {{0.0, 0.1}, {0.005, 1e-300}, {0.01, std::nan("")}};
  const std::function<double(std::size_t, const Sample&)> value = [](std::size_t, const Sample& s) { return s.v; };
  CHECK(history_csv(h, {"v"}, value) == "t_s,v\n0,0.1\n0.005,1e-300\n0.01,\n");
}

TEST_CASE("a run that ended sooner than the window is shown whole, its length rounded up to 1, 2 or 5 times a power of ten",
          "[web][plot]") {
  CHECK(carvallo::web::ended_run_window(10, 0.93) == 1.0);   // the lesson's fall at 2 m/s
  CHECK(carvallo::web::ended_run_window(10, 0.56) == 1.0);
  CHECK(carvallo::web::ended_run_window(10, 1.5) == 2.0);
  CHECK(carvallo::web::ended_run_window(10, 3.0) == 5.0);
  CHECK(carvallo::web::ended_run_window(10, 2.0) == 2.0);    // a length on the scale is the window itself
  CHECK(carvallo::web::ended_run_window(10, 0.004) == 0.005);
  CHECK(carvallo::web::ended_run_window(10, 7.0) == 10.0);   // never wider than the window
  CHECK(carvallo::web::ended_run_window(10, 12.0) == 10.0);  // a longer run: the window, following its end
  CHECK(carvallo::web::ended_run_window(10, 0.0) == 10.0);   // nothing run yet
}
