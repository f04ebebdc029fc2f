// carvallo sensitivity: the weave and capsize speeds and their exact derivatives with respect to each of
// the 26 parameters (bicycle/sensitivity.hpp: implicit function theorem on the conditions that define
// them, parameter derivatives by automatic differentiation).
#include "cli/analysis.hpp"
#include "cli/bike.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "bicycle/sensitivity.hpp"

#include <cstdio>
#include <exception>
#include <ostream>

namespace carvallo::cli {

namespace {

std::string sensitivity_usage() {
  return "usage: carvallo sensitivity --bike <preset|file.json> [--vmax 20] [--json]\n"
         "\n"
         "The weave and capsize speeds within (0, vmax] (as `carvallo stability --method canonical`) and their\n"
         "derivatives with respect to each of the 26 parameters, in m/s per unit of the parameter (SI: per m,\n"
         "kg, kg m^2, rad, m/s^2). Exact: implicit differentiation of the conditions that define the speeds\n"
         "(capsize det(g K0 + v^2 K2) = 0, weave Hurwitz determinant = 0), with the derivatives of M, C1, K0, K2\n"
         "by automatic differentiation. A speed that does not exist, or is a double root (no derivative), has none.\n"
         "\n"
         "  --bike <preset|file.json>  a preset or a JSON file with the 26 benchmark parameters\n"
         "  --vmax <m/s>               upper end of the speed interval, > 0 and <= 1e5 (default 20)\n"
         "  --json                     {\"weave_speed\": number|null, \"capsize_speed\": number|null,\n"
         "                              \"d_weave_speed\": {\"w\": ..., ..., \"IFyy\": ...}|null, \"d_capsize_speed\": {...}|null}\n"
         "  --help                     this text\n";
}

std::string speed_json(const std::optional<double>& v) { return v ? format_exact(*v) : "null"; }

std::string gradient_json(const std::optional<bicycle::ParameterGradient>& g) {
  if (!g) return "null";
  std::string s = "{";
  for (std::size_t k = 0; k < bicycle::kParameterCount; ++k)
    s += (k ? ", \"" : "\"") + std::string(bicycle::kParameterTable[k].name) + "\": " + format_exact((*g)[k]);
  return s + "}";
}

std::string gradient_entry_text(const bicycle::CriticalSpeedSensitivity& s, std::size_t k) {
  if (!s.gradient) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", (*s.gradient)[k]);
  return buf;
}

std::string speed_text(const bicycle::CriticalSpeedSensitivity& s) {
  if (!s.speed) return "none";
  std::string t = format_exact(*s.speed) + " m/s";
  if (!s.gradient) t += " (" + s.note + ")";
  return t;
}

}  // namespace

int run_sensitivity(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--vmax"}, {"--json"}, errors);
  if (o.help) {
    out << sensitivity_usage();
    return 0;
  }
  const auto vmax = parse_vmax(o, errors);
  const auto bike = load_bike(value_of(o, "--bike"), errors);
  if (!errors.empty() || !bike || !vmax) return fail(err, "sensitivity", errors);

  bicycle::SpeedSensitivities s;
  try {
    s = bicycle::critical_speed_sensitivities(bike->parameters, bike->model, *vmax);
  } catch (const std::exception& e) {
    err << "carvallo sensitivity: error: " << e.what() << "\n";
    return 1;
  }
  std::string text;
  if (o.flags.count("--json")) {
    text += "{\"weave_speed\": " + speed_json(s.weave.speed) + ", \"capsize_speed\": " + speed_json(s.capsize.speed) +
            ",\n \"d_weave_speed\": " + gradient_json(s.weave.gradient) +
            ",\n \"d_capsize_speed\": " + gradient_json(s.capsize.gradient) + "}\n";
  } else {
    text += "weave speed: " + speed_text(s.weave) + "\ncapsize speed: " + speed_text(s.capsize) + "\n";
    text += "# parameter  unit  d(weave speed)/d(parameter)  d(capsize speed)/d(parameter)   (m/s per unit)\n";
    for (std::size_t k = 0; k < bicycle::kParameterCount; ++k) {
      const auto& d = bicycle::kParameterTable[k];
      char line[160];
      std::snprintf(line, sizeof line, "%-7s %-7s %18s %18s\n", std::string(d.name).c_str(), std::string(d.unit).c_str(),
                    gradient_entry_text(s.weave, k).c_str(), gradient_entry_text(s.capsize, k).c_str());
      text += line;
    }
  }
  out << text;
  return 0;
}

}  // namespace carvallo::cli
