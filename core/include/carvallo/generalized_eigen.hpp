#pragma once
// Generalized eigenvalues of a real matrix pencil (A, B): A x = s B x, by the QZ algorithm.

#include <Eigen/Core>

#include <complex>
#include <vector>

namespace carvallo {

/// One generalized eigenvalue s = alpha / beta, kept as the pair so that infinite
/// eigenvalues (beta = 0, from singular B) are represented without dividing by zero.
struct GeneralizedEigenvalue {
  std::complex<double> alpha;
  double beta = 1.0;

  /// True when |beta| is negligible relative to |alpha| (tolerance relative to machine precision
  /// times the pencil's scale, see generalized_eigenvalues()).
  bool infinite = false;
  /// alpha / beta; only meaningful when !infinite.
  std::complex<double> value() const { return alpha / beta; }
};

/// Eigenvalues of A x = s B x (square, same size). Throws SolverError (time 0): InvalidArgument on a size
/// mismatch, NonFinite on non-finite entries, NonConvergence if the QZ iteration fails. Eigenvalues with |beta| <= tol * |alpha| are flagged infinite, where
/// tol = 1e3 * n * eps * max(||A||, ||B||) / min(||A||, ||B||) guards against QZ round-off.
std::vector<GeneralizedEigenvalue> generalized_eigenvalues(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B);

/// The finite eigenvalues only, sorted by real part, then imaginary part. Throws as generalized_eigenvalues.
std::vector<std::complex<double>> finite_generalized_eigenvalues(const Eigen::MatrixXd& A,
                                                                const Eigen::MatrixXd& B);

}  // namespace carvallo
