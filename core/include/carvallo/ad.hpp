#pragma once
// Forward-mode automatic differentiation: a dual number with one tangent direction, nestable.
//
// Dual<double> carries f and one directional derivative f' = df/ds along a seeded direction.
// Dual<Dual<double>> carries two independent directions (outer and inner) and hence the mixed second
// derivative; Dual<Dual<Dual<double>>> goes to third order. The engine seeds directions itself (one pass
// per Jacobian column, or one pass along (qdot, 1) for the quadratic-velocity vectors of 000 Eqs 7-8),
// so model code never sees tangents: it is written once for a generic scalar S.
//
// Why not Eigen's AutoDiffScalar: with a dynamic derivative vector it allocates on the heap in every
// operation, and nesting it for higher orders is awkward. A single-direction dual is a pair of numbers,
// never allocates and nests to any order.
// Nothing here throws: out-of-domain arguments give NaN or infinity, as for double, and Model reports them.

#include "carvallo/double_like_traits.hpp"

#include <Eigen/Core>

#include <cmath>
#include <type_traits>

namespace carvallo {

// Bring the double overloads into carvallo so that unqualified sin(x) in model code resolves for double
// and for Dual alike (write model code inside any namespace and call sin, cos, sqrt, ... unqualified
// after `using namespace carvallo::math;` or from inside namespace carvallo).
using std::abs;
using std::acos;
using std::asin;
using std::atan;
using std::atan2;
using std::cos;
using std::cosh;
using std::exp;
using std::log;
using std::pow;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;

template <class T>
struct Dual {
  T v{};  ///< value
  T d{};  ///< derivative along the seeded direction

  constexpr Dual() = default;
  // Implicit from double so that literals and passive parameters mix freely with active values.
  constexpr Dual(double x) : v(x), d(0.0) {}  // NOLINT(google-explicit-constructor)
  constexpr Dual(const T& x, const T& dx) : v(x), d(dx) {}
  // From the inner scalar of a nested dual (e.g. Dual<Dual<double>> from Dual<double>), derivative 0.
  template <class U>
    requires(std::is_same_v<U, T> && !std::is_same_v<T, double>)
  constexpr explicit Dual(const U& x) : v(x), d(0.0) {}

  constexpr Dual& operator+=(const Dual& o) { v += o.v; d += o.d; return *this; }
  constexpr Dual& operator-=(const Dual& o) { v -= o.v; d -= o.d; return *this; }
  constexpr Dual& operator*=(const Dual& o) { d = d * o.v + v * o.d; v *= o.v; return *this; }
  constexpr Dual& operator/=(const Dual& o) { const T inv = T(1.0) / o.v; d = (d - v * inv * o.d) * inv; v *= inv; return *this; }
  constexpr Dual& operator+=(double o) { v += o; return *this; }
  constexpr Dual& operator-=(double o) { v -= o; return *this; }
  constexpr Dual& operator*=(double o) { v *= o; d *= o; return *this; }
  constexpr Dual& operator/=(double o) { v /= o; d /= o; return *this; }
};

/// Trait: is S a Dual of some depth.
template <class S> struct is_dual : std::false_type {};
template <class T> struct is_dual<Dual<T>> : std::true_type {};
template <class S> inline constexpr bool is_dual_v = is_dual<S>::value;

/// The innermost double value of any (nested) scalar.
constexpr double value_of(double x) { return x; }
template <class T> constexpr double value_of(const Dual<T>& x) { return value_of(x.v); }

// The scalar types the type-erased Model instantiates every model definition with.
using Dual1 = Dual<double>;
using Dual2 = Dual<Dual1>;
using Dual3 = Dual<Dual2>;

// ---- arithmetic -------------------------------------------------------------------------------
template <class T> constexpr Dual<T> operator+(const Dual<T>& a) { return a; }
template <class T> constexpr Dual<T> operator-(const Dual<T>& a) { return {-a.v, -a.d}; }
template <class T> constexpr Dual<T> operator+(const Dual<T>& a, const Dual<T>& b) { return {a.v + b.v, a.d + b.d}; }
template <class T> constexpr Dual<T> operator-(const Dual<T>& a, const Dual<T>& b) { return {a.v - b.v, a.d - b.d}; }
template <class T> constexpr Dual<T> operator*(const Dual<T>& a, const Dual<T>& b) { return {a.v * b.v, a.d * b.v + a.v * b.d}; }
template <class T> constexpr Dual<T> operator/(const Dual<T>& a, const Dual<T>& b) {
  const T inv = T(1.0) / b.v;
  const T q = a.v * inv;
  return {q, (a.d - q * b.d) * inv};
}
template <class T> constexpr Dual<T> operator+(const Dual<T>& a, double b) { return {a.v + b, a.d}; }
template <class T> constexpr Dual<T> operator+(double a, const Dual<T>& b) { return {a + b.v, b.d}; }
template <class T> constexpr Dual<T> operator-(const Dual<T>& a, double b) { return {a.v - b, a.d}; }
template <class T> constexpr Dual<T> operator-(double a, const Dual<T>& b) { return {a - b.v, -b.d}; }
template <class T> constexpr Dual<T> operator*(const Dual<T>& a, double b) { return {a.v * b, a.d * b}; }
template <class T> constexpr Dual<T> operator*(double a, const Dual<T>& b) { return {a * b.v, a * b.d}; }
template <class T> constexpr Dual<T> operator/(const Dual<T>& a, double b) { return {a.v / b, a.d / b}; }
template <class T> constexpr Dual<T> operator/(double a, const Dual<T>& b) {
  const T inv = T(1.0) / b.v;
  const T q = a * inv;
  return {q, -q * b.d * inv};
}

// Comparisons look at the value only (branches in model code then follow the primal computation).
template <class T> constexpr bool operator==(const Dual<T>& a, const Dual<T>& b) { return a.v == b.v; }
template <class T> constexpr bool operator!=(const Dual<T>& a, const Dual<T>& b) { return a.v != b.v; }
template <class T> constexpr bool operator<(const Dual<T>& a, const Dual<T>& b) { return a.v < b.v; }
template <class T> constexpr bool operator>(const Dual<T>& a, const Dual<T>& b) { return a.v > b.v; }
template <class T> constexpr bool operator<=(const Dual<T>& a, const Dual<T>& b) { return a.v <= b.v; }
template <class T> constexpr bool operator>=(const Dual<T>& a, const Dual<T>& b) { return a.v >= b.v; }
template <class T> constexpr bool operator==(const Dual<T>& a, double b) { return a.v == b; }
template <class T> constexpr bool operator!=(const Dual<T>& a, double b) { return a.v != b; }
template <class T> constexpr bool operator<(const Dual<T>& a, double b) { return a.v < b; }
template <class T> constexpr bool operator>(const Dual<T>& a, double b) { return a.v > b; }
template <class T> constexpr bool operator<=(const Dual<T>& a, double b) { return a.v <= b; }
template <class T> constexpr bool operator>=(const Dual<T>& a, double b) { return a.v >= b; }
template <class T> constexpr bool operator<(double a, const Dual<T>& b) { return a < b.v; }
template <class T> constexpr bool operator>(double a, const Dual<T>& b) { return a > b.v; }
template <class T> constexpr bool operator<=(double a, const Dual<T>& b) { return a <= b.v; }
template <class T> constexpr bool operator>=(double a, const Dual<T>& b) { return a >= b.v; }

// ---- elementary functions (chain rule; found by ADL) -----------------------------------------
template <class T> inline Dual<T> sin(const Dual<T>& a) { return {sin(a.v), a.d * cos(a.v)}; }
template <class T> inline Dual<T> cos(const Dual<T>& a) { return {cos(a.v), -a.d * sin(a.v)}; }
template <class T> inline Dual<T> tan(const Dual<T>& a) {
  const T t = tan(a.v);
  return {t, a.d * (1.0 + t * t)};
}
template <class T> inline Dual<T> exp(const Dual<T>& a) {
  const T e = exp(a.v);
  return {e, a.d * e};
}
template <class T> inline Dual<T> log(const Dual<T>& a) { return {log(a.v), a.d / a.v}; }
template <class T> inline Dual<T> sqrt(const Dual<T>& a) {
  const T s = sqrt(a.v);
  return {s, a.d / (2.0 * s)};
}
template <class T> inline Dual<T> pow(const Dual<T>& a, double p) {
  // d(a^p) = p a^(p-1) da, written without dividing by a so that a = 0, p >= 1 stays finite.
  return {pow(a.v, p), a.d * (p * pow(a.v, p - 1.0))};
}
template <class T> inline Dual<T> pow(const Dual<T>& a, const Dual<T>& b) { return exp(b * log(a)); }
template <class T> inline Dual<T> asin(const Dual<T>& a) { return {asin(a.v), a.d / sqrt(1.0 - a.v * a.v)}; }
template <class T> inline Dual<T> acos(const Dual<T>& a) { return {acos(a.v), -a.d / sqrt(1.0 - a.v * a.v)}; }
template <class T> inline Dual<T> atan(const Dual<T>& a) { return {atan(a.v), a.d / (1.0 + a.v * a.v)}; }
template <class T> inline Dual<T> atan2(const Dual<T>& y, const Dual<T>& x) {
  const T r2 = x.v * x.v + y.v * y.v;
  return {atan2(y.v, x.v), (x.v * y.d - y.v * x.d) / r2};
}
template <class T> inline Dual<T> atan2(const Dual<T>& y, double x) { return atan2(y, Dual<T>(x)); }
template <class T> inline Dual<T> atan2(double y, const Dual<T>& x) { return atan2(Dual<T>(y), x); }
template <class T> inline Dual<T> sinh(const Dual<T>& a) { return {sinh(a.v), a.d * cosh(a.v)}; }
template <class T> inline Dual<T> cosh(const Dual<T>& a) { return {cosh(a.v), a.d * sinh(a.v)}; }
template <class T> inline Dual<T> tanh(const Dual<T>& a) {
  const T t = tanh(a.v);
  return {t, a.d * (1.0 - t * t)};
}
// |a|: derivative sign(a) da, with sign(0) = +1.
template <class T> inline Dual<T> abs(const Dual<T>& a) { return a.v < 0.0 ? -a : a; }
template <class T> inline Dual<T> fabs(const Dual<T>& a) { return abs(a); }

// Eigen's generic code needs these for norms and dot products of Dual vectors.
template <class T> inline const Dual<T>& conj(const Dual<T>& a) { return a; }
template <class T> inline const Dual<T>& real(const Dual<T>& a) { return a; }
template <class T> inline Dual<T> imag(const Dual<T>&) { return Dual<T>(0.0); }
template <class T> inline Dual<T> abs2(const Dual<T>& a) { return a * a; }
template <class T> inline bool isfinite(const Dual<T>& a) { using std::isfinite; return isfinite(a.v) && isfinite(a.d); }
template <class T> inline bool isnan(const Dual<T>& a) { using std::isnan; return isnan(a.v) || isnan(a.d); }
template <class T> inline bool isinf(const Dual<T>& a) { using std::isinf; return isinf(a.v) || isinf(a.d); }

/// Scalar-generic helpers that are convenient in model code.
template <class S> inline S square(const S& x) { return x * x; }
/// a x + b y; vector-mode duals (ad_vector.hpp) overload it with one fused loop and no temporaries.
template <class S> inline S lin2(const S& a, const S& x, const S& b, const S& y) { return a * x + b * y; }

}  // namespace carvallo

namespace Eigen {

template <class T>
struct NumTraits<carvallo::Dual<T>>
    : carvallo::detail::DoubleLikeNumTraits<carvallo::Dual<T>, 2 * NumTraits<T>::ReadCost, 2 * NumTraits<T>::AddCost,
                                            3 * NumTraits<T>::MulCost + NumTraits<T>::AddCost> {};

// Dual-by-double products in Eigen expressions (e.g. a Dual matrix scaled by a double parameter).
template <class T, class BinaryOp>
struct ScalarBinaryOpTraits<carvallo::Dual<T>, double, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::Dual<T>> {};
template <class T, class BinaryOp>
struct ScalarBinaryOpTraits<double, carvallo::Dual<T>, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::Dual<T>> {};

}  // namespace Eigen
