#pragma once
// Sliding particle of 001 Example 2 (registered as "sliding-particle").
#include "registry.hpp"

#include "carvallo/blocks/point_mass.hpp"
#include "carvallo/lagrange.hpp"
#include "carvallo/model.hpp"

namespace carvallo::examples::mechanisms {

/// Nonminimal model: x, y with the surface y + x²/l0 − l0 = 0 (001 Eq 114). The y axis points down:
/// gravity is +g along y (001 Eq 118), so the particle oscillates in the valley about x = 0.
struct SlidingParticle {
  double m = 1.0, g = 9.81, l0 = 1.0;  // 001: m = 1 kg, l0 = 1 m (g not printed; 9.81 m/s² assumed)

  Layout layout() const { return {"sliding-particle", {"x", "y"}, {"surface"}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) += S(m);
    M(1, 1) += S(m);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const { Q[1] += S(m * g); }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[1] + q[0] * q[0] / l0 - l0;  // 001 Eq 114
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const { return m * g * (l0 - q[1]); }  // Eq 123
};

/// Minimal model (001 Eqs 127-137): the single coordinate x, the particle at p(x) = (x, l0 − x²/l0).
/// Mass and forces come from the position by AD (blocks/point_mass.hpp) and Lagrange's quadratic-velocity
/// terms; the result is Kane's minimal equation 137.
struct SlidingParticleMinimal {
  double m = 1.0, g = 9.81, l0 = 1.0;

  Layout layout() const { return {"sliding-particle (minimal)", {"x"}, {}, {}}; }
  template <class T> Eigen::Matrix<T, 2, 1> position(const Vec<T>& q) const {
    return {q[0], l0 - q[0] * q[0] / l0};
  }
  template <class S> void mass(const Vec<S>& q, const S& t, Mat<S>& M) const {
    blocks::add_point_mass<2>(q, t, m, [&](const auto& qq, const auto&) { return position(qq); }, M);
  }
  template <class S> void forces(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& Q) const {
    const Eigen::Matrix<S, 2, 1> weight(S(0.0), S(m * g));
    blocks::add_point_force<2>(q, t, weight, [&](const auto& qq, const auto&) { return position(qq); }, Q);
    add_lagrange_quadratic_velocity(*this, q, qd, t, Q);
  }
  template <class S> S potential_energy(const Vec<S>& q, const S&) const {
    return m * g * (l0 - position(q)[1]);
  }
};

/// Variants: "nonminimal" (Γ = 0, 001 Eqs 121-122), "baumgarte" (Γ1 = −20 s⁻¹, Γ2 = −100 s⁻², Eqs 125-126),
/// "minimal" (Eq 137); settings sliding_particle_settings().
/// Throws SolverError(InvalidArgument) for an unknown variant, a parameter table or a setting out of range.
ModelInstance make_sliding_particle(const ModelSetup& setup);
/// Its initial conditions: the horizontal position x (001: 1 m) and velocity ẋ (001: 0).
std::vector<Quantity> sliding_particle_settings();
/// 001's comparison (unstabilized against Baumgarte), as the playground's preset.
std::vector<MethodStudy> sliding_particle_studies();

}  // namespace carvallo::examples::mechanisms
