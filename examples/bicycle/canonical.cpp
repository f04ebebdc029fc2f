#include "bicycle/canonical.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <limits>

namespace carvallo::bicycle {

CanonicalModelResult make_canonical_model(const Parameters& p) {
  CanonicalModelResult result;
  result.issues = validate(p);
  if (!result.issues.empty()) return result;
  CanonicalModel model;
  model.matrices = canonical_matrices<double>(p);
  model.g = p.g;
  const auto& M = model.matrices.M;
  // M is symmetric; positive definite iff M11 > 0 and det M > 0. Relative threshold: det M / trace^2 ~
  // lambda_min / lambda_max; below 1e-12 the smaller inertia is round-off (a massless direction).
  const double det = M(0, 0) * M(1, 1) - M(0, 1) * M(1, 0);
  const double scale = (std::abs(M(0, 0)) + std::abs(M(1, 1))) * (std::abs(M(0, 0)) + std::abs(M(1, 1)));
  if (!(M(0, 0) > 0) || !(det > 1e-12 * scale) || !M.allFinite()) {
    result.issues.push_back({{"IHxx", "IHzz", "IHxz", "mH", "xH", "zH", "IFxx", "mF"},
                             "the mass matrix is not positive definite: the front assembly (or the whole "
                             "bicycle) has no inertia about the steer (or roll) axis"});
    return result;
  }
  if (!model.matrices.C1.allFinite() || !model.matrices.K0.allFinite() || !model.matrices.K2.allFinite()) {
    result.issues.push_back({{}, "the linearized equations are not finite for this parameter set"});
    return result;
  }
  result.model = model;
  return result;
}

Eigen::Matrix4d state_matrix(const CanonicalModel& model, double v) {
  const auto& m = model.matrices;
  const Eigen::Matrix2d K = model.g * m.K0 + v * v * m.K2;
  const Eigen::Matrix2d Minv = m.M.inverse();
  Eigen::Matrix4d A = Eigen::Matrix4d::Zero();
  A.topRightCorner<2, 2>().setIdentity();
  A.bottomLeftCorner<2, 2>() = -Minv * K;
  A.bottomRightCorner<2, 2>() = -v * Minv * m.C1;
  return A;
}

std::array<double, 5> characteristic_polynomial(const CanonicalModel& model, double v) {
  const auto& m = model.matrices;
  const Eigen::Matrix2d& M = m.M;
  const Eigen::Matrix2d C = v * m.C1;
  const Eigen::Matrix2d K = model.g * m.K0 + v * v * m.K2;
  auto mixed = [](const Eigen::Matrix2d& X, const Eigen::Matrix2d& Y) {
    return X(0, 0) * Y(1, 1) + X(1, 1) * Y(0, 0) - X(0, 1) * Y(1, 0) - X(1, 0) * Y(0, 1);
  };
  auto det = [](const Eigen::Matrix2d& X) { return X(0, 0) * X(1, 1) - X(0, 1) * X(1, 0); };
  return {det(K), mixed(C, K), mixed(M, K) + det(C), mixed(M, C), det(M)};
}

namespace {

std::complex<double> horner(const std::array<double, 5>& a, std::complex<double> s, std::complex<double>* dp) {
  std::complex<double> p = a[4], d = 0.0;
  for (int k = 3; k >= 0; --k) {
    d = d * s + p;
    p = p * s + a[static_cast<std::size_t>(k)];
  }
  *dp = d;
  return p;
}

// A few Newton steps on the characteristic polynomial, kept only while they reduce the residual: the QR
// eigenvalues of A carry the round-off of forming M^-1 K; the polynomial's roots are the same numbers.
std::complex<double> polish(const std::array<double, 5>& a, std::complex<double> s) {
  std::complex<double> d;
  double r = std::abs(horner(a, s, &d));
  for (int it = 0; it < 3 && r > 0; ++it) {
    if (d == 0.0) break;
    std::complex<double> t = s - horner(a, s, &d) / d;
    std::complex<double> dt;
    const double rt = std::abs(horner(a, t, &dt));
    if (!(rt < r)) break;
    s = t;
    r = rt;
  }
  return s;
}

}  // namespace

Eigenvalues eigenvalues(const CanonicalModel& model, double v) {
  const Eigen::Matrix4d A = state_matrix(model, v);
  if (!A.allFinite()) {  // v^2 overflowed: say so with NaN rather than return QR's garbage
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {{{nan, nan}, {nan, nan}, {nan, nan}, {nan, nan}}};
  }
  Eigen::EigenSolver<Eigen::Matrix4d> es(A, /*computeEigenvectors=*/false);
  const auto ev = es.eigenvalues();
  const auto coeffs = characteristic_polynomial(model, v);
  Eigenvalues out;
  // Eigen stores a complex pair as consecutive entries; polish one and mirror it, so the pair stays
  // exactly conjugate.
  for (Eigen::Index i = 0; i < 4; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (ev(i).imag() == 0.0) {
      out[k] = {polish(coeffs, ev(i)).real(), 0.0};
    } else if (i + 1 < 4) {
      const std::complex<double> s = polish(coeffs, ev(i));
      out[k] = s;
      out[k + 1] = std::conj(s);
      ++i;
    } else {
      out[k] = ev(i);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.real() != y.real() ? x.real() < y.real() : x.imag() < y.imag();
  });
  return out;
}

std::vector<Eigenvalues> eigenvalues(const CanonicalModel& model, const std::vector<double>& speeds) {
  std::vector<Eigenvalues> out;
  out.reserve(speeds.size());
  for (double v : speeds) out.push_back(eigenvalues(model, v));
  return out;
}

}  // namespace carvallo::bicycle
