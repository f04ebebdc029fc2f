#include "cli/bike.hpp"

#include "cli/cli.hpp"

#include "bicycle/parameters_json.hpp"
#include "bicycle/presets.hpp"

#include <filesystem>
#include <fstream>

namespace carvallo::cli {

std::optional<bicycle::Parameters> load_bike_parameters(const std::optional<std::string>& spec,
                                                        std::vector<std::string>& errors) {
  if (!spec) {
    errors.push_back("--bike: missing (a preset: " + bicycle::preset_names() + "; or a JSON file)");
    return std::nullopt;
  }
  if (auto preset = bicycle::load_preset(*spec)) return preset->values;
  std::error_code ec;
  if (std::filesystem::is_directory(*spec, ec)) {
    errors.push_back("--bike '" + *spec + "': a directory, not a parameter file");
    return std::nullopt;
  }
  std::ifstream in(*spec, std::ios::binary);
  if (!in) {
    errors.push_back("--bike '" + *spec + "': neither a preset (" + bicycle::preset_names() + ") nor a readable file");
    return std::nullopt;
  }
  // Read to a bound: /dev/zero took 8 GB in 10 s (a tester). A parameter file is about 1 kB.
  constexpr std::size_t kMaxBikeFileBytes = 1 << 20;
  std::string text(kMaxBikeFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxBikeFileBytes) {
    errors.push_back("--bike '" + *spec + "': larger than 1 MB (a parameter file is about 1 kB)");
    return std::nullopt;
  }
  auto read = bicycle::parameters_from_json_text(text);
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
