#pragma once
// The papers' published figures that the mechanism tests compare with (docs/examples.md).

namespace carvallo::examples::papers {

/// 002 Table 11: the largest 2-norms of the position and velocity constraint violations over the 5 s of
/// each mechanism's run in planar natural absolute coordinates (Udwadia-Kalaba, direct correction).
struct Table11Row {
  const char* name;
  double C, Cdot;  ///< max ||C|| [m], max ||Ċ|| [m/s]
};
inline constexpr Table11Row kTable11[] = {{"four-bar", 1.256e-15, 2.126e-14},
                                          {"slider-crank", 3.689e-15, 2.925e-14},
                                          {"double-inverted-pendulum", 9.630e-13, 1.088e-14},
                                          {"quick-return", 9.269e-13, 8.615e-15}};
/// 002 Table 10: the direct correction's tolerance; §6 says every entry of Table 11 is below it.
inline constexpr double kTable10Tolerance = 1e-12;

/// 001, text after Fig. 14: the sliding particle with Baumgarte terms Γ1 = −20 s⁻¹, Γ2 = −100 s⁻², Kutta-Merson
/// at Δt = 1e-3 s over 500 s keeps |φ| < 2.0e-11 m.
inline constexpr double kBaumgarteBound = 2.0e-11;

}  // namespace carvallo::examples::papers
