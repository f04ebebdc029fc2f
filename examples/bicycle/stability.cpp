#include "bicycle/stability.hpp"

#include "carvallo/errors.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

namespace carvallo::bicycle {

namespace {

double det2(const Eigen::Matrix2d& X) { return X(0, 0) * X(1, 1) - X(0, 1) * X(1, 0); }
// det(X + Y) - det X - det Y: the bilinear part of the 2x2 determinant.
double mixed(const Eigen::Matrix2d& X, const Eigen::Matrix2d& Y) {
  return X(0, 0) * Y(1, 1) + X(1, 1) * Y(0, 0) - X(0, 1) * Y(1, 0) - X(1, 0) * Y(0, 1);
}

// The characteristic polynomial's coefficients as polynomials in u = v^2 (see the header).
struct SpeedPolynomials {
  double a4, alpha, gamma0, gamma1, beta0, beta1, delta0, delta1, delta2;
  double h0, h1, h2;  // Delta3 / v^2 = h0 + h1 u + h2 u^2

  explicit SpeedPolynomials(const CanonicalModel& model) {
    const auto& m = model.matrices;
    const double g = model.g;
    a4 = det2(m.M);
    alpha = mixed(m.M, m.C1);
    gamma0 = g * mixed(m.M, m.K0);
    gamma1 = mixed(m.M, m.K2) + det2(m.C1);
    beta0 = g * mixed(m.C1, m.K0);
    beta1 = mixed(m.C1, m.K2);
    delta0 = g * g * det2(m.K0);
    delta1 = g * mixed(m.K0, m.K2);
    delta2 = det2(m.K2);
    h0 = alpha * gamma0 * beta0 - a4 * beta0 * beta0 - alpha * alpha * delta0;
    h1 = alpha * (gamma0 * beta1 + gamma1 * beta0) - 2.0 * a4 * beta0 * beta1 - alpha * alpha * delta1;
    h2 = alpha * gamma1 * beta1 - a4 * beta1 * beta1 - alpha * alpha * delta2;
  }
  double a3(double v) const { return v * alpha; }
  double a2(double v) const { return gamma0 + gamma1 * v * v; }
  double a1(double v) const { return v * (beta0 + beta1 * v * v); }
  double a0(double v) const { const double u = v * v; return delta0 + u * (delta1 + u * delta2); }
  double delta3(double v) const { const double u = v * v; return u * (h0 + u * (h1 + u * h2)); }
  // d a_k / dv
  double da2(double v) const { return 2.0 * gamma1 * v; }
  double da1(double v) const { return beta0 + 3.0 * beta1 * v * v; }
  double da0(double v) const { return 2.0 * delta1 * v + 4.0 * delta2 * v * v * v; }
};

// Real roots of c0 + c1 u + c2 u^2 (degenerate degrees handled), by the cancellation-free formula.
std::vector<double> quadratic_roots(double c0, double c1, double c2) {
  std::vector<double> r;
  const double scale = std::abs(c0) + std::abs(c1) + std::abs(c2);
  if (scale == 0.0) return r;  // identically zero: no isolated roots
  const double tiny = 1e-14 * scale;
  if (std::abs(c2) <= tiny) {
    if (std::abs(c1) > tiny) r.push_back(-c0 / c1);
    return r;
  }
  const double disc = c1 * c1 - 4.0 * c2 * c0;
  if (disc < 0) return r;
  const double q = -0.5 * (c1 + std::copysign(std::sqrt(disc), c1));
  r.push_back(q / c2);
  if (q != 0.0) r.push_back(c0 / q);
  return r;
}

void add_speeds_from_u_roots(std::vector<double>& out, const std::vector<double>& u_roots, double vmax) {
  for (double u : u_roots)
    if (u > 0 && std::isfinite(u)) {
      const double v = std::sqrt(u);
      if (v < vmax) out.push_back(v);
    }
}

bool lienard_chipart(const SpeedPolynomials& P, double v) {
  return P.a4 > 0 && P.a3(v) > 0 && P.a2(v) > 0 && P.a1(v) > 0 && P.a0(v) > 0 && P.delta3(v) > 0;
}

}  // namespace

bool is_stable(const CanonicalModel& model, double v) {
  const SpeedPolynomials P(model);
  if (P.a4 > 0) return lienard_chipart(P, v);
  // det M < 0 cannot happen for a valid model (M positive definite); fall back to the eigenvalues.
  for (const auto& s : eigenvalues(model, v))
    if (!(s.real() < 0)) return false;
  return true;
}

std::vector<double> stability_breakpoints(const CanonicalModel& model, double vmax) {
  const SpeedPolynomials P(model);
  std::vector<double> out;
  add_speeds_from_u_roots(out, quadratic_roots(P.delta0, P.delta1, P.delta2), vmax);  // a0
  add_speeds_from_u_roots(out, quadratic_roots(P.h0, P.h1, P.h2), vmax);              // Delta3
  add_speeds_from_u_roots(out, quadratic_roots(P.beta0, P.beta1, 0.0), vmax);         // a1 / v
  add_speeds_from_u_roots(out, quadratic_roots(P.gamma0, P.gamma1, 0.0), vmax);       // a2
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

StabilityResult stability(const CanonicalModel& model, double vmax) {
  if (!(vmax > 0) || !std::isfinite(vmax))
    throw SolverError(SolverError::Kind::InvalidArgument, "stability: vmax must be a finite speed > 0", 0.0);
  const SpeedPolynomials P(model);
  StabilityResult result;

  // Capsize: a0(v) = 0, crossing into the right half-plane when ds/dv = -a0'(v)/a1(v) > 0.
  std::vector<double> capsize;
  add_speeds_from_u_roots(capsize, quadratic_roots(P.delta0, P.delta1, P.delta2), vmax * (1 + 1e-15));
  std::sort(capsize.begin(), capsize.end());
  for (double v : capsize) {
    const double a1 = P.a1(v);
    if (a1 != 0.0 && -P.da0(v) / a1 > 0) {
      result.capsize_speed = v;
      break;
    }
  }

  // Weave: Delta3(v) = 0 with omega^2 = a1/a3 > 0 and Re(ds/dv) < 0 at s = i omega.
  std::vector<double> weave;
  add_speeds_from_u_roots(weave, quadratic_roots(P.h0, P.h1, P.h2), vmax * (1 + 1e-15));
  std::sort(weave.begin(), weave.end());
  for (double v : weave) {
    const double a3 = P.a3(v);
    if (a3 == 0.0) continue;
    const double w2 = P.a1(v) / a3;
    if (!(w2 > 0)) continue;
    const std::complex<double> s(0.0, std::sqrt(w2));
    const std::complex<double> s2 = s * s, s3 = s2 * s;
    const std::complex<double> p_s = 4.0 * P.a4 * s3 + 3.0 * a3 * s2 + 2.0 * P.a2(v) * s + P.a1(v);
    const std::complex<double> p_v = P.alpha * s3 + P.da2(v) * s2 + P.da1(v) * s + P.da0(v);
    if (std::abs(p_s) == 0.0) continue;
    if ((-p_v / p_s).real() < 0) {
      result.weave_speed = v;
      break;
    }
  }

  // Stable ranges: between consecutive breakpoints the signs of the Lienard–Chipart quantities are fixed.
  std::vector<double> b = stability_breakpoints(model, vmax);
  b.insert(b.begin(), 0.0);
  b.push_back(vmax);
  for (std::size_t i = 0; i + 1 < b.size(); ++i) {
    const double lo = b[i], hi = b[i + 1];
    if (!(hi > lo)) continue;
    if (!lienard_chipart(P, 0.5 * (lo + hi))) continue;
    if (!result.stable_speed_ranges.empty() && result.stable_speed_ranges.back().hi == lo)
      result.stable_speed_ranges.back().hi = hi;  // a tangency, not a boundary
    else
      result.stable_speed_ranges.push_back({lo, hi});
  }
  return result;
}

}  // namespace carvallo::bicycle
