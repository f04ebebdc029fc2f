// The UI state's fields for the eigenvalue panel's companions (mode shape, sensitivity chart, ghost):
// exact round trips through the link and setState, hostile values refused by name, the last good value kept.
#include "logic/state_link.hpp"
#include "logic/bike_analysis.hpp"
#include "logic/sensitivity_chart.hpp"
#include "mentions.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>
#include <limits>
#include <string>

using namespace carvallo::web;
using carvallo_test::mentions;
namespace bicycle = carvallo::bicycle;

namespace {

bool same_values(const bicycle::Parameters& a, const bicycle::Parameters& b) {
  for (const auto& d : bicycle::kParameterTable)
    if (a.*(d.member) != b.*(d.member)) return false;
  return true;
}

}  // namespace

TEST_CASE("mode, sensitivity and ghost fields round-trip exactly through the link and the JSON", "[web][link][modes]") {
  UiState s;
  s.mode_shape = "capsize";
  s.mode_amplitude = 7.123456789012345;
  s.mode_time_scale = 0.25;
  s.eigen_view = "sensitivity";
  s.sensitivity_scale = "si";
  bicycle::Parameters ghost = bicycle::benchmark_parameters();
  ghost.w = 1.0234567890123457;
  ghost.mB = 85.000000000000014;
  s.ghost = ghost;
  const auto r = read_link(to_link(s));
  CHECK(r.ignored.empty());
  CHECK(r.state == s);
  REQUIRE(r.state.ghost);
  CHECK(same_values(*r.state.ghost, ghost));
  CHECK(r.state.mode_amplitude == s.mode_amplitude);
  // JSON: to_json then apply_json onto defaults gives the same state.
  UiState t;
  CHECK(apply_json(t, to_json(s)).empty());
  CHECK(t == s);
  // No ghost: absent from the link, null in the JSON.
  const UiState plain;
  CHECK(to_link(plain).find("ghost=") == std::string::npos);
  CHECK(to_json(plain)["ghost"].is_null());
  UiState cleared = s;
  CHECK(apply_json(cleared, nlohmann::json::parse(R"({"ghost": null})")).empty());
  CHECK_FALSE(cleared.ghost);
  CHECK(read_link("v=0.1.0&ghost=").ignored.empty());
}

TEST_CASE("hostile mode, sensitivity and ghost values are refused by name and change nothing", "[web][link][modes]") {
  const UiState defaults;
  for (const char* link : {"modeamp=1e308", "modeamp=5e-324", "modeamp=-0", "modeamp=nan", "modespeed=0", "modespeed=1e308",
                           "mode=wobble", "mode=", "eigview=heatmap", "sensunit=percent", "ghost=1,2,3",
                           "ghost=1e308,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25",
                           "ghost=0x1,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25"}) {
    INFO(link);
    const auto r = read_link(std::string("v=0.1.0&") + link);
    REQUIRE(r.ignored.size() == 1);
    const std::string key = std::string(link).substr(0, std::string(link).find('='));
    CHECK(r.ignored.front().rfind(key, 0) == 0);
    CHECK(r.state == defaults);
  }
  // A ghost that is not physical (negative wheelbase), written as 26 numbers, is refused with the reason.
  bicycle::Parameters bad = bicycle::benchmark_parameters();
  UiState s;
  s.ghost = bad;
  std::string link = to_link(s);
  const std::string w = "ghost=" + format_shortest(bad.w);
  link.replace(link.find(w), w.size(), "ghost=-1.02");
  const auto r = read_link(link);
  CHECK(mentions(r.ignored, "ghost="));
  CHECK(mentions(r.ignored, "would not be physical"));
  CHECK_FALSE(r.state.ghost);

  // setState: wrong types and hostile numbers.
  UiState t;
  const auto ignored = apply_json(t, nlohmann::json::parse(
      R"({"mode": 3, "modeamp": "big", "modespeed": 1e308, "eigview": true, "ghost": "benchmark", "sensunit": null})"));
  CHECK(ignored.size() == 6);
  CHECK(t == defaults);
  UiState u;
  CHECK(mentions(apply_json(u, nlohmann::json::parse(R"({"ghost": {"w": -1}})")), "ghost"));
  CHECK_FALSE(u.ghost);
  CHECK(mentions(apply_json(u, nlohmann::json::parse(R"({"ghost": {"wheelbase": 1}})")), "ghost.wheelbase: unknown parameter"));
  CHECK_FALSE(u.ghost);
  // A partial ghost applies on top of the live bicycle.
  CHECK(apply_json(u, nlohmann::json::parse(R"({"ghost": {"w": 1.2}})")).empty());
  REQUIRE(u.ghost);
  CHECK(u.ghost->w == 1.2);
  CHECK(u.ghost->c == u.bike.c);
  // Out of range numbers through the sanitizer (a value typed into the amplitude slider).
  UiState v;
  v.mode_amplitude = std::numeric_limits<double>::infinity();
  v.mode_time_scale = 100;
  const auto changed = sanitize(v);
  CHECK(v.mode_amplitude == UiState{}.mode_amplitude);
  CHECK(v.mode_time_scale == 4.0);
  CHECK(changed.size() == 2);
}

TEST_CASE("the eigenvalue and sensitivity CSVs say which bicycle they are of", "[web][csv]") {
  // A tester's eigenvalue file had no parameters and no critical speeds, and the Sensitivities view's CSV
  // button gave the eigenvalues again.
  const auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  const carvallo::bicycle::Parameters bike = carvallo::bicycle::benchmark_parameters();
  const auto made = carvallo::bicycle::make_canonical_model(bike);
  REQUIRE(made.model);
  const auto& model = *made.model;
  const EigenSweep sweep = sweep_bicycle(model, 0.0, 10.0, 101);
  const std::string csv = sweep_csv(sweep, bike, "v=0.1.0&speed=5");
  CHECK(csv.rfind("# carvallo eigenvalues", 0) == 0);
  CHECK(csv.find(" w=1.02 m;") != std::string::npos);
  CHECK(csv.find(" lambda=0.3141592653589793 rad;") != std::string::npos);  // pi/10, every digit
  CHECK(csv.find("# weave speed 4.2923") != std::string::npos);              // Meijaard 2007, Table 2: 4.292 m/s
  CHECK(csv.find("# link: #v=0.1.0&speed=5\n") != std::string::npos);
  std::vector<std::string> data;
  for (const auto& line : lines(csv))
    if (line.empty() || line[0] != '#') data.push_back(line);
  REQUIRE(data.size() == 102);  // the column names and the 101 speeds
  CHECK(data[0].rfind("speed_m_s,", 0) == 0);

  const SensitivityChart chart = sensitivity_chart(bike, model, 50.0, SensitivityScale::relative);
  const auto all = lines(sensitivity_csv(chart, "v=0.1.0"));
  const auto header = std::find_if(all.begin(), all.end(), [](const std::string& l) { return l.rfind("parameter,unit,value,", 0) == 0; });
  REQUIRE(header != all.end());
  const std::vector<std::string> rows(header + 1, all.end());
  REQUIRE(rows.size() == 26);
  CHECK(rows[0].rfind("w,m,1.02,", 0) == 0);  // the parameter table's order, not the chart's sorting
  for (const auto& r : rows) CHECK(r.find(",-0,") == std::string::npos);  // zero as 0
  for (const auto& r : rows) CHECK((r.size() < 3 || r.substr(r.size() - 3) != ",-0"));
  // The relative column is the SI one times p / v, as the chart's relative scaling (computed apart here).
  for (const auto& r : chart.rows)
    if (r.name == "c") {
      const auto row = std::find_if(rows.begin(), rows.end(), [](const std::string& l) { return l.rfind("c,m,", 0) == 0; });
      REQUIRE(row != rows.end());
      std::string cell = ",";  // appended, not "," + ... + ",": GCC 12 warns of an overlap there (-Wrestrict)
      cell.append(format_shortest(r.weave_si * r.value / *chart.weave_speed)).append(",");
      CHECK(row->find(cell) != std::string::npos);
      CHECK(std::abs(r.weave - r.weave_si * r.value / *chart.weave_speed) < 1e-12);
    }
}
