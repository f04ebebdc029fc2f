// `carvallo eig` and `carvallo stability` for the bicycle: its roll/steer eigenvalues over a range of
// speeds and its critical speeds, by the multibody linearization or the canonical model (`eig --model` for
// any model's steady motion is model_eig.cpp).
#include "cli/analysis.hpp"
#include "cli/bike.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/stability.hpp"
#include "bicycle/stability_sweep.hpp"
#include "bicycle/presets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

namespace carvallo::cli {

namespace {

using bicycle::CanonicalModel;

std::string bike_help() {
  return "  --bike <preset|file.json>  a preset (" + bicycle::preset_names() +
         ") or a JSON file with the 26 benchmark parameters (keys as in examples/bicycle/presets/benchmark.json)\n";
}

constexpr const char* kMethodHelp =
    "  --method multibody|canonical\n"
    "                             multibody (default): linearization of the multibody model (four rigid bodies in\n"
    "                             absolute coordinates, AD; critical speeds by an eigenvalue sweep to 1e-11 m/s);\n"
    "                             canonical: the closed-form M, C1, K0, K2 of Meijaard et al. (2007), App. A\n";

std::string eig_usage() {
  return std::string(
             "usage: carvallo eig --bike <preset|file.json> --speeds <from>:<to>:<count> [--method multibody|canonical] [--json|--csv]\n"
             "       carvallo eig --model <name> [--param <p>] --range <lo>:<hi>:<n> [--json|--csv]   (any model: eig --model x --help)\n"
             "\n"
             "The four roll/steer eigenvalues (1/s) at `count` evenly spaced speeds (m/s) from `from` to `to`,\n"
             "sorted by real part, then imaginary part. Conventions of Meijaard et al. (2007).\n"
             "\n") +
         bike_help() +
         "  --speeds <from>:<to>:<count>  from < to (m/s, within +-1e5), count >= 2 (at most 1000000)\n" + kMethodHelp +
         "  --json                     {\"method\": ..., \"speeds\": [...], \"eigenvalues\": [[{\"re\": ..., \"im\": ...} x4], ...]}\n"
         "  --csv                      speed,re1,im1,re2,im2,re3,im3,re4,im4\n"
         "  --help                     this text\n";
}

std::string stability_usage() {
  return std::string(
             "usage: carvallo stability --bike <preset|file.json> [--method multibody|canonical] [--vmax 20] [--json]\n"
             "\n"
             "Within [0, vmax]: the weave speed (an oscillatory pair becomes stable), the capsize speed (a real\n"
             "eigenvalue becomes unstable) and the speed ranges where the upright straight motion is stable.\n"
             "\n") +
         bike_help() + kMethodHelp +
         "  --vmax <m/s>               upper end of the speed interval, > 0 and <= 1e5 (default 20)\n"
         "  --json                     {\"weave_speed\": number|null, \"capsize_speed\": number|null,\n"
         "                              \"stable_speed_ranges\": [[lo, hi], ...]}\n"
         "  --help                     this text\n";
}

std::optional<std::vector<double>> parse_speeds(const std::string& spec, std::vector<std::string>& errors) {
  const auto c1 = spec.find(':');
  const auto c2 = c1 == std::string::npos ? std::string::npos : spec.find(':', c1 + 1);
  if (c2 == std::string::npos || spec.find(':', c2 + 1) != std::string::npos) {
    errors.push_back("--speeds '" + spec + "': expected <from>:<to>:<count>, e.g. 0:10:201");
    return std::nullopt;
  }
  const std::string sf = spec.substr(0, c1), st = spec.substr(c1 + 1, c2 - c1 - 1), sc = spec.substr(c2 + 1);
  const auto from = parse_double(sf), to = parse_double(st);
  const auto count = parse_count(sc);
  const std::size_t before = errors.size();
  if (!from) errors.push_back("--speeds: <from> '" + sf + "' is not a finite number");
  if (!to) errors.push_back("--speeds: <to> '" + st + "' is not a finite number");
  if (!count) errors.push_back("--speeds: <count> '" + sc + "' is not an integer");
  else if (*count < 2) errors.push_back("--speeds: <count> must be at least 2, got " + sc);
  else if (*count > 1000000) errors.push_back("--speeds: <count> must be at most 1000000, got " + sc);
  if (from && to && !(*from < *to)) errors.push_back("--speeds: <from> must be less than <to>");
  if ((from && std::abs(*from) > kMaxSpeed) || (to && std::abs(*to) > kMaxSpeed))
    errors.push_back("--speeds: speeds must be within +-" + format_exact(kMaxSpeed) + " m/s");
  if (errors.size() != before) return std::nullopt;
  std::vector<double> v(static_cast<std::size_t>(*count));
  const long n = *count;
  for (long i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = i == n - 1 ? *to : *from + (*to - *from) * static_cast<double>(i) / static_cast<double>(n - 1);
  return v;
}

// One way of computing the eigenvalues and the critical speeds, chosen by --method (multibody or canonical).
// Adding a route means filling make_route() only.
struct Route {
  std::string name;
  std::function<std::vector<bicycle::Eigenvalues>(const std::vector<double>& speeds)> eigenvalues;
  std::function<bicycle::StabilityResult(double vmax)> stability;
};

std::optional<std::string> parse_method(const ParsedOptions& o, std::vector<std::string>& errors) {
  const auto it = o.values.find("--method");
  const std::string method = it == o.values.end() ? "multibody" : it->second;
  if (method == "canonical" || method == "multibody") return method;
  errors.push_back("--method '" + method + "': unknown (multibody or canonical)");
  return std::nullopt;
}

std::optional<Route> make_route(const std::string& method, const Bike& bike, std::vector<std::string>& errors) {
  const CanonicalModel& model = bike.model;
  if (method == "canonical")
    return Route{method, [model](const std::vector<double>& v) { return bicycle::eigenvalues(model, v); },
                 [model](double vmax) { return bicycle::stability(model, vmax); }};
  // multibody: the engine's linearization of the multibody model (examples/bicycle/multibody.hpp); its
  // critical speeds come from the generic sweep (stability_sweep.hpp) over its eigenvalue function.
  try {
    auto mb = std::make_shared<const bicycle::MultibodyStability>(bike.parameters);
    return Route{method, [mb](const std::vector<double>& v) { return mb->roll_steer_eigenvalues(v); },
                 [mb](double vmax) {
                   bicycle::SweepStabilityOptions options;
                   options.vmax = vmax;
                   return bicycle::stability_by_sweep(mb->eigenvalue_function(), options);
                 }};
  } catch (const std::exception& e) {
    errors.push_back("--method multibody: " + std::string(e.what()));
    return std::nullopt;
  }
}

bool all_finite(const std::vector<bicycle::Eigenvalues>& ev) {
  for (const auto& row : ev)
    for (const auto& s : row)
      if (!std::isfinite(s.real()) || !std::isfinite(s.imag())) return false;
  return true;
}

}  // namespace

int run_eig(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // Any registered model's steady motion (the bicycle too): cli/model_eig.cpp.
  if (std::find(args.begin(), args.end(), "--model") != args.end()) return run_model_eig(args, out, err);
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--speeds", "--method"}, {"--json", "--csv"}, errors);
  if (o.help) {
    out << eig_usage();
    return 0;
  }
  const bool json = o.flags.count("--json") > 0, csv = o.flags.count("--csv") > 0;
  if (json && csv) errors.push_back("--json and --csv: choose one");
  const auto method = parse_method(o, errors);
  std::optional<std::vector<double>> speeds;
  if (auto s = value_of(o, "--speeds"))
    speeds = parse_speeds(*s, errors);
  else
    errors.push_back("--speeds: missing (<from>:<to>:<count>, e.g. 0:10:201)");
  const auto bike = load_bike(value_of(o, "--bike"), errors);
  // The multibody route linearizes the model (a noticeable time): not for input that is refused anyway.
  const auto route = method && bike && errors.empty() ? make_route(*method, *bike, errors) : std::nullopt;
  if (!errors.empty() || !route || !speeds) return fail(err, "eig", errors);

  std::vector<bicycle::Eigenvalues> ev;
  try {
    ev = route->eigenvalues(*speeds);
  } catch (const std::exception& e) {
    err << "carvallo eig: error: " << e.what() << "\n";
    return 1;
  }
  if (!all_finite(ev)) {
    err << "carvallo eig: internal error: the eigenvalue computation produced non-finite values\n";
    return 1;
  }
  std::string text;
  text.reserve(ev.size() * 200);
  if (json) {
    text += "{\"method\": \"" + route->name + "\", \"speeds\": [";
    for (std::size_t i = 0; i < speeds->size(); ++i) {
      if (i) text += ", ";
      text += format_exact((*speeds)[i]);
    }
    text += "], \"eigenvalues\": [";
    for (std::size_t i = 0; i < ev.size(); ++i) {
      text += i ? ",\n  [" : "\n  [";
      for (std::size_t k = 0; k < 4; ++k) {
        if (k) text += ", ";
        text += "{\"re\": ";
        text += format_exact(ev[i][k].real());
        text += ", \"im\": ";
        text += format_exact(ev[i][k].imag());
        text += '}';
      }
      text += "]";
    }
    text += "]}\n";
  } else if (csv) {
    text += "speed,re1,im1,re2,im2,re3,im3,re4,im4\n";
    for (std::size_t i = 0; i < ev.size(); ++i) {
      text += format_exact((*speeds)[i]);
      for (const auto& s : ev[i]) {
        text += ',';
        text += format_exact(s.real());
        text += ',';
        text += format_exact(s.imag());
      }
      text += "\n";
    }
  } else {
    text += "# method: " + route->name + "; eigenvalues (1/s) sorted by real part, then imaginary part\n";
    text += "# speed (m/s)  eigenvalue 1  eigenvalue 2  eigenvalue 3  eigenvalue 4\n";
    for (std::size_t i = 0; i < ev.size(); ++i) {
      text += format_exact((*speeds)[i]);
      for (const auto& s : ev[i]) {
        text += "  ";
        text += format_exact(s.real());
        if (s.imag() != 0.0) {
          text += s.imag() < 0 ? '-' : '+';
          text += format_exact(std::abs(s.imag()));
          text += 'i';
        }
      }
      text += "\n";
    }
  }
  out << text;
  return 0;
}

int run_stability(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--method", "--vmax"}, {"--json"}, errors);
  if (o.help) {
    out << stability_usage();
    return 0;
  }
  const auto method = parse_method(o, errors);
  const auto vmax_option = parse_vmax(o, errors);
  const auto bike = load_bike(value_of(o, "--bike"), errors);
  // The multibody route linearizes the model (a noticeable time): not for input that is refused anyway.
  const auto route = method && bike && errors.empty() ? make_route(*method, *bike, errors) : std::nullopt;
  if (!errors.empty() || !route || !vmax_option) return fail(err, "stability", errors);
  const double vmax = *vmax_option;

  bicycle::StabilityResult r;
  try {
    r = route->stability(vmax);
  } catch (const std::exception& e) {
    err << "carvallo stability: error: " << e.what() << "\n";
    return 1;
  }
  auto opt = [](const std::optional<double>& x) { return x ? format_exact(*x) : std::string("null"); };
  std::string text;
  if (o.flags.count("--json")) {
    text += "{\"weave_speed\": " + opt(r.weave_speed) + ", \"capsize_speed\": " + opt(r.capsize_speed) +
            ", \"stable_speed_ranges\": [";
    for (std::size_t i = 0; i < r.stable_speed_ranges.size(); ++i)
      text += (i ? ", [" : "[") + format_exact(r.stable_speed_ranges[i].lo) + ", " +
              format_exact(r.stable_speed_ranges[i].hi) + "]";
    text += "]}\n";
  } else {
    text += "method: " + route->name + ", speeds within [0, " + format_exact(vmax) + "] m/s\n";
    text += "weave speed (m/s): " + (r.weave_speed ? format_exact(*r.weave_speed) : "none") + "\n";
    text += "capsize speed (m/s): " + (r.capsize_speed ? format_exact(*r.capsize_speed) : "none") + "\n";
    text += "stable speed ranges (m/s):";
    if (r.stable_speed_ranges.empty()) text += " none";
    for (const auto& s : r.stable_speed_ranges) text += " [" + format_exact(s.lo) + ", " + format_exact(s.hi) + "]";
    text += "\n";
  }
  out << text;
  return 0;
}

}  // namespace carvallo::cli
