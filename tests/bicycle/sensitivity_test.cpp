// Critical-speed sensitivities (bicycle/sensitivity.hpp) against two independent references:
//  - central differences (Richardson-extrapolated) of the root-found speeds (stability(), closed form) for
//    all 26 parameters, on the benchmark, the measured presets and random bicycles;
//  - exact scaling laws: the speeds do not change when every mass and inertia is multiplied by the same
//    factor, and v scales as sqrt(g) and as sqrt(length) (inertias as length^2), so by Euler's theorem on
//    homogeneous functions sum_k e_k p_k dv/dp_k equals 0, v/2 and v/2 for the matching exponents e_k.
#include "bicycle/sensitivity.hpp"

#include "bicycle/presets.hpp"
#include "bicycle/random_parameters.hpp"
#include "bicycle/stability.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string_view>

using namespace carvallo::bicycle;

namespace {

constexpr double kVmax = 20.0;

struct Speeds {
  std::optional<double> weave, capsize;
};

// The root-found speeds of a stepped set. The model is built without validate(): a step may cross a
// physical bound the set sits on (random wheels are thin disks, IRyy = 2 IRxx exactly, and a step down in
// IRxx breaks the triangle inequality), while the closed forms are smooth across it.
Speeds root_found(const Parameters& p) {
  const CanonicalModel model{canonical_matrices<double>(p), p.g};
  const auto r = carvallo::bicycle::stability(model, kVmax);
  return {r.weave_speed, r.capsize_speed};
}

// Worst error of the AD gradient against central differences, measured as |AD - CD| / (|AD| + v / |p_k|):
// relative where the derivative is sizable, and relative to the speed's own scale (a 100 % change of
// p_k) where it is not (a derivative that is zero, like those with respect to IByy and IHyy, must be ~0).
struct Comparison {
  double worst = 0;
  std::string_view worst_parameter;
  double worst_relative = 0;  // |AD - CD| / |AD| over derivatives with |p dv/dp| > 1e-3 v
  double worst_plain_relative = 0;  // the same against plain central differences (no extrapolation)
};

void compare(const Parameters& p, bool weave, Comparison& c) {
  const auto s = critical_speed_sensitivities(p, kVmax);
  REQUIRE(s.sensitivities);
  const auto& sens = weave ? s.sensitivities->weave : s.sensitivities->capsize;
  REQUIRE(sens.speed);
  REQUIRE(sens.gradient);
  const double v = *sens.speed;
  for (std::size_t k = 0; k < kParameterCount; ++k) {
    const auto& d = kParameterTable[k];
    const double scale = std::max(std::abs(p.*d.member), 1e-3);
    auto central_difference = [&](double h) {
      Parameters plus = p, minus = p;
      plus.*d.member += h;
      minus.*d.member -= h;
      const auto sp = root_found(plus), sm = root_found(minus);
      const auto vp = weave ? sp.weave : sp.capsize, vm = weave ? sm.weave : sm.capsize;
      INFO((weave ? "weave " : "capsize ") << v << " m/s, stepping " << d.name << " = " << p.*d.member << " by +-" << h);
      REQUIRE(vp);
      REQUIRE(vm);
      return (*vp - *vm) / (2 * h);
    };
    // Relative step 1e-5, and Richardson's extrapolation of h and h/2, (4 D(h/2) - D(h)) / 3, which
    // removes the h^2 term: a speed near a tangency of its condition (a weave pair that barely crosses)
    // has large higher derivatives, and plain central differences then err by ~1e-6 relative. The
    // round-off left is ~1e-16 v / 1e-5 relative to v / p.
    const double h = 1e-5 * scale;
    const double plain = central_difference(h);
    const double cd = (4 * central_difference(h / 2) - plain) / 3, ad = (*sens.gradient)[k];
    const double err = std::abs(ad - cd) / (std::abs(ad) + v / scale);
    INFO((weave ? "weave " : "capsize ") << d.name << ": AD " << ad << ", central difference " << cd);
    CHECK(err < 1e-7);
    if (err > c.worst) c.worst = err, c.worst_parameter = d.name;
    if (std::abs(ad) * scale > 1e-3 * v) {
      c.worst_relative = std::max(c.worst_relative, std::abs(ad - cd) / std::abs(ad));
      c.worst_plain_relative = std::max(c.worst_plain_relative, std::abs(ad - plain) / std::abs(ad));
    }
  }
}

double weighted_sum(const Parameters& p, const ParameterGradient& g, double (*exponent)(std::string_view)) {
  double sum = 0;
  for (std::size_t k = 0; k < kParameterCount; ++k)
    sum += exponent(kParameterTable[k].name) * (p.*kParameterTable[k].member) * g[k];
  return sum;
}

bool is_mass(std::string_view n) { return n.size() == 2 && n[0] == 'm'; }
bool is_inertia(std::string_view n) { return n.size() == 4 && n[0] == 'I'; }
bool is_length(std::string_view n) { return !is_mass(n) && !is_inertia(n) && n != "lambda" && n != "g"; }

}  // namespace

TEST_CASE("benchmark: d(weave, capsize speed)/d(parameter) match central differences for all 26", "[sensitivity]") {
  Comparison weave, capsize;
  compare(benchmark_parameters(), true, weave);
  compare(benchmark_parameters(), false, capsize);
  WARN("benchmark, worst |AD - CD| / (|AD| + v/|p|): weave " << weave.worst << " (" << weave.worst_parameter
       << "), capsize " << capsize.worst << " (" << capsize.worst_parameter << "); worst |AD - CD| / |AD|: weave "
       << weave.worst_relative << ", capsize " << capsize.worst_relative << " (plain central differences: "
       << weave.worst_plain_relative << ", " << capsize.worst_plain_relative << ")");
}

TEST_CASE("presets and random bicycles: sensitivities match central differences", "[sensitivity]") {
  Comparison all;
  int compared = 0;
  std::vector<Parameters> sets;
  for (const auto& preset : presets()) sets.push_back(load_preset(preset.name)->values);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) sets.push_back(random_parameters(seed));
  for (const auto& p : sets) {
    if (p.rR == 0.0 || p.rF == 0.0) continue;  // skates: a zero radius cannot be stepped both ways
    const auto s = critical_speed_sensitivities(p, kVmax).sensitivities;
    REQUIRE(s);
    // Compare only speeds that exist away from the ends of the interval (a step must not push them out).
    if (s->weave.speed && *s->weave.speed < 0.9 * kVmax) compare(p, true, all), ++compared;
    if (s->capsize.speed && *s->capsize.speed < 0.9 * kVmax) compare(p, false, all), ++compared;
  }
  CHECK(compared >= 40);
  WARN(compared << " speeds compared; worst |AD - CD| / (|AD| + v/|p|) " << all.worst << " (" << all.worst_parameter
       << "), worst |AD - CD| / |AD| " << all.worst_relative << " (plain central differences " << all.worst_plain_relative << ")");
}

TEST_CASE("sensitivities obey the scaling laws of the speeds exactly", "[sensitivity]") {
  for (const Parameters& p : {benchmark_parameters(), load_preset("browser")->values, random_parameters(3)}) {
    const auto s = critical_speed_sensitivities(p, kVmax).sensitivities;
    REQUIRE(s);
    for (const auto* c : {&s->weave, &s->capsize}) {
      if (!c->gradient) continue;
      const double v = *c->speed;
      // Masses and inertias together (exponent 1): no change of speed.
      const double mass = weighted_sum(p, *c->gradient, [](std::string_view n) { return is_mass(n) || is_inertia(n) ? 1.0 : 0.0; });
      // Gravity alone: v ~ sqrt(g).
      const double gravity = weighted_sum(p, *c->gradient, [](std::string_view n) { return n == "g" ? 1.0 : 0.0; });
      // Lengths (exponent 1) with inertias (exponent 2): v ~ sqrt(length) at fixed g.
      const double length = weighted_sum(p, *c->gradient, [](std::string_view n) {
        return is_length(n) ? 1.0 : is_inertia(n) ? 2.0 : 0.0;
      });
      // Round-off of sums of 26 terms of size ~v: 1e-12 v.
      CHECK(std::abs(mass) < 1e-12 * v);
      CHECK(std::abs(gravity - 0.5 * v) < 1e-12 * v);
      CHECK(std::abs(length - 0.5 * v) < 1e-12 * v);
    }
  }
}

TEST_CASE("IByy and IHyy do not enter the linear equations: their derivatives are exactly 0", "[sensitivity]") {
  const auto s = critical_speed_sensitivities(benchmark_parameters(), kVmax).sensitivities;
  REQUIRE(s);
  for (const auto* c : {&s->weave, &s->capsize})
    for (std::size_t k = 0; k < kParameterCount; ++k) {
      const auto name = kParameterTable[k].name;
      if (name == "IByy" || name == "IHyy") CHECK((*c->gradient)[k] == 0.0);
    }
}

TEST_CASE("the speeds are stability()'s; none where there is none; bad sets refused", "[sensitivity]") {
  const auto bench = critical_speed_sensitivities(benchmark_parameters(), kVmax).sensitivities;
  REQUIRE(bench);
  const auto r = carvallo::bicycle::stability(*make_canonical_model(benchmark_parameters()).model, kVmax);
  CHECK(bench->weave.speed == r.weave_speed);
  CHECK(bench->capsize.speed == r.capsize_speed);

  // The two-mass-skate has no capsize speed below 20 m/s (docs/bicycle.md, presets).
  const auto skate = critical_speed_sensitivities(load_preset("two-mass-skate")->values, kVmax).sensitivities;
  REQUIRE(skate);
  CHECK_FALSE(skate->capsize.speed);
  CHECK_FALSE(skate->capsize.gradient);
  CHECK(skate->weave.gradient);
  // Below the weave speed neither exists.
  const auto low = critical_speed_sensitivities(benchmark_parameters(), 4.0).sensitivities;
  REQUIRE(low);
  CHECK_FALSE(low->weave.speed);
  CHECK_FALSE(low->weave.gradient);

  Parameters bad = benchmark_parameters();
  bad.mB = -1;
  const auto refused = critical_speed_sensitivities(bad, kVmax);
  CHECK_FALSE(refused.sensitivities);
  REQUIRE_FALSE(refused.issues.empty());
  CHECK(refused.issues[0].parameters[0] == "mB");
}
