#pragma once
// Vector-mode forward AD: a value with N tangent directions carried at once (a "chunk" of Jacobian
// columns). Model code written for a generic scalar S (ad.hpp) runs unchanged with S = DualVec<N>; one
// evaluation then yields N columns of a Jacobian, so the primal work (sin, cos, 3 × 3 rotation products)
// is done once per chunk instead of once per column. The engine uses it for C_q, D_q̇ and D_q, the
// Jacobians evaluated at every step of a simulation (Model::C_q etc.); see docs/performance.md.
//
// Only first derivatives: for higher orders the engine nests the single-direction Dual of ad.hpp.
// Nothing here throws (as ad.hpp).

#include "carvallo/ad.hpp"
#include "carvallo/double_like_traits.hpp"

#include <array>
#include <cmath>

// The operators are small loops the compiler must inline into the model code for vector mode to pay off;
// GCC's heuristics otherwise leave many of them out of line inside Eigen's generic kernels.
#if defined(__GNUC__) || defined(__clang__)
#define CARVALLO_AD_INLINE [[gnu::always_inline]] inline
#else
#define CARVALLO_AD_INLINE inline
#endif

namespace carvallo {

template <int N>
struct DualVec {
  static constexpr int size = N;
  // No default member initializers: Eigen default-constructs every element of every temporary, and
  // zero-filling N tangents there cost more than the arithmetic. Value-initialization (S{}) still gives 0,
  // and every constructor from a number sets the tangents to 0 (as for a double, `S x;` is uninitialized).
  double v;
  std::array<double, N> d;

  DualVec() = default;
  constexpr DualVec(double x) : v(x), d{} {}  // NOLINT(google-explicit-constructor): passive constants

  CARVALLO_AD_INLINE DualVec& operator+=(const DualVec& o) {
    v += o.v;
    for (int i = 0; i < N; ++i) d[i] += o.d[i];
    return *this;
  }
  CARVALLO_AD_INLINE DualVec& operator-=(const DualVec& o) {
    v -= o.v;
    for (int i = 0; i < N; ++i) d[i] -= o.d[i];
    return *this;
  }
  CARVALLO_AD_INLINE DualVec& operator*=(const DualVec& o) {
    for (int i = 0; i < N; ++i) d[i] = d[i] * o.v + v * o.d[i];
    v *= o.v;
    return *this;
  }
  CARVALLO_AD_INLINE DualVec& operator/=(const DualVec& o) {
    const double inv = 1.0 / o.v, q = v * inv;
    for (int i = 0; i < N; ++i) d[i] = (d[i] - q * o.d[i]) * inv;
    v = q;
    return *this;
  }
  CARVALLO_AD_INLINE DualVec& operator+=(double o) { v += o; return *this; }
  CARVALLO_AD_INLINE DualVec& operator-=(double o) { v -= o; return *this; }
  CARVALLO_AD_INLINE DualVec& operator*=(double o) {
    v *= o;
    for (int i = 0; i < N; ++i) d[i] *= o;
    return *this;
  }
  CARVALLO_AD_INLINE DualVec& operator/=(double o) { return *this *= (1.0 / o); }
};

template <int N> struct is_dual<DualVec<N>> : std::true_type {};
template <int N> constexpr double value_of(const DualVec<N>& x) { return x.v; }

namespace detail {
/// f(a) with f'(a.v) = df: the chain rule for every unary function.
template <int N>
CARVALLO_AD_INLINE DualVec<N> chain(const DualVec<N>& a, double f, double df) {
  DualVec<N> r(f);
  for (int i = 0; i < N; ++i) r.d[i] = df * a.d[i];
  return r;
}
}  // namespace detail

template <int N> CARVALLO_AD_INLINE DualVec<N> operator+(const DualVec<N>& a) { return a; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator-(const DualVec<N>& a) { return detail::chain(a, -a.v, -1.0); }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator+(DualVec<N> a, const DualVec<N>& b) { return a += b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator-(DualVec<N> a, const DualVec<N>& b) { return a -= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator*(DualVec<N> a, const DualVec<N>& b) { return a *= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator/(DualVec<N> a, const DualVec<N>& b) { return a /= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator+(DualVec<N> a, double b) { return a += b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator+(double a, DualVec<N> b) { return b += a; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator-(DualVec<N> a, double b) { return a -= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator-(double a, const DualVec<N>& b) { return detail::chain(b, a - b.v, -1.0); }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator*(DualVec<N> a, double b) { return a *= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator*(double a, DualVec<N> b) { return b *= a; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator/(DualVec<N> a, double b) { return a /= b; }
template <int N> CARVALLO_AD_INLINE DualVec<N> operator/(double a, const DualVec<N>& b) {
  const double q = a / b.v;
  return detail::chain(b, q, -q / b.v);
}

// Comparisons look at the value only, as for Dual.
template <int N> CARVALLO_AD_INLINE bool operator==(const DualVec<N>& a, const DualVec<N>& b) { return a.v == b.v; }
template <int N> CARVALLO_AD_INLINE bool operator!=(const DualVec<N>& a, const DualVec<N>& b) { return a.v != b.v; }
template <int N> CARVALLO_AD_INLINE bool operator<(const DualVec<N>& a, const DualVec<N>& b) { return a.v < b.v; }
template <int N> CARVALLO_AD_INLINE bool operator>(const DualVec<N>& a, const DualVec<N>& b) { return a.v > b.v; }
template <int N> CARVALLO_AD_INLINE bool operator<=(const DualVec<N>& a, const DualVec<N>& b) { return a.v <= b.v; }
template <int N> CARVALLO_AD_INLINE bool operator>=(const DualVec<N>& a, const DualVec<N>& b) { return a.v >= b.v; }
template <int N> CARVALLO_AD_INLINE bool operator==(const DualVec<N>& a, double b) { return a.v == b; }
template <int N> CARVALLO_AD_INLINE bool operator!=(const DualVec<N>& a, double b) { return a.v != b; }
template <int N> CARVALLO_AD_INLINE bool operator<(const DualVec<N>& a, double b) { return a.v < b; }
template <int N> CARVALLO_AD_INLINE bool operator>(const DualVec<N>& a, double b) { return a.v > b; }
template <int N> CARVALLO_AD_INLINE bool operator<=(const DualVec<N>& a, double b) { return a.v <= b; }
template <int N> CARVALLO_AD_INLINE bool operator>=(const DualVec<N>& a, double b) { return a.v >= b; }
template <int N> CARVALLO_AD_INLINE bool operator<(double a, const DualVec<N>& b) { return a < b.v; }
template <int N> CARVALLO_AD_INLINE bool operator>(double a, const DualVec<N>& b) { return a > b.v; }
template <int N> CARVALLO_AD_INLINE bool operator<=(double a, const DualVec<N>& b) { return a <= b.v; }
template <int N> CARVALLO_AD_INLINE bool operator>=(double a, const DualVec<N>& b) { return a >= b.v; }

template <int N> CARVALLO_AD_INLINE DualVec<N> sin(const DualVec<N>& a) { return detail::chain(a, std::sin(a.v), std::cos(a.v)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> cos(const DualVec<N>& a) { return detail::chain(a, std::cos(a.v), -std::sin(a.v)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> tan(const DualVec<N>& a) {
  const double t = std::tan(a.v);
  return detail::chain(a, t, 1.0 + t * t);
}
template <int N> CARVALLO_AD_INLINE DualVec<N> exp(const DualVec<N>& a) {
  const double e = std::exp(a.v);
  return detail::chain(a, e, e);
}
template <int N> CARVALLO_AD_INLINE DualVec<N> log(const DualVec<N>& a) { return detail::chain(a, std::log(a.v), 1.0 / a.v); }
template <int N> CARVALLO_AD_INLINE DualVec<N> sqrt(const DualVec<N>& a) {
  const double s = std::sqrt(a.v);
  return detail::chain(a, s, 0.5 / s);
}
template <int N> CARVALLO_AD_INLINE DualVec<N> pow(const DualVec<N>& a, double p) {
  return detail::chain(a, std::pow(a.v, p), p * std::pow(a.v, p - 1.0));
}
template <int N> CARVALLO_AD_INLINE DualVec<N> pow(const DualVec<N>& a, const DualVec<N>& b) { return exp(b * log(a)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> asin(const DualVec<N>& a) {
  return detail::chain(a, std::asin(a.v), 1.0 / std::sqrt(1.0 - a.v * a.v));
}
template <int N> CARVALLO_AD_INLINE DualVec<N> acos(const DualVec<N>& a) {
  return detail::chain(a, std::acos(a.v), -1.0 / std::sqrt(1.0 - a.v * a.v));
}
template <int N> CARVALLO_AD_INLINE DualVec<N> atan(const DualVec<N>& a) { return detail::chain(a, std::atan(a.v), 1.0 / (1.0 + a.v * a.v)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> atan2(const DualVec<N>& y, const DualVec<N>& x) {
  const double r2 = x.v * x.v + y.v * y.v;
  DualVec<N> r(std::atan2(y.v, x.v));
  for (int i = 0; i < N; ++i) r.d[i] = (x.v * y.d[i] - y.v * x.d[i]) / r2;
  return r;
}
template <int N> CARVALLO_AD_INLINE DualVec<N> atan2(const DualVec<N>& y, double x) { return atan2(y, DualVec<N>(x)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> atan2(double y, const DualVec<N>& x) { return atan2(DualVec<N>(y), x); }
template <int N> CARVALLO_AD_INLINE DualVec<N> sinh(const DualVec<N>& a) { return detail::chain(a, std::sinh(a.v), std::cosh(a.v)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> cosh(const DualVec<N>& a) { return detail::chain(a, std::cosh(a.v), std::sinh(a.v)); }
template <int N> CARVALLO_AD_INLINE DualVec<N> tanh(const DualVec<N>& a) {
  const double t = std::tanh(a.v);
  return detail::chain(a, t, 1.0 - t * t);
}
template <int N> CARVALLO_AD_INLINE DualVec<N> abs(const DualVec<N>& a) { return a.v < 0.0 ? -a : a; }
template <int N> CARVALLO_AD_INLINE DualVec<N> fabs(const DualVec<N>& a) { return abs(a); }

template <int N> CARVALLO_AD_INLINE DualVec<N> lin2(const DualVec<N>& a, const DualVec<N>& x, const DualVec<N>& b, const DualVec<N>& y) {
  DualVec<N> r(a.v * x.v + b.v * y.v);
  for (int i = 0; i < N; ++i) r.d[i] = a.d[i] * x.v + a.v * x.d[i] + b.d[i] * y.v + b.v * y.d[i];
  return r;
}

template <int N> CARVALLO_AD_INLINE const DualVec<N>& conj(const DualVec<N>& a) { return a; }
template <int N> CARVALLO_AD_INLINE const DualVec<N>& real(const DualVec<N>& a) { return a; }
template <int N> CARVALLO_AD_INLINE DualVec<N> imag(const DualVec<N>&) { return DualVec<N>(0.0); }
template <int N> CARVALLO_AD_INLINE DualVec<N> abs2(const DualVec<N>& a) { return a * a; }
template <int N> CARVALLO_AD_INLINE bool isfinite(const DualVec<N>& a) {
  if (!std::isfinite(a.v)) return false;
  for (double x : a.d)
    if (!std::isfinite(x)) return false;
  return true;
}
template <int N> CARVALLO_AD_INLINE bool isnan(const DualVec<N>& a) { return !isfinite(a) && !isinf(a); }
template <int N> CARVALLO_AD_INLINE bool isinf(const DualVec<N>& a) {
  if (std::isinf(a.v)) return true;
  for (double x : a.d)
    if (std::isinf(x)) return true;
  return false;
}

}  // namespace carvallo

namespace Eigen {

template <int N>
struct NumTraits<carvallo::DualVec<N>> : carvallo::detail::DoubleLikeNumTraits<carvallo::DualVec<N>, N + 1, N + 1, 2 * N + 1> {};

template <int N, class BinaryOp>
struct ScalarBinaryOpTraits<carvallo::DualVec<N>, double, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::DualVec<N>> {};
template <int N, class BinaryOp>
struct ScalarBinaryOpTraits<double, carvallo::DualVec<N>, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::DualVec<N>> {};

}  // namespace Eigen
