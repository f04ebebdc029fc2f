// The playground's progressive design map (web/logic/design_map_job.hpp): filled row by row it equals
// the whole map of bicycle/design_map.hpp's design_map() (the function behind `carvallo map`), a budget
// of zero still makes progress one row at a time, settings or the bicycle changing start over, bad
// settings are refused with check_design_map's messages, and unphysical cells are marked, not fatal.
#include "logic/design_map_job.hpp"

#include <catch2/catch.hpp>

using namespace carvallo;
using carvallo::web::DesignMapJob;

namespace {

web::DesignMapSettings small_map() {
  web::DesignMapSettings s;
  s.count = 12;
  return s;
}

}  // namespace

TEST_CASE("a map filled a row at a time equals design_map() point for point", "[design_map_job]") {
  const auto base = bicycle::benchmark_parameters();
  const auto s = small_map();
  DesignMapJob job;
  job.sync(base, s);
  REQUIRE(job.issues().empty());
  std::size_t calls = 0;
  while (!job.done()) {
    const std::size_t before = job.rows_done();
    job.advance(0.0);  // no budget: a call does no row, the next one exactly one
    CHECK(job.rows_done() == before + calls % 2);
    ++calls;
  }
  CHECK(calls == 24);
  const auto whole = bicycle::design_map(base, web::map_x_axis(s), web::map_y_axis(s), s.vmax);
  REQUIRE(whole.map);
  for (std::size_t iy = 0; iy < 12; ++iy)
    for (std::size_t ix = 0; ix < 12; ++ix) {
      const auto& cell = job.at(ix, iy);
      REQUIRE(cell);
      const auto& ref = whole.map->at(ix, iy);
      CHECK(cell->weave_speed == ref.weave_speed);
      CHECK(cell->capsize_speed == ref.capsize_speed);
      CHECK(cell->stable_width == ref.stable_width);
    }
  CHECK(job.unphysical() == 0);
}

TEST_CASE("the map starts over when the bicycle or the settings change, not for the quantity", "[design_map_job]") {
  auto base = bicycle::benchmark_parameters();
  auto s = small_map();
  DesignMapJob job;
  job.sync(base, s);
  job.advance(1e9);
  REQUIRE(job.done());
  s.quantity = "weave";
  job.sync(base, s);
  CHECK(job.done());
  base.mB += 1;
  job.sync(base, s);
  CHECK(job.rows_done() == 0);
  job.advance(1e9);
  s.x_hi = 0.25;
  job.sync(base, s);
  CHECK(job.rows_done() == 0);
}

TEST_CASE("bad map settings are refused with the problem named; unphysical cells are marked", "[design_map_job]") {
  const auto base = bicycle::benchmark_parameters();
  auto s = small_map();
  s.y = "trail";  // both axes on c
  DesignMapJob job;
  job.sync(base, s);
  REQUIRE_FALSE(job.issues().empty());
  CHECK(job.issues().front().find("both vary the parameter c") != std::string::npos);
  job.advance(1e9);
  CHECK_FALSE(job.done());
  s = small_map();
  s.x_lo = 0.5, s.x_hi = 0.1;
  job.sync(base, s);
  CHECK(job.issues().front().find("x axis: <lo> must be less than <hi>") != std::string::npos);
  // Negative rear frame masses are not bicycles: those cells are empty, the others computed.
  s = small_map();
  s.x = "mB", s.x_lo = -10, s.x_hi = 100;
  job.sync(base, s);
  REQUIRE(job.issues().empty());
  job.advance(1e9);
  REQUIRE(job.done());
  CHECK_FALSE(job.at(0, 0));
  CHECK(job.at(11, 0));
  CHECK(job.unphysical() > 0);
}

TEST_CASE("the quantity of a cell: a missing speed or a zero width is an empty cell", "[design_map_job]") {
  bicycle::DesignPoint p;
  p.weave_speed = 4.29, p.stable_width = 0;
  CHECK(web::map_quantity(p, "weave") == std::optional<double>(4.29));
  CHECK_FALSE(web::map_quantity(p, "capsize"));
  CHECK_FALSE(web::map_quantity(p, "width"));
  p.stable_width = 1.7;
  CHECK(web::map_quantity(p, "width") == std::optional<double>(1.7));
}

TEST_CASE("loading a cell's design (only the map's two inputs change) keeps the map", "[design_map_job]") {
  auto base = bicycle::benchmark_parameters();
  const auto s = small_map();
  DesignMapJob job;
  job.sync(base, s);
  job.advance(1e9);
  REQUIRE(job.done());
  base.c = job.x().value(3), base.lambda = job.y().value(7);
  job.sync(base, s);
  CHECK(job.done());
}
