// A designer's inputs (bicycle/designer_geometry.hpp). References independent of the code under test:
// the rake as a point-to-line distance in Meijaard 2007's Fig. 1 geometry (the steer axis through its
// ground point, a 2D cross product), the benchmark's head angle 90 - 18 = 72 deg (lambda = pi/10,
// Table 1), and round trips derived -> parameters -> derived.
#include "bicycle/designer_geometry.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <numbers>

using namespace carvallo::bicycle;

namespace {

// Perpendicular distance of the front wheel centre from the steer axis, positive ahead of it, computed
// from points in the x-z plane (z down): axis through the ground point (w + c, 0) with the upward
// direction (-sin lambda, -cos lambda); the centre at (w, -rF).
double rake_by_geometry(const Parameters& p) {
  const double gx = p.w + p.c, gz = 0.0;
  const double ux = -std::sin(p.lambda), uz = -std::cos(p.lambda);
  const double cx = p.w - gx, cz = -p.rF - gz;
  // 2D cross product u x (centre - ground point): positive when the centre lies ahead of the axis
  // (for lambda = 0, c < 0 the axis is behind the axle by -c).
  return ux * cz - uz * cx;
}

bool mentions(const DesignerEdit& e, const std::string& text) {
  for (const auto& m : e.problems)
    if (m.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("the benchmark's head angle is 72 deg and its rake the steer axis' distance from the axle", "[designer_geometry]") {
  const Parameters p = benchmark_parameters();
  // lambda = pi/10 = 18 deg exactly in degrees, so 72 up to rounding of pi/10 (a few ulps).
  CHECK(head_angle_deg(p) == Approx(72.0).epsilon(1e-15));
  // c = 0.08, rF = 0.35: d = 0.35 sin 18 deg - 0.08 cos 18 deg = 0.032071... m, the positive rake of a fork.
  CHECK(fork_offset(p) == Approx(rake_by_geometry(p)).margin(1e-15));
  CHECK(fork_offset(p) == Approx(0.0320714).margin(1e-7));
  CHECK(fork_offset(p) > 0);
}

TEST_CASE("the rake equals the geometric distance for tilted, upright and negative-trail forks", "[designer_geometry]") {
  for (double lambda : {-0.3, 0.0, 0.2, 0.5, 1.2})
    for (double c : {-0.05, 0.0, 0.08, 0.3}) {
      Parameters p = benchmark_parameters();
      p.lambda = lambda, p.c = c;
      CHECK(fork_offset(p) == Approx(rake_by_geometry(p)).margin(1e-14));
      CHECK(trail_from_fork_offset(fork_offset(p), lambda, p.rF) == Approx(c).margin(1e-14));
    }
}

TEST_CASE("derived inputs round-trip through the 26 parameters to 1e-12", "[designer_geometry]") {
  const Parameters p = benchmark_parameters();
  for (double angle : {60.0, 68.5, 72.0, 75.0, 89.0}) {
    const auto e = set_head_angle(p, angle);
    REQUIRE(e.bike);
    CHECK(std::abs(head_angle_deg(*e.bike) - angle) < 1e-12);
    CHECK(std::abs(fork_offset(*e.bike) - fork_offset(p)) < 1e-12);  // the fork is kept
    CHECK(e.bike->rF == p.rF);
  }
  for (double d : {-0.02, 0.0, 0.03, 0.045, 0.07}) {
    const auto e = set_fork_offset(p, d);
    REQUIRE(e.bike);
    CHECK(std::abs(fork_offset(*e.bike) - d) < 1e-12);
    CHECK(e.bike->lambda == p.lambda);
    CHECK(e.bike->rF == p.rF);
  }
  // Setting what it already is changes nothing beyond rounding.
  const auto same = set_head_angle(p, head_angle_deg(p));
  REQUIRE(same.bike);
  CHECK(std::abs(same.bike->lambda - p.lambda) < 1e-12);
  CHECK(std::abs(same.bike->c - p.c) < 1e-12);
}

TEST_CASE("a larger front wheel keeps lambda and the rake, raises the front frame, lengthens the trail", "[designer_geometry]") {
  const Parameters p = benchmark_parameters();
  const auto e = set_front_wheel_diameter(p, 0.8);
  REQUIRE(e.bike);
  const Parameters& q = *e.bike;
  CHECK(q.rF == 0.4);
  CHECK(q.lambda == p.lambda);
  CHECK(std::abs(fork_offset(q) - fork_offset(p)) < 1e-12);
  // Trail grows by drF tan(lambda): the axle rises along the fixed axis' normal (Fig. 1 geometry).
  CHECK(q.c == Approx(p.c + 0.05 * std::tan(p.lambda)).margin(1e-14));
  CHECK(q.zH == Approx(p.zH - 0.05).margin(1e-14));
  CHECK(q.zB == p.zB);
  const auto r = set_rear_wheel_diameter(p, 0.7);
  REQUIRE(r.bike);
  CHECK(r.bike->rR == 0.35);
  CHECK(r.bike->zB == Approx(p.zB - 0.05).margin(1e-14));
  CHECK(r.bike->c == p.c);
  CHECK(r.bike->zH == p.zH);
}

TEST_CASE("the front assembly moves with the wheelbase when asked", "[designer_geometry]") {
  const Parameters p = benchmark_parameters();
  const auto moved = set_wheelbase(p, 1.2, true);
  REQUIRE(moved.bike);
  CHECK(moved.bike->w == 1.2);
  CHECK(moved.bike->xH == Approx(p.xH + (1.2 - p.w)).margin(1e-15));
  CHECK(moved.bike->xB == p.xB);
  const auto kept = set_wheelbase(p, 1.2, false);
  REQUIRE(kept.bike);
  CHECK(kept.bike->xH == p.xH);
}

TEST_CASE("invalid designer inputs are refused with the input named", "[designer_geometry]") {
  const Parameters p = benchmark_parameters();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (double bad : {0.0, 180.0, -5.0, 200.0, inf, nan, 1e308}) {
    const auto e = set_head_angle(p, bad);
    CHECK_FALSE(e.bike);
    CHECK(mentions(e, "head angle"));
  }
  CHECK(mentions(set_fork_offset(p, nan), "fork offset: not a finite number"));
  CHECK_FALSE(set_fork_offset(p, 1e308).bike);  // a trail of -1e308 m: validate() refuses it
  for (double bad : {0.0, -0.7, -0.0, inf}) {
    CHECK_FALSE(set_front_wheel_diameter(p, bad).bike);
    CHECK_FALSE(set_rear_wheel_diameter(p, bad).bike);
  }
  CHECK(mentions(set_front_wheel_diameter(p, -1), "front wheel diameter: must be positive"));
  CHECK(mentions(set_rear_wheel_diameter(p, 1e9), "rear wheel diameter"));  // beyond the plausible range
  CHECK(mentions(set_wheelbase(p, -1, true), "wheelbase: must be positive"));
  CHECK(mentions(set_wheelbase(p, nan, false), "wheelbase: not a finite number"));
}

TEST_CASE("the side-view inertia ellipse recovers the principal axes of a rotated tensor", "[designer_geometry]") {
  // A body with principal moments 3 (about its axis a) and 1 (about b), axis a at angle theta from +x:
  // I = R diag(3, 1) R^T built here by hand; the ellipse is long along b (the axis of the smaller
  // moment), with semi-axes sqrt(3 / m) and sqrt(1 / m).
  const double m = 4.0;
  for (double theta : {0.0, 0.3, -0.7, 1.2}) {
    const double c = std::cos(theta), s = std::sin(theta);
    const double Ixx = 3 * c * c + 1 * s * s, Izz = 3 * s * s + 1 * c * c, Ixz = (3 - 1) * c * s;
    const auto e = xz_inertia_ellipse(Ixx, Ixz, Izz, m);
    CHECK(e.semi_long == Approx(std::sqrt(3.0 / m)).margin(1e-14));
    CHECK(e.semi_short == Approx(std::sqrt(1.0 / m)).margin(1e-14));
    // Long axis b = a rotated a quarter turn; compare directions modulo pi.
    const double expected = theta + std::numbers::pi / 2;
    CHECK(std::abs(std::sin(e.angle - expected)) < 1e-12);
  }
  // A wheel (Ixx = Izz, no product): a circle of the radius of gyration.
  const auto wheel = xz_inertia_ellipse(0.0603, 0, 0.0603, 2.0);
  CHECK(wheel.semi_long == Approx(std::sqrt(0.0603 / 2.0)).margin(1e-15));
  CHECK(wheel.semi_short == wheel.semi_long);
  // Not positive semi-definite, or no mass: nothing to draw.
  CHECK(xz_inertia_ellipse(1, 5, 1, 1).semi_long == 0);
  CHECK(xz_inertia_ellipse(1, 0, 1, 0).semi_long == 0);
}
