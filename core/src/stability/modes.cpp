#include "carvallo/stability/modes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace carvallo::stability {

std::vector<std::complex<double>> ModalAnalysis::eigenvalues(EigenvalueKind kind) const {
  std::vector<std::complex<double>> out;
  for (const auto& m : modes)
    if (m.kind == kind) out.push_back(m.s);
  return out;
}

std::vector<std::complex<double>> ModalAnalysis::finite_eigenvalues() const {
  std::vector<std::complex<double>> out;
  for (const auto& m : modes)
    if (m.kind != EigenvalueKind::Infinite) out.push_back(m.s);
  return out;
}

void finalize_modal_analysis(ModalAnalysis& analysis, const ModalOptions& options) {
  double largest = 0.0;
  for (const auto& m : analysis.modes)
    if (m.kind != EigenvalueKind::Infinite) largest = std::max(largest, std::abs(m.s));
  const double zero_bound = options.zero_tolerance * std::max(1.0, largest);
  analysis.n_infinite = analysis.n_zero = analysis.n_dynamic = 0;
  for (auto& m : analysis.modes) {
    if (m.kind != EigenvalueKind::Infinite)
      m.kind = std::abs(m.s) <= zero_bound ? EigenvalueKind::Zero : EigenvalueKind::Dynamic;
    if (m.kind == EigenvalueKind::Infinite) ++analysis.n_infinite;
    if (m.kind == EigenvalueKind::Zero) ++analysis.n_zero;
    if (m.kind == EigenvalueKind::Dynamic) ++analysis.n_dynamic;
    if (m.shape.size() > 0) {
      Eigen::Index k = 0;
      m.shape.cwiseAbs().maxCoeff(&k);
      if (std::abs(m.shape[k]) > 0.0) m.shape /= m.shape[k];
    }
  }
  analysis.largest_finite_magnitude = largest;
  std::stable_sort(analysis.modes.begin(), analysis.modes.end(), [](const Mode& a, const Mode& b) {
    if (a.kind != b.kind) return static_cast<int>(a.kind) > static_cast<int>(b.kind);
    if (a.s.real() != b.s.real()) return a.s.real() > b.s.real();
    return a.s.imag() > b.s.imag();
  });
}

}  // namespace carvallo::stability
