// `carvallo eig --model <name> --param <p> --range <lo>:<hi>:<n>`: the eigenvalues of any registered model's
// equilibrium or steady motion against one of its quantities (examples/steady_motion.hpp).
#include "cli/analysis.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "steady_motion.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <ostream>
#include <string>

namespace carvallo::cli {

namespace {

std::string model_eig_usage() {
  std::string names;
  for (const auto& m : examples::models())
    if (m.steady_motion) names += (names.empty() ? "" : ", ") + m.name;
  return "usage: carvallo eig --model <name> [--param <p>] --range <lo>:<hi>:<n> [--json|--csv]\n"
         "\n"
         "The eigenvalues (1/s) of the linearization about a registered model's equilibrium or steady motion at\n"
         "<n> evenly spaced values of one of its quantities, sorted by real part, then imaginary part, with the\n"
         "structural zeros of its symmetries removed; and the stability boundaries (where a real part changes\n"
         "sign), refined to 1e-11 by the core sweep (docs/stability.md).\n"
         "\n"
         "  --model <name>   a model with a steady motion: " + names + "\n"
         "  --param <p>      the swept quantity (default: the model's first, e.g. speed)\n"
         "  --range <lo>:<hi>:<n>  finite lo < hi within the quantity's accepted range, 2 <= n <= " +
         std::to_string(examples::kMaxSteadySweepPoints) + "\n"
         "  --json           {\"model\", \"parameter\", \"unit\", \"steady_motion\", \"structural_zeros_removed\",\n"
         "                    \"values\": [...], \"eigenvalues\": [[{\"re\", \"im\"}, ...], ...],\n"
         "                    \"boundaries\": [{\"value\", \"destabilizing\", \"eigenvalue\": {\"re\", \"im\"}}, ...]}\n"
         "  --csv            <param>,re1,im1,re2,im2,...\n"
         "  --help           this text\n";
}

std::string complex_json(std::complex<double> s) {
  return "{\"re\": " + format_exact(s.real()) + ", \"im\": " + format_exact(s.imag()) + "}";
}

// <lo>:<hi>:<n>, every problem named.
std::optional<std::vector<double>> parse_range(const std::string& spec, std::vector<std::string>& errors) {
  const auto c1 = spec.find(':');
  const auto c2 = c1 == std::string::npos ? std::string::npos : spec.find(':', c1 + 1);
  if (c2 == std::string::npos || spec.find(':', c2 + 1) != std::string::npos) {
    errors.push_back("--range '" + spec + "': expected <lo>:<hi>:<n>, e.g. 0:3:61");
    return std::nullopt;
  }
  const std::string sl = spec.substr(0, c1), sh = spec.substr(c1 + 1, c2 - c1 - 1), sn = spec.substr(c2 + 1);
  const auto lo = parse_double(sl), hi = parse_double(sh);
  const auto n = parse_count(sn);
  const std::size_t before = errors.size();
  if (!lo) errors.push_back("--range: <lo> '" + sl + "' is not a finite number");
  if (!hi) errors.push_back("--range: <hi> '" + sh + "' is not a finite number");
  if (!n) errors.push_back("--range: <n> '" + sn + "' is not an integer");
  if (errors.size() != before) return std::nullopt;
  try {
    return examples::sweep_grid(*lo, *hi, *n);
  } catch (const std::exception& e) {
    errors.push_back("--range '" + spec + "': " + e.what());
    return std::nullopt;
  }
}

}  // namespace

int run_model_eig(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--model", "--param", "--range"}, {"--json", "--csv"}, errors);
  if (o.help) {
    out << model_eig_usage();
    return 0;
  }
  const bool json = o.flags.count("--json") > 0, csv = o.flags.count("--csv") > 0;
  if (json && csv) errors.push_back("--json and --csv: choose one");
  const examples::ModelEntry* entry = nullptr;
  if (auto name = value_of(o, "--model")) {
    entry = examples::find_model(*name);
    std::string with;
    for (const auto& m : examples::models())
      if (m.steady_motion) with += (with.empty() ? "" : ", ") + m.name;
    if (!entry) errors.push_back("--model '" + *name + "': unknown (models with a steady motion: " + with + ")");
    else if (!entry->steady_motion)
      errors.push_back("--model '" + *name + "': declares no equilibrium or steady motion to analyse (models with one: " + with + ")");
  }
  std::string param;
  if (entry && entry->steady_motion) {
    param = value_of(o, "--param").value_or(entry->steady_motion->parameters.empty() ? "" : entry->steady_motion->parameters[0]);
    const auto& ps = entry->steady_motion->parameters;
    if (std::find(ps.begin(), ps.end(), param) == ps.end()) {
      std::string list;
      for (const auto& p : ps) list += (list.empty() ? "" : ", ") + p;
      errors.push_back("--param '" + param + "': model '" + entry->name + "' cannot sweep it (it can sweep: " + list + ")");
    }
  }
  std::optional<std::vector<double>> values;
  if (auto r = value_of(o, "--range")) values = parse_range(*r, errors);
  else errors.push_back("--range: missing (<lo>:<hi>:<n>, e.g. 0:3:61)");
  // Within the quantity's accepted range, said as input: a speed of 150 m/s had failed in the solver with
  // status 1, and -1e308:1e308 with a speed of -nan (a tester).
  if (entry && values && !values->empty())
    for (const auto& q : entry->settings)
      if (q.name == param && (values->front() < q.min || values->back() > q.max)) {
        errors.push_back("--range: " + param + " must stay within [" + format_exact(q.min) + ", " + format_exact(q.max) + "] " + q.unit +
                         ", got " + format_exact(values->front()) + " to " + format_exact(values->back()));
        values.reset();
      }
  if (!errors.empty() || !entry || !values) return fail(err, "eig", errors);

  examples::SteadySweep sw;
  try {
    sw = examples::sweep_steady_motion(*entry, examples::ModelSetup{}, param, *values);
  } catch (const std::exception& e) {
    err << "carvallo eig: error: " << e.what() << "\n";
    return 1;
  }
  for (const auto& row : sw.eigenvalues)
    for (const auto& s : row)
      if (!std::isfinite(s.real()) || !std::isfinite(s.imag())) {
        err << "carvallo eig: internal error: the eigenvalue computation produced non-finite values\n";
        return 1;
      }
  std::string text;
  if (json) {
    text += "{\"model\": " + json_string(sw.model) + ", \"parameter\": " + json_string(sw.parameter) + ", \"unit\": " + json_string(sw.unit) +
            ", \"steady_motion\": " + json_string(entry->steady_motion->description) +
            ", \"structural_zeros_removed\": " + std::to_string(entry->steady_motion->structural_zeros_removed) + ",\n \"values\": [";
    for (std::size_t i = 0; i < sw.values.size(); ++i) text += (i ? ", " : "") + format_exact(sw.values[i]);
    text += "],\n \"eigenvalues\": [";
    for (std::size_t i = 0; i < sw.eigenvalues.size(); ++i) {
      text += i ? ",\n  [" : "\n  [";
      for (std::size_t k = 0; k < sw.eigenvalues[i].size(); ++k) text += (k ? ", " : "") + complex_json(sw.eigenvalues[i][k]);
      text += "]";
    }
    text += "],\n \"boundaries\": [";
    for (std::size_t i = 0; i < sw.sweep.boundaries.size(); ++i) {
      const auto& b = sw.sweep.boundaries[i];
      text += (i ? ", " : "") + std::string("{\"value\": ") + format_exact(b.parameter) +
              ", \"destabilizing\": " + (b.destabilizing ? "true" : "false") + ", \"eigenvalue\": " + complex_json(b.eigenvalue) + "}";
    }
    text += "]}\n";
  } else if (csv) {
    text += sw.parameter;
    const std::size_t count = sw.eigenvalues.empty() ? 0 : sw.eigenvalues[0].size();
    for (std::size_t k = 1; k <= count; ++k) text += ",re" + std::to_string(k) + ",im" + std::to_string(k);
    text += "\n";
    for (std::size_t i = 0; i < sw.values.size(); ++i) {
      text += format_exact(sw.values[i]);
      for (const auto& s : sw.eigenvalues[i]) {
        // Appends, not "literal" + string: g++ 12 reports a false -Wrestrict there (GCC bug 105651).
        text += ',';
        text += format_exact(s.real());
        text += ',';
        text += format_exact(s.imag());
      }
      text += "\n";
    }
  } else {
    text += "# " + entry->title + ": " + entry->steady_motion->description + "; eigenvalues (1/s) sorted by real part\n";
    text += "# " + sw.parameter + " (" + sw.unit + ")  eigenvalues\n";
    for (std::size_t i = 0; i < sw.values.size(); ++i) {
      text += format_exact(sw.values[i]);
      for (const auto& s : sw.eigenvalues[i]) {
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
    for (const auto& b : sw.sweep.boundaries)
    {
      text += "# boundary: ";
      text += sw.parameter;
      text += " = ";
      text += format_exact(b.parameter);
      text += b.destabilizing ? " (destabilizing)\n" : " (stabilizing)\n";
    }
  }
  out << text;
  return 0;
}

}  // namespace carvallo::cli
