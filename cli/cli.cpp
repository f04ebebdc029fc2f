// `carvallo <command>`: the dispatch to each command, and the number and string writers they share.
#include "cli/cli.hpp"
#include "cli/analysis.hpp"
#include "cli/simulate.hpp"
#include "cli/turn.hpp"

#include "carvallo/version.hpp"

#include <cstdio>
#include <ostream>

namespace carvallo::cli {

std::string format_exact(double x) {
  // Zero without a sign: "-0" (a speed typed as -0, a real part rounded to zero from below) read as a
  // negative quantity to a tester; -0 and 0 are the same value, and read back equal.
  if (x == 0.0) x = 0.0;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

namespace {

constexpr const char* kUsage =
    "usage: carvallo <command> [options]\n"
    "\n"
    "commands:\n"
    "  eig        eigenvalues of the bicycle's roll/steer motion over a range of speeds, or of any model's\n"
    "             steady motion against one of its quantities (eig --model <name> --param <p> --range lo:hi:n)\n"
    "  stability  weave and capsize speeds and the stable speed ranges\n"
    "  modes      the roll/steer mode shapes (eigenvectors) of the bicycle at one speed\n"
    "  sensitivity  derivatives of the weave and capsize speeds with respect to the 26 parameters\n"
    "  map        weave speed, capsize speed and stable-range width over a grid of two parameters (CSV)\n"
    "  simulate   nonlinear time simulation of the bicycle or of a registered model\n"
    "  models     the models simulate runs, with their papers' methods (--json)\n"
    "  turn       steady turns of the nonlinear bicycle and their stability (Basu-Mandal 2007)\n"
    "\n"
    "options:\n"
    "  --help     this text; `carvallo <command> --help` describes a command\n"
    "  --version  print the version\n";

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << kUsage;
    return 2;
  }
  const std::string& command = args[0];
  if (command == "--version" || command == "version") {
    out << "carvallo " << carvallo::kVersion << "\n";
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    out << kUsage;
    return 0;
  }
  if (command == "eig") return run_eig(args, out, err);
  if (command == "stability") return run_stability(args, out, err);
  if (command == "modes") return run_modes(args, out, err);
  if (command == "sensitivity") return run_sensitivity(args, out, err);
  if (command == "map") return run_map(args, out, err);
  if (command == "simulate") return run_simulate(args, out, err);
  if (command == "turn") return run_turn(args, out, err);
  if (command == "models") return run_models(args, out, err);
  err << "carvallo: error: unknown command '" << command << "'\n" << kUsage;
  return 2;
}

}  // namespace carvallo::cli
