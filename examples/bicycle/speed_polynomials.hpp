#pragma once
// The characteristic polynomial's coefficients as polynomials in u = v^2, and the two conditions that
// define the critical speeds, written once for any scalar type so that AD scalars seeded on the
// parameters (parameter_values.hpp) give their exact parameter derivatives (sensitivity.hpp).
//
// det(M s^2 + v C1 s + g K0 + v^2 K2) = a4 s^4 + a3 s^3 + a2 s^2 + a1 s + a0 with
//   a4 = det M, a3 = v alpha, a2 = gamma0 + gamma1 u, a1 = v (beta0 + beta1 u), a0 = delta0 + delta1 u + delta2 u^2,
// and the Hurwitz determinant Delta3 = a3 a2 a1 - a4 a1^2 - a3^2 a0 = v^2 (h0 + h1 u + h2 u^2)
// (Lienard–Chipart; the derivation is in stability.hpp, whose closed-form critical speeds are roots of
//  these two quadratics: capsize a0 = 0, weave Delta3 / v^2 = 0).

#include "bicycle/canonical.hpp"

namespace carvallo::bicycle {

template <class T>
struct SpeedPolynomialCoefficients {
  T a4, alpha, gamma0, gamma1, beta0, beta1, delta0, delta1, delta2;
  T h0, h1, h2;  ///< Delta3 / v^2 = h0 + h1 u + h2 u^2: zero at the weave speed
  // a0 = delta0 + delta1 u + delta2 u^2 = det(g K0 + u K2): zero at the capsize speed
};

namespace detail {
template <class T>
T det2(const Eigen::Matrix<T, 2, 2>& X) {
  return X(0, 0) * X(1, 1) - X(0, 1) * X(1, 0);
}
// det(X + Y) - det X - det Y: the bilinear part of the 2x2 determinant.
template <class T>
T mixed_det2(const Eigen::Matrix<T, 2, 2>& X, const Eigen::Matrix<T, 2, 2>& Y) {
  return X(0, 0) * Y(1, 1) + X(1, 1) * Y(0, 0) - X(0, 1) * Y(1, 0) - X(1, 0) * Y(0, 1);
}
}  // namespace detail

/// The coefficients from M, C1, K0, K2 and gravity g (same expressions as stability.cpp's closed form).
/// Never throws (for the engine's scalar types: double, Dual, DualVec).
template <class T>
SpeedPolynomialCoefficients<T> speed_polynomial_coefficients(const CanonicalMatrices<T>& m, const T& g) {
  using detail::det2;
  using detail::mixed_det2;
  SpeedPolynomialCoefficients<T> P;
  P.a4 = det2(m.M);
  P.alpha = mixed_det2(m.M, m.C1);
  P.gamma0 = g * mixed_det2(m.M, m.K0);
  P.gamma1 = mixed_det2(m.M, m.K2) + det2(m.C1);
  P.beta0 = g * mixed_det2(m.C1, m.K0);
  P.beta1 = mixed_det2(m.C1, m.K2);
  P.delta0 = g * g * det2(m.K0);
  P.delta1 = g * mixed_det2(m.K0, m.K2);
  P.delta2 = det2(m.K2);
  P.h0 = P.alpha * P.gamma0 * P.beta0 - P.a4 * P.beta0 * P.beta0 - P.alpha * P.alpha * P.delta0;
  P.h1 = P.alpha * (P.gamma0 * P.beta1 + P.gamma1 * P.beta0) - T(2.0) * P.a4 * P.beta0 * P.beta1 -
         P.alpha * P.alpha * P.delta1;
  P.h2 = P.alpha * P.gamma1 * P.beta1 - P.a4 * P.beta1 * P.beta1 - P.alpha * P.alpha * P.delta2;
  return P;
}

}  // namespace carvallo::bicycle
