#pragma once
// Results of a modal analysis of a linearized model (full pencil or reduced path): eigenvalues s
// (1/s, z̄ = ψ e^{st}, 000 Eq 32), their classification and the mode shapes in the coordinates q.

#include <Eigen/Core>

#include <complex>
#include <vector>

namespace carvallo::stability {

enum class EigenvalueKind {
  Infinite,  ///< from the multipliers and the index-3 structure (full pencil only)
  Zero,      ///< |s| <= zero_tolerance * max(1, largest finite |s|): cyclic coordinates, free directions
  Dynamic,   ///< every other eigenvalue
};

struct Mode {
  /// The eigenvalue; for Infinite modes it is 0 and meaningless (use alpha, beta).
  std::complex<double> s;
  EigenvalueKind kind = EigenvalueKind::Dynamic;
  std::complex<double> alpha;  ///< s = alpha / beta (full pencil); alpha = s, beta = 1 on the reduced path
  double beta = 1.0;
  /// Mode shape in q (n_q entries), scaled so that its largest entry is 1 (real); empty for Infinite
  /// modes or when shapes were not requested.
  Eigen::VectorXcd shape;
};

struct ModalOptions {
  /// Eigenvalues with |s| <= zero_tolerance * max(1, largest |s| of the finite ones) are Zero. Loose
  /// enough for defective zeros (free coordinates give s^2 = 0, accurate to ~sqrt(eps)).
  double zero_tolerance = 1e-6;
  bool compute_shapes = true;
};

struct ModalAnalysis {
  /// Dynamic modes first (by decreasing real part, then decreasing imaginary part), then Zero, then Infinite.
  std::vector<Mode> modes;
  int n_infinite = 0;
  int n_zero = 0;
  int n_dynamic = 0;
  /// Diagnostics of the infinite/finite split on the full pencil: the largest finite |s| and the
  /// smallest |alpha/beta| among the eigenvalues classified infinite (+inf if beta = 0 exactly, 0 if none).
  double largest_finite_magnitude = 0.0;
  double smallest_infinite_magnitude = 0.0;

  /// Eigenvalues of one kind, in the order of `modes`. Never throws.
  std::vector<std::complex<double>> eigenvalues(EigenvalueKind kind) const;
  /// Dynamic and Zero eigenvalues (all finite ones). Never throws.
  std::vector<std::complex<double>> finite_eigenvalues() const;
};

/// Sorts modes (order above), classifies finite ones into Zero/Dynamic, normalizes shapes, fills counts.
/// Never throws.
void finalize_modal_analysis(ModalAnalysis& analysis, const ModalOptions& options);

}  // namespace carvallo::stability
