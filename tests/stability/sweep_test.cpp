// Parameter sweeps with branch tracking, stability boundaries and stable ranges, against closed forms and
// against the published benchmark bicycle eigenvalues (Meijaard et al. 2007, Table 2).
#include "carvallo/stability/sweep.hpp"

#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <string>

using carvallo::stability::linspace;
using carvallo::stability::SweepError;
using carvallo::stability::SweepOptions;
using carvallo::stability::sweep_eigenvalues;
using cplx = std::complex<double>;

namespace {

// Eigenvalues of T * blockdiag(A(p), B(p)) * T^-1 with
//   A(p) = diag(p - 1, -0.5 - p): real roots a1 = p - 1, a2 = -0.5 - p that cross at p = 0.25;
//   B(p) = companion of s^2 - 2 m s + 1, m = p - 0.8: s = m +- sqrt(m^2 - 1), a complex pair with Re s = m
//          for |m| < 1 (crosses the imaginary axis at p = 0.8 with s = +-i), splitting into two real roots at
//          p = -0.2 and p = 1.8 (double roots -1 and +1).
// a1 also crosses B's smaller real root where sqrt(m^2 - 1) = 0.2, i.e. p = 0.8 -+ sqrt(1.04), just before
// the first split and just after the second: the hardest case for a tracker.
// Stability boundaries in closed form: p = -0.5 (a2 becomes negative), p = 0.8 (pair), p = 1 (a1 positive).
// The output order is scrambled on purpose so that the tracker cannot rely on the solver's order.
std::vector<cplx> closed_form_system(double p) {
  Eigen::Matrix4d D = Eigen::Matrix4d::Zero();
  D(0, 0) = p - 1.0;
  D(1, 1) = -0.5 - p;
  D(2, 3) = 1.0;
  D(3, 2) = -1.0;
  D(3, 3) = 2.0 * (p - 0.8);
  Eigen::Matrix4d T;
  T << 1.0, 0.3, -0.2, 0.1, 0.2, 1.0, 0.4, -0.3, -0.1, 0.5, 1.0, 0.2, 0.3, -0.2, 0.1, 1.0;
  Eigen::EigenSolver<Eigen::Matrix4d> es(T * D * T.inverse(), false);
  std::vector<cplx> out(4);
  const int shift = static_cast<int>(std::floor(std::abs(p) * 977.0)) % 4;
  for (int i = 0; i < 4; ++i) out[static_cast<std::size_t>((i + shift) % 4)] = es.eigenvalues()(i);
  if (static_cast<int>(std::floor(std::abs(p) * 131.0)) % 2) std::swap(out[0], out[3]);
  return out;
}

}  // namespace

TEST_CASE("sweep keeps branches continuous through crossings and complex-pair splits", "[sweep]") {
  // Grid step 0.055; p = -0.2 (a split, defective double root) falls on the grid on purpose.
  const auto grid = linspace(-0.97, 2.0, 55);
  SweepOptions options;
  options.label_parameter = 0.0;
  options.labeler = [](double, const std::vector<cplx>& v) {
    std::vector<std::string> labels;
    for (const auto& s : v)  // at p = 0: a1 = -1, a2 = -0.5, pair -0.8 +- 0.6i
      labels.push_back(s.imag() != 0.0 ? "pair" : (s.real() < -0.75 ? "a1" : "a2"));
    return labels;
  };
  const auto result = sweep_eigenvalues(closed_form_system, grid, options);
  REQUIRE(result.branches.size() == 4);
  REQUIRE(result.parameters.size() == grid.size());

  // a1 and a2 are followed as the same analytic root over the whole range, through their crossing at
  // p = 0.25 and through a1's crossings of the pair's real roots. Tolerance 1e-9: simple eigenvalues of a
  // well-conditioned 4x4 are accurate to ~1e-14; a swap would show an O(0.1) error.
  for (const char* name : {"a1", "a2"}) {
    int found = 0;
    for (const auto& branch : result.branches) {
      if (branch.label != name) continue;
      ++found;
      for (std::size_t k = 0; k < grid.size(); ++k) {
        const double expected = std::string(name) == "a1" ? grid[k] - 1.0 : -0.5 - grid[k];
        INFO(name << " at p = " << grid[k]);
        CHECK(std::abs(branch.values[k] - cplx(expected, 0.0)) < 1e-9);
      }
    }
    CHECK(found == 1);
  }
  // The pair's two branches: in each region between splits each keeps its identity (upper/lower real root,
  // or sign of the imaginary part). At the double roots themselves the solver is accurate to ~sqrt(eps),
  // hence the 1e-6 margin around the split points.
  int pairs = 0;
  for (const auto& branch : result.branches) {
    if (branch.label != "pair") continue;
    ++pairs;
    std::string left, middle, right;
    for (std::size_t k = 0; k < grid.size(); ++k) {
      const double p = grid[k], m = p - 0.8;
      const cplx s = branch.values[k];
      const cplx expected_root = m + std::sqrt(cplx(m * m - 1.0, 0.0));
      const cplx other_root = m - std::sqrt(cplx(m * m - 1.0, 0.0));
      CHECK(std::min(std::abs(s - expected_root), std::abs(s - other_root)) < 1e-6);
      if (std::abs(std::abs(m) - 1.0) < 1e-6) continue;
      std::string& region = m < -1.0 ? left : (m > 1.0 ? right : middle);
      const std::string kind = std::abs(m) > 1.0 ? (s.real() > m ? "upper" : "lower") : (s.imag() > 0 ? "+" : "-");
      if (region.empty()) region = kind;
      INFO("pair branch at p = " << p);
      CHECK(region == kind);
    }
  }
  CHECK(pairs == 2);

  // Boundaries in closed form, to the requested 1e-11 (plus double rounding of p).
  REQUIRE(result.boundaries.size() == 3);
  CHECK(std::abs(result.boundaries[0].parameter - (-0.5)) < 1e-11);
  CHECK_FALSE(result.boundaries[0].destabilizing);
  CHECK(result.boundaries[0].label == "a2");
  CHECK(std::abs(result.boundaries[1].parameter - 0.8) < 1e-11);
  CHECK(result.boundaries[1].destabilizing);
  CHECK(result.boundaries[1].branches.size() == 2);
  CHECK(std::abs(result.boundaries[1].eigenvalue - cplx(0.0, 1.0)) < 1e-9);
  CHECK(result.boundaries[1].label == "pair");
  CHECK(std::abs(result.boundaries[2].parameter - 1.0) < 1e-11);
  CHECK(result.boundaries[2].destabilizing);
  CHECK(result.boundaries[2].label == "a1");
  for (const auto& b : result.boundaries) CHECK(b.bracket_upper - b.bracket_lower <= 1e-11);

  REQUIRE(result.stable_ranges.size() == 1);
  CHECK(std::abs(result.stable_ranges[0].lower - (-0.5)) < 1e-11);
  CHECK(std::abs(result.stable_ranges[0].upper - 0.8) < 1e-11);
}

TEST_CASE("sweep finds the benchmark bicycle's weave and capsize speeds", "[sweep]") {
  // Canonical linearized bicycle M q'' + v C1 q' + (g K0 + v^2 K2) q = 0, q = [roll, steer], with the
  // matrices of Meijaard et al. (2007) recomputed in 40-digit arithmetic (the same values as
  // examples/bicycle/meijaard2007_reference.hpp).
  Eigen::Matrix2d M, C1, K0, K2;
  M << 80.81722, 2.3194133220870913477, 2.3194133220870913477, 0.29784188199685552999;
  C1 << 0.0, 33.866413914924943883, -0.85035641456978437036, 1.6854039739755967411;
  K0 << -80.95, -2.5995168524987164073, -2.5995168524987164073, -0.80329488458617688081;
  K2 << 0.0, 76.597345895732221519, 0.0, 2.6543152379460402523;
  const double g = 9.81;
  auto eig = [&](double v) {
    Eigen::Matrix4d A = Eigen::Matrix4d::Zero();
    A.topRightCorner<2, 2>().setIdentity();
    A.bottomLeftCorner<2, 2>() = -M.inverse() * (g * K0 + v * v * K2);
    A.bottomRightCorner<2, 2>() = -M.inverse() * (v * C1);
    Eigen::EigenSolver<Eigen::Matrix4d> es(A, false);
    std::vector<cplx> out;
    for (int i = 0; i < 4; ++i) out.push_back(es.eigenvalues()(i));
    return out;
  };
  SweepOptions options;
  options.label_parameter = 5.0;
  options.labeler = [](double, const std::vector<cplx>& v) {
    std::vector<std::string> labels;
    for (const auto& s : v)  // at 5 m/s: weave -0.78 +- 4.46i, capsize -0.32, castering -14.08
      labels.push_back(s.imag() != 0.0 ? "weave" : (s.real() > -5.0 ? "capsize" : "castering"));
    return labels;
  };
  const auto grid = linspace(0.0, 10.0, 101);
  const auto result = sweep_eigenvalues(eig, grid, options);

  // Table 2a: v_w = 4.29238253634111, v_c = 6.02426201538837 (15 digits). Tolerance 1e-10 as required; the
  // matrices are exact to ~1e-20 so double rounding (~1e-13 on the speeds) is what remains.
  REQUIRE(result.boundaries.size() == 2);
  CHECK(std::abs(result.boundaries[0].parameter - 4.29238253634111) < 1e-10);
  CHECK(result.boundaries[0].label == "weave");
  CHECK_FALSE(result.boundaries[0].destabilizing);
  CHECK(std::abs(result.boundaries[0].eigenvalue.imag() - 3.43503384866144) < 1e-9);
  CHECK(std::abs(result.boundaries[1].parameter - 6.02426201538837) < 1e-10);
  CHECK(result.boundaries[1].label == "capsize");
  CHECK(result.boundaries[1].destabilizing);
  REQUIRE(result.stable_ranges.size() == 1);
  CHECK(std::abs(result.stable_ranges[0].lower - 4.29238253634111) < 1e-10);
  CHECK(std::abs(result.stable_ranges[0].upper - 6.02426201538837) < 1e-10);

  // Table 2b-c, followed by label from 5 m/s down to 0 m/s (through the weave pair's split into two real
  // roots at 0.684 m/s) and up to 10 m/s. The table is exact to ~1e-13; tolerance 1e-11 absolute.
  const double castering[] = {-5.53094371765393, -7.11008014637442, -8.67387984831735, -10.3510146724592,
                              -12.1586142657644, -14.0783896927982, -16.0853712309803, -18.1578846612520,
                              -20.2794089439457, -22.4378855904086, -24.6245963501740};
  const double capsize[] = {-3.13164324790656, -3.13423125066578, -3.07158645641514, -2.63366137253667,
                            -1.42944427361326, -0.32286642900409, -0.00406690076970, 0.10268170574766,
                            0.14327879765713,  0.15790184030917,  0.16105338653172};
  const double weave_re[] = {0.0, 3.52696170990070, 2.68234517512745, 1.70675605663975, 0.41325331521125,
                             -0.77534188219585, -1.52644486584142, -2.13875644258362, -2.69348683581097,
                             -3.21675402252491, -3.72016840437287};
  const double weave_im[] = {0.0, 0.80774027519930, 1.68066296590675, 2.31582447384325, 3.07910818603206,
                             4.46486771378823, 5.87673060598709, 7.19525913329805, 8.46037971396931,
                             9.69377351531782, 10.90681139476287};
  for (int speed = 0; speed <= 10; ++speed) {
    const std::size_t k = static_cast<std::size_t>(speed) * 10;
    INFO("v = " << grid[k]);
    std::vector<cplx> weave;
    for (const auto& branch : result.branches) {
      const cplx s = branch.values[k];
      if (branch.label == "castering") CHECK(std::abs(s - castering[speed]) < 1e-11);
      if (branch.label == "capsize") CHECK(std::abs(s - capsize[speed]) < 1e-11);
      if (branch.label == "weave") weave.push_back(s);
    }
    REQUIRE(weave.size() == 2);
    if (speed == 0) {  // two real roots +3.13164324790656 and +5.53094371765393
      const double lo = std::min(weave[0].real(), weave[1].real()), hi = std::max(weave[0].real(), weave[1].real());
      CHECK(std::abs(lo - 3.13164324790656) < 1e-11);
      CHECK(std::abs(hi - 5.53094371765393) < 1e-11);
    } else {
      for (const auto& s : weave) {
        CHECK(std::abs(s.real() - weave_re[speed]) < 1e-11);
        CHECK(std::abs(std::abs(s.imag()) - weave_im[speed]) < 1e-11);
      }
    }
  }
}

TEST_CASE("sweep reports neutral branches and does not invent boundaries from round-off", "[sweep]") {
  // Undamped oscillator s = +-i*sqrt(1 + p^2) plus a decaying root s = -1: real parts are 0 up to
  // round-off, so the pair is neutral; the system counts as stable (the neutral pair is ignored).
  auto f = [](double p) {
    const double w = std::sqrt(1.0 + p * p);
    return std::vector<cplx>{{1e-17 * std::sin(40.0 * p), w}, {-1e-17 * std::sin(40.0 * p), -w}, {-1.0, 0.0}};
  };
  const auto result = sweep_eigenvalues(f, linspace(0.0, 3.0, 31));
  CHECK(result.boundaries.empty());
  int neutral = 0;
  for (const auto& b : result.branches) neutral += b.neutral ? 1 : 0;
  CHECK(neutral == 2);
  REQUIRE(result.stable_ranges.size() == 1);
  CHECK(result.stable_ranges[0].lower == 0.0);
  CHECK(result.stable_ranges[0].upper == 3.0);
}

TEST_CASE("sweep errors name what failed", "[sweep]") {
  auto changing = [](double p) { return std::vector<cplx>(p < 0.5 ? 2 : 3, cplx(-1.0, 0.0)); };
  CHECK_THROWS_AS(sweep_eigenvalues(changing, linspace(0.0, 1.0, 11)), SweepError);
  auto nan = [](double p) { return std::vector<cplx>{cplx(p > 0.5 ? std::nan("") : -1.0, 0.0)}; };
  CHECK_THROWS_AS(sweep_eigenvalues(nan, linspace(0.0, 1.0, 11)), SweepError);
  CHECK_THROWS_AS(sweep_eigenvalues(nan, {0.0, 0.0}), SweepError);
  CHECK_THROWS_AS(sweep_eigenvalues(nan, {}), SweepError);
}

TEST_CASE("sweep: a neutral pair that collides at 0 and splits into +-lambda gives one boundary", "[sweep]") {
  // s^2 = p - 1 (e.g. a bead on a hoop spun faster than sqrt(g/R)): s = +-i sqrt(1 - p) for p < 1 with
  // round-off-sized real parts, s = +-sqrt(p - 1) beyond. Plus a damped root -2. The real part crosses no
  // zero with a sign change on the neutral side; the boundary is where Re s leaves the neutral band,
  // p = 1 + (1e-9)^2 up to the band's |s| scaling: within 1e-11 of 1.
  auto f = [](double p) {
    const double d = p - 1.0;
    const double noise = 1e-16 * std::sin(50.0 * p);
    if (d < 0) return std::vector<cplx>{{noise, std::sqrt(-d)}, {-noise, -std::sqrt(-d)}, {-2.0, 0.0}};
    return std::vector<cplx>{{std::sqrt(d), 0.0}, {-std::sqrt(d), 0.0}, {-2.0, 0.0}};
  };
  const auto result = sweep_eigenvalues(f, linspace(0.03, 2.0, 40));
  REQUIRE(result.boundaries.size() == 1);
  CHECK(result.boundaries[0].destabilizing);
  CHECK(std::abs(result.boundaries[0].parameter - 1.0) < 1e-11);
  REQUIRE(result.stable_ranges.size() == 1);
  CHECK(result.stable_ranges[0].lower == 0.03);
  CHECK(std::abs(result.stable_ranges[0].upper - 1.0) < 1e-11);
}

TEST_CASE("sweep terminates on eigenvalues near the overflow limit and scales its matching", "[sweep]") {
  // A nearly singular model's eigenvalues: |s| ~ 1e200, whose squared distances overflow to infinity.
  // The same system scaled by 1e200 must give the branches of the unscaled one, scaled.
  const double big = 1e200;
  auto scaled = [&](double p) {
    auto v = closed_form_system(p);
    for (auto& s : v) s *= big;
    return v;
  };
  const auto grid = linspace(-1.0, 2.0, 61);
  const auto reference = sweep_eigenvalues(closed_form_system, grid);
  SweepOptions options;
  options.boundary_tolerance = 1e-9;
  const auto result = sweep_eigenvalues(scaled, grid, options);
  REQUIRE(result.branches.size() == reference.branches.size());
  for (std::size_t b = 0; b < result.branches.size(); ++b)
    for (std::size_t k = 0; k < grid.size(); ++k)
      CHECK(std::abs(result.branches[b].values[k] / big - reference.branches[b].values[k]) <= 1e-12 * (1 + std::abs(reference.branches[b].values[k])));
}

TEST_CASE("sweep stops at its evaluation budget with a SweepError", "[sweep]") {
  SweepOptions options;
  options.max_evaluations = 30;  // fewer than the grid's 61 samples
  CHECK_THROWS_AS(sweep_eigenvalues(closed_form_system, linspace(-1.0, 2.0, 61), options), SweepError);
  options.max_evaluations = 100000;
  CHECK_NOTHROW(sweep_eigenvalues(closed_form_system, linspace(-1.0, 2.0, 61), options));
}

TEST_CASE("sweep: a range that ends within round-off of a crossing has the crossing only if it is in the range", "[sweep]") {
  // A stabilizing root s = 1 - p (crossing at p = 1) and a decaying one. A range ending 4e-11 short of the
  // crossing, where Re s is within the neutral band, had a boundary where Re s left +tau (3.3e-9 early in
  // the bicycle's weave, and a stable range that does not exist; a tester).
  auto f = [](double p) { return std::vector<cplx>{{1.0 - p, 0.0}, {-2.0, 0.0}}; };
  const auto before = sweep_eigenvalues(f, linspace(0.0, 1.0 - 4e-11, 41));
  CHECK(before.boundaries.empty());
  CHECK(before.stable_ranges.empty());
  const auto after = sweep_eigenvalues(f, linspace(0.0, 1.0 + 4e-11, 41));
  REQUIRE(after.boundaries.size() == 1);
  CHECK(std::abs(after.boundaries[0].parameter - 1.0) < 1e-13);
  CHECK_FALSE(after.boundaries[0].destabilizing);
  // And a destabilizing root s = p - 1 ending just past its crossing.
  auto g = [](double p) { return std::vector<cplx>{{p - 1.0, 0.0}, {-2.0, 0.0}}; };
  const auto up = sweep_eigenvalues(g, linspace(0.0, 1.0 + 4e-11, 41));
  REQUIRE(up.boundaries.size() == 1);
  CHECK(std::abs(up.boundaries[0].parameter - 1.0) < 1e-13);
  CHECK(up.boundaries[0].destabilizing);
}

TEST_CASE("linspace: finite for ends near the largest doubles, its usual values otherwise", "[sweep]") {
  const auto wide = linspace(-1e308, 1e308, 3);
  CHECK(wide == std::vector<double>{-1e308, 0.0, 1e308});  // last - first overflows: the ends weighted
  const auto usual = linspace(1.0, 4.0, 4);
  CHECK(usual == std::vector<double>{1.0, 2.0, 3.0, 4.0});
}
