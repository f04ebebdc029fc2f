// carvallo sensitivity (cli/sensitivity.cpp): the JSON carries the library's speeds and gradients
// (bicycle/sensitivity.hpp, itself checked against central differences in
// tests/bicycle/sensitivity_test.cpp) for all 26 parameters by name; bad input exits 2.
#include "run_cli.hpp"

#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/sensitivity.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace cli_test;
namespace ref = meijaard2007;
namespace b = carvallo::bicycle;

TEST_CASE("sensitivity --json: the speeds of Table 2a and 26 derivatives each, by parameter name", "[cli][sensitivity]") {
  const auto r = run({"sensitivity", "--bike", "benchmark", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(std::abs(doc["weave_speed"].get<double>() - ref::weave_speed) < 1e-10);
  CHECK(std::abs(doc["capsize_speed"].get<double>() - ref::capsize_speed) < 1e-10);
  const auto expected = *b::critical_speed_sensitivities(b::benchmark_parameters(), 20.0).sensitivities;
  REQUIRE(doc["d_weave_speed"].size() == b::kParameterCount);
  REQUIRE(doc["d_capsize_speed"].size() == b::kParameterCount);
  for (std::size_t k = 0; k < b::kParameterCount; ++k) {
    const std::string name(b::kParameterTable[k].name);
    INFO(name);
    CHECK(doc["d_weave_speed"][name].get<double>() == (*expected.weave.gradient)[k]);
    CHECK(doc["d_capsize_speed"][name].get<double>() == (*expected.capsize.gradient)[k]);
  }
}

TEST_CASE("sensitivity: null where there is no speed; a text table without --json", "[cli][sensitivity]") {
  const auto low = run({"sensitivity", "--bike", "benchmark", "--vmax", "4", "--json"});
  REQUIRE(low.status == 0);
  const auto doc = nlohmann::json::parse(low.out);
  CHECK(doc["weave_speed"].is_null());
  CHECK(doc["d_weave_speed"].is_null());
  CHECK(doc["capsize_speed"].is_null());

  const auto text = run({"sensitivity", "--bike", "benchmark"});
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains("weave speed: 4.29238253634"));
  CHECK_THAT(text.out, Catch::Contains("IFyy"));
  CHECK_THAT(text.out, Catch::Contains("kg m^2"));
}

TEST_CASE("sensitivity: bad input exits 2 naming the problem", "[cli][sensitivity]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"sensitivity"}, "--bike: missing"},
      {{"sensitivity", "--bike", "benchmark", "--vmax", "0"}, "--vmax: must be > 0"},
      {{"sensitivity", "--bike", "benchmark", "--vmax", "nan"}, "--vmax 'nan': not a finite number"},
      {{"sensitivity", "--bike", data("unphysical.json")}, "mB: rear frame mass must be > 0"},
      {{"sensitivity", "--bike", data("implausible.json")}, "mB: rear frame (and rider) mass: 4.94e-324 kg is not plausible"},
      {{"sensitivity", "--bike", "benchmark", "--speed", "3"}, "--speed: unknown option"},
  };
  for (const auto& [args, message] : cases) {
    INFO(message);
    const auto r = run(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(message));
  }
  const auto help = run({"sensitivity", "--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::StartsWith("usage: carvallo sensitivity"));
}
