// carvallo map: weave speed, capsize speed and the width of the self-stable speed range over a grid of
// two parameters (bicycle/design_map.hpp), written as CSV.
#include "cli/analysis.hpp"
#include "cli/bike.hpp"
#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "bicycle/design_map.hpp"

#include <cstdio>
#include <exception>
#include <fstream>
#include <ostream>

namespace carvallo::cli {

namespace {

// Maps at least this large report their progress on stderr.
constexpr std::size_t kProgressThreshold = 10000;  // points

std::string map_usage() {
  return "usage: carvallo map --bike <preset|file.json> --x <name>:<lo>:<hi>:<n> --y <name>:<lo>:<hi>:<n> --csv <file>\n"
         "                    [--vmax 20]\n"
         "\n"
         "For every point of an n_x by n_y grid of two parameters (all others from --bike): the weave speed, the\n"
         "capsize speed (closed form, as `carvallo stability --method canonical`, within (0, vmax]) and the\n"
         "total width of the self-stable speed ranges within [0, vmax] (0 when never stable).\n"
         "\n"
         "  --bike <preset|file.json>  the base bicycle: a preset or a JSON file with the 26 benchmark parameters\n"
         "  --x, --y <name>:<lo>:<hi>:<n>\n"
         "                             a parameter name as in the JSON files (w, c, lambda, ..., IFyy) or trail (= c,\n"
         "                             m) or steer_axis_tilt (= lambda, rad); lo < hi (SI units); 2 <= n <= 1000.\n"
         "                             Every grid point must be a physical bicycle (as for --bike files).\n"
         "  --csv <file>               (- for standard output) columns <x name>,<y name>,weave_speed,capsize_speed,\n"
         "                             stable_width (m/s; a speed is empty where there is none); y-major: x varies\n"
         "                             fastest\n"
         "  --vmax <m/s>               upper end of the speed interval, > 0 and <= 1e5 (default 20)\n"
         "  --help                     this text\n"
         "\n"
         "Maps of 10000 points or more report their progress on stderr.\n";
}

// <name>:<lo>:<hi>:<n>, every problem named.
std::optional<bicycle::MapAxis> parse_axis(const std::string& option, const std::optional<std::string>& spec,
                                           std::vector<std::string>& errors) {
  if (!spec) {
    errors.push_back(option + ": missing (<name>:<lo>:<hi>:<n>, e.g. trail:-0.1:0.3:100)");
    return std::nullopt;
  }
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t colon; (colon = spec->find(':', start)) != std::string::npos; start = colon + 1)
    parts.push_back(spec->substr(start, colon - start));
  parts.push_back(spec->substr(start));
  if (parts.size() != 4) {
    errors.push_back(option + " '" + *spec + "': expected <name>:<lo>:<hi>:<n>, e.g. trail:-0.1:0.3:100");
    return std::nullopt;
  }
  const std::size_t before = errors.size();
  const auto lo = parse_double(parts[1]), hi = parse_double(parts[2]);
  const auto n = parse_count(parts[3]);
  if (!lo) errors.push_back(option + ": <lo> '" + parts[1] + "' is not a finite number");
  if (!hi) errors.push_back(option + ": <hi> '" + parts[2] + "' is not a finite number");
  if (!n) errors.push_back(option + ": <n> '" + parts[3] + "' is not an integer");
  // The library's checks name what remains (unknown name, lo >= hi, n out of range); a part that did not
  // parse is replaced by a harmless value so that it is not reported twice.
  bicycle::MapAxis axis{parts[0], lo.value_or(0.0), hi.value_or(1.0), 2};
  if (n) axis.count = *n < 0 ? 0 : static_cast<std::size_t>(*n);
  for (auto& e : bicycle::check_map_axis(axis, option)) errors.push_back(e);
  if (errors.size() != before) return std::nullopt;
  return axis;
}

std::string optional_number(const std::optional<double>& x) { return x ? format_exact(*x) : std::string(); }

}  // namespace

int run_map(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--bike", "--x", "--y", "--csv", "--vmax"}, {}, errors);
  if (o.help) {
    out << map_usage();
    return 0;
  }
  const auto x = parse_axis("--x", value_of(o, "--x"), errors);
  const auto y = parse_axis("--y", value_of(o, "--y"), errors);
  const auto vmax = parse_vmax(o, errors);
  const auto csv_path = value_of(o, "--csv");
  if (!csv_path) errors.push_back("--csv: missing (the output file)");
  const auto bike = load_bike(value_of(o, "--bike"), errors);
  if (!errors.empty() || !x || !y || !vmax || !csv_path || !bike) return fail(err, "map", errors);
  // "-" is standard output, as for `simulate --csv -` (it had written a file named "-"; a tester's pipeline).
  const bool to_stdout = *csv_path == "-";
  if (!to_stdout) {  // Refuse an unwritable file before the work, leaving the file system as it was (append mode keeps an
     // existing file; a file the probe created is removed, so a refused map leaves nothing behind).
    const bool existed = std::ifstream(*csv_path).good();
    const bool writable = std::ofstream(*csv_path, std::ios::app).good();
    if (!existed) std::remove(csv_path->c_str());
    if (!writable) return fail(err, "map", {"--csv '" + *csv_path + "': cannot be written"});
  }

  const std::size_t points = x->count * y->count;
  int last_decile = 0;
  bicycle::DesignMapProgress progress;
  if (points >= kProgressThreshold)
    progress = [&err, &last_decile](std::size_t done, std::size_t total) {
      const int decile = static_cast<int>(10 * done / total);
      if (decile == last_decile) return;
      last_decile = decile;
      err << "carvallo map: " << 10 * decile << "% (" << done << " of " << total << " rows)\n";
    };
  bicycle::DesignMapResult result;
  try {
    result = bicycle::design_map(bike->parameters, *x, *y, *vmax, progress);
  } catch (const std::exception& e) {
    err << "carvallo map: error: " << e.what() << "\n";
    return 1;
  }
  if (!result.map) {
    for (auto& issue : result.issues) issue = "--bike " + *value_of(o, "--bike") + ", map " + issue;
    return fail(err, "map", result.issues);
  }

  const auto& map = *result.map;
  std::string text = x->name + "," + y->name + ",weave_speed,capsize_speed,stable_width\n";
  text.reserve(points * 90);
  for (std::size_t iy = 0; iy < y->count; ++iy)
    for (std::size_t ix = 0; ix < x->count; ++ix) {
      const auto& p = map.at(ix, iy);
      text.append(format_exact(x->value(ix))).append(",").append(format_exact(y->value(iy))).append(",");
      text.append(optional_number(p.weave_speed)).append(",").append(optional_number(p.capsize_speed)).append(",");
      text.append(format_exact(p.stable_width)).append("\n");
    }
  std::ofstream file;
  if (!to_stdout) file.open(*csv_path, std::ios::binary | std::ios::trunc);
  std::ostream& csv = to_stdout ? out : file;
  csv << text;
  if (!csv.flush()) {
    err << "carvallo map: error: could not write " << (to_stdout ? std::string("standard output") : *csv_path) << "\n";
    return 1;
  }
  // The line saying where the map went goes with the CSV on standard output only when it went to a file.
  (to_stdout ? err : out) << "wrote " << points << " points (" << x->count << " x " << y->count << ") to "
                          << (to_stdout ? std::string("standard output") : *csv_path) << "\n";
  return 0;
}

}  // namespace carvallo::cli
