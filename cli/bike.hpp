#pragma once
// What the bicycle commands share: the bike given by --bike with its canonical model, and the checks of
// speeds (--speed, --vmax), so that every command refuses the same input with the same words.

#include "cli/options.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/parameters.hpp"

#include <optional>
#include <string>
#include <vector>

namespace carvallo::cli {

/// Far beyond any bicycle, well inside the range where v^2 terms stay accurate in double precision.
inline constexpr double kMaxSpeed = 1e5;  // m/s

/// A bike as loaded: its parameters and their canonical model (which validates them).
struct Bike {
  bicycle::Parameters parameters;
  bicycle::CanonicalModel model;
};

/// --bike: a preset or a JSON file; every problem (see load_bike_parameters, and a mass matrix that is
/// not positive definite) is appended to `errors` by name. Never throws.
std::optional<Bike> load_bike(const std::optional<std::string>& spec, std::vector<std::string>& errors);

/// --vmax: the upper end of the speed interval searched for critical speeds, > 0 and <= kMaxSpeed
/// (default 20 m/s when absent). Empty, with the problem in `errors`, when invalid. Never throws.
std::optional<double> parse_vmax(const ParsedOptions& o, std::vector<std::string>& errors);

}  // namespace carvallo::cli
