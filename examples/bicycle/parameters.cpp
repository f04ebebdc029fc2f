#include "bicycle/parameters.hpp"

#include "carvallo/errors.hpp"

#include <cmath>
#include <numbers>

namespace carvallo::bicycle {

using G = ParameterGroup;

namespace {
constexpr double kHalfPi = std::numbers::pi / 2;
}  // namespace

const std::string_view kPlausibilitySources =
    "Plausible ranges: lengths 1 mm to 100 m, masses 1 g to 100 t, moments of inertia 1e-12 to 1e6 kg m^2, "
    "gravity 0.001 to 1000 m/s^2. Every bicycle in the literature lies well inside: the benchmark "
    "(Meijaard et al. 2007, Table 1), the measured bicycles of Moore (2012, the presets' sources), the "
    "two-mass-skate (Kooijman et al. 2011, zero-radius wheels and point masses, hence 'or 0'), and "
    "motorcycles of a few hundred kilograms (Sharp 1971). Outside them a value can be represented but "
    "describes nothing physical, and the linearized equations lose every significant digit.";

const std::array<ParameterDescriptor, kParameterCount> kParameterTable = {{
    {"w", "m", G::geometry, "wheelbase: distance between the wheel contact points", &Parameters::w, 0.5, 2.0, 0.001, 100.0, false},
    {"c", "m", G::geometry, "trail: front contact point behind the steer axis (positive)", &Parameters::c, -0.2, 0.3, -100.0, 100.0, false},
    {"lambda", "rad", G::geometry, "steer-axis tilt from the vertical", &Parameters::lambda, -0.5, 1.2, -kHalfPi, kHalfPi, false},
    {"g", "m/s^2", G::gravity, "gravitational acceleration", &Parameters::g, 1.0, 25.0, 0.001, 1000.0, false},
    {"rR", "m", G::rear_wheel, "rear wheel radius", &Parameters::rR, 0.0, 0.7, 0.001, 100.0, true},
    {"mR", "kg", G::rear_wheel, "rear wheel mass", &Parameters::mR, 0.0, 10.0, 0.001, 100000.0, true},
    {"IRxx", "kg m^2", G::rear_wheel, "rear wheel moment of inertia about a diameter (= IRzz)", &Parameters::IRxx, 0.0, 0.5, 1e-12, 1000000.0, true},
    {"IRyy", "kg m^2", G::rear_wheel, "rear wheel moment of inertia about its axle (spin)", &Parameters::IRyy, 0.0, 1.0, 1e-12, 1000000.0, true},
    {"xB", "m", G::rear_frame, "rear frame (and rider) mass centre, forward of the rear contact", &Parameters::xB, -0.5, 1.5, -100.0, 100.0, false},
    {"zB", "m", G::rear_frame, "rear frame (and rider) mass centre, z down (negative is above ground)",
     &Parameters::zB, -2.0, 0.0, -100.0, 0.0, false},
    {"mB", "kg", G::rear_frame, "rear frame (and rider) mass", &Parameters::mB, 1.0, 150.0, 0.001, 100000.0, false},
    {"IBxx", "kg m^2", G::rear_frame, "rear frame moment of inertia about x through its mass centre",
     &Parameters::IBxx, 0.0, 20.0, 1e-12, 1000000.0, true},
    {"IByy", "kg m^2", G::rear_frame, "rear frame moment of inertia about y (not in the linear equations)",
     &Parameters::IByy, 0.0, 20.0, 1e-12, 1000000.0, true},
    {"IBzz", "kg m^2", G::rear_frame, "rear frame moment of inertia about z through its mass centre",
     &Parameters::IBzz, 0.0, 10.0, 1e-12, 1000000.0, true},
    {"IBxz", "kg m^2", G::rear_frame, "rear frame product of inertia xz (tensor entry)", &Parameters::IBxz, -5.0, 5.0, -1000000.0, 1000000.0, false},
    {"xH", "m", G::front_frame, "front frame (fork, handlebar) mass centre, forward of the rear contact",
     &Parameters::xH, 0.3, 1.5, -100.0, 100.0, false},
    {"zH", "m", G::front_frame, "front frame mass centre, z down (negative is above ground)", &Parameters::zH, -1.5, 0.0, -100.0, 0.0, false},
    {"mH", "kg", G::front_frame, "front frame (fork, handlebar) mass", &Parameters::mH, 0.5, 15.0, 0.001, 100000.0, false},
    {"IHxx", "kg m^2", G::front_frame, "front frame moment of inertia about x through its mass centre",
     &Parameters::IHxx, 0.0, 0.5, 1e-12, 1000000.0, true},
    {"IHyy", "kg m^2", G::front_frame, "front frame moment of inertia about y (not in the linear equations)",
     &Parameters::IHyy, 0.0, 0.5, 1e-12, 1000000.0, true},
    {"IHzz", "kg m^2", G::front_frame, "front frame moment of inertia about z through its mass centre",
     &Parameters::IHzz, 0.0, 0.2, 1e-12, 1000000.0, true},
    {"IHxz", "kg m^2", G::front_frame, "front frame product of inertia xz (tensor entry)", &Parameters::IHxz, -0.1, 0.1, -1000000.0, 1000000.0, false},
    {"rF", "m", G::front_wheel, "front wheel radius", &Parameters::rF, 0.0, 0.7, 0.001, 100.0, true},
    {"mF", "kg", G::front_wheel, "front wheel mass", &Parameters::mF, 0.0, 10.0, 0.001, 100000.0, true},
    {"IFxx", "kg m^2", G::front_wheel, "front wheel moment of inertia about a diameter (= IFzz)", &Parameters::IFxx, 0.0, 0.5, 1e-12, 1000000.0, true},
    {"IFyy", "kg m^2", G::front_wheel, "front wheel moment of inertia about its axle (spin)", &Parameters::IFyy, 0.0, 1.0, 1e-12, 1000000.0, true},
}};

std::string_view group_name(ParameterGroup group) {
  switch (group) {
    case G::geometry: return "geometry";
    case G::rear_wheel: return "rear wheel";
    case G::rear_frame: return "rear frame";
    case G::front_frame: return "front frame";
    case G::front_wheel: return "front wheel";
    case G::gravity: return "gravity";
  }
  return "unknown";
}

const ParameterDescriptor* find_parameter(std::string_view name) {
  for (const auto& d : kParameterTable)
    if (d.name == name) return &d;
  return nullptr;
}

Parameters benchmark_parameters() {
  // Meijaard et al. (2007), Table 1.
  Parameters p;
  p.w = 1.02; p.c = 0.08; p.lambda = std::numbers::pi / 10.0; p.g = 9.81;
  p.rR = 0.3; p.mR = 2.0; p.IRxx = 0.0603; p.IRyy = 0.12;
  p.xB = 0.3; p.zB = -0.9; p.mB = 85.0; p.IBxx = 9.2; p.IByy = 11.0; p.IBzz = 2.8; p.IBxz = 2.4;
  p.xH = 0.9; p.zH = -0.7; p.mH = 4.0; p.IHxx = 0.05892; p.IHyy = 0.06; p.IHzz = 0.00708; p.IHxz = -0.00756;
  p.rF = 0.35; p.mF = 3.0; p.IFxx = 0.1405; p.IFyy = 0.28;
  return p;
}

std::string to_string(const ParameterIssue& issue) {
  std::string out;
  for (std::size_t i = 0; i < issue.parameters.size(); ++i) out += (i ? ", " : "") + issue.parameters[i];
  return out.empty() ? issue.message : out + ": " + issue.message;  // of the whole file: no empty name before it
}

namespace {

// Relative tolerance for the inertia conditions: published data are rounded (a thin disk sits exactly on
// the triangle-inequality boundary, Iyy = 2 Ixx).
constexpr double kInertiaTolerance = 1e-9;

void check_frame_inertia(std::vector<ParameterIssue>& out, std::string_view body, double xx, double yy,
                         double zz, double xz) {
  const std::string b(body);
  std::vector<std::string> names = {"I" + b + "xx", "I" + b + "yy", "I" + b + "zz", "I" + b + "xz"};
  const double scale = std::abs(xx) + std::abs(yy) + std::abs(zz) + std::abs(xz);
  const double tol = kInertiaTolerance * scale;
  if (xx < -tol || yy < -tol || zz < -tol || xx * zz - xz * xz < -tol * scale) {
    out.push_back({names, "inertia tensor of the " + std::string(body == "B" ? "rear" : "front") +
                              " frame is not positive semi-definite (need Ixx, Iyy, Izz >= 0 and Ixx Izz >= Ixz^2)"});
    return;
  }
  // Principal moments: yy and the eigenvalues m- <= m+ of [[xx, xz], [xz, zz]].
  const double half_diff = 0.5 * (xx - zz);
  const double spread = 2.0 * std::sqrt(half_diff * half_diff + xz * xz);  // m+ - m-
  if (yy > xx + zz + tol || spread > yy + tol)
    out.push_back({names, "principal moments of inertia of the " +
                              std::string(body == "B" ? "rear" : "front") +
                              " frame break the triangle inequality (each must be <= the sum of the other two)"});
}

void check_wheel(std::vector<ParameterIssue>& out, std::string_view wheel, double r, double m, double ixx,
                 double iyy) {
  const std::string w(wheel);
  const std::string which = wheel == "R" ? "rear" : "front";
  if (r < 0) out.push_back({{"r" + w}, which + " wheel radius must be >= 0 (zero for a skate)"});
  if (m < 0) out.push_back({{"m" + w}, which + " wheel mass must be >= 0"});
  if (ixx < 0 || iyy < 0) {
    out.push_back({{"I" + w + "xx", "I" + w + "yy"}, which + " wheel moments of inertia must be >= 0"});
    return;
  }
  if (iyy > 2.0 * ixx * (1.0 + kInertiaTolerance))
    out.push_back({{"I" + w + "xx", "I" + w + "yy"},
                   which + " wheel breaks the triangle inequality: I" + w + "yy must be <= 2 I" + w + "xx"});
  if (r == 0.0 && iyy != 0.0)
    out.push_back({{"r" + w, "I" + w + "yy"}, which + " wheel of zero radius cannot have spin inertia (I" + w +
                                                   "yy must be 0 when r" + w + " = 0)"});
}

// Representable but absurd values (kPlausibilitySources); a parameter already named by a physical
// condition is not reported twice.
void check_plausible(std::vector<ParameterIssue>& out, const Parameters& p) {
  auto reported = [&](std::string_view name) {
    for (const auto& issue : out)
      for (const auto& n : issue.parameters)
        if (n == name) return true;
    return false;
  };
  for (const auto& d : kParameterTable) {
    const double x = p.*d.member;
    if ((d.zero_allowed && x == 0.0) || (x >= d.plausible_min && x <= d.plausible_max) || reported(d.name)) continue;
    std::string message(d.description);
    message.append(": ").append(format_for_message(x)).append(" ").append(d.unit).append(" is not plausible (need ");
    if (d.zero_allowed) message.append("0 or ");
    message.append(format_for_message(d.plausible_min)).append(" to ").append(format_for_message(d.plausible_max));
    message.append(" ").append(d.unit).append(")");
    out.push_back({{std::string(d.name)}, message});
  }
}

}  // namespace

std::vector<ParameterIssue> validate(const Parameters& p) {
  std::vector<ParameterIssue> out;
  for (const auto& d : kParameterTable)
    if (!std::isfinite(p.*d.member)) out.push_back({{std::string(d.name)}, "must be a finite number"});
  if (!out.empty()) return out;

  if (p.g <= 0) out.push_back({{"g"}, "gravity must be > 0"});
  if (p.w <= 0) out.push_back({{"w"}, "wheelbase must be > 0: the front contact point must be ahead of the rear one"});
  if (!(std::abs(p.lambda) < std::numbers::pi / 2))
    out.push_back({{"lambda"}, "steer-axis tilt must be within (-pi/2, pi/2) rad so that the steer axis meets the ground"});
  if (p.mB <= 0) out.push_back({{"mB"}, "rear frame mass must be > 0"});
  if (p.mH <= 0) out.push_back({{"mH"}, "front frame mass must be > 0"});
  if (p.zB > 0) out.push_back({{"zB"}, "rear frame mass centre is below the ground (z points down: need zB <= 0)"});
  if (p.zH > 0) out.push_back({{"zH"}, "front frame mass centre is below the ground (z points down: need zH <= 0)"});
  check_wheel(out, "R", p.rR, p.mR, p.IRxx, p.IRyy);
  check_wheel(out, "F", p.rF, p.mF, p.IFxx, p.IFyy);
  check_frame_inertia(out, "B", p.IBxx, p.IByy, p.IBzz, p.IBxz);
  check_frame_inertia(out, "H", p.IHxx, p.IHyy, p.IHzz, p.IHxz);
  check_plausible(out, p);
  return out;
}

}  // namespace carvallo::bicycle
