// The command line (issue 5, item 6), driven through carvallo::cli::run exactly as the executable does.
#include "cli/cli.hpp"

#include "carvallo/version.hpp"
#include "bicycle/meijaard2007_reference.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <sstream>
#include <string>
#include <vector>

namespace ref = meijaard2007;

namespace {

struct Run {
  int status;
  std::string out, err;
};

Run run(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int status = carvallo::cli::run(args, out, err);
  return {status, out.str(), err.str()};
}

std::string data(const std::string& name) { return std::string(CARVALLO_SOURCE_DIR) + "/tests/cli/data/" + name; }

}  // namespace

TEST_CASE("--version prints the version", "[cli]") {
  const auto r = run({"--version"});
  CHECK(r.status == 0);
  CHECK(r.out == std::string("carvallo ") + carvallo::kVersion + "\n");
}

TEST_CASE("--help on every command", "[cli]") {
  for (const auto& cmd : std::vector<std::vector<std::string>>{
           {"--help"}, {"eig", "--help"}, {"stability", "--help"}, {"simulate", "--help"}}) {
    const auto r = run(cmd);
    INFO(cmd[0]);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("usage: carvallo"));
    CHECK(r.err.empty());
  }
}

TEST_CASE("eig --json reproduces Table 2b-c", "[cli]") {
  const auto r = run({"eig", "--bike", "benchmark", "--speeds", "0:10:11", "--method", "canonical", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["method"] == "canonical");
  REQUIRE(doc["speeds"].size() == 11);
  REQUIRE(doc["eigenvalues"].size() == 11);
  for (std::size_t i = 1; i < 11; ++i) {  // v = 1..10 (v = 0 has four real roots, checked in canonical_test)
    const auto& row = ref::table2[i];
    CHECK(doc["speeds"][i].get<double>() == row.v);
    std::vector<std::complex<double>> expected = {
        {row.castering, 0}, {row.capsize, 0}, {row.weave_re, -row.weave_im}, {row.weave_re, row.weave_im}};
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
      return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
    });
    const auto& ev = doc["eigenvalues"][i];
    REQUIRE(ev.size() == 4);
    for (std::size_t k = 0; k < 4; ++k) {
      INFO("v = " << row.v << ", k = " << k);
      // %.17g round-trips, so the JSON carries the computed doubles; 1e-12 as in canonical_test.
      const std::complex<double> s(ev[k]["re"].get<double>(), ev[k]["im"].get<double>());
      CHECK(std::abs(s - expected[k]) < 1e-12);
    }
  }
}

TEST_CASE("eig --csv: header and one row per speed", "[cli]") {
  const auto r = run({"eig", "--bike", "benchmark", "--speeds", "0:10:201", "--method", "canonical", "--csv"});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("speed,re1,im1,re2,im2,re3,im3,re4,im4\n"));
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 202);
}

TEST_CASE("eig reads a bike from a JSON file", "[cli]") {
  const std::string file = std::string(CARVALLO_SOURCE_DIR) + "/examples/bicycle/presets/benchmark.json";
  const auto a = run({"eig", "--bike", file, "--speeds", "1:2:3", "--method", "canonical", "--json"});
  const auto b = run({"eig", "--bike", "benchmark", "--speeds", "1:2:3", "--method", "canonical", "--json"});
  REQUIRE(a.status == 0);
  CHECK(a.out == b.out);
}

TEST_CASE("stability --json gives Table 2a's critical speeds", "[cli]") {
  const auto r = run({"stability", "--bike", "benchmark", "--method", "canonical", "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(std::abs(doc["weave_speed"].get<double>() - ref::weave_speed) < 1e-10);
  CHECK(std::abs(doc["capsize_speed"].get<double>() - ref::capsize_speed) < 1e-10);
  REQUIRE(doc["stable_speed_ranges"].size() == 1);
  CHECK(doc["stable_speed_ranges"][0][0].get<double>() == doc["weave_speed"].get<double>());
  CHECK(doc["stable_speed_ranges"][0][1].get<double>() == doc["capsize_speed"].get<double>());

  const auto low = run({"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "3", "--json"});
  REQUIRE(low.status == 0);
  CHECK(low.out == "{\"weave_speed\": null, \"capsize_speed\": null, \"stable_speed_ranges\": []}\n");
}

TEST_CASE("bad input: exit 2, every problem named on stderr, nothing on stdout", "[cli]") {
  struct Case {
    std::vector<std::string> args;
    std::vector<std::string> messages;
  };
  const std::vector<Case> cases = {
      {{}, {"usage"}},
      {{"frobnicate"}, {"unknown command 'frobnicate'"}},
      {{"eig", "--bike", "benchmark", "--method", "canonical"}, {"--speeds: missing"}},
      {{"eig", "--speeds", "0:1:2", "--method", "canonical"}, {"--bike: missing"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:10:1", "--method", "canonical"}, {"<count> must be at least 2"}},
      {{"eig", "--bike", "benchmark", "--speeds", "a:10:x", "--method", "canonical", "--frob"},
       {"<from> 'a' is not a finite number", "<count> 'x' is not an integer", "--frob: unknown option"}},
      {{"eig", "--bike", "benchmark", "--speeds", "5:1:3", "--method", "canonical"}, {"<from> must be less than <to>"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:1:3", "--method", "canonical", "--json", "--csv"}, {"choose one"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:1:3"}, {"multibody route is not yet available"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:1:3", "--method", "magic"}, {"--method 'magic': unknown"}},
      {{"eig", "--bike", "no-such-bike", "--speeds", "0:1:3", "--method", "canonical"}, {"neither a preset"}},
      {{"eig", "--bike", data("bad_keys.json"), "--speeds", "0:1:3", "--method", "canonical"},
       {"IFyy: missing", "lam: unknown key", "c: must be a number"}},
      {{"stability", "--bike", data("unphysical.json"), "--method", "canonical"},
       {"mB: rear frame mass must be > 0", "rF: front wheel radius must be >= 0", "triangle inequality"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "-1"}, {"--vmax: must be > 0"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "nan"}, {"--vmax 'nan': not a finite number"}},
      {{"stability", "--bike"}, {"--bike: missing value"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:1e300:3", "--method", "canonical"}, {"speeds must be within"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "1e300"}, {"--vmax: must be at most"}},
      {{"simulate", "--bike", "benchmark"}, {"not yet available"}},
  };
  for (const auto& c : cases) {
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    INFO("carvallo " << joined);
    const auto r = run(c.args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    for (const auto& m : c.messages) CHECK_THAT(r.err, Catch::Contains(m));
    if (!Catch::contains(joined, "nan")) CHECK_FALSE(Catch::contains(r.err, "nan"));  // no NaN results
  }
}

TEST_CASE("numbers are printed with %.17g and round-trip", "[cli]") {
  CHECK(carvallo::cli::format_number(0.1) == "0.10000000000000001");
  CHECK(std::strtod(carvallo::cli::format_number(ref::weave_speed).c_str(), nullptr) == ref::weave_speed);
}
