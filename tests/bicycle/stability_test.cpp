// Critical speeds and stable ranges: closed form (Lienard–Chipart) against Table 2a of Meijaard et al.
// (2007), and against the eigenvalue sweep with bisection (a second, independent route).
#include "bicycle/presets.hpp"
#include "bicycle/random_parameters.hpp"
#include "bicycle/stability.hpp"
#include "bicycle/stability_sweep.hpp"
#include "bicycle/meijaard2007_reference.hpp"
#include "carvallo/errors.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace carvallo::bicycle;
namespace ref = meijaard2007;

namespace {

CanonicalModel benchmark_model() { return *make_canonical_model(benchmark_parameters()).model; }

}  // namespace

TEST_CASE("benchmark critical speeds match Table 2a to 1e-10 m/s", "[stability]") {
  // The table's 15 significant digits are exact to ~1e-14; the closed form measures ~2e-14 here.
  const auto r = carvallo::bicycle::stability(benchmark_model(), 10.0);
  REQUIRE(r.weave_speed);
  REQUIRE(r.capsize_speed);
  CHECK(std::abs(*r.weave_speed - ref::weave_speed) < 1e-10);
  CHECK(std::abs(*r.capsize_speed - ref::capsize_speed) < 1e-10);
  WARN("weave error " << *r.weave_speed - ref::weave_speed << ", capsize error " << *r.capsize_speed - ref::capsize_speed);
  REQUIRE(r.stable_speed_ranges.size() == 1);
  CHECK(r.stable_speed_ranges[0].lo == *r.weave_speed);
  CHECK(r.stable_speed_ranges[0].hi == *r.capsize_speed);
}

TEST_CASE("at the weave speed the weave pair is +-3.43503384866144 i (Table 2a)", "[stability]") {
  const auto e = eigenvalues(benchmark_model(), ref::weave_speed);
  // At the tabulated speed the pair's real part is d(Re)/dv (~ -1) times the speed's 1e-14 rounding;
  // 1e-10 bounds it with margin.
  bool found = false;
  for (const auto& s : e)
    if (std::abs(s.imag() - ref::weave_frequency) < 1e-10 && std::abs(s.real()) < 1e-10) found = true;
  CHECK(found);
}

TEST_CASE("the capsize eigenvalue is zero at the capsize speed: det(g K0 + v^2 K2) = 0", "[stability]") {
  const auto model = benchmark_model();
  const auto r = carvallo::bicycle::stability(model, 20.0);
  const Eigen::Matrix2d K = model.g * model.matrices.K0 + (*r.capsize_speed) * (*r.capsize_speed) * model.matrices.K2;
  // Relative to the size of the terms (g |K0| ~ 800): round-off of the determinant of a 2x2.
  const double det = K(0, 0) * K(1, 1) - K(0, 1) * K(1, 0);
  CHECK(std::abs(det) < 1e-12 * (model.g * model.matrices.K0).squaredNorm());
}

TEST_CASE("vmax bounds the search: below the weave speed nothing is stable", "[stability]") {
  const auto r = carvallo::bicycle::stability(benchmark_model(), 4.0);
  CHECK_FALSE(r.weave_speed);
  CHECK_FALSE(r.capsize_speed);
  CHECK(r.stable_speed_ranges.empty());
  const auto mid = carvallo::bicycle::stability(benchmark_model(), 5.0);
  REQUIRE(mid.stable_speed_ranges.size() == 1);
  CHECK(mid.stable_speed_ranges[0].hi == 5.0);
  CHECK_THROWS_AS(carvallo::bicycle::stability(benchmark_model(), 0.0), carvallo::SolverError);
  CHECK_THROWS_AS(carvallo::bicycle::stability(benchmark_model(), std::nan("")), carvallo::SolverError);
}

TEST_CASE("bad speeds or sample counts are carvallo::Errors for both routes", "[stability]") {
  // The engine's error contract (carvallo/errors.hpp): one catch of carvallo::Error sees every failure.
  auto caught = [](auto&& f) {
    try {
      f();
    } catch (const carvallo::Error& e) {
      return std::string(e.what());
    }
    return std::string("nothing thrown");
  };
  CHECK(caught([] { carvallo::bicycle::stability(benchmark_model(), -1.0); }).find("vmax") != std::string::npos);
  SweepStabilityOptions o;
  o.samples = 1;
  CHECK(caught([&] { stability_by_sweep(eigenvalue_function(benchmark_model()), o); }).find("samples") !=
        std::string::npos);
  o.samples = 11;
  o.vmax = std::nan("");
  CHECK(caught([&] { stability_by_sweep(eigenvalue_function(benchmark_model()), o); }).find("vmax") !=
        std::string::npos);
}

TEST_CASE("eigenvalue sweep with bisection reproduces Table 2a", "[stability]") {
  SweepStabilityOptions o;
  o.vmax = 10.0;
  const auto r = stability_by_sweep(eigenvalue_function(benchmark_model()), o);
  REQUIRE(r.weave_speed);
  REQUIRE(r.capsize_speed);
  // The core sweep refines each boundary to a bracket of 1e-11 m/s.
  CHECK(std::abs(*r.weave_speed - ref::weave_speed) < 1e-10);
  CHECK(std::abs(*r.capsize_speed - ref::capsize_speed) < 1e-10);
  REQUIRE(r.stable_speed_ranges.size() == 1);
  CHECK(std::abs(r.stable_speed_ranges[0].lo - ref::weave_speed) < 1e-10);
  CHECK(std::abs(r.stable_speed_ranges[0].hi - ref::capsize_speed) < 1e-10);
}

TEST_CASE("closed form and eigenvalue sweep agree on 80 random bicycles", "[stability]") {
  // Two formulations: polynomial roots (Lienard–Chipart) vs eigenvalues of the 4x4 state matrix tracked
  // by the core sweep. Agreement to 1e-8 m/s: the sweep brackets to 1e-11, but a crossing where the real
  // part is flat (nearly tangent) loses digits in the sign tests of either route.
  int with_weave = 0, with_capsize = 0, with_range = 0;
  for (std::uint64_t seed = 100; seed < 180; ++seed) {
    const auto model = *make_canonical_model(random_parameters(seed, {0.2})).model;
    const auto closed = carvallo::bicycle::stability(model, 15.0);
    SweepStabilityOptions o;
    o.vmax = 15.0;
    o.samples = 1501;
    const auto swept = stability_by_sweep(eigenvalue_function(model), o);
    INFO("seed " << seed);
    REQUIRE(closed.weave_speed.has_value() == swept.weave_speed.has_value());
    REQUIRE(closed.capsize_speed.has_value() == swept.capsize_speed.has_value());
    if (closed.weave_speed) {
      ++with_weave;
      CHECK(*closed.weave_speed == Approx(*swept.weave_speed).margin(1e-8));
    }
    if (closed.capsize_speed) {
      ++with_capsize;
      CHECK(*closed.capsize_speed == Approx(*swept.capsize_speed).margin(1e-8));
    }
    REQUIRE(closed.stable_speed_ranges.size() == swept.stable_speed_ranges.size());
    for (std::size_t i = 0; i < closed.stable_speed_ranges.size(); ++i) {
      ++with_range;
      CHECK(closed.stable_speed_ranges[i].lo == Approx(swept.stable_speed_ranges[i].lo).margin(1e-8));
      CHECK(closed.stable_speed_ranges[i].hi == Approx(swept.stable_speed_ranges[i].hi).margin(1e-8));
    }
    // is_stable agrees with the sign of the largest real part away from the boundaries.
    for (double v = 0.25; v < 15.0; v += 0.5) {
      const auto e = eigenvalues(model, v);
      const double max_re = e[3].real() > e[2].real() ? e[3].real() : e[2].real();
      if (std::abs(max_re) > 1e-6) CHECK(is_stable(model, v) == (max_re < 0));
    }
  }
  // The random family must actually exercise the crossings.
  CHECK(with_weave > 10);
  CHECK(with_capsize > 10);
  CHECK(with_range > 10);
}
