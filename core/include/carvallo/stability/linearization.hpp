#pragma once
// Direct linearization of the index-3 equations of motion about a reference motion (000 §2.2, Eqs 12-28).
//
//   f(x, ẋ, ẍ, t) = [F; E] = 0,  x = [q; ν],  F = M q̈ − Q_b + Jᵀν,  E = [C; D]      (000 Eqs 12-15)
//   M̄0 x̄¨ + R̄0 x̄˙ + K̄0 x̄ = 0                                                         (000 Eq 21)
//   M̄0 = [[M, 0], [0, 0]]                                                             (000 Eqs 23-24)
//   R̄0 = [[−∂Q_b/∂q̇ + ∂(Jᵀν)/∂q̇, 0], [E_q̇, 0]]                                       (000 Eqs 25-26)
//   K̄0 = [[∂(M q̈)/∂q − ∂Q_b/∂q + ∂(Jᵀν)/∂q, Jᵀ], [E_q, 0]]                             (000 Eqs 27-28)
// with E_q = [C_q; D_q], E_q̇ = [0; D_q̇]. Every derivative comes from carvallo::Model, i.e. from AD.
//
// The reference (q0, q̇0, q̈0, t0) must be a solution (000 Eq 20): an equilibrium (q̇0 = q̈0 = 0) or a
// steady motion. linearize() computes the consistent multipliers ν0 from the augmented formulation
// (000 Eq 36) and checks that the reference satisfies the equations.
//
// Steady motions (see check_reference_invariance): the coordinates that change along the reference
// (position along the path, heading, wheel spin angles) must not appear in M, Q_b, C or D. Otherwise
// the linearized matrices depend on t0 and their eigenvalues mean nothing.

#include "carvallo/errors.hpp"
#include "carvallo/model.hpp"

#include <Eigen/Core>

#include <functional>
#include <string>

namespace carvallo::stability {

/// A reference motion: q0, q̇0, q̈0 at time t0 (SI units of the model).
struct Reference {
  Eigen::VectorXd q;
  Eigen::VectorXd qd;
  Eigen::VectorXd qdd;
  double t = 0.0;
};

/// An equilibrium at q (q̇ = q̈ = 0). Never throws.
Reference equilibrium(const Eigen::VectorXd& q, double t = 0.0);

/// A reference that is not a solution of the equations of motion, or a degenerate one (dependent
/// constraints, singular augmented matrix). The message names the worst constraint or coordinate.
class LinearizationError : public Error {
 public:
  using Error::Error;
};

struct LinearizationOptions {
  /// Consistency of the reference: |C_i|, |Ċ_i|, |D_i| <= tolerance * (1 + scale) and
  /// |q̈0 − q̈(augmented)| <= tolerance * (1 + |q̈|), per entry.
  double consistency_tolerance = 1e-8;
};

/// The composite matrices of 000 Eqs 22-28 at one reference, plus the blocks the reduced path needs.
struct Linearization {
  int nq = 0, nch = 0, ncnh = 0;
  Reference reference;
  Eigen::VectorXd nu;  ///< consistent multipliers ν0 = [λ0; μ0] (000 Eq 36)
  Eigen::MatrixXd Mbar, Rbar, Kbar;  ///< M̄0, R̄0, K̄0, each (nq + nc) × (nq + nc), rows/cols [q; ν]

  int nc() const { return nch + ncnh; }
  int nx() const { return nq + nch + ncnh; }
  // Blocks (views into the composite matrices).
  auto M() const { return Mbar.topLeftCorner(nq, nq); }        ///< M|0
  auto R11() const { return Rbar.topLeftCorner(nq, nq); }      ///< −∂Q_b/∂q̇ + ∂(Jᵀν)/∂q̇
  auto K11() const { return Kbar.topLeftCorner(nq, nq); }      ///< ∂(Mq̈)/∂q − ∂Q_b/∂q + ∂(Jᵀν)/∂q
  auto JT() const { return Kbar.topRightCorner(nq, nc()); }    ///< Jᵀ|0
  auto E_q() const { return Kbar.bottomLeftCorner(nc(), nq); }   ///< [C_q; D_q]
  auto E_qd() const { return Rbar.bottomLeftCorner(nc(), nq); }  ///< [0; D_q̇]
};

/// Linearizes `model` about `reference`. Throws LinearizationError if the reference is inconsistent or
/// the augmented matrix [[M, Jᵀ], [J, 0]] is singular, or the sizes of the reference are not the model's;
/// SolverError from the model's evaluations.
Linearization linearize(const Model& model, const Reference& reference, const LinearizationOptions& options = {});

/// Composite matrices at two times along a steady reference (000 §2.2 applied to a steady motion is only
/// meaningful if they agree): max |A(t_a) − A(t_b)| / (1 + max |A|) over M̄, R̄, K̄ and ν0.
struct InvarianceReport {
  bool invariant = true;
  double max_relative_difference = 0.0;
  std::string worst;  ///< e.g. "K̄(q:lean, q:spin)" or "ν(rolling x)", empty if none differ
};
/// Throws what linearize() throws at either time, and what `reference` throws.
InvarianceReport check_reference_invariance(const Model& model, const std::function<Reference(double t)>& reference,
                                            double t_a, double t_b, double tolerance = 1e-9,
                                            const LinearizationOptions& options = {});

}  // namespace carvallo::stability
