// `carvallo turn` and the rider/turn options of `carvallo simulate`, driven through carvallo::cli::run
// exactly as the executable does. References: the capsize speed of Meijaard et al. (2007) Table 2a (where the
// handlebar-forward family of steady turns starts), the turn's own state (a simulation started on it), and
// the signals as given on the command line (the CSV's torque columns).
#include "../test_paths.hpp"
#include "cli/cli.hpp"
#include "run_cli.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <numbers>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using cli_test::Run;
using cli_test::run;

// Rows of a CSV as numbers, with the header.
std::vector<std::vector<double>> read_csv(const std::string& path, std::vector<std::string>& header) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  header.clear();
  std::stringstream hs(line);
  for (std::string cell; std::getline(hs, cell, ',');) header.push_back(cell);
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) v.push_back(std::stod(cell));
    rows.push_back(v);
  }
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  FAIL("no column " << name);
  return 0;
}

}  // namespace

TEST_CASE("turn --lean --json: every turn with its eigenvalues; the forward one near the capsize speed", "[cli][turn]") {
  const auto r = run({"turn", "--bike", "benchmark", "--lean", "0.002", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["turns"].is_array());
  bool forward = false;
  for (const auto& t : doc["turns"]) {
    for (const char* key : {"family", "speed", "lean", "steer", "pitch", "radius", "steer_torque", "eigenvalues", "stable"})
      CHECK(t.contains(key));
    CHECK(t["eigenvalues"].size() == 4);
    CHECK(t["lean"].get<double>() == 0.002);
    if (t["family"] == "handlebar-forward" && std::abs(t["steer"].get<double>()) < 0.01) {
      forward = true;
      CHECK(std::abs(t["speed"].get<double>() - 6.0242620153883589) < 1e-4);
    }
  }
  CHECK(forward);
}

TEST_CASE("turn --speed: the turns the scan-based search found, now by continuation", "[cli][turn]") {
  // `carvallo turn --bike benchmark --speed 5 --json` before the continuation (commit 8f73715: the families
  // scanned over 1441 steers at each of 146 leans, each crossing of the speed bisected in lean).
  struct Expected {
    double lean, steer;
    const char* family;
  };
  const std::vector<Expected> expected = {{0.41050345374711872, 0.17823793387316131, "handlebar-forward"},
                                          {0.65821496876896679, -2.8344997885339041, "handlebar-reversed"},
                                          {0.6828972020984222, -2.814324629419259, "handlebar-reversed"},
                                          {0.70967766359700468, 0.36365766820301065, "handlebar-forward"}};
  const auto r = run({"turn", "--bike", "benchmark", "--speed", "5", "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  REQUIRE(doc["turns"].size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const auto& t = doc["turns"][k];
    INFO("turn " << k << ": " << t.dump());
    CHECK(std::abs(t["lean"].get<double>() - expected[k].lean) <= 1e-9);
    CHECK(std::abs(t["steer"].get<double>() - expected[k].steer) <= 1e-9);
    CHECK(t["family"] == expected[k].family);
    CHECK(std::abs(t["speed"].get<double>() - 5.0) <= 1e-8);
    CHECK(t["eigenvalues"].size() == 4);
  }
}

TEST_CASE("turn: bad input exits 2 naming each problem", "[cli][turn]") {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
      {{"turn", "--bike", "benchmark"}, {"give exactly one"}},
      {{"turn", "--bike", "benchmark", "--lean", "0.1", "--speed", "3"}, {"give exactly one"}},
      {{"turn", "--bike", "benchmark", "--lean", "1.6"}, {"--lean '1.6'"}},
      {{"turn", "--bike", "benchmark", "--lean", "0"}, {"--lean '0'"}},
      {{"turn", "--bike", "benchmark", "--speed", "-1"}, {"--speed '-1'"}},
      {{"turn", "--bike", "nope", "--lean", "0.1"}, {"nope"}},
      {{"turn", "--bike", "benchmark", "--leans", "-0.1:0.5:10", "--csv"}, {"--leans"}},
      {{"turn", "--bike", "benchmark", "--lean", "0.1", "--csv"}, {"--csv"}},
      {{"turn", "--bike", "benchmark", "--leans", "0.1:0.5:10", "--json"}, {"--json: not with --leans"}},
      {{"turn", "--bike", "benchmark", "--lean", "0.1", "--steer-torque", "x"}, {"--steer-torque 'x'"}},
  };
  for (const auto& [args, words] : cases) {
    const auto r = run(args);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    for (const auto& w : words) CHECK(r.err.find(w) != std::string::npos);
  }
}

TEST_CASE("simulate --steer-torque/--roll-torque: the torques in the CSV as specified", "[cli][turn]") {
  const std::string csv = std::string(carvallo::test::binary_dir()) + "/cli_rider_test.csv";
  const auto r = run({"simulate", "--bike", "benchmark", "--speed", "5", "--t", "1", "--dt", "1e-3", "--steer-torque",
                      "pulse:0.5@0.2:0.1", "--roll-torque", "sine:0.3:2", "--csv", csv, "--json"});
  REQUIRE(r.status == 0);
  std::vector<std::string> header;
  const auto rows = read_csv(csv, header);
  REQUIRE(rows.size() == 1001);
  const std::size_t ts = column(header, "steer_torque"), tr = column(header, "roll_torque");
  for (const auto& row : rows) {
    const double t = row[0];
    // At an edge itself (0.2 and 0.2 + 0.1 = 0.30000000000000004, reached at 0.3 to the last bit) either
    // side's value is the signal's.
    if (std::abs(t - 0.2) > 1e-12 && std::abs(t - 0.3) > 1e-12) {
      const double steer = t > 0.2 && t < 0.3 ? 0.5 : 0.0;
      CHECK(std::abs(row[ts] - steer) < 1e-15);
    }
    CHECK(std::abs(row[tr] - 0.3 * std::sin(2 * 3.141592653589793 * 2 * t)) < 1e-12);
  }
}

TEST_CASE("simulate --scenario countersteer: steers right, leans left, turns left", "[cli][turn]") {
  const std::string csv = std::string(carvallo::test::binary_dir()) + "/cli_countersteer_test.csv";
  const auto r = run({"simulate", "--bike", "benchmark", "--scenario", "countersteer", "--csv", csv, "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["fell"] == false);
  std::vector<std::string> header;
  const auto rows = read_csv(csv, header);
  const std::size_t steer = column(header, "steer"), roll = column(header, "roll"), yaw = column(header, "yaw");
  CHECK(rows[600][steer] > 0.0);   // t = 0.6 s, end of the pulse
  CHECK(rows[1000][roll] < -0.05);  // t = 1 s
  CHECK(rows.back()[yaw] < -0.2);
}

TEST_CASE("simulate --from-turn: a stable turn keeps its lean; bad requests exit 2", "[cli][turn]") {
  const std::string csv = std::string(carvallo::test::binary_dir()) + "/cli_from_turn_test.csv";
  const auto t = run({"turn", "--bike", "benchmark", "--lean", "0.7", "--json"});
  REQUIRE(t.status == 0);
  double lean_stable = 0.0;
  const auto doc = nlohmann::json::parse(t.out);
  for (const auto& turn : doc["turns"])
    if (turn["stable"] == true && turn["family"] == "handlebar-reversed") lean_stable = turn["lean"].get<double>();
  REQUIRE(lean_stable == 0.7);
  const auto r = run({"simulate", "--bike", "benchmark", "--from-turn", "lean=0.7,family=handlebar-reversed", "--t", "2",
                      "--dt", "1e-3", "--csv", csv, "--json"});
  REQUIRE(r.status == 0);
  std::vector<std::string> header;
  const auto rows = read_csv(csv, header);
  const std::size_t roll = column(header, "roll");
  for (const auto& row : rows) CHECK(std::abs(row[roll] - 0.7) < 1e-4);

  for (const auto& [args, word] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"simulate", "--bike", "benchmark", "--from-turn", "lean=0.7", "--t", "1", "--dt", "1e-3"}, "family"},
           {{"simulate", "--bike", "benchmark", "--from-turn", "lean=x,family=handlebar-forward", "--t", "1", "--dt", "1e-3"}, "lean 'x'"},
           {{"simulate", "--bike", "benchmark", "--from-turn", "lean=0.3,family=sideways", "--t", "1", "--dt", "1e-3"}, "sideways"},
           {{"simulate", "--bike", "benchmark", "--from-turn", "lean=0.3,family=handlebar-forward", "--speed", "3", "--t", "1",
             "--dt", "1e-3"},
            "--speed"},
           {{"simulate", "--bike", "benchmark", "--scenario", "wheelie"}, "wheelie"}}) {
    const auto b = run(args);
    INFO(b.err);
    CHECK(b.status == 2);
    CHECK(b.out.empty());
    CHECK(b.err.find(word) != std::string::npos);
  }
}

TEST_CASE("turn --lean finds the reversed handlebar's turn at small leans, as --leans does", "[cli][turn]") {
  // At a lean of 0.01 rad the turn at δ = −π + 0.0016 and a spurious zero beside it fell between two of
  // the scan's samples: --lean lost the family that --leans continued (a tester), which gives it at these
  // leans at 7.9008 m/s (`turn --leans 0.01:0.05:3`: 7.90083 at 0.01).
  for (const double lean : {0.01, 0.011, 0.013, -0.01}) {
    const auto r = run({"turn", "--bike", "benchmark", "--lean", std::to_string(lean), "--json"});
    REQUIRE(r.status == 0);
    const auto doc = nlohmann::json::parse(r.out);
    bool found = false;
    for (const auto& t : doc["turns"])
      if (t["family"] == "handlebar-reversed" && std::abs(std::abs(t["steer"].get<double>()) - std::numbers::pi) < 0.003) {
        found = true;
        CHECK(std::abs(t["speed"].get<double>() - 7.9008) < 1e-3);
      }
    INFO("lean " << lean << ": " << r.out);
    CHECK(found);
  }
}
