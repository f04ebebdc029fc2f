#pragma once
// A particle whose position is any function r(q, t) of the coordinates (header-only scalar templates):
// its mass-matrix contribution m JᵀJ and the generalized force Jᵀ F of a force F acting on it, with the
// Jacobian J = ∂r/∂q by AD (one Dual pass per coordinate). For models written in minimal or mixed
// coordinates (001's minimal sliding-particle equation, the Appell–Hamel mechanism) where the kinetic
// energy is ½ m |ṙ|². When J depends on q, add the quadratic-velocity terms with
// carvallo::add_lagrange_quadratic_velocity (carvallo/lagrange.hpp).
//
// `position` is a generic callable: position(qq, tt) → Eigen::Matrix<T, N, 1> for the scalar type T of qq
// (it is called with Dual<S>).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/ad.hpp"
#include "carvallo/model_definition.hpp"

#include <Eigen/Core>

namespace carvallo::blocks {

namespace detail {
/// J (N × n_q) = ∂r/∂q at (q, t).
template <int N, class S, class F>
Eigen::Matrix<S, N, Eigen::Dynamic> position_jacobian(const Vec<S>& q, const S& t, F&& position) {
  using D = Dual<S>;
  const Eigen::Index n = q.size();
  Vec<D> qq(n);
  for (Eigen::Index i = 0; i < n; ++i) qq[i] = D(q[i], S(0.0));
  const D tt(t, S(0.0));
  Eigen::Matrix<S, N, Eigen::Dynamic> J(N, n);
  for (Eigen::Index k = 0; k < n; ++k) {
    qq[k].d = S(1.0);
    const Eigen::Matrix<D, N, 1> r = position(qq, tt);
    for (int a = 0; a < N; ++a) J(a, k) = r[a].d;
    qq[k].d = S(0.0);
  }
  return J;
}
}  // namespace detail

/// M += m JᵀJ (the particle's kinetic energy ½ m |J q̇|², for a position without explicit time dependence).
template <int N, class S, class F>
void add_point_mass(const Vec<S>& q, const S& t, double m, F&& position, Mat<S>& M) {
  const auto J = detail::position_jacobian<N>(q, t, position);
  // Written out rather than Eigen's products: J has N rows, and each scalar type (double, the recording
  // scalar and their duals, for lagrange.hpp) would otherwise bring its own general matrix kernels into
  // the page (about 30 kB).
  for (Eigen::Index i = 0; i < J.cols(); ++i)
    for (Eigen::Index k = 0; k < J.cols(); ++k) {
      S s = J(0, i) * J(0, k);
      for (int a = 1; a < N; ++a) s += J(a, i) * J(a, k);
      M(i, k) += m * s;
    }
}

/// Q += Jᵀ F for a force F (world components) acting on the particle.
template <int N, class S, class F>
void add_point_force(const Vec<S>& q, const S& t, const Eigen::Matrix<S, N, 1>& force, F&& position, Vec<S>& Q) {
  const auto J = detail::position_jacobian<N>(q, t, position);
  for (Eigen::Index k = 0; k < J.cols(); ++k) {
    S s = J(0, k) * force[0];
    for (int a = 1; a < N; ++a) s += J(a, k) * force[a];
    Q[k] += s;
  }
}

}  // namespace carvallo::blocks
