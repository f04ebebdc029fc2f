// Slider-crank mechanism of 002 §6 (Fig. 3): Table 2 inertia, Table 5 spring–damper, Table 7 initial
// configuration.
//
// Reconstruction:
//  * Crank (body 1): m = 2 kg, J_xx = ½(2.693 + 2.693 − 0.053) = 2.6665 kg m² = m L²/12 → L = 4 m; Table 7 puts
//    its centre at (√2, √2) at 45°, so its ends are A = (0, 0) (ground pivot) and B = (2√2, 2√2).
//  * Connecting rod (body 2): m = 3 kg, J_xx = 29.856 kg m² → L = 4(1 + √3) = 10.928 m; at −15° from B its far
//    end is C = (6√2 + 2√6, 0) = (13.384, 0) and its centre (8.106, 1.414), as in Table 7.
//  * Slider (body 3): m = 4 kg, J_xx = 1.3335, J_yy = 0.3335 kg m² → a 2 m × 1 m block centred at C = G3 (Table 7).
//    Revolute C joins rod and slider at G3; the prismatic joint at G3 keeps the slider on the x axis, unrotated.
//  * Spring–damper "between the points B and D" (l0 = 0, k = 300 N/m, c = 40 N s/m). D is not a joint and
//    002 gives no coordinates for it: we take D fixed to the ground at (2√2, 0), below B on the slide line
//    (an assumption; the spring then starts vertical, 2√2 m long).
//  * Gravity 9.81 m/s² along −y.

#include "mechanisms/slider_crank.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

PlanarMechanismData slider_crank_data() {
  const double r2 = std::sqrt(2.0), r6 = std::sqrt(6.0), pi = std::acos(-1.0);
  const double L2 = 4.0 * (1.0 + std::sqrt(3.0));
  const double a15 = pi / 12.0;
  const Eigen::Vector2d B(2.0 * r2, 2.0 * r2);
  const Eigen::Vector2d G2 = B + 0.5 * L2 * Eigen::Vector2d(std::cos(a15), -std::sin(a15));
  PlanarMechanismData d;
  d.name = "slider-crank";
  d.bodies = {{"crank", 2.0, 0.053, 2.693, 2.693, r2, r2, pi / 4, 2.0, 0.2},
              {"rod", 3.0, 0.080, 29.896, 29.896, G2.x(), G2.y(), -a15, 0.5 * L2, 0.2},
              {"slider", 4.0, 0.667, 1.667, 1.667, 6.0 * r2 + 2.0 * r6, 0.0, 0.0, 1.0, 0.5}};
  d.pins = {{"A", -1, {0.0, 0.0}, 0, {-2.0, 0.0}},
            {"B", 0, {2.0, 0.0}, 1, {-0.5 * L2, 0.0}},
            {"C", 1, {0.5 * L2, 0.0}, 2, {0.0, 0.0}}};
  d.sliders = {{"G3", -1, {0.0, 0.0}, {1.0, 0.0}, 2, {0.0, 0.0}, {1.0, 0.0}}};
  d.springs = {{"BD", 0, {2.0, 0.0}, -1, {2.0 * r2, 0.0}, 0.0, 300.0, 40.0}};
  d.energy_not_conserved = "a spring-damper dissipates energy";
  d.table11_C = 3.689e-15;  // 002 Table 11
  d.table11_Cdot = 2.925e-14;
  return d;
}

ModelInstance make_slider_crank(const std::string& variant) { return make_planar_instance(slider_crank_data(), variant); }

}  // namespace carvallo::examples::mechanisms
