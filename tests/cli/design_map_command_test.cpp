// carvallo map (cli/design_map.cpp): the CSV's header, order and numbers are the library's map
// (bicycle/design_map.hpp, checked point by point against stability() in tests/bicycle/design_map_test.cpp);
// empty cells where a speed does not exist; progress on stderr for large maps; bad input exits 2 and
// writes no file.
#include "../test_paths.hpp"
#include "run_cli.hpp"

#include "bicycle/design_map.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace cli_test;
namespace b = carvallo::bicycle;

namespace {

std::string output(const std::string& name) { return std::string(carvallo::test::binary_dir()) + "/" + name; }

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

TEST_CASE("map --csv: header, y-major rows, the library's numbers; empty cells where no speed", "[cli][map]") {
  const std::string csv = output("cli_map_test.csv");
  std::remove(csv.c_str());
  const auto r = run({"map", "--bike", "benchmark", "--x", "trail:-0.05:0.2:4", "--y", "steer_axis_tilt:0:0.6:3", "--csv", csv});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());  // 12 points: no progress
  CHECK_THAT(r.out, Catch::Contains("wrote 12 points"));
  const auto rows = read_csv(csv);
  REQUIRE(rows.size() == 13);
  CHECK(rows[0] == std::vector<std::string>{"trail", "steer_axis_tilt", "weave_speed", "capsize_speed", "stable_width"});
  const auto map = *b::design_map(b::benchmark_parameters(), {"trail", -0.05, 0.2, 4}, {"steer_axis_tilt", 0, 0.6, 3}, 20.0).map;
  bool some_empty = false;
  for (std::size_t iy = 0; iy < 3; ++iy)
    for (std::size_t ix = 0; ix < 4; ++ix) {
      const auto& row = rows[1 + iy * 4 + ix];
      REQUIRE(row.size() == 5);
      const auto& p = map.at(ix, iy);
      CHECK(std::strtod(row[0].c_str(), nullptr) == map.x.value(ix));
      CHECK(std::strtod(row[1].c_str(), nullptr) == map.y.value(iy));
      if (p.weave_speed) CHECK(std::strtod(row[2].c_str(), nullptr) == *p.weave_speed);
      else CHECK(row[2].empty());
      if (p.capsize_speed) CHECK(std::strtod(row[3].c_str(), nullptr) == *p.capsize_speed);
      else CHECK(row[3].empty());
      some_empty = some_empty || row[2].empty() || row[3].empty();
      CHECK(std::strtod(row[4].c_str(), nullptr) == p.stable_width);
    }
  CHECK(some_empty);
}

TEST_CASE("map --csv - writes the CSV to standard output, the line saying so to standard error", "[cli][map]") {
  // It had written a file named "-" (a tester's pipeline), where `simulate --csv -` means standard output.
  std::remove("-");
  const auto r = run({"map", "--bike", "benchmark", "--x", "trail:0.08:0.09:2", "--y", "lambda:0.3:0.4:2", "--csv", "-"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("trail,lambda,weave_speed,capsize_speed,stable_width\n", 0) == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 5);
  CHECK_THAT(r.err, Catch::Contains("wrote 4 points (2 x 2) to standard output"));
  std::FILE* f = std::fopen("-", "r");
  CHECK(f == nullptr);
  if (f) std::fclose(f);
}

TEST_CASE("map: progress on stderr for 10000 points and more", "[cli][map]") {
  const std::string csv = output("cli_map_progress_test.csv");
  const auto r = run({"map", "--bike", "benchmark", "--x", "c:0:0.2:100", "--y", "lambda:0:0.5:100", "--csv", csv});
  REQUIRE(r.status == 0);
  CHECK_THAT(r.err, Catch::Contains("carvallo map: 50% (50 of 100 rows)"));
  CHECK_THAT(r.err, Catch::Contains("carvallo map: 100% (100 of 100 rows)"));
  CHECK(read_csv(csv).size() == 10001);
}

TEST_CASE("map: bad input exits 2 naming the problem and writes nothing", "[cli][map]") {
  const std::string csv = output("cli_map_refused_test.csv");
  std::remove(csv.c_str());
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
      {{"--x", "rake:0:1:3", "--y", "c:0:0.1:3"}, {"--x: unknown parameter 'rake'", "steer_axis_tilt"}},
      {{"--x", "w:1:2:1", "--y", "c:0:0.1:3"}, {"--x: <n> must be at least 2"}},
      {{"--x", "w:1:2:3", "--y", "c:0.1:0:3"}, {"--y: <lo> must be less than <hi>"}},
      {{"--x", "w:nan:2:3", "--y", "c:0:inf:3"}, {"--x: <lo> 'nan' is not a finite number", "--y: <hi> 'inf' is not a finite number"}},
      {{"--x", "w:1:2:many", "--y", "c:0:0.1"}, {"--x: <n> 'many' is not an integer", "--y 'c:0:0.1': expected <name>:<lo>:<hi>:<n>"}},
      {{"--x", "w:1:2:-3", "--y", "c:0:0.1:2000"}, {"--x: <n> must be at least 2", "--y: <n> must be at most 1000"}},
      {{"--x", "trail:0:0.1:3", "--y", "c:0:0.1:3"}, {"both vary the parameter c"}},
      {{"--x", "c:0:0.1:3", "--y", "lambda:0:1.6:5"}, {"at c = 0, lambda = 1.6: lambda: steer-axis tilt must be within"}},
      {{"--x", "mB:1e-300:1:3", "--y", "c:0:0.1:3"}, {"at mB = 1e-300, c = 0: mB", "not plausible"}},
      {{"--y", "c:0:0.1:3"}, {"--x: missing"}},
      {{"--x", "w:1:2:3", "--y", "c:0:0.1:3", "--vmax", "-2"}, {"--vmax: must be > 0"}},
  };
  for (const auto& [extra, messages] : cases) {
    std::vector<std::string> args = {"map", "--bike", "benchmark", "--csv", csv};
    args.insert(args.end(), extra.begin(), extra.end());
    INFO(messages[0]);
    const auto r = run(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    for (const auto& m : messages) CHECK_THAT(r.err, Catch::Contains(m));
    CHECK_FALSE(std::ifstream(csv).good());
  }
  const auto no_csv = run({"map", "--bike", "benchmark", "--x", "w:1:2:3", "--y", "c:0:0.1:3"});
  CHECK(no_csv.status == 2);
  CHECK_THAT(no_csv.err, Catch::Contains("--csv: missing"));
  const auto bad_dir = run({"map", "--bike", "benchmark", "--x", "w:1:2:3", "--y", "c:0:0.1:3", "--csv", output("no/such/dir/map.csv")});
  CHECK(bad_dir.status == 2);
  CHECK_THAT(bad_dir.err, Catch::Contains("cannot be written"));
  const auto help = run({"map", "--help"});
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::StartsWith("usage: carvallo map"));
  CHECK_THAT(run({"--help"}).out, Catch::Contains("sensitivity"));
}
