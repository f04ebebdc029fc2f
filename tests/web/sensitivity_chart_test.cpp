// The sensitivity bar chart's rows (web/logic/sensitivity_chart.*): every entry against central
// differences of the root-found critical speeds (bicycle::stability, closed form), both scalings, the order.
#include "logic/sensitivity_chart.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/stability.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using namespace carvallo::web;
namespace bicycle = carvallo::bicycle;

namespace {

struct Speeds {
  double weave, capsize;
};

Speeds speeds(const bicycle::Parameters& p) {
  const auto model = bicycle::make_canonical_model(p).model;
  REQUIRE(model);
  const auto r = bicycle::stability(*model, 50.0);
  REQUIRE(r.weave_speed);
  REQUIRE(r.capsize_speed);
  return {*r.weave_speed, *r.capsize_speed};
}

}  // namespace

TEST_CASE("the chart's rows are central differences of the critical speeds, sorted by magnitude", "[web][sensitivity]") {
  const auto p = bicycle::benchmark_parameters();
  const auto model = *bicycle::make_canonical_model(p).model;
  const auto si = sensitivity_chart(p, model, 50.0, SensitivityScale::si);
  const auto rel = sensitivity_chart(p, model, 50.0, SensitivityScale::relative);
  REQUIRE(si.rows.size() == bicycle::kParameterCount);
  REQUIRE(rel.rows.size() == bicycle::kParameterCount);
  const Speeds v0 = speeds(p);
  CHECK(*si.weave_speed == v0.weave);
  CHECK(*si.capsize_speed == v0.capsize);
  std::set<std::string> names;
  for (const auto& row : si.rows) {
    INFO(row.name);
    names.insert(row.name);
    const auto* d = bicycle::find_parameter(row.name);
    REQUIRE(d);
    CHECK(row.unit == d->unit);
    CHECK(sensitivity_unit(row, SensitivityScale::si) == "m/s per " + std::string(d->unit));
    // Central difference with a step of 1e-6 of the value (1e-6 absolute for a zero one): truncation
    // ~h^2, round-off of the root finding ~1e-14 / h: agreement to 1e-6 relative or 1e-6 of the speed per unit.
    const double h = 1e-6 * std::max(std::abs(row.value), 1.0);
    bicycle::Parameters plus = p, minus = p;
    plus.*(d->member) += h;
    minus.*(d->member) -= h;
    const Speeds a = speeds(plus), b = speeds(minus);
    const double weave_fd = (a.weave - b.weave) / (2 * h), capsize_fd = (a.capsize - b.capsize) / (2 * h);
    CHECK(row.weave == Approx(weave_fd).epsilon(1e-6).margin(1e-6 * v0.weave));
    CHECK(row.capsize == Approx(capsize_fd).epsilon(1e-6).margin(1e-6 * v0.capsize));
    CHECK(row.weave == row.weave_si);
  }
  CHECK(names.size() == bicycle::kParameterCount);
  // Relative: dv/dp * p / v of the same derivative.
  for (const auto& row : rel.rows) {
    INFO(row.name);
    CHECK(row.weave == Approx(row.weave_si * row.value / v0.weave).margin(1e-15));
    CHECK(row.capsize == Approx(row.capsize_si * row.value / v0.capsize).margin(1e-15));
    CHECK(sensitivity_unit(row, SensitivityScale::relative) == "%/%");
  }
  for (const auto* chart : {&si, &rel})
    for (std::size_t k = 1; k < chart->rows.size(); ++k) {
      auto mag = [](const SensitivityRow& r) { return std::max(std::abs(r.weave), std::abs(r.capsize)); };
      CHECK(mag(chart->rows[k - 1]) >= mag(chart->rows[k]));
      CHECK(chart->largest == mag(chart->rows.front()));
    }
}

TEST_CASE("a bicycle without a weave speed has no weave bars", "[web][sensitivity]") {
  auto p = bicycle::benchmark_parameters();
  const auto model = *bicycle::make_canonical_model(p).model;
  // Searched only up to 2 m/s: neither speed exists there (4.29 and 6.02 m/s).
  const auto chart = sensitivity_chart(p, model, 2.0, SensitivityScale::relative);
  CHECK_FALSE(chart.weave_speed);
  CHECK_FALSE(chart.capsize_speed);
  for (const auto& row : chart.rows) {
    CHECK(std::isnan(row.weave));
    CHECK(std::isnan(row.capsize));
  }
  CHECK(chart.largest == 0.0);
}
