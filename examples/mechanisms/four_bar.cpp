// Four-bar linkage of 002 §6 (Fig. 2), inertia data of Table 1, spring–damper of Table 5, initial
// configuration of Table 6.
//
// Reconstruction (the paper gives no joint coordinates; they follow from Tables 1 and 6):
//  * Each bar has m = 3 kg and J_xx = ½(I_yy + I_zz − I_xx) = 4.0 kg m² (Eq 58), i.e. m L²/12 = 4 → L = 4 m
//    (and J_yy = 0.04 kg m² → a 0.4 m wide bar).
//  * Table 6 puts the centres at (√2, −√2), (2 + 2√2, −2√2), (4 + √2, −√2) (printed to 3 decimals) with
//    axes at −45°, 0° and 135°. The bar ends at x̄ = ±2 then meet pairwise:
//      A = (0, 0)          ground – bar 1 (x̄ = −2)
//      B = (2√2, −2√2)     bar 1 (x̄ = +2) – bar 2 (x̄ = −2)
//      C = (4 + 2√2, −2√2) bar 2 (x̄ = +2) – bar 3 (x̄ = −2)
//      D = (4, 0)          bar 3 (x̄ = +2) – ground
//    so the linkage is a parallelogram hanging from A and D (all four sides 4 m); it starts at rest 45°
//    from the vertical and swings under gravity.
//  * Table 5's spring–damper (l0 = 4 m, k = 200 N/m, c = 15 N s/m) acts "between the points B and C".
//    B and C are the two ends of bar 2, whose distance is 4 m = l0 for all time, so it exerts no force;
//    it is modelled (between bar 1's B and bar 3's C) exactly as the text says, and drawn.
//  * Gravity 9.81 m/s² along −y (Table 1).

#include "mechanisms/four_bar.hpp"

#include <cmath>

namespace carvallo::examples::mechanisms {

PlanarMechanismData four_bar_data() {
  const double r2 = std::sqrt(2.0), pi = std::acos(-1.0);
  PlanarMechanismData d;
  d.name = "four-bar";
  // Table 1: m = 3, I_xx = 0.08, I_yy = I_zz = 4.04 for each bar; Table 6 poses.
  d.bodies = {{"bar1", 3.0, 0.08, 4.04, 4.04, r2, -r2, -pi / 4, 2.0, 0.2},
              {"bar2", 3.0, 0.08, 4.04, 4.04, 2.0 + 2.0 * r2, -2.0 * r2, 0.0, 2.0, 0.2},
              {"bar3", 3.0, 0.08, 4.04, 4.04, 4.0 + r2, -r2, 3.0 * pi / 4, 2.0, 0.2}};
  d.pins = {{"A", -1, {0.0, 0.0}, 0, {-2.0, 0.0}},
            {"B", 0, {2.0, 0.0}, 1, {-2.0, 0.0}},
            {"C", 1, {2.0, 0.0}, 2, {-2.0, 0.0}},
            {"D", 2, {2.0, 0.0}, -1, {4.0, 0.0}}};
  d.springs = {{"BC", 0, {2.0, 0.0}, 2, {-2.0, 0.0}, 4.0, 200.0, 15.0}};  // Table 5
  d.table11_C = 1.256e-15;  // 002 Table 11
  d.table11_Cdot = 2.126e-14;
  return d;
}

ModelInstance make_four_bar(const std::string& variant) { return make_planar_instance(four_bar_data(), variant); }

}  // namespace carvallo::examples::mechanisms
