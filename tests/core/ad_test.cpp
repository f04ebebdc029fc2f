// Forward-mode dual numbers: derivatives against closed-form calculus (exact up to round-off, so the
// tolerance is a few ulps times the magnitude).
#include "carvallo/ad.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using carvallo::Dual;
using carvallo::Dual1;
using carvallo::Dual2;
using carvallo::Dual3;

namespace {
template <class S>
S f(const S& x) {
  using namespace carvallo;
  return sin(x) * exp(x) / (2.0 + x * x) + pow(x, 3.0) - atan2(x, 1.0 + x) + sqrt(1.0 + x * x);
}
}  // namespace

TEST_CASE("Dual: first derivative of a composite function", "[ad]") {
  const double x = 0.7;
  const Dual1 r = f(Dual1(x, 1.0));
  // Closed form of f'(x), term by term.
  const double g = std::sin(x) * std::exp(x), h = 2.0 + x * x;
  const double dg = (std::cos(x) + std::sin(x)) * std::exp(x), dh = 2.0 * x;
  const double u = x, v = 1.0 + x;  // atan2(u, v)' = (v u' − u v') / (u² + v²)
  const double expected = (dg * h - g * dh) / (h * h) + 3.0 * x * x - (v * 1.0 - u * 1.0) / (u * u + v * v) +
                          x / std::sqrt(1.0 + x * x);
  CHECK(r.v == Approx(f(x)).epsilon(1e-15));
  CHECK(r.d == Approx(expected).epsilon(1e-14));
}

TEST_CASE("Dual: nested duals give second and third derivatives", "[ad]") {
  // p(x) = x^4 sin x: p'' and p''' in closed form.
  auto p = [](const auto& x) {
    using namespace carvallo;
    return x * x * x * x * sin(x);
  };
  const double x = 1.3, s = std::sin(x), c = std::cos(x);
  const Dual3 X(Dual2(Dual1(x, 1.0), Dual1(1.0, 0.0)), Dual2(Dual1(1.0, 0.0), Dual1(0.0, 0.0)));
  const Dual3 r = p(X);
  const double d1 = 4 * x * x * x * s + x * x * x * x * c;
  const double d2 = 12 * x * x * s + 8 * x * x * x * c - x * x * x * x * s;
  const double d3 = 24 * x * s + 36 * x * x * c - 12 * x * x * x * s - x * x * x * x * c;
  CHECK(r.v.v.d == Approx(d1).epsilon(1e-14));
  CHECK(r.v.d.d == Approx(d2).epsilon(1e-14));
  CHECK(r.d.d.d == Approx(d3).epsilon(1e-14));
}

TEST_CASE("Dual: mixed partial derivative", "[ad]") {
  // ∂²(x² y³)/∂x∂y = 6 x y²; x carries the inner direction, y the outer one.
  const double x = 0.4, y = -1.7;
  const Dual2 X(Dual1(x, 1.0), Dual1(0.0, 0.0)), Y(Dual1(y, 0.0), Dual1(1.0, 0.0));
  const Dual2 r = X * X * Y * Y * Y;
  CHECK(r.d.d == Approx(6 * x * y * y).epsilon(1e-15));
  CHECK(r.v.d == Approx(2 * x * y * y * y).epsilon(1e-15));
  CHECK(r.d.v == Approx(3 * x * x * y * y).epsilon(1e-15));
}

TEST_CASE("Dual: works inside Eigen expressions", "[ad]") {
  Eigen::Matrix<Dual1, 3, 1> v;
  v << Dual1(1.0, 1.0), Dual1(2.0, 0.0), Dual1(2.0, 0.0);
  const Dual1 n = v.norm();  // d/dv0 |v| = v0/|v| = 1/3
  CHECK(n.v == Approx(3.0));
  CHECK(n.d == Approx(1.0 / 3.0).epsilon(1e-15));
  const Dual1 d = (2.0 * v).dot(v * 0.5);  // |v|², derivative 2 v0 = 2
  CHECK(d.v == Approx(9.0));
  CHECK(d.d == Approx(2.0).epsilon(1e-15));
}
