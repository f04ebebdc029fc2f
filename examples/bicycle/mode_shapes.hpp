#pragma once
// Mode shapes of the linearized bicycle: for each of the four roll/steer eigenvalues s at speed v, the
// eigenvector x = [roll, steer] with (M s^2 + v C1 s + g K0 + v^2 K2) x = 0 (the linearized equations of
// canonical.hpp without applied torques), so that q(t) = Re(x e^{s t}) is a free motion. Labels name the benchmark's modes.
//
// Normalization (documented here once; the CLI, the playground and the tests use it): the component of
// larger modulus is exactly 1 (real, positive), roll when |roll| = |steer|; the other component is then
// the complex amplitude relative to it (modulus <= 1, argument = phase lead over the dominant one). Both
// are in rad per rad. A real eigenvalue has a real eigenvector.

#include "bicycle/canonical.hpp"

#include <array>
#include <complex>
#include <string_view>

namespace carvallo::bicycle {

/// The benchmark's names of the four roll/steer modes (Meijaard 2007 Table 2).
enum class ModeLabel { weave, capsize, castering };

/// "weave", "capsize", "castering". Never throws.
std::string_view mode_label_name(ModeLabel label);

/// Labels of four eigenvalues at one speed (the CLI's, the tests' and the playground's): the most negative real part is castering; of the other three, an
/// oscillatory pair is weave and the remaining one capsize; without a pair (below the speed where the
/// weave roots merge, 0.68 m/s for the benchmark), the root nearest zero is capsize (at equal modulus the
/// one with the smaller real part, so at v = 0 the stable root of +-3.13 is capsize) and the other two weave.
/// Riding backward (v < 0) mirrors the eigenvalues, s(-v) = -s(v) (det(M s^2 + v C1 s + g K0 + v^2 K2) is
/// unchanged by (s, v) -> (-s, -v)): the rule names -s, so the castering root, the most positive there,
/// keeps its name. Never throws.
std::array<ModeLabel, 4> mode_labels(const Eigenvalues& eigenvalues, double v);

struct RollSteerMode {
  std::complex<double> eigenvalue;  ///< s (1/s)
  ModeLabel label = ModeLabel::capsize;
  std::complex<double> roll, steer;  ///< eigenvector, normalized as described above (rad/rad)
};

/// The four modes, in the order of eigenvalues(model, v) (by real part, then imaginary part).
using RollSteerModes = std::array<RollSteerMode, 4>;

/// The modes at speed v (m/s). Eigenvalues are those of eigenvalues(model, v); each eigenvector is the
/// null vector of the 2x2 matrix P(s) = M s^2 + v C1 s + g K0 + v^2 K2 read from its row of larger norm
/// (exact for a singular 2x2; the better-conditioned row). Where P(s) vanishes altogether (a double
/// eigenvalue with two independent eigenvectors) the eigenvector is [1, 0]. NaN as for eigenvalues()
/// when v overflows the equations (|v| beyond ~1e150 m/s). Never throws.
RollSteerModes roll_steer_modes(const CanonicalModel& model, double v);

/// The eigenvector of P(s) at speed v for an eigenvalue s, normalized. Never throws.
std::array<std::complex<double>, 2> roll_steer_eigenvector(const CanonicalModel& model, double v, std::complex<double> s);

/// Scales [roll, steer] so that the component of larger modulus is 1 (roll on a tie); [0, 0] stays.
/// Never throws.
std::array<std::complex<double>, 2> normalize_mode_shape(std::complex<double> roll, std::complex<double> steer);

}  // namespace carvallo::bicycle
