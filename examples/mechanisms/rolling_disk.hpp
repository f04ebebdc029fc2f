#pragma once
// The upright rolling disk (registered as "rolling-disk"): a thin uniform disk rolling without slipping on
// the horizontal plane, the classic nonholonomic teaching model with a closed-form critical speed
// (Neimark & Fufaev 1972; Bloch 2003; derivation in docs/examples.md; docs/references.md).
//
// Built from the engine's blocks like the bicycle's wheels: one RigidBody3D in absolute coordinates
// q = (x, y, z, ψ yaw, φ lean, θ spin) with Euler angles ZXY (R = R_z(ψ) R_x(φ) R_y(θ), spin last, so the
// axisymmetric disk's mass matrix does not depend on θ and the steady motion's linearization does not
// depend on time), z up, and one KnifeEdgeWheel (contact height, longitudinal and lateral rolling).
//
// Straight upright rolling at speed v (ẋ = v, θ̇ = v/r) linearizes (docs/examples.md, "Rolling disk") to a
// lean/heading pair s = ±√σ, σ = [m g r − (I_a + m r²) I_a v² / (I_d r²)] / (I_d + m r²), plus six zeros
// (the cyclic x, y, spin angle; heading, turning rate, spin rate). For the thin uniform disk (I_a = m r²/2, I_d = m r²/4):
// σ = 4 (g r − 3 v²) / (5 r²), stable (neutrally: s = ±iω) above the critical speed v_c = √(g r / 3).
#include "registry.hpp"

#include "carvallo/blocks/knife_edge_wheel.hpp"
#include "carvallo/blocks/rigid_body_3d.hpp"
#include "carvallo/model.hpp"

#include <complex>
#include <string>
#include <vector>

namespace carvallo::examples::mechanisms {

struct RollingDisk {
  double m = 1.0;   ///< mass [kg]
  double r = 0.3;   ///< radius [m]
  double g = 9.81;  ///< gravity [m/s²]
  blocks::KnifeEdgeWheel wheel;

  RollingDisk();
  Layout layout() const;
  double axial_inertia() const { return 0.5 * m * r * r; }      ///< I_a, about the axle (thin uniform disk)
  double diametral_inertia() const { return 0.25 * m * r * r; }  ///< I_d, about a diameter

  template <class S>
  void mass(const Vec<S>& q, const S&, Mat<S>& M) const {
    wheel.body.add_mass<S>(q, M);
  }
  template <class S>
  void forces(const Vec<S>& q, const Vec<S>& qd, const S&, Vec<S>& Q) const {
    wheel.body.add_quadratic_velocity<S>(q, qd, Q);
    Q[2] += S(-m * g);  // weight at the centre, z up
  }
  template <class S>
  void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    wheel.write_holonomic<S>(q, C, 0);
  }
  template <class S, class SQ = S>
  void nonholonomic(const Vec<SQ>& q, const Vec<S>& qd, const SQ&, Vec<S>& D) const {
    wheel.write_nonholonomic<S, SQ>(q, qd, D, 0);
  }
  template <class S>
  S potential_energy(const Vec<S>& q, const S&) const {
    return S(m * g) * q[2];
  }
  template <class S>
  S kinetic_energy(const Vec<S>& q, const Vec<S>& qd, const S&) const {
    return wheel.body.kinetic_energy<S>(q, qd);
  }
};

/// Upright straight rolling along +x at speed v (centre at height r, spin rate v/r): q0, q̇0 (q̈0 = 0).
void rolling_disk_steady_state(const RollingDisk& disk, double v, Eigen::VectorXd& q, Eigen::VectorXd& qd);

/// The closed-form lean/heading eigenvalues ±√σ of the upright disk at speed v (see above), the pair
/// with the larger real part first (for v > v_c: +iω first).
std::vector<std::complex<double>> rolling_disk_lean_eigenvalues(const RollingDisk& disk, double v);
/// v_c = √(m g r I_d r² / ((I_a + m r²) I_a)) (√(g r / 3) for the thin uniform disk).
double rolling_disk_critical_speed(const RollingDisk& disk);

/// Settings: speed (m/s), lean (initial lean angle, rad), lean_rate (rad/s).
std::vector<Quantity> rolling_disk_settings();
/// The steady motion: upright straight rolling, swept in "speed".
SteadyMotion rolling_disk_steady_motion();
ModelInstance make_rolling_disk(const ModelSetup& setup);

}  // namespace carvallo::examples::mechanisms
