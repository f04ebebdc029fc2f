// The canonical route (Appendix A -> M, C1, K0, K2 -> eigenvalues) against Meijaard et al. (2007).
#include "bicycle/canonical.hpp"
#include "bicycle/presets.hpp"
#include "bicycle/random_parameters.hpp"
#include "carvallo/generalized_eigen.hpp"
#include "bicycle/meijaard2007_reference.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

using namespace carvallo::bicycle;
namespace ref = meijaard2007;

namespace {

// Agreement with the paper's 20-digit values to 1e-14 * max(1, |value|): the formulas take a few dozen
// floating-point operations on numbers of order 1-100, so a few ulps is what a correct double
// implementation achieves.
constexpr double kRel = 1e-14;

bool close_rel(double got, double expected, double rel = kRel) {
  return std::abs(got - expected) <= rel * std::max(1.0, std::abs(expected));
}

std::vector<std::complex<double>> sorted(std::vector<std::complex<double>> v) {
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
  });
  return v;
}

}  // namespace

TEST_CASE("Appendix A intermediate values for the benchmark (Meijaard 2007, App. A)", "[canonical]") {
  const auto a = appendix_a<double>(benchmark_parameters());
  CHECK(close_rel(a.mT, ref::mT));
  CHECK(close_rel(a.xT, ref::xT));
  CHECK(close_rel(a.zT, ref::zT));
  CHECK(close_rel(a.ITxx, ref::ITxx));
  CHECK(close_rel(a.ITxz, ref::ITxz));
  CHECK(close_rel(a.ITzz, ref::ITzz));
  CHECK(close_rel(a.mA, ref::mA));
  CHECK(close_rel(a.xA, ref::xA));
  CHECK(close_rel(a.zA, ref::zA));
  CHECK(close_rel(a.IAxx, ref::IAxx));
  CHECK(close_rel(a.IAxz, ref::IAxz));
  CHECK(close_rel(a.IAzz, ref::IAzz));
  CHECK(close_rel(a.uA, ref::uA));  // a difference of terms ~1: the absolute 1e-14 of close_rel applies
  CHECK(close_rel(a.IAll, ref::IAll));
  CHECK(close_rel(a.IAlx, ref::IAlx));
  CHECK(close_rel(a.IAlz, ref::IAlz));
  CHECK(close_rel(a.mu, ref::mu));
  CHECK(close_rel(a.SR, ref::SR));
  CHECK(close_rel(a.SF, ref::SF));
  CHECK(close_rel(a.ST, ref::ST));
  CHECK(close_rel(a.SA, ref::SA));
}

TEST_CASE("M, C1, K0, K2 of the benchmark match the paper's values", "[canonical]") {
  const auto m = canonical_matrices<double>(benchmark_parameters());
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      const auto k = static_cast<std::size_t>(2 * i + j);
      INFO("entry " << i + 1 << j + 1);
      CHECK(close_rel(m.M(i, j), ref::M[k]));
      CHECK(close_rel(m.C1(i, j), ref::C1[k]));
      CHECK(close_rel(m.K0(i, j), ref::K0[k]));
      CHECK(close_rel(m.K2(i, j), ref::K2[k]));
    }
}

TEST_CASE("eigenvalues of the benchmark match Table 2b-c to 1e-12", "[canonical]") {
  // The table gives 14-15 significant digits (exact arithmetic reproduces them to ~1e-13); our measured
  // worst error is ~3e-14. 1e-12 leaves room for other compilers and WebAssembly's libm.
  constexpr double kAbs = 1e-12;
  const auto model = make_canonical_model(benchmark_parameters());
  REQUIRE(model.model);
  double worst = 0;
  for (const auto& row : ref::table2) {
    std::vector<std::complex<double>> expected;
    if (row.v == 0) {
      for (double x : ref::eigenvalues_at_rest) expected.emplace_back(x, 0.0);
    } else {
      expected = {{row.castering, 0}, {row.capsize, 0}, {row.weave_re, -row.weave_im}, {row.weave_re, row.weave_im}};
    }
    expected = sorted(expected);
    const auto got = eigenvalues(*model.model, row.v);
    for (std::size_t k = 0; k < 4; ++k) {
      INFO("v = " << row.v << ", eigenvalue " << k);
      CHECK(std::abs(got[k] - expected[k]) < kAbs);
      worst = std::max(worst, std::abs(got[k] - expected[k]));
    }
  }
  WARN("worst eigenvalue error vs Table 2: " << worst);
}

TEST_CASE("eigenvalues are sorted and pairs exactly conjugate", "[canonical]") {
  const auto model = make_canonical_model(benchmark_parameters());
  const auto ev = eigenvalues(*model.model, 3.0);
  for (std::size_t k = 0; k + 1 < 4; ++k) CHECK((ev[k].real() < ev[k + 1].real() ||
                                                 (ev[k].real() == ev[k + 1].real() && ev[k].imag() <= ev[k + 1].imag())));
  CHECK(ev[2] == std::conj(ev[3]));
}

TEST_CASE("the two real unstable roots merge at 0.684 m/s (Table 2a)", "[canonical]") {
  // At a double root the eigenvalues are only sqrt(eps)-conditioned: 1e-6 is what double precision gives.
  const auto model = make_canonical_model(benchmark_parameters());
  const auto ev = eigenvalues(*model.model, ref::merge_speed);
  CHECK(std::abs(ev[2] - ref::merge_root) < 1e-6);
  CHECK(std::abs(ev[3] - ref::merge_root) < 1e-6);
}

TEST_CASE("zero-radius massless wheels (two-mass-skate) give S = 0 and finite matrices", "[canonical]") {
  const auto tms = load_preset("two-mass-skate");
  REQUIRE(tms);
  const Parameters& p = tms->values;
  const auto a = appendix_a<double>(p);
  CHECK(a.SR == 0.0);
  CHECK(a.SF == 0.0);
  const auto m = canonical_matrices<double>(p, a);
  CHECK(m.M.allFinite());
  CHECK(m.C1.allFinite());
  // Closed form for two point masses: M11 = mB zB^2 + mH zH^2; C1_21 = -(mu ST + SF cos lambda) = 0;
  // K0_11 = mB zB + mH zH; K2_12 = -mT zT cos(lambda) / w = -(mB zB + mH zH) cos(lambda) / w.
  CHECK(m.M(0, 0) == Approx(p.mB * p.zB * p.zB + p.mH * p.zH * p.zH).epsilon(1e-14));
  CHECK(m.C1(1, 0) == 0.0);
  CHECK(m.K0(0, 0) == Approx(p.mB * p.zB + p.mH * p.zH).epsilon(1e-14));
  CHECK(m.K2(0, 1) == Approx(-(p.mB * p.zB + p.mH * p.zH) * std::cos(p.lambda) / p.w).epsilon(1e-14));
}

TEST_CASE("eigenvalues agree with the QZ algorithm on the second-order pencil for 60 random bicycles",
          "[canonical]") {
  // Second formulation: the generalized eigenproblem of [[0, I], [-K, -vC1]] z = s [[I, 0], [0, M]] z, solved
  // by QZ (core's generalized_eigen) without inverting M. Tolerance 1e-9 relative to the spectral
  // radius: both are backward stable; near-double roots are only sqrt(eps)-conditioned, so we skip
  // speeds where two eigenvalues are closer than 1e-3.
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const auto model = make_canonical_model(random_parameters(seed, {0.15}));
    REQUIRE(model.model);
    const auto& m = model.model->matrices;
    for (double v : {0.5, 2.0, 5.0, 9.0}) {
      Eigen::MatrixXd A = Eigen::MatrixXd::Zero(4, 4), B = Eigen::MatrixXd::Zero(4, 4);
      A.topRightCorner(2, 2).setIdentity();
      A.bottomLeftCorner(2, 2) = -(model.model->g * m.K0 + v * v * m.K2);
      A.bottomRightCorner(2, 2) = -v * m.C1;
      B.topLeftCorner(2, 2).setIdentity();
      B.bottomRightCorner(2, 2) = m.M;
      const auto qz = carvallo::finite_generalized_eigenvalues(A, B);
      REQUIRE(qz.size() == 4);
      const auto ours = eigenvalues(*model.model, v);
      double radius = 1, gap = 1e300;
      for (std::size_t i = 0; i < 4; ++i) {
        radius = std::max(radius, std::abs(ours[i]));
        for (std::size_t j = i + 1; j < 4; ++j) gap = std::min(gap, std::abs(ours[i] - ours[j]));
      }
      if (gap < 1e-3 * radius) continue;
      // Match each QZ eigenvalue to its nearest (sorting can differ when real parts tie within round-off).
      for (const auto& s : qz) {
        double best = 1e300;
        for (const auto& t : ours) best = std::min(best, std::abs(s - t));
        INFO("seed " << seed << ", v = " << v << ", s = " << s);
        CHECK(best < 1e-9 * radius);
      }
      ++compared;
    }
  }
  CHECK(compared > 200);
}

TEST_CASE("make_canonical_model reports unphysical sets and a singular mass matrix", "[canonical]") {
  Parameters p = benchmark_parameters();
  p.mB = -1;
  auto r = make_canonical_model(p);
  CHECK_FALSE(r.model);
  REQUIRE_FALSE(r.issues.empty());
  CHECK(r.issues[0].parameters == std::vector<std::string>{"mB"});

  // Two-mass skate with the front mass exactly on the steer axis and no inertia: the steer direction has
  // no inertia of its own; M22 = 2 mu IAlz + mu^2 ITzz with c = 0 gives mu = 0, so M22 = 0.
  Parameters q = load_preset("two-mass-skate")->values;
  q.c = 0;
  q.xH = q.w + q.c + q.zH * std::tan(q.lambda);  // on the steer axis (uA = 0)
  auto s = make_canonical_model(q);
  CHECK_FALSE(s.model);
  REQUIRE(s.issues.size() == 1);
  CHECK_THAT(s.issues[0].message, Catch::Contains("mass matrix is not positive definite"));
}

TEST_CASE("an overflowing speed gives NaN eigenvalues, never numbers", "[canonical]") {
  const auto model = make_canonical_model(benchmark_parameters());
  for (const auto& s : eigenvalues(*model.model, 1e300)) CHECK(std::isnan(s.real()));
}
