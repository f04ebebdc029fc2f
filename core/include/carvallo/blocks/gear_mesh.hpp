#pragma once
// Gear meshes as nonholonomic constraints (004 §4.1, Eqs 38-42): at the pitch point of two engaged gears
// carried by a common carrier (arm) the relative velocity is zero. With angular velocities about the gears'
// own axes (body z, ω̄_z, the body-frame components of 004) and tooth counts T (pitch radius r = m T / 2 for
// module m):
//
//   external mesh (gears i, j on carrier c):  T_i (ω̄_i − ω̄_c) + T_j (ω̄_j − ω̄_c) = 0       (004 Eq 40, 42)
//   internal mesh (ring i, gear j, carrier c): T_i (ω̄_i − ω̄_c) − T_j (ω̄_j − ω̄_c) = 0       (004 Eq 41 with T_1 = T_2 + 2T_5)
//
// Each row is linear in the velocities (Pfaffian). GearMesh is the general form Σ_k c_k ω̄_k·a_k = 0 over
// bodies of rigid_body_3d.hpp (the ground may appear: its ω is 0). The angular velocities come from the
// body's kinematics (rotation.hpp); nothing is differentiated by hand.
// Nothing here throws: degenerate geometry gives non-finite values, which Model reports (SolverError NonFinite).

#include "carvallo/blocks/rigid_body_3d.hpp"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace carvallo::blocks {

struct GearMesh {
  static constexpr int rows = 1;
  struct Term {
    RigidBody3D body;
    double coefficient = 0.0;
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();  ///< gear axis in body coordinates
  };
  std::vector<Term> terms;

  /// 004 Eq 40: external gears i (T_i teeth) and j (T_j) whose axes are carried by `carrier`.
  static GearMesh external(const RigidBody3D& i, double Ti, const RigidBody3D& j, double Tj, const RigidBody3D& carrier) {
    return {{{i, Ti}, {j, Tj}, {carrier, -(Ti + Tj)}}};
  }
  /// 004 Eq 41: ring gear i (internal teeth T_i) meshing with gear j (T_j) carried by `carrier`.
  static GearMesh internal(const RigidBody3D& ring, double Ti, const RigidBody3D& j, double Tj, const RigidBody3D& carrier) {
    return {{{ring, Ti}, {j, -Tj}, {carrier, -(Ti - Tj)}}};
  }

  static std::vector<std::string> names(const std::string& prefix) { return {prefix}; }

  template <class S>
  void write(const Vec<S>& q, const Vec<S>& qd, Vec<S>& D, int row) const {
    S sum(0.0);
    for (const auto& t : terms) {
      if (t.body.is_ground()) continue;
      sum += t.coefficient * t.body.angular_velocity_in_body<S>(q, qd).dot(t.axis.cast<S>());
    }
    D[row] = sum;
  }
};

}  // namespace carvallo::blocks
