#include "carvallo/stability/full_pencil.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace carvallo::stability {

Pencil state_space_pencil_eq31(const Linearization& lin) {
  const int nx = lin.nx();
  Pencil p;
  p.U = Eigen::MatrixXd::Zero(2 * nx, 2 * nx);
  p.V = Eigen::MatrixXd::Zero(2 * nx, 2 * nx);
  p.U.topLeftCorner(nx, nx) = lin.Rbar;
  p.U.topRightCorner(nx, nx) = lin.Mbar;
  p.U.bottomLeftCorner(nx, nx) = lin.Mbar;
  p.V.topLeftCorner(nx, nx) = -lin.Kbar;
  p.V.bottomRightCorner(nx, nx) = lin.Mbar;
  return p;
}

Pencil full_pencil(const Linearization& lin) {
  const int nq = lin.nq, nc = lin.nc(), nx = lin.nx(), n = 2 * nq + nc;
  // Keep rows/columns [q, ν | q̇] of 000 Eq 31: drop the ν̇ columns and the ν rows of its second block row.
  Pencil full = state_space_pencil_eq31(lin);
  std::vector<int> keep(static_cast<std::size_t>(n));
  std::iota(keep.begin(), keep.begin() + nx, 0);
  std::iota(keep.begin() + nx, keep.end(), nx);
  Pencil p;
  p.U.resize(n, n);
  p.V.resize(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      p.U(i, j) = full.U(keep[static_cast<std::size_t>(i)], keep[static_cast<std::size_t>(j)]);
      p.V(i, j) = full.V(keep[static_cast<std::size_t>(i)], keep[static_cast<std::size_t>(j)]);
    }
  // Kinematic rows q̄˙ = q̄˙ with I instead of M: the same when M is invertible, and still regular when
  // it is not (massless coordinates, Euler parameters: M ė has no component along e).
  p.U.bottomLeftCorner(nq, nq).setIdentity();
  p.V.bottomRightCorner(nq, nq).setIdentity();
  return p;
}

int expected_infinite_count(const Linearization& lin) { return 3 * lin.nch + 2 * lin.ncnh; }

ModalAnalysis full_pencil_modes(const Linearization& lin, const ModalOptions& options) {
  const Pencil p = full_pencil(lin);
  const Eigen::Index n = p.U.rows();
  ModalAnalysis out;
  if (n == 0) return out;
  if (!p.U.allFinite() || !p.V.allFinite())
    throw LinearizationError("full_pencil_modes: the pencil has non-finite entries");
  Eigen::GeneralizedEigenSolver<Eigen::MatrixXd> qz(p.V, p.U, options.compute_shapes);
  if (qz.info() != Eigen::Success)
    throw LinearizationError("full_pencil_modes: QZ iteration did not converge (pencil of size " + std::to_string(n) + ")");

  // Infinite ones: the n_inf smallest |beta| / |alpha|.
  const int n_inf = std::min<int>(expected_infinite_count(lin), static_cast<int>(n));
  std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  auto ratio = [&](Eigen::Index i) {
    const double a = std::abs(qz.alphas()(i));
    return a > 0.0 ? std::abs(qz.betas()(i)) / a : std::numeric_limits<double>::infinity();
  };
  std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) { return ratio(a) < ratio(b); });

  out.smallest_infinite_magnitude = 0.0;
  out.modes.reserve(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Eigen::Index i = order[k];
    Mode m;
    m.alpha = qz.alphas()(i);
    m.beta = qz.betas()(i);
    if (static_cast<int>(k) < n_inf) {
      m.kind = EigenvalueKind::Infinite;
      const double mag = m.beta != 0.0 ? std::abs(m.alpha / m.beta) : std::numeric_limits<double>::infinity();
      out.smallest_infinite_magnitude = k == 0 ? mag : std::min(out.smallest_infinite_magnitude, mag);
    } else {
      if (m.beta == 0.0)
        throw LinearizationError("full_pencil_modes: more infinite eigenvalues than the " + std::to_string(n_inf) +
                                 " expected: the linearized equations are degenerate");
      m.s = m.alpha / m.beta;
      if (options.compute_shapes) {
        const Eigen::VectorXcd psi = qz.eigenvectors().col(i);
        bool ok = psi.allFinite();
        if (ok) {  // Eigen's back substitution divides by zero for repeated eigenvalues: check the residual.
          const Eigen::VectorXcd res = p.V.cast<std::complex<double>>() * psi - m.s * (p.U.cast<std::complex<double>>() * psi);
          ok = res.norm() <= 1e-8 * (p.V.norm() + std::abs(m.s) * p.U.norm()) * psi.norm();
        }
        if (ok) {
          m.shape = psi.head(lin.nq);
        } else {  // one step of inverse iteration at a slightly shifted s
          const std::complex<double> shift = m.s + std::complex<double>(1e-10, 1e-10) * std::max(1.0, std::abs(m.s));
          const Eigen::MatrixXcd A = p.V.cast<std::complex<double>>() - shift * p.U.cast<std::complex<double>>();
          const Eigen::VectorXcd x = A.partialPivLu().solve(p.U.cast<std::complex<double>>() * Eigen::VectorXcd::Ones(n));
          if (x.allFinite()) m.shape = x.head(lin.nq);
        }
      }
    }
    out.modes.push_back(std::move(m));
  }
  finalize_modal_analysis(out, options);
  return out;
}

}  // namespace carvallo::stability
