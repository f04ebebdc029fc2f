#pragma once
// The Chaplygin sleigh (registered as "chaplygin-sleigh"): a rigid body gliding on a horizontal plane,
// supported by a knife edge (a blade that cannot slide sideways) at distance a behind its mass centre
// (Chaplygin 1911; Neimark & Fufaev 1972, Ch. III; Bloch 2003; docs/references.md).
//
// Built from the engine's blocks: one AngleBody2D in absolute coordinates q = (x, y, θ) of the mass centre
// G and the heading θ of the body's x̄ axis (the blade's direction); the blade touches the plane at
// P = G − a x̄. Knife edge (one nonholonomic row): the velocity of the body point at P has no component
// across the blade, n̂·(ṙ_G + θ̇ ẑ × (P − G)) = −sin θ ẋ + cos θ ẏ − a θ̇ = 0, n̂ = ẑ × x̄.
//
// Sign convention: the speed v is the velocity of G along +x̄ (forwards: the mass centre leads, the blade
// trails). Straight gliding at speed v linearizes (docs/examples.md, "Chaplygin sleigh") to
//   λ = −m a v / (I + m a²)     (I about G),
// plus structural zeros (heading, speed): stable forwards (v > 0), unstable backwards (v < 0).
#include "registry.hpp"

#include "carvallo/blocks/body_2d.hpp"
#include "carvallo/model.hpp"

#include <string>
#include <vector>

namespace carvallo::examples::mechanisms {

struct ChaplyginSleigh {
  double m = 1.0;   ///< mass [kg]
  double I = 0.05;  ///< moment of inertia about the mass centre [kg m²]
  double a = 0.3;   ///< distance of the blade behind the mass centre [m]
  blocks::AngleBody2D body{0, 1.0, 0.05};

  ChaplyginSleigh() { body = {0, m, I}; }
  Layout layout() const {
    return {"chaplygin sleigh", blocks::AngleBody2D::coordinate_names("sleigh"), {}, {"blade"}};
  }
  template <class S>
  void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    body.add_mass<S>(M);
  }
  template <class S>
  void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}  // no friction, gravity ⟂ plane
  template <class S, class SQ = S>
  void nonholonomic(const Vec<SQ>& q, const Vec<S>& qd, const SQ&, Vec<S>& D) const {
    const blocks::Vec2<SQ> n = body.direction<SQ>(q, Eigen::Vector2d(0.0, 1.0));    // across the blade
    const blocks::Vec2<SQ> arm = body.direction<SQ>(q, Eigen::Vector2d(-a, 0.0));  // G -> P
    // n̂ · (ṙ_G + θ̇ ẑ × arm), ẑ × arm = (−arm_y, arm_x)
    D[0] = n[0] * (qd[0] - qd[2] * arm[1]) + n[1] * (qd[1] + qd[2] * arm[0]);
  }
  template <class S>
  S kinetic_energy(const Vec<S>&, const Vec<S>& qd, const S&) const {
    return S(0.5) * (S(m) * (qd[0] * qd[0] + qd[1] * qd[1]) + S(I) * qd[2] * qd[2]);
  }
};

/// λ = −m a v / (I + m a²) (see above).
double chaplygin_sleigh_eigenvalue(const ChaplyginSleigh& sleigh, double v);

/// Settings: speed (m/s, of G along the blade), yaw_rate (initial turning rate, rad/s).
std::vector<Quantity> chaplygin_sleigh_settings();
/// The steady motion: straight gliding, swept in "speed".
SteadyMotion chaplygin_sleigh_steady_motion();
ModelInstance make_chaplygin_sleigh(const ModelSetup& setup);

}  // namespace carvallo::examples::mechanisms
