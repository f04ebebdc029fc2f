// The stability line a student reads (web/logic/bike_analysis.hpp) against Meijaard et al. (2007) Table 2:
// weave 4.292382536 m/s and capsize 6.024262015 m/s for the benchmark, whatever range is plotted.
#include "logic/bike_analysis.hpp"

#include "bicycle/canonical.hpp"

#include <catch2/catch.hpp>

using namespace carvallo;

TEST_CASE("the stability line says where the benchmark is stable, inside or outside the plotted range", "[web][stability]") {
  const auto model = *bicycle::make_canonical_model(bicycle::benchmark_parameters()).model;
  CHECK(web::stability_summary(web::sweep_bicycle(model, 0, 10)) == "Self-stable for 4.2924 < v < 6.0243 m/s");
  CHECK(web::stability_summary(web::sweep_bicycle(model, 0, 3)) ==
        "Not self-stable in the plotted 0-3 m/s; self-stable for 4.2924 < v < 6.0243 m/s");
  CHECK(web::stability_summary(web::sweep_bicycle(model, 5, 10)) == "Self-stable for 4.2924 < v < 6.0243 m/s");
}

TEST_CASE("self-stable or not at a speed, and which mode grows: the benchmark against Table 2's critical speeds", "[web][stability]") {
  const auto model = *bicycle::make_canonical_model(bicycle::benchmark_parameters()).model;
  const auto sweep = web::sweep_bicycle(model, 0, 10);
  const auto at = [&](double v) { return web::stability_at(web::labelled_eigenvalues(model, v, sweep)); };
  for (const double v : {4.30, 5.0, 6.02}) {
    INFO(v);
    CHECK(at(v).stable);
    CHECK(at(v).growing.empty());
  }
  for (const double v : {1.0, 2.0, 4.28}) {
    INFO(v);
    CHECK_FALSE(at(v).stable);
    CHECK(at(v).growing == "weave");
  }
  for (const double v : {6.03, 8.0}) {
    INFO(v);
    CHECK_FALSE(at(v).stable);
    CHECK(at(v).growing == "capsize");
  }
}
