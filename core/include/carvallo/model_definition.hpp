#pragma once
// What a model author writes: a plain struct with a layout (names) and a few member templates over the
// scalar type S. Everything else (Jacobians, quadratic-velocity vectors, linearization terms) is
// derived by forward-mode AD in carvallo::Model. See docs/engine.md, "Writing a model".
//
//   struct Pendulum {                                   // a point mass on a rod, Cartesian x, y
//     double m = 1, L = 1, g = 9.81;
//     carvallo::Layout layout() const { return {"pendulum", {"x", "y"}, {"rod"}, {}}; }
//     template <class S> void mass(const carvallo::Vec<S>&, const S&, carvallo::Mat<S>& M) const {
//       M(0, 0) = m; M(1, 1) = m; }
//     template <class S> void forces(const carvallo::Vec<S>&, const carvallo::Vec<S>&, const S&,
//                                    carvallo::Vec<S>& Q) const { Q[1] = -m * g; }
//     template <class S> void holonomic(const carvallo::Vec<S>& q, const S&, carvallo::Vec<S>& C) const {
//       C[0] = q[0] * q[0] + q[1] * q[1] - L * L; }
//   };
//   carvallo::Model model(Pendulum{});

#include "carvallo/ad.hpp"

#include <Eigen/Core>

#include <concepts>
#include <string>
#include <vector>

namespace carvallo {

template <class S> using Vec = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <class S> using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

/// Names and sizes of a model. The sizes of q, C and D are the lengths of the name lists.
struct Layout {
  std::string name;                       ///< model name, for messages
  std::vector<std::string> coordinates;   ///< one name per generalized coordinate q_i (n_q)
  std::vector<std::string> holonomic;     ///< one name per holonomic constraint C_i (n_c,h)
  std::vector<std::string> nonholonomic;  ///< one name per nonholonomic constraint D_i (n_c,nh)
};

// Required members. The engine passes outputs already sized and zero-filled, so building blocks can
// accumulate with += (mass matrix and forces) or write disjoint segments (constraints).
template <class Def>
concept HasMass = requires(const Def& d, const Vec<double>& q, const double& t, Mat<double>& M) {
  d.template mass<double>(q, t, M);
};
template <class Def>
concept HasForces = requires(const Def& d, const Vec<double>& q, const double& t, Vec<double>& Q) {
  d.template forces<double>(q, q, t, Q);
};
// Optional members.
template <class Def>
concept HasHolonomic = requires(const Def& d, const Vec<double>& q, const double& t, Vec<double>& C) {
  d.template holonomic<double>(q, t, C);
};
template <class Def>
concept HasNonholonomic = requires(const Def& d, const Vec<double>& q, const double& t, Vec<double>& D) {
  d.template nonholonomic<double>(q, q, t, D);
};
template <class Def>
concept HasPotentialEnergy = requires(const Def& d, const Vec<double>& q, const double& t) {
  { d.template potential_energy<double>(q, t) } -> std::convertible_to<double>;
};
template <class Def>
concept HasKineticEnergy = requires(const Def& d, const Vec<double>& q, const double& t) {
  { d.template kinetic_energy<double>(q, q, t) } -> std::convertible_to<double>;
};

/// A model definition: layout() plus mass() and forces(); holonomic(), nonholonomic(),
/// potential_energy() and kinetic_energy() are optional. Copyable (the Model keeps a copy).
template <class Def>
concept ModelDefinition = std::copy_constructible<Def> && HasMass<Def> && HasForces<Def> && requires(const Def& d) {
  { d.layout() } -> std::convertible_to<Layout>;
};

}  // namespace carvallo
