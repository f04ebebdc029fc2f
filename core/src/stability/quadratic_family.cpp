#include "carvallo/stability/quadratic_family.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace carvallo::stability {

namespace {

double relative_difference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  const double scale = 1.0 + b.lpNorm<Eigen::Infinity>();
  return (a - b).lpNorm<Eigen::Infinity>() / scale;
}

}  // namespace

QuadraticLinearizationFamily::QuadraticLinearizationFamily(const Model& model, std::function<Reference(double)> reference,
                                                           double h, double verify_at, double tolerance,
                                                           const LinearizationOptions& options)
    : reference_(std::move(reference)) {
  if (!(h > 0.0)) throw LinearizationError("QuadraticLinearizationFamily: sample_step must be positive");
  base_ = linearize(model, reference_(0.0), options);
  const Linearization plus = linearize(model, reference_(h), options);
  const Linearization minus = linearize(model, reference_(-h), options);
  // A(p) = A0 + p A1 + p² A2 through the samples at −h, 0, h.
  auto first = [&](const auto& P, const auto& N) { return ((P - N) / (2.0 * h)).eval(); };
  auto second = [&](const auto& P, const auto& Z, const auto& N) { return ((P + N - 2.0 * Z) / (2.0 * h * h)).eval(); };
  M1_ = first(plus.Mbar, minus.Mbar);
  M2_ = second(plus.Mbar, base_.Mbar, minus.Mbar);
  R1_ = first(plus.Rbar, minus.Rbar);
  R2_ = second(plus.Rbar, base_.Rbar, minus.Rbar);
  K1_ = first(plus.Kbar, minus.Kbar);
  K2_ = second(plus.Kbar, base_.Kbar, minus.Kbar);
  nu1_ = first(plus.nu, minus.nu);
  nu2_ = second(plus.nu, base_.nu, minus.nu);

  const Linearization direct = linearize(model, reference_(verify_at), options);
  const Linearization interp = at(verify_at);
  residual_ = std::max({relative_difference(interp.Mbar, direct.Mbar), relative_difference(interp.Rbar, direct.Rbar),
                        relative_difference(interp.Kbar, direct.Kbar), relative_difference(interp.nu, direct.nu)});
  if (!(residual_ <= tolerance)) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "QuadraticLinearizationFamily: the linearization is not quadratic in the parameter "
                  "(interpolation error %.3g at %.6g, tolerance %.3g)", residual_, verify_at, tolerance);
    throw LinearizationError(buf);
  }
}

Linearization QuadraticLinearizationFamily::at(double p) const {
  Linearization out = base_;
  out.reference = reference_(p);
  const double p2 = p * p;
  out.Mbar += p * M1_ + p2 * M2_;
  out.Rbar += p * R1_ + p2 * R2_;
  out.Kbar += p * K1_ + p2 * K2_;
  out.nu += p * nu1_ + p2 * nu2_;
  return out;
}

}  // namespace carvallo::stability
