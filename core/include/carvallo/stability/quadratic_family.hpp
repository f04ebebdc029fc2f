#pragma once
// Fast linearization along a one-parameter family of references whose composite matrices are
// polynomials of degree <= 2 in the parameter. Typical case: steady motions at speed v of a scleronomic
// model with q0 independent of v, q̇0 = v u, q̈0 = 0, Q_b at most quadratic in q̇ (inertia, linear
// damping) and D linear in q̇: then R̄ is linear and K̄, ν quadratic in v. Three direct (AD)
// linearizations determine the polynomials; a fourth one verifies them, so a family that is not
// quadratic is rejected instead of silently interpolated.

#include "carvallo/stability/linearization.hpp"

#include <functional>

namespace carvallo::stability {

class QuadraticLinearizationFamily {
 public:
  /// Linearizes at p = -h, 0, +h (h = sample_step) and verifies the interpolation at p = verify_at:
  /// max |interpolated − direct| / (1 + max |direct|) over M̄, R̄, K̄, ν must be <= tolerance, else
  /// LinearizationError ("not quadratic in the parameter ..."; also for sample_step <= 0); whatever
  /// linearize() and `reference` throw.
  QuadraticLinearizationFamily(const Model& model, std::function<Reference(double)> reference,
                               double sample_step = 1.0, double verify_at = 2.7, double tolerance = 1e-10,
                               const LinearizationOptions& options = {});

  /// The linearization at parameter p by quadratic interpolation (reference = reference(p)). Throws what
  /// `reference` throws.
  Linearization at(double p) const;

  /// The verification residual measured in the constructor. Never throws.
  double verification_residual() const { return residual_; }

 private:
  std::function<Reference(double)> reference_;
  Linearization base_;  // at p = 0
  Eigen::MatrixXd M1_, M2_, R1_, R2_, K1_, K2_;
  Eigen::VectorXd nu1_, nu2_;
  double residual_ = 0.0;
};

}  // namespace carvallo::stability
