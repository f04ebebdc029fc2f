// web/logic/run_csv: the simulation's CSV names its run in a comment header and has one column per quantity,
// each with its unit, no column twice.
#include "logic/run_csv.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace carvallo::web;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string c; std::getline(in, c, ',');) out.push_back(c);
  return out;
}

}  // namespace

TEST_CASE("run csv: the rolling disk's run with its settings, methods, units and no duplicate energy", "[run_csv]") {
  UiState s;
  select_model(s, "rolling-disk");
  REQUIRE(!set_setting(s, "lean", 0.3));
  s.sim.integrator = "dopri5";
  s.sim.tolerance = 1e-8;
  ModelView view(s);
  view.step(3);
  const auto l = lines(run_csv(s, view));
  REQUIRE(l.size() > 6);
  CHECK(l[0] == "# carvallo simulation: rolling-disk (Rolling disk)");
  const std::string comments = l[1] + l[2] + l[3] + l[4];
  CHECK(comments.find("lean=0.3 rad;") != std::string::npos);
  CHECK(comments.find("dopri5") != std::string::npos);
  CHECK(comments.find("dt = 0.002 s") != std::string::npos);
  CHECK(comments.find("relative tolerance 1e-08") != std::string::npos);
  std::size_t first = 0;
  while (l[first].rfind("#", 0) == 0) ++first;
  const auto header = cells(l[first]);
  CHECK(header.front() == "t [s]");
  CHECK(std::set<std::string>(header.begin(), header.end()).size() == header.size());
  CHECK(std::count(header.begin(), header.end(), "energy [J]") == 1);
  CHECK(std::count(header.begin(), header.end(), "lean_rate [rad/s]") == 1);
  // One row per recorded sample (the adaptive integrator: one per call), each as wide as the header.
  CHECK(l.size() - first - 1 == view.history().size());
  for (std::size_t k = first + 1; k < l.size(); ++k) CHECK(cells(l[k]).size() == header.size());
}

TEST_CASE("run csv: the bicycle's parameters and its path columns", "[run_csv]") {
  UiState s;
  ModelView view(s);
  view.step(2);
  const std::string csv = run_csv(s, view);
  CHECK(csv.find("# parameters:") != std::string::npos);
  CHECK(csv.find(" speed=") != std::string::npos);
  const auto l = lines(csv);
  std::size_t first = 0;
  while (l[first].rfind("#", 0) == 0) ++first;
  const auto header = cells(l[first]);
  for (const char* c : {"x [m]", "y [m]", "yaw [rad]", "steer_torque [N m]", "position_violation"})
    CHECK(std::count(header.begin(), header.end(), c) == 1);
}
