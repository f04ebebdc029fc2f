#include "cli/bike.hpp"

#include "cli/cli.hpp"

#include "bicycle/parameters_json.hpp"
#include "bicycle/presets.hpp"

#include <fstream>
#include <sstream>

namespace carvallo::cli {

std::optional<bicycle::Parameters> load_bike_parameters(const std::optional<std::string>& spec,
                                                        std::vector<std::string>& errors) {
  if (!spec) {
    errors.push_back("--bike: missing (a preset: " + bicycle::preset_names() + "; or a JSON file)");
    return std::nullopt;
  }
  if (auto preset = bicycle::load_preset(*spec)) return preset->values;
  std::ifstream in(*spec, std::ios::binary);
  if (!in) {
    errors.push_back("--bike '" + *spec + "': neither a preset (" + bicycle::preset_names() + ") nor a readable file");
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto read = bicycle::parameters_from_json_text(text.str());
  if (!read.ok()) {
    for (const auto& issue : read.issues) errors.push_back("--bike " + *spec + ": " + bicycle::to_string(issue));
    return std::nullopt;
  }
  const auto issues = bicycle::validate(read.parameters->values);
  for (const auto& issue : issues) errors.push_back("--bike " + *spec + ": " + bicycle::to_string(issue));
  if (!issues.empty()) return std::nullopt;
  return read.parameters->values;
}


std::optional<Bike> load_bike(const std::optional<std::string>& spec, std::vector<std::string>& errors) {
  auto params = load_bike_parameters(spec, errors);
  if (!params) return std::nullopt;
  auto model = bicycle::make_canonical_model(*params);
  if (!model.model) {
    for (const auto& issue : model.issues) errors.push_back("--bike " + *spec + ": " + bicycle::to_string(issue));
    return std::nullopt;
  }
  return Bike{*params, *model.model};
}

std::optional<double> parse_vmax(const ParsedOptions& o, std::vector<std::string>& errors) {
  const auto s = value_of(o, "--vmax");
  if (!s) return 20.0;
  const auto x = parse_double(*s);
  if (!x) errors.push_back("--vmax '" + *s + "': not a finite number");
  else if (!(*x > 0)) errors.push_back("--vmax: must be > 0 m/s, got " + *s);
  else if (*x > kMaxSpeed) errors.push_back("--vmax: must be at most " + format_exact(kMaxSpeed) + " m/s, got " + *s);
  else return *x;
  return std::nullopt;
}

}  // namespace carvallo::cli
