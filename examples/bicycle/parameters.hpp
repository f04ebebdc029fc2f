#pragma once
// The 26 parameters of the Whipple–Carvallo bicycle as in Meijaard, Papadopoulos, Ruina, Schwab (2007),
// Proc. R. Soc. A 463:1955–1982, Table 1, and the conditions that make a parameter set physical.
//
// Conventions (the paper's): origin at the rear contact point in the upright reference configuration,
// x forward, y right, z down (a mass centre above the ground has z < 0); roll positive leaning right,
// steer positive turning right; lambda is the steer-axis tilt from the vertical. The wheels are
// axisymmetric (Izz = Ixx). SI units throughout (m, kg, kg m^2, rad, m/s^2).

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::bicycle {

/// One benchmark parameter set. Member names are the keys of the JSON format and of the paper.
struct Parameters {
  double w = 0, c = 0, lambda = 0, g = 0;                        // geometry, gravity
  double rR = 0, mR = 0, IRxx = 0, IRyy = 0;                     // rear wheel R
  double xB = 0, zB = 0, mB = 0, IBxx = 0, IByy = 0, IBzz = 0, IBxz = 0;  // rear frame B (with rider)
  double xH = 0, zH = 0, mH = 0, IHxx = 0, IHyy = 0, IHzz = 0, IHxz = 0;  // front frame H (fork, handlebar)
  double rF = 0, mF = 0, IFxx = 0, IFyy = 0;                     // front wheel F
};

enum class ParameterGroup { geometry, rear_wheel, rear_frame, front_frame, front_wheel, gravity };

/// Human-readable group name ("geometry", "rear wheel", ...).
std::string_view group_name(ParameterGroup group);

/// Describes one parameter for user interfaces (the playground's panel, the CLI's help, the docs).
struct ParameterDescriptor {
  std::string_view name;         ///< key, exactly as in the paper and the JSON format
  std::string_view unit;         ///< SI unit ("m", "kg", "kg m^2", "rad", "m/s^2")
  ParameterGroup group;
  std::string_view description;  ///< one line, for tooltips
  double Parameters::*member;
  /// A suggested slider range for user interfaces, wide enough for every preset and real bicycles; not a
  /// validity bound (validate() decides what is physical).
  double typical_min;
  double typical_max;
  /// Plausible range, enforced by validate(): a value outside it is representable but absurd (a 1e-300 m
  /// wheel, a 5e-324 kg rider) and would only make the numerics meaningless. Where zero_allowed, exactly
  /// 0 is accepted as well (a skate's wheel, a point mass). The bounds are orders of magnitude beyond any
  /// bicycle we know of; see kPlausibilitySources.
  double plausible_min;
  double plausible_max;
  bool zero_allowed;
};

/// Where the plausible ranges come from (one paragraph, for help texts and the docs).
extern const std::string_view kPlausibilitySources;

inline constexpr std::size_t kParameterCount = 26;

/// The parameter table, in the order of the paper's Table 1 (and of `benchmark-bicycle.json`).
extern const std::array<ParameterDescriptor, kParameterCount> kParameterTable;

/// The descriptor named `name`, or nullptr. This and every function below never throw (validate reports).
const ParameterDescriptor* find_parameter(std::string_view name);

/// The benchmark bicycle, Meijaard et al. (2007) Table 1 (exact values; lambda = pi/10).
Parameters benchmark_parameters();

/// A violated condition: the parameters involved (by name) and what is wrong.
struct ParameterIssue {
  std::vector<std::string> parameters;
  std::string message;
};

/// Every violated physical condition, empty when the set is physical:
/// - all values finite;
/// - g > 0; wheelbase w > 0 (front contact ahead of the rear one); |lambda| < pi/2 (the steer axis meets
///   the ground); frame masses mB, mH > 0; frame mass centres at or above the ground (zB, zH <= 0);
/// - wheel radii, masses and inertias >= 0 (they may all be zero: the two-mass-skate bicycle), a wheel of
///   zero radius has no spin inertia (IRyy = 0, IFyy = 0);
/// - every inertia tensor positive semi-definite and its principal moments obeying the triangle
///   inequality (each <= the sum of the other two), to a relative tolerance of 1e-9 for rounded data;
/// - every value within its plausible range (ParameterDescriptor::plausible_min/max, or 0 where allowed);
/// - a total mass and a front-assembly inertia about the steer axis that make the mass matrix invertible
///   is NOT checked here (see canonical.hpp, which reports it).
std::vector<ParameterIssue> validate(const Parameters& p);

/// "name1, name2: message" for one issue.
std::string to_string(const ParameterIssue& issue);

}  // namespace carvallo::bicycle
