#pragma once
// A thin disk (knife-edge) wheel rolling on the ground plane z = 0 without slipping.
//
// The wheel is a RigidBody3D whose mass centre is the wheel centre c; `axis` is the wheel's spin axis in
// body coordinates (unit). `down` = ±1 is the side of the plane where "below" is: +1 for the z-down
// convention of the bicycle benchmark (wheels at z < 0 above the ground), −1 for z up.
// With g = down e_z, a = R axis (global spin axis):
//   lowest rim point    P = c + r d̂,  d̂ = (g − (g·a) a) / |g − (g·a) a|   (in the wheel plane, towards the ground)
//   holonomic contact   C = e_z·P = 0                                       name "<prefix> contact"
//   material velocity   v_P = ċ + ω × (P − c)   (the wheel's material point at the contact, not the
//                       velocity of the geometric contact point moving along the rim)
//   longitudinal        D₁ = t̂·v_P = 0,  t̂ = a × g / |a × g|  (horizontal, in the wheel plane)   "<prefix> longitudinal"
//   lateral             D₂ = l̂·v_P = 0,  l̂ = g × t̂            (horizontal, ⟂ wheel plane)      "<prefix> lateral"
// The vertical component of v_P is Ċ (P is the lowest point, so the height of the contact changes at the
// rate of the material point's), hence it is not repeated as a nonholonomic row.
// The constraints are singular when the wheel lies flat (a ∥ g).
//
// A wheel of zero radius is a skate: P = c, and only the lateral row applies (a skate slides freely
// along its blade); set `longitudinal = false` (nonholonomic_rows() is then 1).
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/blocks/rigid_body_3d.hpp"

#include <Eigen/Core>

#include <string>
#include <utility>
#include <vector>

namespace carvallo::blocks {

struct KnifeEdgeWheel {
  static constexpr int holonomic_rows = 1;
  RigidBody3D body;
  double radius = 0.0;
  Eigen::Vector3d axis = Eigen::Vector3d::UnitY();  ///< spin axis, body coordinates
  double down = 1.0;                                ///< +1: ground below means larger z (z down)
  bool longitudinal = true;                         ///< false for a skate (zero radius)

  int nonholonomic_rows() const { return longitudinal ? 2 : 1; }
  std::vector<std::string> holonomic_names(const std::string& prefix) const { return {prefix + " contact"}; }
  std::vector<std::string> nonholonomic_names(const std::string& prefix) const {
    if (longitudinal) return {prefix + " longitudinal", prefix + " lateral"};
    return {prefix + " lateral"};
  }

  /// Global spin axis a.
  template <class S>
  Vec3<S> spin_axis(const Vec<S>& q) const {
    return times<S>(body.rotation<S>(q), axis);
  }
  /// Contact point P (the lowest point of the rim), global.
  template <class S>
  Vec3<S> contact_point(const Vec<S>& q) const {
    return contact_point_from<S>(body.position<S>(q), spin_axis<S>(q));
  }
  /// Horizontal unit vectors (longitudinal t̂, lateral l̂) of the contact frame.
  template <class S>
  std::pair<Vec3<S>, Vec3<S>> contact_directions(const Vec<S>& q) const {
    return contact_directions_from<S>(spin_axis<S>(q));
  }
  /// Velocity of the wheel's material point at the contact, global.
  template <class S>
  Vec3<S> contact_velocity(const Vec<S>& q, const Vec<S>& qd) const {
    const Vec3<S> c = body.position<S>(q);
    const Vec3<S> arm = contact_point_from<S>(c, spin_axis<S>(q)) - c;
    return Vec3<S>(qd.template segment<3>(body.offset)) + body.angular_velocity<S>(q, qd).cross(arm);
  }

  template <class S>
  void write_holonomic(const Vec<S>& q, Vec<S>& C, int row) const {
    C[row] = contact_point<S>(q)[2];
  }
  /// The same with the wheel's rotation R computed once by the caller (a model whose joints need it too).
  template <class S>
  void write_holonomic(const Vec<S>& q, const Mat3<S>& R, Vec<S>& C, int row) const {
    C[row] = contact_point_from<S>(body.position<S>(q), times<S>(R, axis))[2];
  }

 private:
  template <class S>
  Vec3<S> contact_point_from(const Vec3<S>& c, const Vec3<S>& a) const {
    if (radius == 0.0) return c;
    Vec3<S> d = -(down * a[2]) * a;  // g − (g·a) a with g = down e_z
    d[2] += S(down);
    return c + (radius / sqrt(dot3<S>(d, d))) * d;
  }
  template <class S>
  std::pair<Vec3<S>, Vec3<S>> contact_directions_from(const Vec3<S>& a) const {
    Vec3<S> t(a[1] * S(down), -a[0] * S(down), S(0.0));  // a × (down e_z)
    t /= sqrt(dot3<S>(t, t));
    const Vec3<S> l(-t[1] * S(down), t[0] * S(down), S(0.0));  // (down e_z) × t̂
    return {t, l};
  }

 public:
  /// The rows at `row`. The coordinates q may have another scalar type SQ than the rates (SQ = double
  /// with a dual S seeded along q̇): D is linear in q̇, so the geometry (spin axis, contact arm, contact
  /// directions) is then computed without tangents. Model evaluates it with one type (double or Recorded).
  template <class S, class SQ = S>
  void write_nonholonomic(const Vec<SQ>& q, const Vec<S>& qd, Vec<S>& D, int row) const {
    // The rotation once (it dominates the cost with a dual scalar), then everything from the spin axis.
    const Vec3<SQ> a = spin_axis<SQ>(q), c = body.position<SQ>(q);
    const Vec3<SQ> arm = contact_point_from<SQ>(c, a) - c;
    const Vec3<S> w = body.angular_velocity<S, SQ>(q, qd);
    const int o = body.offset;
    const Vec3<S> v(qd[o] + (w[1] * arm[2] - w[2] * arm[1]), qd[o + 1] + (w[2] * arm[0] - w[0] * arm[2]),
                    qd[o + 2] + (w[0] * arm[1] - w[1] * arm[0]));  // ċ + ω × arm
    const auto [t, l] = contact_directions_from<SQ>(a);
    auto along = [&v](const Vec3<SQ>& u) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; };  // u · v
    if (longitudinal) {
      D[row] = along(t);
      D[row + 1] = along(l);
    } else {
      D[row] = along(l);
    }
  }
};

}  // namespace carvallo::blocks
