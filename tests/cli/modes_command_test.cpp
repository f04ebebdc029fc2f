// carvallo modes (cli/modes.cpp): the JSON and text outputs carry the library's modes
// (bicycle/mode_shapes.hpp) to the last digit; the eigenvalues are Meijaard 2007 Table 2b's; the
// multibody route agrees; bad input exits 2 naming the problem.
#include "run_cli.hpp"

#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/mode_shapes.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <complex>

using namespace cli_test;
namespace ref = meijaard2007;
namespace b = carvallo::bicycle;

namespace {

std::complex<double> complex_of(const nlohmann::json& pair) { return {pair[0].get<double>(), pair[1].get<double>()}; }

}  // namespace

TEST_CASE("modes --json: four labelled modes, the library's numbers round-tripped", "[cli][modes]") {
  const auto r = run({"modes", "--bike", "benchmark", "--speed", "5", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["speed"].get<double>() == 5.0);
  REQUIRE(doc["modes"].size() == 4);
  const auto expected = b::roll_steer_modes(*b::make_canonical_model(b::benchmark_parameters()).model, 5.0);
  const auto& row = ref::table2[5];
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& m = doc["modes"][i];
    CHECK(complex_of(m["eigenvalue"]) == expected[i].eigenvalue);
    CHECK(complex_of(m["roll"]) == expected[i].roll);
    CHECK(complex_of(m["steer"]) == expected[i].steer);
    CHECK(m["label"] == std::string(b::mode_label_name(expected[i].label)));
  }
  // Table 2b at 5 m/s, in the order of the eigenvalues (real part, then imaginary part).
  CHECK(doc["modes"][0]["label"] == "castering");
  CHECK(std::abs(complex_of(doc["modes"][0]["eigenvalue"]) - row.castering) < 1e-12);
  CHECK(doc["modes"][1]["label"] == "weave");
  CHECK(std::abs(complex_of(doc["modes"][1]["eigenvalue"]) - std::complex<double>(row.weave_re, -row.weave_im)) < 1e-12);
  CHECK(doc["modes"][2]["label"] == "weave");
  CHECK(doc["modes"][3]["label"] == "capsize");
  CHECK(std::abs(complex_of(doc["modes"][3]["eigenvalue"]) - row.capsize) < 1e-12);
}

TEST_CASE("modes --method multibody agrees with the canonical route", "[cli][modes][multibody]") {
  const auto c = run({"modes", "--bike", "benchmark", "--speed", "3", "--json"});
  const auto m = run({"modes", "--bike", "benchmark", "--speed", "3", "--json", "--method", "multibody"});
  REQUIRE(c.status == 0);
  REQUIRE(m.status == 0);
  const auto dc = nlohmann::json::parse(c.out), dm = nlohmann::json::parse(m.out);
  for (const auto& canonical : dc["modes"]) {
    // The multibody mode with the nearest eigenvalue (a pair's order may differ by round-off).
    const nlohmann::json* other = nullptr;
    for (const auto& mode : dm["modes"])
      if (!other || std::abs(complex_of(mode["eigenvalue"]) - complex_of(canonical["eigenvalue"])) <
                        std::abs(complex_of((*other)["eigenvalue"]) - complex_of(canonical["eigenvalue"])))
        other = &mode;
    CHECK(canonical["label"] == (*other)["label"]);
    // As tests/bicycle/mode_shapes_test.cpp: the pencil's route keeps 8 digits and more.
    CHECK(std::abs(complex_of(canonical["eigenvalue"]) - complex_of((*other)["eigenvalue"])) < 1e-8);
    CHECK(std::abs(complex_of(canonical["roll"]) - complex_of((*other)["roll"])) < 1e-7);
    CHECK(std::abs(complex_of(canonical["steer"]) - complex_of((*other)["steer"])) < 1e-7);
  }
}

TEST_CASE("modes without --json: one block per mode", "[cli][modes]") {
  const auto r = run({"modes", "--bike", "benchmark", "--speed", "5"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("castering: s = -14.07838969279"));
  CHECK_THAT(r.out, Catch::Contains("capsize: s = -0.3228664290040"));
  CHECK_THAT(r.out, Catch::Contains("weave: s = -0.775341882195"));
  CHECK_THAT(r.out, Catch::Contains("roll: 1"));
  CHECK_THAT(r.out, Catch::Contains("arg"));
}

TEST_CASE("modes: bad input exits 2 naming the problem", "[cli][modes]") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"modes", "--bike", "benchmark"}, "--speed: missing"},
      {{"modes", "--bike", "benchmark", "--speed", "fast"}, "--speed 'fast': not a finite number"},
      {{"modes", "--bike", "benchmark", "--speed", "inf"}, "--speed 'inf': not a finite number"},
      {{"modes", "--bike", "benchmark", "--speed", "1e6"}, "--speed: must be within"},
      {{"modes", "--bike", "benchmark", "--speed", "1", "--method", "magic"}, "--method 'magic': unknown"},
      {{"modes", "--speed", "1"}, "--bike: missing"},
      {{"modes", "--bike", data("implausible.json"), "--speed", "1"}, "rF: front wheel radius: 1e-300 m is not plausible"},
      {{"modes", "--bike", "benchmark", "--speed", "1", "--csv"}, "--csv: unknown option"},
  };
  for (const auto& [args, message] : cases) {
    INFO(message);
    const auto r = run(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(message));
  }
  const auto help = run({"modes", "--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::StartsWith("usage: carvallo modes"));
}
