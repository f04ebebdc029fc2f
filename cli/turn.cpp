// `carvallo turn`: the steady turns of the multibody bicycle at a lean or a speed, with their linear
// stability (examples/bicycle/turns.hpp), or the families continued over lean (--leans, CSV for plots).
#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "cli/turn.hpp"

#include "bicycle/parameters.hpp"
#include "bicycle/turn_continuation.hpp"
#include "bicycle/turns.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

namespace carvallo::cli {

namespace {

std::string turn_usage() {
  return "usage: carvallo turn --bike <preset|file.json> (--lean <rad> | --speed <m/s>) [--steer-torque <N m>] [--json]\n"
         "       carvallo turn --bike <preset|file.json> --leans <from>:<to>:<count> [--steer-torque <N m>] [--csv]\n"
         "\n"
         "Steady turns of the nonlinear (multibody) bicycle: constant lean, steer and pitch, constant yaw and wheel\n"
         "rates, hands-free or with a constant rider steer torque. Every turn at the given lean (or speed) with its\n"
         "linear stability: the 4 roll/steer eigenvalues of the direct linearization (000 §2.2) about the turn in\n"
         "the frame turning with it. Families (Basu-Mandal 2007): handlebar-forward (|steer| < pi/2; starts at the\n"
         "capsize speed at vanishing lean) and handlebar-reversed.\n"
         "\n"
         "  --bike <preset|file.json>  the 26 benchmark parameters (required)\n"
         "  --lean <rad>               lean (roll) angle, 0 < |lean| < 1.5 (right positive)\n"
         "  --speed <m/s>              forward speed of the rear contact, 0 < v <= 100 (turns with lean in (0, 1.45])\n"
         "  --steer-torque <N m>       constant rider steer torque (default 0: hands-free)\n"
         "  --leans <from>:<to>:<count>  continue the families over these leans (all of one sign); CSV rows\n"
         "                             branch,family,lean,speed,steer,pitch,yaw_rate,radius,stable,max_re\n"
         "  --json                     {\"turns\": [{\"family\", \"speed\", \"lean\", \"steer\", \"pitch\", \"yaw_rate\",\n"
         "                             \"radius\", \"steer_torque\", \"eigenvalues\": [[re, im], ...], \"stable\"}, ...]}\n"
         "  --csv                      with --leans, whose output is CSV with or without it\n"
         "Angles in rad, speed in m/s (rear contact), yaw rate in rad/s (positive: turning right), radius in m (of\n"
         "the rear contact's circle), eigenvalues in 1/s.\n";
}

std::string num(double x) { return format_exact(x); }

}  // namespace

int run_turn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--lean", "--speed", "--steer-torque", "--leans"}, {"--json", "--csv"}, errors);
  if (o.help) {
    out << turn_usage();
    return 0;
  }
  auto number = [&](const std::string& key, const std::function<bool(double)>& valid, const char* what) {
    return option_number(o, key, false, valid, what, errors);
  };
  const auto lean = number("--lean", [](double x) { return x != 0.0 && std::abs(x) < 1.5; }, "must satisfy 0 < |lean| < 1.5 rad");
  const auto speed = number("--speed", [](double x) { return x > 0.0 && x <= 100.0; }, "must be within (0, 100] m/s");
  const auto torque = number("--steer-torque", [](double x) { return std::abs(x) <= 1e4; }, "must be within +-1e4 N m");
  std::optional<std::vector<double>> leans;
  if (auto text = value_of(o, "--leans")) {
    // <from>:<to>:<count>
    const auto a = text->find(':'), b = a == std::string::npos ? a : text->find(':', a + 1);
    std::optional<double> from, to;
    std::optional<long> count;
    if (b != std::string::npos) {
      from = parse_double(text->substr(0, a));
      to = parse_double(text->substr(a + 1, b - a - 1));
      count = parse_count(text->substr(b + 1));
    }
    if (!from || !to || !count)
      errors.push_back("--leans '" + *text + "': expected <from>:<to>:<count>");
    else if (*count < 2 || *count > 2000 || !(*from < *to) || *from * *to <= 0.0 || std::abs(*from) >= 1.5 ||
             std::abs(*to) >= 1.5)
      errors.push_back("--leans '" + *text + "': need from < to of one sign (not 0), |lean| < 1.5 rad, 2 <= count <= 2000");
    else {
      leans.emplace();
      for (long k = 0; k < *count; ++k) leans->push_back(*from + (*to - *from) * static_cast<double>(k) / static_cast<double>(*count - 1));
    }
  }
  const int modes = (lean ? 1 : 0) + (speed ? 1 : 0) + (leans ? 1 : 0);
  const bool any_given = value_of(o, "--lean") || value_of(o, "--speed") || value_of(o, "--leans");
  if (modes > 1 || (!any_given && modes == 0)) errors.push_back("--lean, --speed, --leans: give exactly one");
  const bool json = o.flags.count("--json") > 0, csv = o.flags.count("--csv") > 0;
  if (json && csv) errors.push_back("--json and --csv: choose one");
  if (csv && !value_of(o, "--leans")) errors.push_back("--csv: only with --leans");
  // The families are CSV rows: --json with them had written CSV with status 0, which a script's JSON parser
  // then failed on (a tester).
  if (json && value_of(o, "--leans")) errors.push_back("--json: not with --leans, whose families are CSV rows (--csv)");
  const auto params = load_bike_parameters(value_of(o, "--bike"), errors);
  if (!errors.empty() || !params) return fail(err, "turn", errors);

  std::string text;
  try {
    const bicycle::TurnSolver solver(*params, torque.value_or(0.0));
    if (leans) {
      const auto branches = bicycle::continue_turns(solver, *leans);
      text += "branch,family,lean,speed,steer,pitch,yaw_rate,radius,stable,max_re\n";
      for (std::size_t b = 0; b < branches.size(); ++b)
        for (const auto& t : branches[b].turns) {
          double max_re = -1e300;
          for (const auto& s : t.eigenvalues) max_re = std::max(max_re, s.real());
          text += std::to_string(b) + ',' + branches[b].family + ',' + num(t.lean) + ',' + num(t.speed) + ',' +
                  num(t.steer) + ',' + num(t.pitch) + ',' + num(t.yaw_rate) + ',' + num(t.radius) + ',' +
                  (t.stable ? "1" : "0") + ',' + num(max_re) + '\n';
        }
    } else {
      const std::vector<bicycle::SteadyTurn> turns =
          lean ? solver.at_lean(*lean) : bicycle::turns_at_speed(solver, *speed);
      if (json) {
        text += "{\"turns\": [";
        for (std::size_t i = 0; i < turns.size(); ++i) {
          const auto& t = turns[i];
          text += i ? ",\n  {" : "\n  {";
          text += "\"family\": \"" + t.family + "\", \"speed\": " + num(t.speed) + ", \"lean\": " + num(t.lean) +
                  ", \"steer\": " + num(t.steer) + ", \"pitch\": " + num(t.pitch) + ", \"yaw_rate\": " + num(t.yaw_rate) +
                  ", \"radius\": " + num(t.radius) + ", \"steer_torque\": " + num(t.steer_torque) + ", \"eigenvalues\": [";
          for (std::size_t k = 0; k < t.eigenvalues.size(); ++k)
          {
            text += k ? ", [" : "[";
            text += num(t.eigenvalues[k].real());
            text += ", ";
            text += num(t.eigenvalues[k].imag());
            text += "]";
          }
          text += std::string("], \"stable\": ") + (t.stable ? "true" : "false") + "}";
        }
        text += turns.empty() ? "]}\n" : "\n]}\n";
      } else {
        text += "# steady turns (angles rad, speed m/s, yaw rate rad/s, radius m); eigenvalues 1/s\n";
        text += "# family  speed  lean  steer  pitch  yaw_rate  radius  stable  eigenvalues\n";
        for (const auto& t : turns) {
          text += t.family + "  " + num(t.speed) + "  " + num(t.lean) + "  " + num(t.steer) + "  " + num(t.pitch) + "  " +
                  num(t.yaw_rate) + "  " + num(t.radius) + "  " + (t.stable ? "stable" : "unstable");
          for (const auto& s : t.eigenvalues) {
            text += "  " + num(s.real());
            if (s.imag() != 0.0) {
              text += s.imag() < 0 ? "-" : "+";
              text += num(std::abs(s.imag()));
              text += "i";
            }
          }
          text += "\n";
        }
        if (turns.empty()) text += "# none\n";
      }
    }
  } catch (const std::exception& e) {
    err << "carvallo turn: error: " << e.what() << "\n";
    return 1;
  }
  out << text;
  return 0;
}

}  // namespace carvallo::cli
