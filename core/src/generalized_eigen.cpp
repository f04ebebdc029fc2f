#include "carvallo/generalized_eigen.hpp"

#include "carvallo/errors.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace carvallo {

std::vector<GeneralizedEigenvalue> generalized_eigenvalues(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) {
  if (A.rows() != A.cols() || B.rows() != B.cols() || A.rows() != B.rows())
    throw SolverError(SolverError::Kind::InvalidArgument, "generalized_eigenvalues: pencil matrices must be square and of equal size (A is " +
                                std::to_string(A.rows()) + "x" + std::to_string(A.cols()) + ", B is " +
                                std::to_string(B.rows()) + "x" + std::to_string(B.cols()) + ")",
                      0.0);
  if (!A.allFinite() || !B.allFinite())
    throw SolverError(SolverError::Kind::NonFinite, "generalized_eigenvalues: pencil has non-finite entries", 0.0);
  std::vector<GeneralizedEigenvalue> out;
  const Eigen::Index n = A.rows();
  if (n == 0) return out;

  Eigen::GeneralizedEigenSolver<Eigen::MatrixXd> qz(A, B, /*computeEigenvectors=*/false);
  if (qz.info() != Eigen::Success)
    throw SolverError(SolverError::Kind::NonConvergence, "generalized_eigenvalues: QZ iteration did not converge", 0.0);

  const double eps = std::numeric_limits<double>::epsilon();
  const double na = std::max(A.norm(), std::numeric_limits<double>::min());
  const double nb = std::max(B.norm(), std::numeric_limits<double>::min());
  const double tol = 1e3 * static_cast<double>(n) * eps * std::max(na, nb) / std::min(na, nb);
  out.reserve(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    GeneralizedEigenvalue e;
    e.alpha = qz.alphas()(i);
    e.beta = qz.betas()(i);
    e.infinite = std::abs(e.beta) <= tol * std::abs(e.alpha) || e.beta == 0.0;
    out.push_back(e);
  }
  return out;
}

std::vector<std::complex<double>> finite_generalized_eigenvalues(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) {
  std::vector<std::complex<double>> out;
  for (const auto& e : generalized_eigenvalues(A, B))
    if (!e.infinite) out.push_back(e.value());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.real() != b.real() ? a.real() < b.real() : a.imag() < b.imag();
  });
  return out;
}

}  // namespace carvallo
