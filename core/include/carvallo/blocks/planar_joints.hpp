#pragma once
// Planar joints, point forces and spring–dampers for the bodies of body_2d.hpp (NaturalBody2D,
// AngleBody2D, Ground2D; any mix). Header-only scalar templates; constraint derivatives and
// generalized forces come from AD, never by hand.
//
// The four basic extrinsic constraints of 002 §3 (each writes at rows row.. of C):
//   generalized_constraint      Eq 26  q_a − q_b − d                        (1 row; Boolean B matrices)
//   position_constraint         Eq 32  r_i(P_i) − r_j(P_j) − p              (2 rows)
//   orthogonality_first_kind    Eq 38  v_iᵀ v_j − a                         (1 row)
//   orthogonality_second_kind   Eq 48  v_iᵀ (r_i(P_i) − r_j(P_j)) − b      (1 row)
// and the joints built from them (each: `rows`, `names(prefix)`, `write(q, C, row)`):
//   Revolute   = position constraint with p = 0                             (2 rows)
//   Prismatic  = orthogonality of the second kind (P_j stays on the line through P_i along the axis)
//                + orthogonality of the first kind (no relative rotation)   (2 rows)
//
// Forces: add_point_force (generalized force Q = (∂r_P/∂q)ᵀ F by AD over the body's coordinates),
// point_velocity, and SpringDamper2D (linear spring of free length l0 and viscous damper between two
// points, 002 Table 5; force f = k(l − l0) + c l̇ along the line of the points, pulling them together
// when positive).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/blocks/body_2d.hpp"

#include <string>
#include <vector>

namespace carvallo::blocks {

// ---- basic constraints (002 §3) ---------------------------------------------------------------

/// 002 Eq 26 for single coordinates: q[a] − q[b] − d (a or b = −1: that term is absent).
template <class S>
void generalized_constraint(const Vec<S>& q, int a, int b, double d, Vec<S>& C, int row) {
  S c(-d);
  if (a >= 0) c += q[a];
  if (b >= 0) c -= q[b];
  C[row] = c;
}

/// 002 Eq 32: r_i(P_i) − r_j(P_j) − p = 0 (2 rows).
template <class S, class BI, class BJ>
void position_constraint(const BI& bi, const Eigen::Vector2d& Pi, const BJ& bj, const Eigen::Vector2d& Pj,
                         const Eigen::Vector2d& p, const Vec<S>& q, Vec<S>& C, int row) {
  const Vec2<S> d = bi.point(q, Pi) - bj.point(q, Pj);
  C[row] = d.x() - p.x();
  C[row + 1] = d.y() - p.y();
}

/// 002 Eq 38: v_iᵀ v_j − a = 0 with v_i, v_j body-fixed directions (local components).
template <class S, class BI, class BJ>
void orthogonality_first_kind(const BI& bi, const Eigen::Vector2d& vi, const BJ& bj, const Eigen::Vector2d& vj,
                              double a, const Vec<S>& q, Vec<S>& C, int row) {
  C[row] = bi.direction(q, vi).dot(bj.direction(q, vj)) - a;
}

/// 002 Eq 48: v_iᵀ (r_i(P_i) − r_j(P_j)) − b = 0.
template <class S, class BI, class BJ>
void orthogonality_second_kind(const BI& bi, const Eigen::Vector2d& vi, const Eigen::Vector2d& Pi, const BJ& bj,
                               const Eigen::Vector2d& Pj, double b, const Vec<S>& q, Vec<S>& C, int row) {
  C[row] = bi.direction(q, vi).dot(bi.point(q, Pi) - bj.point(q, Pj)) - b;
}

// ---- joints ---------------------------------------------------------------------------------------

/// Revolute joint: point P_i of body i coincides with point P_j of body j.
template <class BI, class BJ>
struct Revolute {
  static constexpr int rows = 2;
  BI bi;
  Eigen::Vector2d Pi;
  BJ bj;
  Eigen::Vector2d Pj;
  static std::vector<std::string> names(const std::string& p) { return {p + ".x", p + ".y"}; }
  template <class S> void write(const Vec<S>& q, Vec<S>& C, int row) const {
    position_constraint(bi, Pi, bj, Pj, Eigen::Vector2d::Zero(), q, C, row);
  }
};
template <class BI, class BJ> Revolute(BI, Eigen::Vector2d, BJ, Eigen::Vector2d) -> Revolute<BI, BJ>;

/// Prismatic joint: point P_j of body j slides along the line of body i through P_i with direction
/// `axis_i` (local), and the bodies do not rotate relative to each other. `axis_j` is a direction of body j
/// that is parallel to axis_i in the assembled configuration (the relative angle it fixes is zero).
template <class BI, class BJ>
struct Prismatic {
  static constexpr int rows = 2;
  BI bi;
  Eigen::Vector2d Pi;
  Eigen::Vector2d axis_i;
  BJ bj;
  Eigen::Vector2d Pj;
  Eigen::Vector2d axis_j;
  static std::vector<std::string> names(const std::string& p) { return {p + ".line", p + ".angle"}; }
  template <class S> void write(const Vec<S>& q, Vec<S>& C, int row) const {
    const Eigen::Vector2d n_i(-axis_i.y(), axis_i.x());  // normal to the sliding axis, in body i
    orthogonality_second_kind(bi, n_i, Pi, bj, Pj, 0.0, q, C, row);  // Eq 48 with v_i = n_i
    orthogonality_first_kind(bi, n_i, bj, axis_j, 0.0, q, C, row + 1);  // Eq 38
  }
};
template <class BI, class BJ>
Prismatic(BI, Eigen::Vector2d, Eigen::Vector2d, BJ, Eigen::Vector2d, Eigen::Vector2d) -> Prismatic<BI, BJ>;

// ---- forces ---------------------------------------------------------------------------------------

/// Adds the generalized force of a world force F applied at body point `local`: Q += (∂r/∂q)ᵀ F, with
/// ∂r/∂q by AD over the body's own coordinates (nothing for the ground).
template <class Body, class S>
void add_point_force(const Body& b, const Vec<S>& q, const Eigen::Vector2d& local, const Vec2<S>& F, Vec<S>& Q) {
  if constexpr (Body::coordinates > 0) {
    using D = Dual<S>;
    thread_local Vec<D> qq;
    qq.resize(q.size());
    for (Eigen::Index i = 0; i < q.size(); ++i) qq[i] = D(q[i], S(0.0));
    for (int k = 0; k < Body::coordinates; ++k) {
      const int i = b.offset + k;
      qq[i].d = S(1.0);
      const Vec2<D> r = b.point(qq, local);
      Q[i] += F.x() * r.x().d + F.y() * r.y().d;
      qq[i].d = S(0.0);
    }
  }
}

/// World velocity of body point `local` (one AD pass along q̇).
template <class Body, class S>
Vec2<S> point_velocity(const Body& b, const Vec<S>& q, const Vec<S>& qd, const Eigen::Vector2d& local) {
  if constexpr (Body::coordinates == 0) {
    return Vec2<S>(S(0.0), S(0.0));
  } else {
    using D = Dual<S>;
    thread_local Vec<D> qq;
    qq.resize(q.size());
    for (Eigen::Index i = 0; i < q.size(); ++i) qq[i] = D(q[i], S(0.0));
    for (int k = 0; k < Body::coordinates; ++k) qq[b.offset + k].d = qd[b.offset + k];
    const Vec2<D> r = b.point(qq, local);
    return Vec2<S>(r.x().d, r.y().d);
  }
}

/// Linear spring (stiffness k, free length l0) in parallel with a viscous damper (coefficient c) between
/// point P_i of body i and point P_j of body j (002 Table 5).
template <class BI, class BJ>
struct SpringDamper2D {
  BI bi;
  Eigen::Vector2d Pi;
  BJ bj;
  Eigen::Vector2d Pj;
  double l0 = 0.0;  ///< free length [m]
  double k = 0.0;   ///< stiffness [N/m]
  double c = 0.0;   ///< damping coefficient [N s/m]

  template <class S> S length(const Vec<S>& q) const {
    const Vec2<S> d = bi.point(q, Pi) - bj.point(q, Pj);
    return sqrt(d.dot(d));
  }
  /// Adds the spring–damper's generalized forces to Q.
  template <class S> void add_forces(const Vec<S>& q, const Vec<S>& qd, Vec<S>& Q) const {
    const Vec2<S> d = bi.point(q, Pi) - bj.point(q, Pj);
    const Vec2<S> dd = point_velocity(bi, q, qd, Pi) - point_velocity(bj, q, qd, Pj);
    Vec2<S> F_i;  // force on body i
    if (value_of(d.dot(d)) == 0.0) {
      F_i = -k * d - c * dd;  // coincident points: no line of action, the spring is the linear −k d
    } else {
      const S l = sqrt(d.dot(d));
      const Vec2<S> e = d / l;
      const S f = k * (l - l0) + c * e.dot(dd);
      F_i = -f * e;
    }
    const Vec2<S> F_j = -F_i;
    add_point_force(bi, q, Pi, F_i, Q);
    add_point_force(bj, q, Pj, F_j, Q);
  }
  /// Elastic potential ½ k (l − l0)².
  template <class S> S potential(const Vec<S>& q) const {
    const S s = length(q) - l0;
    return 0.5 * k * s * s;
  }
};
template <class BI, class BJ>
SpringDamper2D(BI, Eigen::Vector2d, BJ, Eigen::Vector2d, double, double, double) -> SpringDamper2D<BI, BJ>;

}  // namespace carvallo::blocks
