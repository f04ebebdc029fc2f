// carvallo modes: the four roll/steer eigenvalues at one speed with their eigenvectors (mode shapes).
#include "cli/analysis.hpp"
#include "cli/bike.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "bicycle/mode_shapes.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/multibody_modes.hpp"

#include <cmath>
#include <cstdio>
#include <exception>
#include <numbers>
#include <ostream>
#include <utility>

namespace carvallo::cli {

namespace {

std::string modes_usage() {
  return "usage: carvallo modes --bike <preset|file.json> --speed <v> [--method canonical|multibody] [--json]\n"
         "\n"
         "The four roll/steer eigenvalues (1/s) at speed v (m/s), sorted by real part, then imaginary part, each\n"
         "labelled (weave, capsize, castering) and with its eigenvector [roll, steer]: the free motion\n"
         "Re([roll, steer] e^(s t)). Normalization: the component of larger modulus is exactly 1 (roll on a\n"
         "tie), the other is the complex amplitude relative to it (rad/rad). Conventions of Meijaard et al. (2007).\n"
         "\n"
         "  --bike <preset|file.json>  a preset or a JSON file with the 26 benchmark parameters\n"
         "  --speed <v>                forward speed in m/s, within +-1e5\n"
         "  --method canonical|multibody\n"
         "                             canonical (default): null vectors of M s^2 + v C1 s + g K0 + v^2 K2 (closed\n"
         "                             form, microseconds); multibody: eigenvectors of the multibody model's full\n"
         "                             pencil mapped to roll and steer (an independent route, ~10 ms)\n"
         "  --json                     {\"speed\": v, \"modes\": [{\"eigenvalue\": [re, im], \"label\": ..., \"roll\": [re, im],\n"
         "                              \"steer\": [re, im]}, x4]}\n"
         "  --help                     this text\n";
}

std::string complex_json(std::complex<double> z) {
  std::string s = "[";
  return s.append(format_exact(z.real())).append(", ").append(format_exact(z.imag())).append("]");
}

std::string complex_text(std::complex<double> z) {
  std::string s = format_exact(z.real());
  if (z.imag() != 0.0) s.append(z.imag() < 0 ? " - " : " + ").append(format_exact(std::abs(z.imag()))).append("i");
  return s;
}

bool finite(std::complex<double> z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); }

}  // namespace

int run_modes(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--speed", "--method"}, {"--json"}, errors);
  if (o.help) {
    out << modes_usage();
    return 0;
  }
  double speed = 0.0;
  bool speed_ok = false;
  if (const auto s = value_of(o, "--speed")) {
    const auto x = parse_double(*s);
    if (!x) errors.push_back("--speed '" + *s + "': not a finite number");
    else if (std::abs(*x) > kMaxSpeed) errors.push_back("--speed: must be within +-" + format_exact(kMaxSpeed) + " m/s, got " + *s);
    else speed = *x, speed_ok = true;
  } else {
    errors.push_back("--speed: missing (m/s)");
  }
  const std::string method = value_of(o, "--method").value_or("canonical");
  if (method != "canonical" && method != "multibody") errors.push_back("--method '" + method + "': unknown (canonical or multibody)");
  const auto bike = load_bike(value_of(o, "--bike"), errors);
  if (!errors.empty() || !bike || !speed_ok) return fail(err, "modes", errors);

  bicycle::RollSteerModes modes;
  try {
    modes = method == "canonical" ? bicycle::roll_steer_modes(bike->model, speed)
                                  : bicycle::multibody_roll_steer_modes(bicycle::MultibodyStability(bike->parameters), speed);
  } catch (const std::exception& e) {
    err << "carvallo modes: error: " << e.what() << "\n";
    return 1;
  }
  for (const auto& m : modes)
    if (!finite(m.eigenvalue) || !finite(m.roll) || !finite(m.steer)) {
      err << "carvallo modes: internal error: the mode computation produced non-finite values\n";
      return 1;
    }

  // append() throughout: g++ 12 reports false -Wrestrict errors for "text" + std::string (DEVELOPERS.md).
  std::string text;
  if (o.flags.count("--json")) {
    text.append("{\"speed\": ").append(format_exact(speed)).append(", \"modes\": [");
    for (std::size_t i = 0; i < modes.size(); ++i) {
      const auto& m = modes[i];
      text.append(i ? ",\n  " : "\n  ");
      text.append("{\"eigenvalue\": ").append(complex_json(m.eigenvalue));
      text.append(", \"label\": \"").append(bicycle::mode_label_name(m.label));
      text.append("\", \"roll\": ").append(complex_json(m.roll));
      text.append(", \"steer\": ").append(complex_json(m.steer)).append("}");
    }
    text.append("]}\n");
  } else {
    text.append("# method: ").append(method).append("; speed ").append(format_exact(speed)).append(" m/s\n");
    text.append("# eigenvector [roll, steer] (rad/rad), the larger component 1; |x| and arg(x) in degrees\n");
    for (const auto& m : modes) {
      text.append(bicycle::mode_label_name(m.label)).append(": s = ").append(complex_text(m.eigenvalue)).append(" 1/s\n");
      for (const auto& [name, x] : {std::pair{"roll", m.roll}, std::pair{"steer", m.steer}}) {
        char polar[64];
        std::snprintf(polar, sizeof polar, "  (|x| %.6g, arg %.2f deg)", std::abs(x), std::arg(x) * 180.0 / std::numbers::pi);
        text.append("  ").append(name).append(": ").append(complex_text(x)).append(polar).append("\n");
      }
    }
  }
  out << text;
  return 0;
}

}  // namespace carvallo::cli
