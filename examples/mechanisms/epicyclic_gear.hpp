#pragma once
// Epicyclic gear train of 004 §4 (registered as "epicyclic-gear"): 7 bodies with Euler parameters
// (49 coordinates), the joints of 004 Table 2 (45 holonomic equations including the 7 normalization
// conditions) and the gear meshes of 004 Eqs 40-42 (3 nonholonomic equations).
#include "registry.hpp"

#include "carvallo/blocks/forces.hpp"
#include "carvallo/blocks/gear_mesh.hpp"
#include "carvallo/blocks/joints_3d.hpp"
#include "carvallo/blocks/rigid_body_3d.hpp"
#include "carvallo/model.hpp"

#include <array>
#include <vector>

namespace carvallo::examples::mechanisms {

struct EpicyclicGear {
  // 004 §4.1: module 4 mm, T1 = 127 (ring), T2 = 23 (sun), T5 = T7 = 52 (planets); torque 0.1 N m on the arm.
  double module = 0.004, T1 = 127, T2 = 23, T5 = 52, T7 = 52, torque = 0.1;

  std::array<blocks::RigidBody3D, 7> bodies;   // ring, sun, arm, carrier1, planet1, carrier2, planet2
  std::vector<blocks::RigidJoint3D> rigid;     // ground–ring, arm–carrier1, arm–carrier2
  std::vector<blocks::RevoluteJoint3D> revolute;  // ground–sun, ground–arm, carrier1–planet1, carrier2–planet2
  std::array<blocks::GearMesh, 3> meshes;      // Eqs 40, 41, 42
  std::vector<std::string> joint_order;        // layout names, in Table 2 order (see layout())

  EpicyclicGear();
  double pitch_radius(double T) const { return 0.5 * module * T; }  // D = m T
  double arm_radius() const { return pitch_radius(T2) + pitch_radius(T5); }  // r3 = r2 + r5 (004 after Eq 39)
  Eigen::VectorXd reference_q() const;  // all bodies unrotated, at their places

  Layout layout() const;
  template <class S> void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    for (const auto& b : bodies) b.add_mass(q, M);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    for (const auto& b : bodies) b.add_quadratic_velocity(q, qd, Q);
    const blocks::RigidBody3D& arm = bodies[2];
    const blocks::Vec3<S> T = arm.rotation<S>(q) * blocks::Vec3<S>(S(0.0), S(0.0), S(torque));  // about local z³
    blocks::add_torque(arm, q, T, Q);
  }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    int row = 0;
    for (const auto& b : bodies) {
      b.write_constraints(q, C, row);
      row += b.constraint_count();
    }
    // 004 Table 2 order: rigid ground–ring, revolute ground–sun, revolute ground–arm, rigid arm–carrier1,
    // revolute carrier1–planet1, rigid arm–carrier2, revolute carrier2–planet2.
    rigid[0].write(q, C, row); row += blocks::RigidJoint3D::rows;
    revolute[0].write(q, C, row); row += blocks::RevoluteJoint3D::rows;
    revolute[1].write(q, C, row); row += blocks::RevoluteJoint3D::rows;
    rigid[1].write(q, C, row); row += blocks::RigidJoint3D::rows;
    revolute[2].write(q, C, row); row += blocks::RevoluteJoint3D::rows;
    rigid[2].write(q, C, row); row += blocks::RigidJoint3D::rows;
    revolute[3].write(q, C, row);
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& D) const {
    for (int k = 0; k < 3; ++k) meshes[static_cast<std::size_t>(k)].write(q, qd, D, k);
  }
  template <class S> S kinetic_energy(const Vec<S>& q, const Vec<S>& qd, const S&) const {
    S T(0.0);
    for (const auto& b : bodies) T += b.kinetic_energy(q, qd);
    return T;
  }

  /// Angular velocity about the body's own z axis (004's ω̄_z) of body k (0-based, Table 1 order).
  double omega_z(int k, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) const {
    return bodies[static_cast<std::size_t>(k)].angular_velocity_in_body<double>(q, qd).z();
  }
  /// Sun-to-arm speed ratio with the ring fixed, from Eqs 40-41: ω̄₂/ω̄₃ = 1 + T1/T2.
  double sun_to_arm_ratio() const { return 1.0 + T1 / T2; }
  /// Planet-to-arm speed ratio with the ring fixed (Eq 41, ω̄₁ = 0): ω̄₅/ω̄₃ = −(T1 − T5)/T5 = −(T2 + T5)/T5.
  double planet_to_arm_ratio() const { return -(T1 - T5) / T5; }
};

/// Variants choose the paper's three integration schemes (004 §4.2): "selective" (SCPI, the default),
/// "rgcpa" (GCPI, full coordinate partitioning), "full" (FCI: all 49 coordinates, no stabilization).
/// Settings epicyclic_gear_settings(). Throws SolverError(InvalidArgument) for an unknown variant, a
/// parameter table or a setting out of range.
ModelInstance make_epicyclic_gear(const ModelSetup& setup);
/// Its initial condition: the arm's angular velocity (004: 0, from rest).
std::vector<Quantity> epicyclic_gear_settings();
/// 004's comparison of FCI, GCPI and SCPI, as the playground's preset.
std::vector<MethodStudy> epicyclic_gear_studies();

}  // namespace carvallo::examples::mechanisms
