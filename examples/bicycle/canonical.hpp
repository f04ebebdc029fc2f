#pragma once
// The "canonical" route: the linearized roll/steer equations of the benchmark bicycle straight from the
// 26 parameters by the closed-form expressions of Meijaard et al. (2007), Appendix A:
//   M q'' + v C1 q' + (g K0 + v^2 K2) q = f,   q = [roll phi, steer delta],
// upright, straight ahead, constant forward speed v (m/s). It is independent of the multibody engine and
// serves as its reference and as the fast path for parameter sweeps.

#include "bicycle/parameters.hpp"

#include <Eigen/Core>

#include <array>
#include <cmath>
#include <complex>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {

/// Intermediate quantities of Appendix A (names as in the paper), exposed for tests and tooltips.
template <class T>
struct AppendixA {
  T mT, xT, zT, ITxx, ITxz, ITzz;        // whole bicycle about the rear contact point
  T mA, xA, zA, IAxx, IAxz, IAzz;        // front assembly (front frame + front wheel)
  T uA, IAll, IAlx, IAlz;                // steer axis: uA, IA_lambda_lambda, IA_lambda_x, IA_lambda_z
  T mu, SR, SF, ST, SA;                  // trail ratio and gyrostatic coefficients
};

/// M, C1, K0, K2 (2x2, row/column 0 = roll, 1 = steer).
template <class T>
struct CanonicalMatrices {
  Eigen::Matrix<T, 2, 2> M, C1, K0, K2;
};

/// Appendix A, written once for any scalar type (double, autodiff, ...). A wheel of zero radius
/// contributes S = 0 (validate() guarantees its spin inertia is then zero).
/// P is Parameters (doubles) or ParameterValues<T> (parameter_values.hpp), whose members may be AD
/// scalars seeded on the parameters: the derivatives of every quantity with respect to them. With
/// P = Parameters and T = double the expressions are the same as before that generalization (bit-identical).
/// This and canonical_matrices never throw (an unphysical set gives non-finite entries).
template <class T, class P = Parameters>
AppendixA<T> appendix_a(const P& p) {
  using std::cos;
  using std::sin;
  AppendixA<T> a;
  const T w = p.w, c = p.c, lam = p.lambda;
  const T IRzz = p.IRxx, IFzz = p.IFxx;  // axisymmetric wheels
  a.mT = T(p.mR) + p.mB + p.mH + p.mF;
  a.xT = (T(p.xB) * p.mB + T(p.xH) * p.mH + w * p.mF) / a.mT;
  a.zT = (-T(p.rR) * p.mR + T(p.zB) * p.mB + T(p.zH) * p.mH - T(p.rF) * p.mF) / a.mT;
  a.ITxx = T(p.IRxx) + p.IBxx + p.IHxx + p.IFxx + T(p.mR) * p.rR * p.rR + T(p.mB) * p.zB * p.zB +
           T(p.mH) * p.zH * p.zH + T(p.mF) * p.rF * p.rF;
  a.ITxz = T(p.IBxz) + p.IHxz - T(p.mB) * p.xB * p.zB - T(p.mH) * p.xH * p.zH + T(p.mF) * w * p.rF;
  a.ITzz = IRzz + p.IBzz + p.IHzz + IFzz + T(p.mB) * p.xB * p.xB + T(p.mH) * p.xH * p.xH + T(p.mF) * w * w;
  a.mA = T(p.mH) + p.mF;
  a.xA = (T(p.xH) * p.mH + w * p.mF) / a.mA;
  a.zA = (T(p.zH) * p.mH - T(p.rF) * p.mF) / a.mA;
  a.IAxx = T(p.IHxx) + p.IFxx + T(p.mH) * (p.zH - a.zA) * (p.zH - a.zA) + T(p.mF) * (p.rF + a.zA) * (p.rF + a.zA);
  a.IAxz = T(p.IHxz) - T(p.mH) * (p.xH - a.xA) * (p.zH - a.zA) + T(p.mF) * (w - a.xA) * (p.rF + a.zA);
  a.IAzz = T(p.IHzz) + IFzz + T(p.mH) * (p.xH - a.xA) * (p.xH - a.xA) + T(p.mF) * (w - a.xA) * (w - a.xA);
  const T sl = sin(lam), cl = cos(lam);
  a.uA = (a.xA - w - c) * cl - a.zA * sl;
  a.IAll = a.mA * a.uA * a.uA + a.IAxx * sl * sl + T(2) * a.IAxz * sl * cl + a.IAzz * cl * cl;
  a.IAlx = -a.mA * a.uA * a.zA + a.IAxx * sl + a.IAxz * cl;
  a.IAlz = a.mA * a.uA * a.xA + a.IAxz * sl + a.IAzz * cl;
  a.mu = c / w * cl;
  a.SR = p.rR == 0.0 ? T(0) : T(p.IRyy) / p.rR;
  a.SF = p.rF == 0.0 ? T(0) : T(p.IFyy) / p.rF;
  a.ST = a.SR + a.SF;
  a.SA = a.mA * a.uA + a.mu * a.mT * a.xT;
  return a;
}

/// M, C1, K0, K2 from Appendix A (P as for appendix_a).
template <class T, class P = Parameters>
CanonicalMatrices<T> canonical_matrices(const P& p, const AppendixA<T>& a) {
  using std::cos;
  using std::sin;
  const T sl = sin(T(p.lambda)), cl = cos(T(p.lambda));
  const T w = p.w;
  CanonicalMatrices<T> m;
  const T M12 = a.IAlx + a.mu * a.ITxz;
  m.M << a.ITxx, M12, M12, a.IAll + T(2) * a.mu * a.IAlz + a.mu * a.mu * a.ITzz;
  m.K0 << a.mT * a.zT, -a.SA, -a.SA, -a.SA * sl;
  m.K2 << T(0), (a.ST - a.mT * a.zT) * cl / w, T(0), (a.SA + a.SF * sl) * cl / w;
  m.C1 << T(0), a.mu * a.ST + a.SF * cl + a.ITxz * cl / w - a.mu * a.mT * a.zT,
      -(a.mu * a.ST + a.SF * cl), a.IAlz * cl / w + a.mu * (a.SA + a.ITzz * cl / w);
  return m;
}

template <class T, class P = Parameters>
CanonicalMatrices<T> canonical_matrices(const P& p) {
  return canonical_matrices<T>(p, appendix_a<T>(p));
}

/// The linearized model at a given gravity: what every speed-dependent routine needs.
struct CanonicalModel {
  CanonicalMatrices<double> matrices;
  double g = 9.81;
};

/// Builds the model, or explains why the equations are not usable: the set is unphysical (see
/// validate()), or M is not positive definite (e.g. a front assembly with no inertia about the steer
/// axis), in which case the motion is not determined by the equations.
struct CanonicalModelResult {
  std::optional<CanonicalModel> model;
  std::vector<ParameterIssue> issues;
};
/// Never throws: problems are reported as issues. Nor do the functions below (NaN when they overflow).
CanonicalModelResult make_canonical_model(const Parameters& p);

using Eigenvalues = std::array<std::complex<double>, 4>;

/// The four eigenvalues (1/s) of the roll/steer motion at speed v (m/s): the roots s of
/// det(M s^2 + v C1 s + g K0 + v^2 K2) = 0, sorted by real part, then imaginary part. Complex
/// eigenvalues come in exact conjugate pairs (equal real parts). All four are NaN when the equations
/// overflow at this speed (|v| beyond ~1e150 m/s); callers that take user input bound the speed first.
Eigenvalues eigenvalues(const CanonicalModel& model, double v);

/// The eigenvalues at each speed.
std::vector<Eigenvalues> eigenvalues(const CanonicalModel& model, const std::vector<double>& speeds);

/// Coefficients a[k] of s^k of the characteristic polynomial det(M s^2 + v C1 s + g K0 + v^2 K2).
std::array<double, 5> characteristic_polynomial(const CanonicalModel& model, double v);

/// The first-order system matrix A (4x4) with state [phi, delta, phi', delta'] at speed v.
Eigen::Matrix4d state_matrix(const CanonicalModel& model, double v);

}  // namespace carvallo::bicycle
