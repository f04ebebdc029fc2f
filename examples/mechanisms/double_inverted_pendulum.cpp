// Double inverted pendulum of 002 §6 (Fig. 4): Table 3 inertia, Table 5 spring–damper, Table 8 initial
// configuration.
//
// Reconstruction:
//  * Cart (body 1): m = 5 kg, I = 0.833 kg m² about every axis → a 1 m × 1 m block, centred at G1 = (0, 0);
//    the prismatic joint at G1 keeps it on the x axis, unrotated.
//  * Link (body 2): m = 3 kg, J_xx = 4 kg m² → L = 4 m, centred at (2, 0), horizontal: its ends are
//    A = (0, 0) = G1 (revolute to the cart) and B = (4, 0).
//  * Link (body 3): m = 1 kg, J_xx = ½(3.013 + 3.013 − 0.027) = 3 kg m² → L = 6 m, centred at (4, 3), vertical
//    (α = (0, 1)): its lower end is B (revolute to body 2).
//  * Spring–damper "between the points B and C" (l0 = 1 m, k = 400 N/m, c = 30 N s/m). C is not a joint
//    and 002 gives no coordinates for it: we take C fixed to the ground at (4, −1), one free length below B
//    (an assumption; the spring starts unstressed and vertical).
//  * Gravity 9.81 m/s² along −y.

#include "mechanisms/double_inverted_pendulum.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

PlanarMechanismData double_inverted_pendulum_data() {
  const double pi = std::acos(-1.0);
  PlanarMechanismData d;
  d.name = "double-inverted-pendulum";
  d.bodies = {{"cart", 5.0, 0.833, 0.833, 0.833, 0.0, 0.0, 0.0, 0.5, 0.5},
              {"link1", 3.0, 0.080, 4.040, 4.040, 2.0, 0.0, 0.0, 2.0, 0.2},
              {"link2", 1.0, 0.027, 3.013, 3.013, 4.0, 3.0, pi / 2, 3.0, 0.2}};
  d.pins = {{"A", 0, {0.0, 0.0}, 1, {-2.0, 0.0}},
            {"B", 1, {2.0, 0.0}, 2, {-3.0, 0.0}}};
  d.sliders = {{"G1", -1, {0.0, 0.0}, {1.0, 0.0}, 0, {0.0, 0.0}, {1.0, 0.0}}};
  d.springs = {{"BC", 1, {2.0, 0.0}, -1, {4.0, -1.0}, 1.0, 400.0, 30.0}};
  d.energy_not_conserved = "a spring-damper dissipates energy";
  d.table11_C = 9.630e-13;  // 002 Table 11
  d.table11_Cdot = 1.088e-14;
  return d;
}

ModelInstance make_double_inverted_pendulum(const std::string& variant) {
  return make_planar_instance(double_inverted_pendulum_data(), variant);
}

}  // namespace carvallo::examples::mechanisms
