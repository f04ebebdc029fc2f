// The command line, driven through carvallo::cli::run exactly as the executable does.
#include "../test_paths.hpp"
#include "cli/cli.hpp"
#include "run_cli.hpp"

#include "carvallo/integrators.hpp"
#include "carvallo/version.hpp"
#include "bicycle/meijaard2007_reference.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <cmath>
#include <complex>
#include <sstream>
#include <string>
#include <vector>

namespace ref = meijaard2007;

namespace {

using cli_test::Run;
using cli_test::run;
using cli_test::data;

}  // namespace

TEST_CASE("--version prints the version", "[cli]") {
  const auto r = run({"--version"});
  CHECK(r.status == 0);
  CHECK(r.out == std::string("carvallo ") + carvallo::kVersion + "\n");
}

TEST_CASE("--help on every command", "[cli]") {
  for (const auto& cmd : std::vector<std::vector<std::string>>{
           {"--help"}, {"eig", "--help"}, {"stability", "--help"}, {"simulate", "--help"}, {"models", "--help"}}) {
    const auto r = run(cmd);
    INFO(cmd[0]);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("usage: carvallo"));
    CHECK(r.err.empty());
  }
}

TEST_CASE("simulate --help lists the engine's integrators and accepts each of them", "[cli]") {
  // The names have one source (core's kIntegratorMethods): a new integrator appears here by itself.
  const auto help = run({"simulate", "--help"});
  for (const auto m : carvallo::kIntegratorMethods) {
    const std::string name = carvallo::to_string(m);
    INFO(name);
    CHECK(help.out.find(name) != std::string::npos);
    const auto s = run({"simulate", "--model", "sliding-particle", "--variant", "baumgarte", "--t", "0.01", "--integrator", name, "--json"});
    REQUIRE(s.status == 0);
    // "solver, integrator, stabilizer"
    CHECK(nlohmann::json::parse(s.out)["methods"].get<std::string>() == "augmented, " + name + ", baumgarte");
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
  const std::string file = std::string(carvallo::test::source_dir()) + "/examples/bicycle/presets/benchmark.json";
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
      {{"eig", "--bike", "benchmark", "--speeds", "0:1:3", "--method", "magic"}, {"--method 'magic': unknown"}},
      {{"eig", "--bike", "no-such-bike", "--speeds", "0:1:3", "--method", "canonical"}, {"neither a preset"}},
      {{"eig", "--bike", data("bad_keys.json"), "--speeds", "0:1:3", "--method", "canonical"},
       {"IFyy: missing", "lam: unknown key", "c: must be a number"}},
      {{"stability", "--bike", data("unphysical.json"), "--method", "canonical"},
       {"mB: rear frame mass must be > 0", "rF: front wheel radius must be >= 0", "triangle inequality"}},
      {{"stability", "--bike", data("implausible.json")},  // the playground refuses the same, in the same words
       {"rF: front wheel radius: 1e-300 m is not plausible (need 0 or 0.001 to 100 m)",
        "mB: rear frame (and rider) mass: 4.94e-324 kg is not plausible (need 0.001 to 1e+05 kg)"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "-1"}, {"--vmax: must be > 0"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "nan"}, {"--vmax 'nan': not a finite number"}},
      {{"stability", "--bike"}, {"--bike: missing value"}},
      {{"eig", "--bike", "benchmark", "--speeds", "0:1e300:3", "--method", "canonical"}, {"speeds must be within"}},
      {{"stability", "--bike", "benchmark", "--method", "canonical", "--vmax", "1e300"}, {"--vmax: must be at most"}},
      {{"simulate", "--bike", "benchmark"}, {"--speed: missing", "--t: missing", "--dt: missing"}},
      {{"simulate", "--model", "unicycle"}, {"--model 'unicycle': unknown", "four-bar"}},
      {{"simulate", "--model", "four-bar", "--speed", "3", "--roll", "0.1"},
       {"--speed: four-bar has no setting 'speed'", "--roll: four-bar has no setting 'roll'"}},
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "1", "--dt", "0", "--integrator", "euler",
        "--stabilization", "magic", "--solver", "x"},
       {"--dt '0': must be within", "--integrator 'euler': unknown", "--stabilization 'magic': unknown", "--solver 'x': unknown"}},
      {{"simulate", "--bike", "benchmark", "--speed", "fast", "--t", "-1", "--dt", "1e-3", "--roll", "2"},
       {"--speed 'fast': not a finite number", "--t '-1': must be > 0", "--roll '2': must be within"}},
      {{"simulate", "--bike", data("unphysical.json"), "--speed", "5", "--t", "1", "--dt", "1e-3"},
       {"mB: rear frame mass must be > 0"}},
      {{"simulate", "--bike", "benchmark", "--speed", "5", "--t", "1e6", "--dt", "1e-7"}, {"at most"}},
      {{"models", "--frob"}, {"--frob: unknown option"}},
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
  CHECK(carvallo::cli::format_exact(0.1) == "0.10000000000000001");
  CHECK(std::strtod(carvallo::cli::format_exact(ref::weave_speed).c_str(), nullptr) == ref::weave_speed);
}

TEST_CASE("eig --method multibody (the default) reproduces Table 2b-c to 1e-10", "[cli]") {
  const auto r = run({"eig", "--bike", "benchmark", "--speeds", "0:10:11", "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["method"] == "multibody");
  REQUIRE(doc["eigenvalues"].size() == 11);
  for (std::size_t i = 1; i < 11; ++i) {
    const auto& row = ref::table2[i];
    std::vector<std::complex<double>> expected = {
        {row.castering, 0}, {row.capsize, 0}, {row.weave_re, -row.weave_im}, {row.weave_re, row.weave_im}};
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
      return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
    });
    for (std::size_t k = 0; k < 4; ++k) {
      INFO("v = " << row.v << ", k = " << k);
      const auto& e = doc["eigenvalues"][i][k];
      CHECK(std::abs(std::complex<double>(e["re"].get<double>(), e["im"].get<double>()) - expected[k]) < 1e-10);
    }
  }
  const auto st = run({"stability", "--bike", "benchmark", "--json"});
  REQUIRE(st.status == 0);
  const auto sd = nlohmann::json::parse(st.out);
  CHECK(std::abs(sd["weave_speed"].get<double>() - ref::weave_speed) < 1e-10);
  CHECK(std::abs(sd["capsize_speed"].get<double>() - ref::capsize_speed) < 1e-10);
}

TEST_CASE("simulate the bicycle: JSON summary, CSV columns, constraints and energy held", "[cli]") {
  const std::string csv = std::string(carvallo::test::binary_dir()) + "/cli_simulate_test.csv";
  const auto r = run({"simulate", "--model", "bicycle", "--bike", "benchmark", "--speed", "5", "--roll-rate", "0.1",
                      "--t", "0.5", "--dt", "1e-3", "--csv", csv, "--json"});
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto doc = nlohmann::json::parse(r.out);
  for (const char* key : {"model", "t_end", "steps", "fell", "fell_at", "max_position_violation", "max_velocity_violation",
                          "energy_initial", "energy_final", "max_energy_drift_rel", "wall_ms"})
    CHECK(doc.contains(key));
  CHECK(doc["model"] == "bicycle");
  CHECK(doc["steps"] == 500);
  // AB4's own work: one step per output step, four evaluations a step while it starts (RK4), one after.
  CHECK(doc["integrator_steps"] == 500);
  CHECK(doc["rejected"] == 0);
  CHECK(doc["evaluations"].get<long>() >= 500);
  CHECK(doc["evaluations"].get<long>() < 4 * 500);
  CHECK(std::abs(doc["t_end"].get<double>() - 0.5) < 1e-12);
  CHECK(doc["fell"] == false);
  CHECK(doc["fell_at"].is_null());
  CHECK(doc["max_position_violation"].get<double>() <= 1e-10);
  CHECK(doc["max_velocity_violation"].get<double>() <= 1e-10);
  CHECK(doc["max_energy_drift_rel"].get<double>() <= 1e-6);
  // The stabilizer's targets (rgcpa, 1e-12): the bicycle stays within 3 m of the origin, where 64 ulp of its
  // coordinates is below 1e-12, so the position target is the tolerance itself. scripts/soak.sh relies on them.
  CHECK(doc["position_tolerance"] == 1e-12);
  CHECK(doc["velocity_tolerance"] == 1e-12);
  CHECK(doc["max_position_violation"].get<double>() <= doc["position_tolerance"].get<double>());
  std::ifstream in(csv);
  std::string header, line;
  std::getline(in, header);
  CHECK(header == "t,x,y,yaw,roll,pitch,steer,rear_wheel,front_wheel,roll_rate,steer_rate,speed,steer_torque,roll_torque,"
                  "position_violation,velocity_violation,energy");
  int rows = 0;
  std::string first;
  while (std::getline(in, line)) {
    if (rows == 0) first = line;
    ++rows;
    CHECK(std::count(line.begin(), line.end(), ',') == 16);
    CHECK_FALSE(Catch::contains(line, "nan"));
  }
  CHECK(rows == 501);
  // First row: t = 0, the prescribed roll rate and speed.
  std::vector<double> v;
  std::stringstream ss(first);
  for (std::string cell; std::getline(ss, cell, ',');) v.push_back(std::stod(cell));
  REQUIRE(v.size() == 17);
  CHECK(v[0] == 0.0);
  CHECK(std::abs(v[9] - 0.1) < 1e-12);
  CHECK(std::abs(v[11] - 5.0) < 1e-12);
}

TEST_CASE("simulate: a slow bicycle falls and the run ends cleanly", "[cli]") {
  const auto r = run({"simulate", "--bike", "benchmark", "--speed", "1", "--roll", "0.05", "--t", "10", "--dt", "1e-3", "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["fell"] == true);
  REQUIRE(doc["fell_at"].is_number());
  CHECK(doc["fell_at"].get<double>() < 10.0);
  CHECK(doc["t_end"].get<double>() == doc["fell_at"].get<double>());
  CHECK_THAT(doc["fell_reason"].get<std::string>(), Catch::Contains("past") && Catch::Contains("degrees"));
  CHECK_FALSE(Catch::contains(r.out, "nan"));
}

TEST_CASE("models --json lists every registered model; simulate runs one with its paper's defaults", "[cli]") {
  const auto r = run({"models", "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  std::vector<std::string> names;
  for (const auto& m : doc) names.push_back(m["name"].get<std::string>());
  CHECK(names == std::vector<std::string>{"bicycle", "four-bar", "slider-crank", "double-inverted-pendulum", "quick-return",
                                          "appell-hamel", "sliding-particle", "epicyclic-gear", "rolling-disk", "chaplygin-sleigh"});
  CHECK(doc[1]["defaults"]["dt"].get<double>() == 1e-3);
  CHECK(doc[1]["defaults"]["t"].get<double>() == 5.0);

  const auto s = run({"simulate", "--model", "four-bar", "--t", "0.05", "--json"});
  REQUIRE(s.status == 0);
  const auto sd = nlohmann::json::parse(s.out);
  CHECK(sd["model"] == "four-bar");
  CHECK(sd["steps"] == 50);
  CHECK(sd["max_position_violation"].get<double>() < 1e-12);
}

TEST_CASE("simulate --replay refuses a link it cannot use whole, an empty one, and shows its help", "[cli]") {
  // A tester's replays of model=nosuch, t=nan and bike=browser ran the default bicycle or length instead,
  // with status 0: numbers for a paper from a run the link did not describe.
  for (const std::string link : {"#model=nosuch", "#model=bicycle&t=nan", "#model=bicycle&bike=browser&speed=3&t=1"}) {
    const auto r = cli_test::run({"simulate", "--replay", link, "--json"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("carvallo simulate: error: --replay: ") != std::string::npos);
  }
  const auto empty = cli_test::run({"simulate", "--replay", "", "--json"});
  CHECK(empty.status == 2);
  CHECK(empty.err.find("--replay: an empty link") != std::string::npos);
  const auto help = cli_test::run({"simulate", "--replay", "--help"});
  CHECK(help.status == 0);
  CHECK(help.out.rfind("usage: carvallo simulate --replay", 0) == 0);
  // A link that reads whole replays (0.1 s of the benchmark's default run).
  const auto ok = cli_test::run({"simulate", "--replay", "#model=bicycle&speed=5&t=0.1", "--json"});
  CHECK(ok.status == 0);
  CHECK(ok.err.empty());
}

TEST_CASE("simulate --replay goes to the step nearest a link's t, which the page writes to the microsecond", "[cli]") {
  // 776 steps of 0.00123456789 s end at 0.95802468264; the page's link says t=0.958025, 0.0003 of a step
  // past it. The link's moment is that step; --t 0.958025, a duration, runs to the next whole step.
  const std::string link = "#model=bicycle&speed=5&dt=0.00123456789&t=0.958025";
  const auto shown = cli_test::run({"simulate", "--replay", link, "--json"});
  REQUIRE(shown.status == 0);
  CHECK(nlohmann::json::parse(shown.out)["steps"] == 776);
  const auto longer = cli_test::run({"simulate", "--replay", link, "--t", "0.958025", "--json"});
  REQUIRE(longer.status == 0);
  CHECK(nlohmann::json::parse(longer.out)["steps"] == 777);
}

TEST_CASE("simulate --replay measures the energy drift from the last push, as the page does", "[cli]") {
  // A kick at t = 0 adds 1.5 % to the bicycle's energy (2024.46 to 2054.77 J). Counted as drift, the replay
  // said 0.015 where the page, measuring from the energy after the kick, said 1.3e-7 (a tester).
  const auto r = cli_test::run({"simulate", "--replay", "#model=bicycle&speed=5&inputs=p0:0.5&t=2", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  const double e0 = j["energy_initial"], e1 = j["energy_final"];
  CHECK(std::abs(e1 - e0) / e0 > 0.01);  // the kick's energy is in the run
  CHECK(j["max_energy_drift_rel"].get<double>() < 1e-5);
  CHECK(j["max_energy_drift_rel"].get<double>() > 0);
}

TEST_CASE("simulate calls a damped model's energy change a change and says why", "[cli]") {
  // The slider-crank's spring-damper takes most of its energy within a second: reported as its methods'
  // "drift" it read as an integration error of 75 % (a tester, on the page).
  const auto damped = cli_test::run({"simulate", "--model", "slider-crank", "--t", "1", "--json"});
  REQUIRE(damped.status == 0);
  const auto j = nlohmann::json::parse(damped.out);
  CHECK(j["energy_conserved"] == false);
  CHECK(j["max_energy_drift_rel"].get<double>() > 0.1);
  const auto text = cli_test::run({"simulate", "--model", "slider-crank", "--t", "1"});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("max relative change") != std::string::npos);
  CHECK(text.out.find("(not conserved: a spring-damper dissipates energy)") != std::string::npos);
  const auto conserved = cli_test::run({"simulate", "--model", "four-bar", "--t", "1", "--json"});
  REQUIRE(conserved.status == 0);
  CHECK(nlohmann::json::parse(conserved.out)["energy_conserved"] == true);
  const auto conserved_text = cli_test::run({"simulate", "--model", "four-bar", "--t", "1"});
  CHECK(conserved_text.out.find("max relative drift") != std::string::npos);
}

TEST_CASE("simulate calls the energy a rider's torques add a change, not drift", "[cli]") {
  // A constant 1 N m of steer torque takes the bicycle from 2014.36 to 2014.21 J in a second; it had been
  // reported as "energy_conserved": true with a "max relative drift" (a tester, writing a paper).
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"simulate", "--bike", "benchmark", "--speed", "5", "--steer-torque", "1", "--t", "1", "--dt", "1e-3", "--json"},
        std::vector<std::string>{"simulate", "--bike", "benchmark", "--scenario", "countersteer", "--json"}}) {
    const auto r = cli_test::run(args);
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["energy_conserved"] == false);
    CHECK(j["max_energy_drift_rel"].get<double>() > 1e-5);  // the torques' work, far above the methods' 1e-10
  }
  const auto text = cli_test::run({"simulate", "--bike", "benchmark", "--speed", "5", "--roll-torque", "sine:5:1", "--t", "1", "--dt", "1e-3"});
  REQUIRE(text.status == 0);
  CHECK(text.out.find("max relative change") != std::string::npos);
  CHECK(text.out.find("(not conserved: the inputs applied do work)") != std::string::npos);
  // No torque given: conserved, and said to be.
  const auto free = cli_test::run({"simulate", "--bike", "benchmark", "--speed", "5", "--roll-rate", "0.5", "--t", "1", "--dt", "1e-3", "--json"});
  REQUIRE(free.status == 0);
  CHECK(nlohmann::json::parse(free.out)["energy_conserved"] == true);
}

TEST_CASE("--bike reads at most 1 MB, and a directory is said to be one", "[cli]") {
  // /dev/zero took 8 GB in 10 s (a tester).
  const auto zero = cli_test::run({"stability", "--bike", "/dev/zero"});
  CHECK(zero.status == 2);
  CHECK(zero.err.find("--bike '/dev/zero': larger than 1 MB") != std::string::npos);
  const auto dir = cli_test::run({"stability", "--bike", "/tmp"});
  CHECK(dir.status == 2);
  CHECK(dir.err.find("--bike '/tmp': a directory, not a parameter file") != std::string::npos);
}

TEST_CASE("simulate --csv names each column once, for every model", "[cli]") {
  // Appell-Hamel's header repeated theta, phi, x, y, z and energy; every other model energy (a tester):
  // pandas and csv.DictReader drop or rename a repeated column.
  const std::string path = std::string(carvallo::test::binary_dir()) + "/simulate_columns.csv";
  for (const std::string model : {"appell-hamel", "four-bar", "sliding-particle", "rolling-disk", "bicycle"}) {
    std::vector<std::string> args{"simulate", "--model", model, "--t", "0.01", "--csv", path};
    if (model == "bicycle") args.insert(args.end(), {"--bike", "benchmark", "--speed", "5", "--dt", "0.001"});
    const auto r = cli_test::run(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    std::ifstream in(path);
    std::string header, row;
    std::getline(in, header);
    std::getline(in, row);
    std::vector<std::string> names;
    for (std::size_t at = 0; at <= header.size();) {
      const std::size_t end = std::min(header.find(',', at), header.size());
      names.push_back(header.substr(at, end - at));
      at = end + 1;
    }
    INFO(model << ": " << header);
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    CHECK(std::count(names.begin(), names.end(), "energy") == 1);
    CHECK(static_cast<std::size_t>(std::count(row.begin(), row.end(), ',')) + 1 == names.size());  // the rows as wide
  }
}

TEST_CASE("simulate says an adaptive integrator's own steps, accepted and rejected", "[cli]") {
  // At 50 ms output steps the four-bar's Kutta-Merson takes smaller steps of its own and rejects some; the
  // summary had said only the output steps (a tester could not tell what the adaptive method did).
  const auto r = run({"simulate", "--model", "four-bar", "--integrator", "kutta-merson-adaptive", "--dt", "0.05", "--t", "2", "--json"});
  REQUIRE(r.status == 0);
  const auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["steps"] == 40);
  CHECK(doc["integrator_steps"].get<long>() > 40);
  CHECK(doc["evaluations"].get<long>() > 4 * doc["integrator_steps"].get<long>());  // five stages a step, the first shared after a rejection
  const auto text = run({"simulate", "--model", "four-bar", "--integrator", "kutta-merson-adaptive", "--dt", "0.05", "--t", "2"});
  CHECK(text.out.find("integrator: " + std::to_string(doc["integrator_steps"].get<long>()) + " steps, ") != std::string::npos);
}
