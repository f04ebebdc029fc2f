#pragma once
// Quadratic-velocity inertia forces from the mass matrix by nested AD, for models whose M depends on q.
//
// Lagrange's equations with T = ½ q̇ᵀ M(q,t) q̇ give M q̈ = Q_e + Q_v with
//   Q_v = ½ ∂(q̇ᵀ M q̇)/∂q − Ṁ q̇,   Ṁ = Σ_j (∂M/∂q_j) q̇_j + ∂M/∂t.
// add_lagrange_quadratic_velocity() adds Q_v to Q, evaluating def.mass<Dual<S>>() n_q + 1 times.
// Call it from a model's forces(): `carvallo::add_lagrange_quadratic_velocity(*this, q, qd, t, Q);`
// Throws only what def.mass throws.

#include "carvallo/ad.hpp"
#include "carvallo/model_definition.hpp"

namespace carvallo {

template <class Def, class S>
void add_lagrange_quadratic_velocity(const Def& def, const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) {
  using D = Dual<S>;
  const Eigen::Index n = q.size();
  // Thread-local scratch: no allocation after the first call with a given size.
  thread_local Vec<D> qq;
  thread_local Mat<D> MM;
  qq.resize(n);
  // Ṁ q̇: one pass along (q̇, 1) in (q, t).
  for (Eigen::Index i = 0; i < n; ++i) qq[i] = D(q[i], qd[i]);
  MM.setZero(n, n);
  def.template mass<D>(qq, D(t, S(1.0)), MM);
  for (Eigen::Index i = 0; i < n; ++i) {
    S s(0.0);
    for (Eigen::Index k = 0; k < n; ++k) s += MM(i, k).d * qd[k];
    Q[i] -= s;
  }
  // ½ q̇ᵀ (∂M/∂q_j) q̇: one pass per coordinate.
  for (Eigen::Index i = 0; i < n; ++i) qq[i] = D(q[i], S(0.0));
  for (Eigen::Index j = 0; j < n; ++j) {
    qq[j].d = S(1.0);
    MM.setZero(n, n);
    def.template mass<D>(qq, D(t, S(0.0)), MM);
    S s(0.0);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index k = 0; k < n; ++k) s += qd[i] * MM(i, k).d * qd[k];
    Q[j] += 0.5 * s;
    qq[j].d = S(0.0);
  }
}

}  // namespace carvallo
