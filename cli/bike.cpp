#include "cli/bike.hpp"

#include "cli/cli.hpp"

namespace carvallo::cli {

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
