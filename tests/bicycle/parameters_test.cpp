// Parameter table (Meijaard 2007 Table 1) and physical validation.
#include "bicycle/parameters.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <set>
#include <string>

using namespace carvallo::bicycle;

namespace {

bool names(const std::vector<ParameterIssue>& issues, const std::string& name) {
  for (const auto& i : issues)
    for (const auto& n : i.parameters)
      if (n == name) return true;
  return false;
}

}  // namespace

TEST_CASE("the table has the 26 parameters of Table 1, once each, with unit, group and description",
          "[parameters]") {
  // The names of Meijaard et al. (2007) Table 1 / benchmark-bicycle.json.
  const std::set<std::string> expected = {"w",    "c",    "lambda", "g",    "rR",   "mR",   "IRxx",
                                          "IRyy", "xB",   "zB",     "mB",   "IBxx", "IByy", "IBzz",
                                          "IBxz", "xH",   "zH",     "mH",   "IHxx", "IHyy", "IHzz",
                                          "IHxz", "rF",   "mF",     "IFxx", "IFyy"};
  std::set<std::string> got;
  Parameters distinct;
  double k = 1;
  for (const auto& d : kParameterTable) {
    got.insert(std::string(d.name));
    distinct.*d.member = k++;
    CHECK_FALSE(d.unit.empty());
    CHECK_FALSE(d.description.empty());
    CHECK(group_name(d.group) != "unknown");
    CHECK(find_parameter(d.name) == &d);
  }
  CHECK(got == expected);
  // Each descriptor writes its own member: had two shared one, the later write would show twice.
  k = 1;
  for (const auto& d : kParameterTable) CHECK(distinct.*d.member == k++);
  CHECK(sizeof(Parameters) == kParameterCount * sizeof(double));  // and no member is left out
  CHECK(find_parameter("lam") == nullptr);
}

TEST_CASE("the benchmark set is physical (Table 1)", "[parameters]") {
  const Parameters p = benchmark_parameters();
  CHECK(validate(p).empty());
  CHECK(p.lambda == std::numbers::pi / 10);
}

TEST_CASE("wheels of zero radius, mass and inertia are allowed (two-mass-skate)", "[parameters]") {
  Parameters p = benchmark_parameters();
  p.rR = p.mR = p.IRxx = p.IRyy = 0;
  p.rF = p.mF = p.IFxx = p.IFyy = 0;
  CHECK(validate(p).empty());
}

TEST_CASE("each violated condition is reported by name, all at once", "[parameters]") {
  Parameters p = benchmark_parameters();
  p.mB = 0;         // non-positive frame mass
  p.mH = -1;        // non-positive frame mass
  p.rF = -0.1;      // negative radius
  p.w = 0;          // front contact not ahead of the rear one
  p.g = -9.81;
  p.lambda = std::numbers::pi / 2;  // steer axis horizontal: never meets the ground
  p.zB = 0.2;       // mass centre below the ground
  const auto issues = validate(p);
  for (const char* n : {"mB", "mH", "rF", "w", "g", "lambda", "zB"}) {
    INFO(n);
    CHECK(names(issues, n));
  }
  CHECK(issues.size() == 7);
}

TEST_CASE("inertia tensors: positive semi-definite and triangle inequality", "[parameters]") {
  Parameters p = benchmark_parameters();
  p.IBxz = 6.0;  // IBxx IBzz = 25.76 < 36: not positive semi-definite
  auto issues = validate(p);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].parameters == std::vector<std::string>{"IBxx", "IByy", "IBzz", "IBxz"});
  CHECK_THAT(issues[0].message, Catch::Contains("positive semi-definite"));

  p = benchmark_parameters();
  p.IHyy = 0.07;  // > IHxx + IHzz = 0.066: principal moments break the triangle inequality
  issues = validate(p);
  REQUIRE(issues.size() == 1);
  CHECK_THAT(issues[0].message, Catch::Contains("triangle inequality"));
  CHECK(names(issues, "IHyy"));

  p = benchmark_parameters();
  p.IRyy = 0.13;  // > 2 IRxx = 0.1206
  issues = validate(p);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].parameters == std::vector<std::string>{"IRxx", "IRyy"});

  p = benchmark_parameters();
  p.IFyy = 2 * p.IFxx;  // a thin disk sits exactly on the boundary: allowed
  CHECK(validate(p).empty());
}

TEST_CASE("a zero-radius wheel with spin inertia is rejected", "[parameters]") {
  Parameters p = benchmark_parameters();
  p.rR = 0;
  const auto issues = validate(p);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].parameters == std::vector<std::string>{"rR", "IRyy"});
}

TEST_CASE("non-finite values are reported and nothing else is evaluated", "[parameters]") {
  Parameters p = benchmark_parameters();
  p.c = std::nan("");
  p.IBxx = INFINITY;
  const auto issues = validate(p);
  REQUIRE(issues.size() == 2);
  CHECK(names(issues, "c"));
  CHECK(names(issues, "IBxx"));
  CHECK(to_string(issues[0]) == "c: must be a finite number");
}

TEST_CASE("representable but absurd values are refused by name; every preset and zero wheels stay plausible",
          "[parameters]") {
  // Values a share link can carry (a 1e-300 m wheel, a 5e-324 kg rider, a 1e308 inertia): representable,
  // but they once hung the playground (costs overflowing to infinity, docs/playground.md).
  struct Case {
    double Parameters::*member;
    const char* name;
    double value;
  };
  for (const Case& k : {Case{&Parameters::rF, "rF", 1e-308}, Case{&Parameters::rR, "rR", 1e-300},
                        Case{&Parameters::mB, "mB", 5e-324}, Case{&Parameters::mR, "mR", 5e-324},
                        Case{&Parameters::w, "w", 1e308}, Case{&Parameters::g, "g", 1e-308},
                        Case{&Parameters::c, "c", -1e300}, Case{&Parameters::mF, "mF", 1e300}}) {
    Parameters p = benchmark_parameters();
    p.*(k.member) = k.value;
    const auto issues = validate(p);
    INFO(k.name << " = " << k.value);
    REQUIRE(names(issues, k.name));
    bool mentions_plausible = false;
    for (const auto& i : issues) mentions_plausible |= i.message.find("not plausible") != std::string::npos;
    CHECK(mentions_plausible);
  }
  // The range's ends are accepted, one step beyond is not (w: 1 mm to 100 m).
  Parameters p = benchmark_parameters();
  p.w = 1e-3;
  CHECK_FALSE(names(validate(p), "w"));
  p.w = std::nextafter(1e-3, 0.0);
  CHECK(names(validate(p), "w"));
  for (const auto& d : kParameterTable) {
    INFO(d.name);
    CHECK(d.plausible_min < d.plausible_max);
    CHECK((d.plausible_min <= d.typical_min || (d.zero_allowed && d.typical_min == 0.0)));
    CHECK(d.plausible_max >= d.typical_max);
  }
}
