// `carvallo eig --model <name> --param <p> --range <lo>:<hi>:<n> --json` (cli/model_eig.cpp). References: the
// closed forms of the rolling disk (s² = 4 (g r − 3 v²) / (5 r²), v_c = √(g r / 3)) and of the Chaplygin
// sleigh (λ = −m a v / (I + m a²)), written out here (docs/examples.md); Meijaard et al. (2007) Table 2.
#include "run_cli.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <complex>

using cli_test::run;
using nlohmann::json;

namespace {
std::complex<double> value(const json& e) { return {e.at("re").get<double>(), e.at("im").get<double>()}; }
}  // namespace

TEST_CASE("eig --model rolling-disk: eigenvalues and critical speed against the closed forms", "[cli][model_eig]") {
  const auto r = run({"eig", "--model", "rolling-disk", "--param", "speed", "--range", "0:3:31", "--json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json j = json::parse(r.out);
  CHECK(j.at("model") == "rolling-disk");
  CHECK(j.at("parameter") == "speed");
  CHECK(j.at("unit") == "m/s");
  CHECK(j.at("structural_zeros_removed") == 6);
  REQUIRE(j.at("values").size() == 31);
  REQUIRE(j.at("eigenvalues").size() == 31);
  const double r0 = 0.3, g = 9.81;
  for (std::size_t k = 0; k < 31; ++k) {
    const double v = j["values"][k].get<double>();
    CHECK(std::abs(v - 0.1 * static_cast<double>(k)) < 1e-15);
    const double sigma = 4.0 * (g * r0 - 3.0 * v * v) / (5.0 * r0 * r0);
    const std::complex<double> s = sigma >= 0 ? std::complex<double>(std::sqrt(sigma), 0) : std::complex<double>(0, std::sqrt(-sigma));
    const auto& row = j["eigenvalues"][k];
    REQUIRE(row.size() == 2);
    INFO("v = " << v);
    CHECK(std::abs(value(row[0]) - (sigma >= 0 ? -s : std::conj(s))) < 1e-9);
    CHECK(std::abs(value(row[1]) - s) < 1e-9);
  }
  REQUIRE(j.at("boundaries").size() == 1);
  // The lean pair is a defective double root at v_c: the boundary is accurate to ~1e-9 (steady_motion_test).
  CHECK(std::abs(j["boundaries"][0]["value"].get<double>() - std::sqrt(g * r0 / 3.0)) < 1e-8);
  CHECK(j["boundaries"][0]["destabilizing"] == false);
}

TEST_CASE("eig --model chaplygin-sleigh: the eigenvalue against -m a v / (I + m a^2)", "[cli][model_eig]") {
  const auto r = run({"eig", "--model", "chaplygin-sleigh", "--range", "-2:2:9", "--json"});  // --param defaults to speed
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json j = json::parse(r.out);
  CHECK(j.at("parameter") == "speed");
  for (std::size_t k = 0; k < 9; ++k) {
    const double v = j["values"][k].get<double>();
    REQUIRE(j["eigenvalues"][k].size() == 1);
    CHECK(std::abs(value(j["eigenvalues"][k][0]) - (-0.3 * v / (0.05 + 0.09))) < 1e-9);
  }
  REQUIRE(j.at("boundaries").size() == 1);
  CHECK(std::abs(j["boundaries"][0]["value"].get<double>()) < 1e-10);
}

TEST_CASE("eig --model bicycle: the same interface reproduces Meijaard et al. 2007 Table 2", "[cli][model_eig]") {
  const auto r = run({"eig", "--model", "bicycle", "--param", "speed", "--range", "4:6:3", "--json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json j = json::parse(r.out);
  const auto& row = j["eigenvalues"][1];  // 5 m/s
  REQUIRE(row.size() == 4);
  CHECK(std::abs(value(row[0]) - std::complex<double>(-14.0783896927982, 0)) < 1e-9);
  CHECK(std::abs(value(row[2]) - std::complex<double>(-0.77534188219585, 4.46486771378823)) < 1e-9);
  CHECK(std::abs(value(row[3]) - std::complex<double>(-0.32286642900409, 0)) < 1e-9);
}

TEST_CASE("eig --model: text and CSV outputs, and the bicycle's own eig unchanged", "[cli][model_eig]") {
  const auto csv = run({"eig", "--model", "chaplygin-sleigh", "--range", "0:1:2", "--csv"});
  REQUIRE(csv.status == 0);
  CHECK(csv.out.rfind("speed,re1,im1\n0,", 0) == 0);
  const auto text = run({"eig", "--model", "rolling-disk", "--range", "0:3:4"});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("# boundary: speed = 0.9904544") != std::string::npos);
  const auto bike = run({"eig", "--bike", "benchmark", "--speeds", "4:6:3", "--json"});
  REQUIRE(bike.status == 0);
  CHECK(json::parse(bike.out).at("speeds").size() == 3);
}

TEST_CASE("eig --model: bad input is refused, naming the problem, nothing on stdout", "[cli][model_eig]") {
  auto refused = [](std::vector<std::string> args, const std::string& needle) {
    const auto r = run(args);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(needle) != std::string::npos);
  };
  refused({"eig", "--model", "no-such", "--range", "0:1:3"}, "--model 'no-such': unknown");
  refused({"eig", "--model", "four-bar", "--range", "0:1:3"}, "declares no equilibrium or steady motion");
  refused({"eig", "--model", "rolling-disk", "--param", "radius", "--range", "0:1:3"}, "cannot sweep it (it can sweep: speed)");
  refused({"eig", "--model", "rolling-disk"}, "--range: missing");
  refused({"eig", "--model", "rolling-disk", "--range", "1:1:3"}, "<lo> < <hi>");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1e999:3"}, "not a finite number");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1:nan"}, "not an integer");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1:1"}, "2 <= <n>");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1:100001"}, "2 <= <n>");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1"}, "expected <lo>:<hi>:<n>");
  refused({"eig", "--model", "rolling-disk", "--range", "0:1:3", "--json", "--csv"}, "choose one");
  // A range outside the quantity's accepted range is input, refused as such (it had been the solver's
  // failure, status 1; and -1e308:1e308 a grid of NaN).
  refused({"eig", "--model", "rolling-disk", "--range", "0:1000:3"}, "--range: speed must stay within [-100, 100] m/s, got 0 to 1000");
  refused({"eig", "--model", "chaplygin-sleigh", "--range", "-1e308:1e308:2"}, "got -1e+308 to 1e+308");
}
