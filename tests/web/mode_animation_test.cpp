// The playground's mode-shape animation (web/logic/mode_animation.*), against independent references:
// the picked eigenvalue against Meijaard 2007 Table 2, the animated angles against the linearized
// equations of motion (residual of M q'' + v C1 q' + (g K0 + v^2 K2) q with q'' by central differences),
// the rates against central differences of the angles, the printed phase against the sampled motion's peaks.
#include "logic/mode_animation.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/parameters.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo::web;
namespace bicycle = carvallo::bicycle;

namespace {

bicycle::CanonicalModel benchmark_model() { return *bicycle::make_canonical_model(bicycle::benchmark_parameters()).model; }

constexpr double kPi = 3.141592653589793;

}  // namespace

TEST_CASE("the picked modes are Meijaard 2007 Table 2's eigenvalues", "[web][modes]") {
  const auto model = benchmark_model();
  for (const auto& row : meijaard2007::table2) {
    if (row.v < 1) continue;  // v = 0: four real roots, no oscillatory weave
    INFO("v = " << row.v);
    const auto weave = find_mode_shape(model, row.v, "weave");
    const auto capsize = find_mode_shape(model, row.v, "capsize");
    const auto castering = find_mode_shape(model, row.v, "castering");
    REQUIRE(weave);
    REQUIRE(capsize);
    REQUIRE(castering);
    // Table 2 gives 14-15 digits; the closed-form eigenvalues agree to ~1e-12.
    CHECK(weave->eigenvalue.real() == Approx(row.weave_re).margin(1e-10));
    CHECK(weave->eigenvalue.imag() == Approx(row.weave_im).margin(1e-10));
    CHECK(capsize->eigenvalue.real() == Approx(row.capsize).margin(1e-10));
    CHECK(capsize->eigenvalue.imag() == 0.0);
    CHECK(castering->eigenvalue.real() == Approx(row.castering).margin(1e-10));
    CHECK(std::max(std::abs(weave->roll), std::abs(weave->steer)) == Approx(1.0));
  }
  CHECK_FALSE(find_mode_shape(model, 5.0, "wobble"));
  CHECK_FALSE(find_mode_shape(model, NAN, "weave"));
  // Below the merge speed the two weave roots are real: the larger (the faster-growing one) is shown.
  const auto low = find_mode_shape(model, 0.3, "weave");
  REQUIRE(low);
  CHECK(low->eigenvalue.imag() == 0.0);
  CHECK(low->eigenvalue.real() > meijaard2007::merge_root);
}

TEST_CASE("the animated motion solves the linearized equations and its rates are its derivatives", "[web][modes]") {
  const auto model = benchmark_model();
  const auto& m = model.matrices;
  for (const double v : {2.0, 5.0, 8.0})
    for (const char* label : {"weave", "capsize", "castering"}) {
      INFO(label << " at v = " << v);
      const auto mode = find_mode_shape(model, v, label);
      REQUIRE(mode);
      const double amplitude = 0.1, window = mode_window(*mode);
      for (const double frac : {0.2, 0.5, 0.8}) {
        const double t = frac * window, h = 1e-5 * window;
        const auto q0 = mode_motion(*mode, amplitude, t), qp = mode_motion(*mode, amplitude, t + h), qm = mode_motion(*mode, amplitude, t - h);
        const Eigen::Vector2d q(q0.roll, q0.steer), qd(q0.roll_rate, q0.steer_rate);
        const Eigen::Vector2d qd_fd((qp.roll - qm.roll) / (2 * h), (qp.steer - qm.steer) / (2 * h));
        const Eigen::Vector2d qdd_fd((qp.roll_rate - qm.roll_rate) / (2 * h), (qp.steer_rate - qm.steer_rate) / (2 * h));
        const double scale = amplitude * std::max(1.0, std::norm(mode->eigenvalue));
        // Central differences with h = 1e-5 window: truncation ~ (h |s|)^2 relative, round-off ~1e-16/h.
        CHECK((qd - qd_fd).norm() <= 1e-6 * scale);
        const Eigen::Vector2d residual = m.M * qdd_fd + v * m.C1 * qd + (model.g * m.K0 + v * v * m.K2) * q;
        const double size = (m.M * qdd_fd).norm() + (v * m.C1 * qd).norm() + ((model.g * m.K0 + v * v * m.K2) * q).norm();
        CHECK(residual.norm() <= 1e-6 * size);
      }
    }
}

TEST_CASE("the animation restarts every window and its largest angle is the amplitude", "[web][modes]") {
  const auto model = benchmark_model();
  for (const auto& [v, label] : {std::pair{5.0, "weave"}, std::pair{3.0, "weave"}, std::pair{5.0, "capsize"},
                                 std::pair{7.0, "capsize"}, std::pair{5.0, "castering"}}) {
    INFO(label << " at v = " << v);
    const auto mode = find_mode_shape(model, v, label);
    REQUIRE(mode);
    const double window = mode_window(*mode);
    const double sigma = mode->eigenvalue.real(), omega = mode->eigenvalue.imag();
    if (omega > 0 && std::abs(sigma) * 2 * kPi / omega <= 2) CHECK(window == Approx(2 * kPi / omega).epsilon(1e-14));
    else CHECK(window <= 4.0);
    double largest = 0;
    const int n = 20000;
    for (int k = 0; k <= n; ++k) {
      const auto q = mode_motion(*mode, 0.2, window * k / n * (1 - 1e-12));
      largest = std::max({largest, std::abs(q.roll), std::abs(q.steer)});
    }
    // The dominant component's envelope peaks at 0.2 rad; a grid of 20000 samples per window finds the
    // largest sampled angle within (pi / 20000)^2 / 2 of it for an oscillation.
    CHECK(largest <= 0.2 * (1 + 1e-12));
    CHECK(largest >= 0.2 * (1 - 1e-6) * (omega > 0 ? std::exp(-std::abs(sigma) * window) : 1.0));
    // Periodic in the window: t and t + window show the same angles.
    const auto a = mode_motion(*mode, 0.2, 0.3 * window), b = mode_motion(*mode, 0.2, 1.3 * window);
    CHECK(a.roll == Approx(b.roll).margin(1e-12));
    CHECK(a.steer == Approx(b.steer).margin(1e-12));
  }
}

TEST_CASE("the printed phase is the lead of steer's peaks over roll's at the weave speed", "[web][modes]") {
  const auto model = benchmark_model();
  // At the weave speed sigma = 0: a pure oscillation whose peaks give the phase without any envelope.
  const auto mode = find_mode_shape(model, meijaard2007::weave_speed, "weave");
  REQUIRE(mode);
  CHECK(mode->eigenvalue.imag() == Approx(meijaard2007::weave_frequency).epsilon(1e-10));
  const auto d = describe_mode(*mode);
  REQUIRE(d.phase_deg);
  const double period = 2 * kPi / mode->eigenvalue.imag();
  double roll_peak = 0, steer_peak = 0, roll_max = -1, steer_max = -1;
  const int n = 200000;
  for (int k = 0; k < n; ++k) {
    const double t = period * k / n;
    const auto q = mode_motion(*mode, 1.0, t);
    if (q.roll > roll_max) roll_max = q.roll, roll_peak = t;
    if (q.steer > steer_max) steer_max = q.steer, steer_peak = t;
  }
  double lead = (roll_peak - steer_peak) / period * 360;
  lead = std::remainder(lead, 360.0);
  CHECK(lead == Approx(*d.phase_deg).margin(0.01));  // 360 / 200000 = 0.0018 deg of sampling
  CHECK(steer_max / roll_max == Approx(d.ratio).epsilon(1e-6));
  CHECK(d.shape.find("steer/roll amplitude") != std::string::npos);
  CHECK(describe_mode(*find_mode_shape(model, 3.0, "weave")).growth.find("grows, doubles every") != std::string::npos);
  CHECK(describe_mode(*find_mode_shape(model, 5.0, "castering")).growth.find("decays, halves every") != std::string::npos);
}
