#include "carvallo/stability/reduced.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <memory>

namespace carvallo::stability {

namespace {

/// Orthonormal basis of null(A) for A (r × n) of full row rank r; throws naming `what` otherwise.
Eigen::MatrixXd null_space(const Eigen::MatrixXd& A, const char* what) {
  const Eigen::Index r = A.rows(), n = A.cols();
  if (r == 0) return Eigen::MatrixXd::Identity(n, n);
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(A.transpose());
  if (qr.rank() < r)
    throw LinearizationError(std::string("reduce: ") + what + " has rank " + std::to_string(qr.rank()) + " < " +
                             std::to_string(r) + " (dependent constraints)");
  const Eigen::MatrixXd Q = qr.householderQ();
  return Q.rightCols(n - r);
}

/// Minimum-norm right inverse G⁺ = Gᵀ (G Gᵀ)⁻¹ of a full-row-rank G, through its QR (no normal equations).
Eigen::MatrixXd right_inverse(const Eigen::MatrixXd& G) {
  const Eigen::Index r = G.rows(), n = G.cols();
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(G.transpose());  // Gᵀ P = Q R
  const Eigen::MatrixXd Q = qr.householderQ();
  const Eigen::MatrixXd R = qr.matrixR().topLeftCorner(r, r).triangularView<Eigen::Upper>();
  // G = P Rᵀ Q1ᵀ, so G⁺ = Q1 R⁻ᵀ Pᵀ.
  Eigen::MatrixXd Pt = Eigen::MatrixXd::Identity(r, r);
  Pt = qr.colsPermutation().transpose() * Pt;
  const Eigen::MatrixXd X = R.transpose().triangularView<Eigen::Lower>().solve(Pt);
  (void)n;
  return Q.leftCols(r) * X;
}

}  // namespace

std::vector<int> cyclic_coordinates(const Linearization& lin, double tolerance) {
  const double bound = tolerance * std::max(1.0, lin.Kbar.lpNorm<Eigen::Infinity>());
  std::vector<int> out;
  for (int j = 0; j < lin.nq; ++j)
    if (lin.Kbar.col(j).lpNorm<Eigen::Infinity>() <= bound) out.push_back(j);
  return out;
}

ReducedSystem reduce(const Linearization& lin, const ReducedOptions& options) {
  const int nq = lin.nq, nch = lin.nch, ncnh = lin.ncnh;
  ReducedSystem sys;
  sys.cyclic = cyclic_coordinates(lin, options.cyclic_tolerance);
  const int ncyc = static_cast<int>(sys.cyclic.size());
  std::vector<int> others;
  for (int j = 0, c = 0; j < nq; ++j) {
    if (c < ncyc && sys.cyclic[static_cast<std::size_t>(c)] == j) {
      ++c;
      continue;
    }
    others.push_back(j);
  }
  // N_h = [e_c (cyclic) | null basis of C_q restricted to the other coordinates]; C_q has zero columns
  // for cyclic coordinates, so this spans null(C_q).
  const Eigen::MatrixXd Cq = lin.E_q().topRows(nch);
  Eigen::MatrixXd Cq_others(nch, static_cast<Eigen::Index>(others.size()));
  for (std::size_t k = 0; k < others.size(); ++k) Cq_others.col(static_cast<Eigen::Index>(k)) = Cq.col(others[k]);
  const Eigen::MatrixXd Z = null_space(Cq_others, "the holonomic constraint Jacobian C_q");
  const Eigen::Index m = ncyc + Z.cols();
  sys.Nh = Eigen::MatrixXd::Zero(nq, m);
  for (int c = 0; c < ncyc; ++c) sys.Nh(sys.cyclic[static_cast<std::size_t>(c)], c) = 1.0;
  for (std::size_t k = 0; k < others.size(); ++k) sys.Nh.row(others[k]).tail(Z.cols()) = Z.row(static_cast<Eigen::Index>(k));

  const Eigen::MatrixXd Dq = lin.E_q().bottomRows(ncnh);
  const Eigen::MatrixXd Dqd = lin.E_qd().bottomRows(ncnh);
  const Eigen::MatrixXd G = Dqd * sys.Nh;
  sys.Nv = null_space(G, "the nonholonomic velocity Jacobian D_q̇ on the holonomic null space");
  sys.Ap = ncnh > 0 ? Eigen::MatrixXd(-right_inverse(G) * (Dq * sys.Nh)) : Eigen::MatrixXd::Zero(m, m);

  const Eigen::MatrixXd T = sys.Nh * sys.Nv;
  const Eigen::MatrixXd M = lin.M();
  const Eigen::MatrixXd Mr = T.transpose() * M * T;
  Eigen::LLT<Eigen::MatrixXd> llt(Mr);
  if (llt.info() != Eigen::Success)
    throw LinearizationError("reduce: the mass matrix is not positive definite on the admissible velocities");
  const Eigen::MatrixXd MNh = M * sys.Nh;
  const Eigen::MatrixXd B = T.transpose() * (MNh * sys.Ap + lin.R11() * sys.Nh);
  const Eigen::MatrixXd KK = T.transpose() * lin.K11() * sys.Nh;
  const Eigen::Index r = sys.Nv.cols();
  Eigen::MatrixXd full(m + r, m + r);
  full.topLeftCorner(m, m) = sys.Ap;
  full.topRightCorner(m, r) = sys.Nv;
  full.bottomLeftCorner(r, m) = -llt.solve(B * sys.Ap + KK);
  full.bottomRightCorner(r, r) = -llt.solve(B * sys.Nv);

  sys.cyclic_eliminated = options.eliminate_cyclic && ncyc > 0;
  if (sys.cyclic_eliminated) {
    sys.A = full.bottomRightCorner(m + r - ncyc, m + r - ncyc);
  } else {
    sys.A = std::move(full);
  }
  if (!sys.A.allFinite()) throw LinearizationError("reduce: the reduced system has non-finite entries");
  return sys;
}

std::vector<std::complex<double>> reduced_eigenvalues(const Linearization& lin, const ReducedOptions& options) {
  const ReducedSystem sys = reduce(lin, options);
  std::vector<std::complex<double>> out;
  if (sys.A.rows() == 0) return out;
  Eigen::EigenSolver<Eigen::MatrixXd> es(sys.A, false);
  if (es.info() != Eigen::Success) throw LinearizationError("reduced_eigenvalues: the eigenvalue iteration did not converge");
  out.reserve(static_cast<std::size_t>(sys.A.rows()));
  for (Eigen::Index i = 0; i < sys.A.rows(); ++i) out.push_back(es.eigenvalues()(i));
  return out;
}

ModalAnalysis reduced_modes(const Linearization& lin, const ModalOptions& options, const ReducedOptions& reduced_options) {
  const ReducedSystem sys = reduce(lin, reduced_options);
  ModalAnalysis out;
  const Eigen::Index n = sys.A.rows();
  if (n == 0) return out;
  Eigen::EigenSolver<Eigen::MatrixXd> es(sys.A, options.compute_shapes);
  if (es.info() != Eigen::Success) throw LinearizationError("reduced_modes: the eigenvalue iteration did not converge");
  const Eigen::Index m = sys.Nh.cols();
  const Eigen::Index ncyc = sys.cyclic_eliminated ? static_cast<Eigen::Index>(sys.cyclic.size()) : 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    Mode mode;
    mode.s = es.eigenvalues()(i);
    mode.alpha = mode.s;
    if (options.compute_shapes) {
      const Eigen::VectorXcd y = es.eigenvectors().col(i);
      Eigen::VectorXcd p(m);
      p.tail(m - ncyc) = y.head(m - ncyc);
      if (ncyc > 0) {
        // ṗ_c = s p_c = [A_p N_v]_c [p; u]; the cyclic columns of A_p vanish.
        const Eigen::VectorXcd u = y.tail(sys.Nv.cols());
        const Eigen::VectorXcd rate = sys.Ap.topRightCorner(ncyc, m - ncyc).cast<std::complex<double>>() * p.tail(m - ncyc) +
                                      sys.Nv.topRows(ncyc).cast<std::complex<double>>() * u;
        p.head(ncyc) = std::abs(mode.s) > 0.0 ? Eigen::VectorXcd(rate / mode.s) : Eigen::VectorXcd::Zero(ncyc);
      }
      mode.shape = sys.Nh.cast<std::complex<double>>() * p;
    }
    out.modes.push_back(std::move(mode));
  }
  finalize_modal_analysis(out, options);
  return out;
}

EigenvalueFunction reduced_eigenvalue_function(Model model, std::function<Reference(double)> reference, int drop_zeros,
                                               const ReducedOptions& options,
                                               const LinearizationOptions& linearization_options) {
  auto drop = std::make_shared<int>(drop_zeros);
  return [model = std::move(model), reference = std::move(reference), drop, options,
          linearization_options](double parameter) {
    const Linearization lin = linearize(model, reference(parameter), linearization_options);
    std::vector<std::complex<double>> s = reduced_eigenvalues(lin, options);
    if (*drop < 0) {
      ModalAnalysis probe;
      for (const auto& x : s) probe.modes.push_back({x, EigenvalueKind::Dynamic, x, 1.0, {}});
      finalize_modal_analysis(probe, ModalOptions{});
      *drop = probe.n_zero;
    }
    std::sort(s.begin(), s.end(), [](const auto& a, const auto& b) { return std::abs(a) < std::abs(b); });
    s.erase(s.begin(), s.begin() + std::min<std::ptrdiff_t>(*drop, static_cast<std::ptrdiff_t>(s.size())));
    return s;
  };
}

}  // namespace carvallo::stability
