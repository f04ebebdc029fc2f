// Seeded random parameter sets for cross-checks between formulations.
#include "bicycle/canonical.hpp"
#include "bicycle/random_parameters.hpp"

#include <catch2/catch.hpp>

using namespace carvallo::bicycle;

TEST_CASE("random sets are physical and give an invertible mass matrix", "[random_parameters]") {
  int skates = 0;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    const Parameters p = random_parameters(seed, {0.3});
    INFO("seed " << seed);
    CHECK(validate(p).empty());
    CHECK(make_canonical_model(p).model.has_value());
    skates += p.rR == 0 ? 1 : 0;
  }
  CHECK(skates > 50);  // the skate option is exercised (expected 150)
  CHECK(skates < 300);
}

TEST_CASE("the same seed gives the same set; different seeds differ", "[random_parameters]") {
  const Parameters a = random_parameters(42), b = random_parameters(42), c = random_parameters(43);
  bool all_same = true, any_diff = false;
  for (const auto& d : kParameterTable) {
    all_same = all_same && a.*d.member == b.*d.member;
    any_diff = any_diff || a.*d.member != c.*d.member;
  }
  CHECK(all_same);
  CHECK(any_diff);
  CHECK(random_parameters(7).rR > 0);  // default options: ordinary wheels only
}
