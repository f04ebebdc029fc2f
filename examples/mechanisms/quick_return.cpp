// Quick-return mechanism of 002 §6 (Fig. 5): Table 4 inertia, Table 5 spring–damper, Table 9 initial
// configuration.
//
// Reconstruction (lengths from J_xx = m L²/12 with Eq 58; positions from Table 9, which they reproduce to
// the printed 3 decimals):
//  * Crank (body 1): m = 5 kg, L = 2 m, at 60°, centre (0.5, √3/2): pivot A = (0, 0) on the ground, tip
//    B = (1, √3).
//  * Slider block (body 2): m = 10 kg, 0.8 m × 0.8 m, centred at B (revolute B to the crank tip), oriented as
//    the rocker; the prismatic joint at G2 lets it slide along the rocker.
//  * Rocker (body 3): m = 6 kg, L = 6 m. Its line passes through B and through the ground pivot C = (0, −2)
//    (then it is at exactly 75°: tan 75° = 2 + √3); Table 9's α = (−0.259, −0.966) points down it, and its centre
//    (0.741, 0.766) is 1 m below B along the rocker, so C sits at x̄ = |CB| − 1 = √(8 + 4√3) − 1 = 2.864 m and
//    the upper end x̄ = −3 is D = (1.518, 3.664).
//  * Link (body 4): m = 2 kg, L = 2 m, at 135° from D (x̄ = −1) to E = (0.103, 5.078) (x̄ = +1); centre (0.811, 4.371).
//  * Ram (body 5): m = 1 kg, 0.8 m × 0.8 m, centred at E (revolute E); the prismatic joint at G5 keeps it on the
//    horizontal line y = E_y, unrotated.
//    Joints: revolute A, B, C, D, E and prismatic G2, G5 — the five and two of 002's text.
//  * Spring–damper "between the points D and F" (l0 = 0.1 m, k = 100 N/m, c = 5 N s/m). F is not a joint and
//    002 gives no coordinates for it: we take F fixed to the ground at (0, D_y), level with D (an assumption).
//  * Gravity 9.81 m/s² along −y.

#include "mechanisms/quick_return.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

PlanarMechanismData quick_return_data() {
  const double pi = std::acos(-1.0), r3 = std::sqrt(3.0);
  const double rocker = -105.0 * pi / 180.0, link = 135.0 * pi / 180.0;
  const Eigen::Vector2d B(1.0, r3), C(0.0, -2.0);
  const Eigen::Vector2d a3(std::cos(rocker), std::sin(rocker)), a4(std::cos(link), std::sin(link));
  const Eigen::Vector2d G3 = B + a3;           // B at x̄ = −1 of the rocker
  const double xC = (C - G3).dot(a3);          // = √(8 + 4√3) − 1
  const Eigen::Vector2d D = G3 - 3.0 * a3;     // upper end of the rocker
  const Eigen::Vector2d G4 = D + a4, E = D + 2.0 * a4;
  PlanarMechanismData d;
  d.name = "quick-return";
  d.bodies = {{"crank", 5.0, 0.133, 1.733, 1.733, 0.5, 0.5 * r3, pi / 3, 1.0, 0.2},
              {"block", 10.0, 1.067, 1.067, 1.067, B.x(), B.y(), rocker, 0.4, 0.4},
              {"rocker", 6.0, 0.160, 18.080, 18.080, G3.x(), G3.y(), rocker, 3.0, 0.2},
              {"link", 2.0, 0.053, 0.693, 0.693, G4.x(), G4.y(), link, 1.0, 0.2},
              {"ram", 1.0, 0.107, 0.107, 0.107, E.x(), E.y(), 0.0, 0.4, 0.4}};
  d.pins = {{"A", -1, {0.0, 0.0}, 0, {-1.0, 0.0}},
            {"B", 0, {1.0, 0.0}, 1, {0.0, 0.0}},
            {"C", 2, {xC, 0.0}, -1, C},
            {"D", 2, {-3.0, 0.0}, 3, {-1.0, 0.0}},
            {"E", 3, {1.0, 0.0}, 4, {0.0, 0.0}}};
  d.sliders = {{"G2", 2, {0.0, 0.0}, {1.0, 0.0}, 1, {0.0, 0.0}, {1.0, 0.0}},
               {"G5", -1, {0.0, E.y()}, {1.0, 0.0}, 4, {0.0, 0.0}, {1.0, 0.0}}};
  d.springs = {{"DF", 2, {-3.0, 0.0}, -1, {0.0, D.y()}, 0.1, 100.0, 5.0}};
  d.energy_not_conserved = "a spring-damper dissipates energy";
  d.table11_C = 9.269e-13;  // 002 Table 11
  d.table11_Cdot = 8.615e-15;
  return d;
}

ModelInstance make_quick_return(const std::string& variant) { return make_planar_instance(quick_return_data(), variant); }

}  // namespace carvallo::examples::mechanisms
