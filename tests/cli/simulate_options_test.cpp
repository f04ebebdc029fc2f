// `carvallo simulate --set` and `--input`: any model's settings and inputs by the registry's names, checked
// against the registry's ranges, and the bicycle's older options as short forms of them (the same bits).
#include "../test_paths.hpp"
#include "run_cli.hpp"

#include "registry.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using cli_test::run;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string csv_path(const std::string& name) {
  // append, not operator+: g++ 12 reports a false -Warray-bounds for the latter here (GCC bug 105651)
  return std::string(carvallo::test::binary_dir()).append("/simulate_options_").append(name).append(".csv");
}

// The value of `column` in the CSV's first data row (the initial state), read back exactly (%.17g).
double first_row(const std::string& csv, const std::string& column) {
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  std::vector<std::string> names, values;
  for (std::istringstream h(header); std::getline(h, names.emplace_back(), ',');) {}
  for (std::istringstream r(row); std::getline(r, values.emplace_back(), ',');) {}
  for (std::size_t k = 0; k < names.size() && k < values.size(); ++k)
    if (names[k] == column) return std::strtod(values[k].c_str(), nullptr);
  FAIL("no column " << column << " in " << header);
  return 0;
}

// The probe `name` of a registered model built from `setup`, at its initial state.
double initial_probe(const std::string& model, const carvallo::examples::ModelSetup& setup, const std::string& name) {
  const auto instance = carvallo::examples::make_model(model, setup);
  for (const auto& p : instance.probes)
    if (p.name == name) return p.value(instance.model, instance.t0, instance.q0, instance.qd0);
  FAIL("no probe " << name);
  return 0;
}

}  // namespace

TEST_CASE("simulate --set lean=0.3 starts the rolling disk at that lean, as the registry builds it", "[cli][simulate_options]") {
  const auto set = run({"simulate", "--model", "rolling-disk", "--set", "lean=0.3", "--t", "0.01", "--json", "--csv", csv_path("disk_lean")});
  REQUIRE(set.status == 0);
  CHECK(nlohmann::json::parse(set.out)["model"] == "rolling-disk");
  const double lean = first_row(read_text(csv_path("disk_lean")), "lean");
  const auto plain = run({"simulate", "--model", "rolling-disk", "--t", "0.01", "--json", "--csv", csv_path("disk_default")});
  REQUIRE(plain.status == 0);
  const double default_lean = first_row(read_text(csv_path("disk_default")), "lean");
  CHECK(lean != default_lean);
  carvallo::examples::ModelSetup setup;
  setup.settings["lean"] = 0.3;
  CHECK(lean == initial_probe("rolling-disk", setup, "lean"));
  CHECK(default_lean == initial_probe("rolling-disk", {}, "lean"));
}

TEST_CASE("simulate --set yaw_rate sets the sleigh's initial turning rate", "[cli][simulate_options]") {
  const auto r = run({"simulate", "--model", "chaplygin-sleigh", "--set", "yaw_rate=-0.25", "--set", "speed=2", "--t", "0.01",
                      "--csv", csv_path("sleigh")});
  REQUIRE(r.status == 0);
  const std::string csv = read_text(csv_path("sleigh"));
  CHECK(first_row(csv, "yaw_rate") == -0.25);
  CHECK(first_row(csv, "forward_speed") == 2.0);
  carvallo::examples::ModelSetup setup;
  setup.settings = {{"yaw_rate", -0.25}, {"speed", 2.0}};
  CHECK(first_row(csv, "yaw_rate") == initial_probe("chaplygin-sleigh", setup, "yaw_rate"));
  CHECK(initial_probe("chaplygin-sleigh", {}, "yaw_rate") != -0.25);  // not the default
}

TEST_CASE("simulate --set angle=, rate= start a planar mechanism's driver there, as the registry builds it", "[cli][simulate_options]") {
  const auto r = run({"simulate", "--model", "slider-crank", "--set", "angle=1", "--set", "rate=2", "--t", "0.002", "--csv",
                      csv_path("crank")});
  REQUIRE(r.status == 0);
  carvallo::examples::ModelSetup setup;
  setup.settings = {{"angle", 1.0}, {"rate", 2.0}};
  const std::string csv = read_text(csv_path("crank"));
  CHECK(first_row(csv, "x_rod") == initial_probe("slider-crank", setup, "x_rod"));
  CHECK(first_row(csv, "x_rod") != initial_probe("slider-crank", {}, "x_rod"));
}

TEST_CASE("simulate refuses a setting it cannot use, naming it: unknown, out of range, not a number, twice", "[cli][simulate_options]") {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{"simulate", "--model", "rolling-disk", "--set", "nosuch=1"}, "--set nosuch: rolling-disk has no setting 'nosuch' (its settings: speed, lean, lean_rate, yaw_rate)"},
      {{"simulate", "--model", "rolling-disk", "--set", "lean=5"}, "--set lean '5': must be within [-1.2, 1.2] rad"},
      {{"simulate", "--model", "rolling-disk", "--set", "lean=nan"}, "--set lean 'nan': not a finite number"},
      {{"simulate", "--model", "rolling-disk", "--set", "lean"}, "--set 'lean': expected <name>=<value>"},
      {{"simulate", "--model", "rolling-disk", "--speed", "3", "--set", "speed=4"}, "--set speed: the setting speed is given more than once (also by --speed)"},
      {{"simulate", "--model", "four-bar", "--set", "rate=99"}, "--set rate '99': must be within [-50, 50] rad/s"},
      {{"simulate", "--model", "four-bar", "--adaptive-tolerance", "1"}, "--adaptive-tolerance '1': must be within [1e-14, 1e-3]"},
      {{"simulate", "--model", "four-bar", "--baumgarte-alpha", "2000"}, "--baumgarte-alpha '2000': must be within [0, 1000] 1/s"},
      {{"simulate", "--model", "four-bar", "--csv-every", "10"}, "--csv-every: only with --csv"},
      {{"simulate", "--model", "rolling-disk", "--set", "speed=0x10"}, "--set speed '0x10': not a finite number"},
      {{"simulate", "--model", "four-bar", "--input", "steer_torque=1"}, "--input steer_torque: four-bar has no input 'steer_torque' (it has none)"},
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--input", "nosuch=1"},
       "--input nosuch: bicycle has no input 'nosuch' (its inputs: steer_torque, roll_torque)"},
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--input", "steer_torque=pulse:1@0"},
       "--input steer_torque 'pulse:1@0'"},
      // Options the run's methods would not read.
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--baumgarte-alpha", "5"},
       "--baumgarte-alpha, --baumgarte-beta: only with --stabilization baumgarte (this run's is rgcpa)"},
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--adaptive-tolerance", "1e-8"},
       "--adaptive-tolerance: only with an adaptive integrator (this run's is ab4)"},
  };
  for (const auto& c : cases) {
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    INFO(joined);
    const auto r = run(c.args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(c.message));
  }
}

TEST_CASE("the bicycle's torques are its inputs: --input steer_torque= gives the bits of --steer-torque", "[cli][simulate_options]") {
  const std::vector<std::string> common = {"simulate", "--bike", "benchmark", "--speed", "5", "--t", "1", "--dt", "1e-3"};
  auto with = [&](std::vector<std::string> extra, const std::string& csv) {
    std::vector<std::string> args = common;
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--csv", csv_path(csv), "--json"});
    auto r = run(args);
    REQUIRE(r.status == 0);
    auto summary = nlohmann::json::parse(r.out);
    summary.erase("wall_ms");
    return std::make_pair(summary, read_text(csv_path(csv)));
  };
  const auto by_input = with({"--input", "steer_torque=pulse:2@0.5:0.1", "--set", "roll_rate=0.1"}, "input");
  const auto by_option = with({"--steer-torque", "pulse:2@0.5:0.1", "--roll-rate", "0.1"}, "option");
  const auto without = with({"--roll-rate", "0.1"}, "none");
  CHECK(by_input.second == by_option.second);
  CHECK(by_input.first == by_option.first);
  CHECK(by_input.second != without.second);  // the torque acted
}

TEST_CASE("models --json lists each model's settings and inputs, the names --set and --input take", "[cli][simulate_options]") {
  const auto r = run({"models", "--json"});
  REQUIRE(r.status == 0);
  const auto models = nlohmann::json::parse(r.out);
  for (const auto& m : models) {
    const auto* entry = carvallo::examples::find_model(m["name"].get<std::string>());
    REQUIRE(entry);
    REQUIRE(m["settings"].size() == entry->settings.size());
    for (std::size_t k = 0; k < entry->settings.size(); ++k) {
      CHECK(m["settings"][k]["name"] == entry->settings[k].name);
      CHECK(m["settings"][k]["default"] == entry->settings[k].value);
      CHECK(m["settings"][k]["min"] == entry->settings[k].min);
      CHECK(m["settings"][k]["max"] == entry->settings[k].max);
    }
    CHECK(m["inputs"].size() == carvallo::examples::make_model(entry->name).inputs.size());
  }
  const auto bicycle = std::find_if(models.begin(), models.end(), [](const auto& m) { return m["name"] == "bicycle"; });
  REQUIRE(bicycle != models.end());
  CHECK((*bicycle)["inputs"][0]["name"] == "steer_torque");
}

TEST_CASE("simulate's method options are read where the run's methods use them", "[cli][simulate_options]") {
  const auto baumgarte = run({"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--stabilization",
                              "baumgarte", "--baumgarte-alpha", "5", "--json"});
  CHECK(baumgarte.status == 0);
  CHECK(baumgarte.err.empty());
  const auto adaptive = run({"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-2", "--integrator", "dopri5",
                             "--adaptive-tolerance", "1e-8", "--json"});
  CHECK(adaptive.status == 0);
  CHECK(adaptive.err.empty());
}

TEST_CASE("simulate ends at --t, with a shorter last step where --dt does not divide it", "[cli][simulate_options]") {
  const auto r = run({"simulate", "--bike", "benchmark", "--speed", "5", "--roll-rate", "0.5", "--t", "0.1", "--dt", "0.003", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["t_end"].get<double>() == Approx(0.1).margin(1e-15));
  CHECK(j["steps"].get<int>() == 34);  // 33 of 3 ms, then 1 ms
  // Where it divides it, whole steps as before.
  const auto whole = nlohmann::json::parse(
      run({"simulate", "--bike", "benchmark", "--speed", "5", "--t", "0.1", "--dt", "1e-3", "--json"}).out);
  CHECK(whole["steps"].get<int>() == 100);
  CHECK(whole["t_end"].get<double>() == Approx(0.1).margin(1e-12));
  // Exactly, to the last bit, over many steps and with a rider's torque (a tester's 10 000 steps of 1 ms had
  // ended at 9.999999999999897 s, and the countersteer scenario's 8 s at 8.000000000001005).
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--speed", "5", "--roll-rate", "0.5", "--t", "10", "--dt", "1e-3"},
        std::vector<std::string>{"--speed", "5", "--t", "3", "--dt", "1e-3", "--steer-torque", "pulse:0.5@0.2:0.1"},
        std::vector<std::string>{"--scenario", "countersteer"}}) {
    std::vector<std::string> all{"simulate", "--bike", "benchmark", "--json"};
    all.insert(all.end(), args.begin(), args.end());
    const auto exact = run(all);
    REQUIRE(exact.status == 0);
    const double t_end = nlohmann::json::parse(exact.out)["t_end"].get<double>();
    CHECK((t_end == 10.0 || t_end == 3.0 || t_end == 8.0));
  }
}

TEST_CASE("simulate --csv - writes the CSV to standard output and the summary to standard error", "[cli][simulate_options]") {
  const auto r = run({"simulate", "--model", "four-bar", "--t", "0.05", "--csv", "-", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("t,", 0) == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') >= 2);
  const auto summary = nlohmann::json::parse(r.err);
  CHECK(summary["t_end"].get<double>() == Approx(0.05).margin(1e-12));
  // And no file named "-" appears.
  std::FILE* f = std::fopen("-", "r");
  CHECK(f == nullptr);
  if (f) std::fclose(f);
}

TEST_CASE("simulate calls a step that leaves the bicycle upside down a divergence, not a fall", "[cli][simulate_options]") {
  const auto blown = run({"simulate", "--bike", "benchmark", "--speed", "5", "--roll-rate", "1e6", "--t", "1", "--dt", "1e-3", "--json"});
  CHECK(blown.status == 1);
  CHECK_THAT(blown.err, Catch::Contains("the state diverged"));
  const auto summary = nlohmann::json::parse(blown.out);
  CHECK(summary["fell"] == false);
  // The summary ends where the last good step did, as the CSV does: no step succeeded, so at t = 0.
  CHECK(summary["steps"] == 0);
  CHECK(summary["t_end"].get<double>() == 0.0);
  // A hard push is still a fall, within a step of the limit.
  const auto fall = run({"simulate", "--bike", "benchmark", "--speed", "5", "--roll-rate", "100", "--t", "1", "--dt", "1e-3", "--json"});
  CHECK(fall.status == 0);
  const auto j = nlohmann::json::parse(fall.out);
  CHECK(j["fell"] == true);
  CHECK(j["fell_at"].get<double>() < 0.02);
}
