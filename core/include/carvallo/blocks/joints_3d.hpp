#pragma once
// Joints between two 3D rigid bodies (rigid_body_3d.hpp; either may be RigidBody3D::ground()), as
// holonomic constraint rows. Each joint has `rows`, `names(prefix)` (so a model's layout lists are
// generated, not hand-kept) and `write(q, C, row)` writing rows [row, row + rows).
//
// Rows (P_a, P_b the joint points of body a and b; R_a, R_b their rotations; vectors in body axes):
//   spherical  3: P_b − P_a = 0                                                   names "x" "y" "z"
//   revolute   5: P_b − P_a = 0; (R_a n₁)·(R_b h_b) = 0, (R_a n₂)·(R_b h_b) = 0   "x" "y" "z" "axis 1" "axis 2"
//              where h_a, h_b are the hinge axis in a and b, n₁, n₂ ⟂ h_a
//   prismatic  5: (R_a n₁)·(R_b h_b) = 0, (R_a n₂)·(R_b h_b) = 0 (axes parallel), (R_a n₂)·(R_b m_b) = 0
//              (no twist; m_b is the body-b image of n₁ at assembly), (R_a n₁)·d = 0, (R_a n₂)·d = 0
//              with d = P_b − P_a (sliding only along the axis)        "axis 1" "axis 2" "twist" "slide 1" "slide 2"
//   rigid      6: P_b − P_a = 0; (R_a e_x)·(R_b B e_y) = 0, (R_a e_y)·(R_b B e_z) = 0, (R_a e_z)·(R_b B e_x) = 0
//              with B = relativeᵀ, R_b = R_a relative at assembly    "x" "y" "z" "orientation 1..3"
// The dot-product rows are the usual ones of absolute-coordinate formulations: independent near the
// assembled configuration (where each pair is perpendicular), not globally.
//
// assemble(...) builds a joint from a reference configuration q0 and global data (point, axis), so a
// model states where the joint is in the world once instead of computing body coordinates by hand.
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/blocks/rigid_body_3d.hpp"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <string>
#include <vector>

namespace carvallo::blocks {

namespace detail {

/// Two unit vectors completing unit `axis` to a right-handed orthonormal frame (n₁, n₂, axis).
inline std::array<Eigen::Vector3d, 2> perpendiculars(const Eigen::Vector3d& axis) {
  const Eigen::Vector3d h = axis.normalized();
  // Start from the coordinate axis least aligned with h.
  Eigen::Index k = 0;
  h.cwiseAbs().minCoeff(&k);
  Eigen::Vector3d n1 = Eigen::Vector3d::Unit(k) - h * h[k];
  n1.normalize();
  return {n1, h.cross(n1)};
}

inline std::vector<std::string> suffixed(const std::string& prefix, std::initializer_list<const char*> suffixes) {
  std::vector<std::string> out;
  for (const char* s : suffixes) out.push_back(prefix + " " + s);
  return out;
}

/// Body coordinates of a global point / direction at configuration q0.
inline Eigen::Vector3d local_point(const RigidBody3D& body, const Eigen::VectorXd& q0, const Eigen::Vector3d& global) {
  return body.rotation<double>(q0).transpose() * (global - body.position<double>(q0));
}
inline Eigen::Vector3d local_direction(const RigidBody3D& body, const Eigen::VectorXd& q0, const Eigen::Vector3d& global) {
  return body.rotation<double>(q0).transpose() * global.normalized();
}

}  // namespace detail

struct SphericalJoint3D {
  static constexpr int rows = 3;
  RigidBody3D a, b;
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();

  static SphericalJoint3D assemble(const RigidBody3D& a, const RigidBody3D& b, const Eigen::VectorXd& q0,
                                   const Eigen::Vector3d& point) {
    return {a, b, detail::local_point(a, q0, point), detail::local_point(b, q0, point)};
  }
  static std::vector<std::string> names(const std::string& prefix) { return detail::suffixed(prefix, {"x", "y", "z"}); }
  template <class S>
  void write(const Vec<S>& q, Vec<S>& C, int row) const {
    C.template segment<3>(row) = b.point<S>(q, point_b) - a.point<S>(q, point_a);
  }
};

namespace detail {
/// P_b − P_a from rotations computed once by the caller (each rotation is the costly part of a joint
/// row with a dual scalar; computing it once per body per joint halves the work of a Jacobian pass).
template <class S>
Vec3<S> point_gap(const Vec<S>& q, const RigidBody3D& a, const Mat3<S>& Ra, const Eigen::Vector3d& pa,
                  const RigidBody3D& b, const Mat3<S>& Rb, const Eigen::Vector3d& pb) {
  return (b.position<S>(q) + times<S>(Rb, pb)) - (a.position<S>(q) + times<S>(Ra, pa));
}
}  // namespace detail

struct RevoluteJoint3D {
  static constexpr int rows = 5;
  RigidBody3D a, b;
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();  ///< joint point in a, b
  Eigen::Vector3d axis_a = Eigen::Vector3d::UnitZ(), axis_b = Eigen::Vector3d::UnitZ();  ///< hinge axis in a, b
  std::array<Eigen::Vector3d, 2> n = detail::perpendiculars(Eigen::Vector3d::UnitZ());  ///< ⟂ axis_a in a

  RevoluteJoint3D() = default;

  RevoluteJoint3D(const RigidBody3D& body_a, const RigidBody3D& body_b, const Eigen::Vector3d& pa,
                  const Eigen::Vector3d& pb, const Eigen::Vector3d& ha, const Eigen::Vector3d& hb)
      : a(body_a), b(body_b), point_a(pa), point_b(pb), axis_a(ha.normalized()), axis_b(hb.normalized()),
        n(detail::perpendiculars(axis_a)) {}

  static RevoluteJoint3D assemble(const RigidBody3D& a, const RigidBody3D& b, const Eigen::VectorXd& q0,
                                  const Eigen::Vector3d& point, const Eigen::Vector3d& axis) {
    return {a, b, detail::local_point(a, q0, point), detail::local_point(b, q0, point),
            detail::local_direction(a, q0, axis), detail::local_direction(b, q0, axis)};
  }
  static std::vector<std::string> names(const std::string& prefix) {
    return detail::suffixed(prefix, {"x", "y", "z", "axis 1", "axis 2"});
  }
  template <class S>
  void write(const Vec<S>& q, Vec<S>& C, int row) const {
    write<S>(q, a.rotation<S>(q), b.rotation<S>(q), C, row);
  }
  /// The same with the bodies' rotations computed once by the caller (a model whose bodies carry several
  /// joints avoids recomputing them: with a dual scalar the rotation is most of a joint's cost).
  template <class S>
  void write(const Vec<S>& q, const Mat3<S>& Ra, const Mat3<S>& Rb, Vec<S>& C, int row) const {
    C.template segment<3>(row) = detail::point_gap<S>(q, a, Ra, point_a, b, Rb, point_b);
    const Vec3<S> hb = times<S>(Rb, axis_b);
    C[row + 3] = dot3<S>(times<S>(Ra, n[0]), hb);
    C[row + 4] = dot3<S>(times<S>(Ra, n[1]), hb);
  }
};

struct PrismaticJoint3D {
  static constexpr int rows = 5;
  RigidBody3D a, b;
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();  ///< on the sliding line
  Eigen::Vector3d axis_a = Eigen::Vector3d::UnitZ(), axis_b = Eigen::Vector3d::UnitZ();  ///< sliding axis (unit)
  std::array<Eigen::Vector3d, 2> n = detail::perpendiculars(Eigen::Vector3d::UnitZ());  ///< ⟂ axis_a in a
  Eigen::Vector3d twist_b = Eigen::Vector3d::UnitX();  ///< n[0] as seen in b at assembly

  PrismaticJoint3D() = default;

  PrismaticJoint3D(const RigidBody3D& body_a, const RigidBody3D& body_b, const Eigen::Vector3d& pa,
                   const Eigen::Vector3d& pb, const Eigen::Vector3d& ha, const Eigen::Vector3d& hb,
                   const Eigen::Vector3d& n1_in_b)
      : a(body_a), b(body_b), point_a(pa), point_b(pb), axis_a(ha.normalized()), axis_b(hb.normalized()),
        n(detail::perpendiculars(axis_a)), twist_b(n1_in_b.normalized()) {}

  static PrismaticJoint3D assemble(const RigidBody3D& a, const RigidBody3D& b, const Eigen::VectorXd& q0,
                                   const Eigen::Vector3d& point, const Eigen::Vector3d& axis) {
    const Eigen::Vector3d ha = detail::local_direction(a, q0, axis);
    const Eigen::Vector3d n1_global = a.rotation<double>(q0) * detail::perpendiculars(ha)[0];
    return {a, b, detail::local_point(a, q0, point), detail::local_point(b, q0, point), ha,
            detail::local_direction(b, q0, axis), detail::local_direction(b, q0, n1_global)};
  }
  static std::vector<std::string> names(const std::string& prefix) {
    return detail::suffixed(prefix, {"axis 1", "axis 2", "twist", "slide 1", "slide 2"});
  }
  template <class S>
  void write(const Vec<S>& q, Vec<S>& C, int row) const {
    const Mat3<S> Ra = a.rotation<S>(q), Rb = b.rotation<S>(q);
    const Vec3<S> n1 = times<S>(Ra, n[0]), n2 = times<S>(Ra, n[1]);
    const Vec3<S> hb = times<S>(Rb, axis_b);
    const Vec3<S> d = detail::point_gap<S>(q, a, Ra, point_a, b, Rb, point_b);
    C[row] = dot3<S>(n1, hb);
    C[row + 1] = dot3<S>(n2, hb);
    C[row + 2] = dot3<S>(n2, times<S>(Rb, twist_b));
    C[row + 3] = dot3<S>(n1, d);
    C[row + 4] = dot3<S>(n2, d);
  }
};

struct RigidJoint3D {
  static constexpr int rows = 6;
  RigidBody3D a, b;
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();
  Eigen::Matrix3d relative = Eigen::Matrix3d::Identity();  ///< R_b = R_a relative when assembled

  static RigidJoint3D assemble(const RigidBody3D& a, const RigidBody3D& b, const Eigen::VectorXd& q0,
                               const Eigen::Vector3d& point) {
    return {a, b, detail::local_point(a, q0, point), detail::local_point(b, q0, point),
            a.rotation<double>(q0).transpose() * b.rotation<double>(q0)};
  }
  static std::vector<std::string> names(const std::string& prefix) {
    return detail::suffixed(prefix, {"x", "y", "z", "orientation 1", "orientation 2", "orientation 3"});
  }
  template <class S>
  void write(const Vec<S>& q, Vec<S>& C, int row) const {
    write<S>(q, a.rotation<S>(q), b.rotation<S>(q), C, row);
  }
  /// The same with the bodies' rotations computed once by the caller.
  template <class S>
  void write(const Vec<S>& q, const Mat3<S>& Ra, const Mat3<S>& Rb0, Vec<S>& C, int row) const {
    C.template segment<3>(row) = detail::point_gap<S>(q, a, Ra, point_a, b, Rb0, point_b);
    const Mat3<S> Rb = Rb0 * relative.transpose().cast<S>();  // = R_a when assembled
    C[row + 3] = dot3<S>(Ra.col(0), Rb.col(1));
    C[row + 4] = dot3<S>(Ra.col(1), Rb.col(2));
    C[row + 5] = dot3<S>(Ra.col(2), Rb.col(0));
  }
};

}  // namespace carvallo::blocks
