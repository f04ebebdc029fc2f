#pragma once
// Applied forces on 3D rigid bodies (rigid_body_3d.hpp) as generalized forces, accumulated into Q (+=).
// A force F (global components) at a body point P contributes Q = (∂ṙ_P/∂q̇)ᵀ F (virtual power F·ṙ_P);
// a torque T (global) contributes Q = (∂ω/∂q̇)ᵀ T. ṙ_P and ω are linear in q̇, so the columns of those
// Jacobians are velocities for unit rates: computed from the body's kinematics, never by hand.
//
// Sign conventions: Q is what the force does on the coordinates (Q_e of docs/engine.md).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/blocks/rigid_body_3d.hpp"

#include <Eigen/Core>

namespace carvallo::blocks {

/// Q += (∂ṙ_P/∂q̇)ᵀ F for a force F (global) at the body point `local` (body coordinates).
template <class S, class L>
void add_point_force(const RigidBody3D& body, const Vec<S>& q, const Eigen::MatrixBase<L>& local, const Vec3<S>& F,
                     Vec<S>& Q) {
  if (body.is_ground()) return;
  const int o = body.offset;
  for (int k = 0; k < 3; ++k) Q[o + k] += F[k];
  // ṙ_P = ṙ + ω × (R s): the orientation columns are (∂ω/∂θ̇_j) × (R s).
  const Vec3<S> arm = times<S>(body.rotation<S>(q), local);
  const Vec3<S> moment = arm.cross(F);  // F·(w × arm) = w·(arm × F)
  if (body.kind == Orientation::EulerAngles) {
    const Mat3<S> G = euler_rate_matrix_global<S>(Vec3<S>(q.template segment<3>(o + 3)), body.seq);
    Q.template segment<3>(o + 3) += G.transpose() * moment;
  } else {
    const Eigen::Matrix<S, 3, 4> G = euler_parameter_matrix_global<S>(Vec4<S>(q.template segment<4>(o + 3)));
    Q.template segment<4>(o + 3) += S(2.0) * (G.transpose() * moment);
  }
}

/// Q += (∂ω/∂q̇)ᵀ T for a torque T (global components) on the body.
template <class S>
void add_torque(const RigidBody3D& body, const Vec<S>& q, const Vec3<S>& T, Vec<S>& Q) {
  if (body.is_ground()) return;
  const int o = body.offset;
  if (body.kind == Orientation::EulerAngles) {
    const Mat3<S> G = euler_rate_matrix_global<S>(Vec3<S>(q.template segment<3>(o + 3)), body.seq);
    Q.template segment<3>(o + 3) += G.transpose() * T;
  } else {
    const Eigen::Matrix<S, 3, 4> G = euler_parameter_matrix_global<S>(Vec4<S>(q.template segment<4>(o + 3)));
    Q.template segment<4>(o + 3) += S(2.0) * (G.transpose() * T);
  }
}

/// Uniform gravity: the weight m g (g a global vector, e.g. (0, 0, 9.81) with z down) at the mass centre.
template <class S>
void add_gravity(const RigidBody3D& body, const Eigen::Vector3d& g, Vec<S>& Q) {
  if (body.is_ground()) return;
  for (int k = 0; k < 3; ++k) Q[body.offset + k] += S(body.mass * g[k]);
}

/// Potential energy of gravity, −m g·r (zero at the origin).
template <class S>
S gravity_potential(const RigidBody3D& body, const Vec<S>& q, const Eigen::Vector3d& g) {
  if (body.is_ground()) return S(0.0);
  return -body.mass * g.cast<S>().dot(body.position<S>(q));
}

/// A linear spring–damper between point_a of body a and point_b of body b (either may be the ground):
/// tension f = k (L − L0) + c L̇ pulls the points together (L = |P_b − P_a|, must stay > 0).
struct SpringDamper3D {
  RigidBody3D a, b;
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();
  double stiffness = 0.0, damping = 0.0, rest_length = 0.0;

  template <class S>
  void add_forces(const Vec<S>& q, const Vec<S>& qd, Vec<S>& Q) const {
    const Vec3<S> d = b.point<S>(q, point_b) - a.point<S>(q, point_a);
    const S L = sqrt(d.dot(d));
    const Vec3<S> u = d / L;
    const S Ld = u.dot(Vec3<S>(b.velocity<S>(q, qd, point_b) - a.velocity<S>(q, qd, point_a)));
    const S f = stiffness * (L - rest_length) + damping * Ld;
    add_point_force<S>(a, q, point_a, Vec3<S>(f * u), Q);
    add_point_force<S>(b, q, point_b, Vec3<S>(-f * u), Q);
  }
  template <class S>
  S potential_energy(const Vec<S>& q) const {
    const Vec3<S> d = b.point<S>(q, point_b) - a.point<S>(q, point_a);
    const S e = sqrt(d.dot(d)) - rest_length;
    return S(0.5 * stiffness) * e * e;
  }
};

}  // namespace carvallo::blocks
