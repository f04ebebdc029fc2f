#pragma once
// The exponents of a sampled signal, for the bicycle tests that compare a simulation's decay and
// oscillation with the linearized eigenvalues (simulation_test.cpp, turns_test.cpp).
#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

namespace carvallo_test {

/// Exponents s_k of a signal y(t_j) = Σ a_k exp(s_k t_j) sampled at interval dt (matrix pencil method,
/// Hua & Sarkar 1990): SVD of the Hankel matrix truncated to `order`, eigenvalues z_k of the shifted
/// pencil, s_k = log(z_k) / dt, in the eigensolver's order. Uses nothing but the samples.
inline std::vector<std::complex<double>> fit_exponents(const std::vector<double>& y, double dt, int order) {
  const int n = static_cast<int>(y.size()), L = n / 2;
  Eigen::MatrixXd H(n - L, L + 1);
  for (int i = 0; i < n - L; ++i)
    for (int j = 0; j <= L; ++j) H(i, j) = y[static_cast<std::size_t>(i + j)];
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(H, Eigen::ComputeThinV);
  const Eigen::MatrixXd V = svd.matrixV().leftCols(order);
  const Eigen::MatrixXd V1 = V.topRows(L), V2 = V.bottomRows(L);
  const Eigen::MatrixXd A = V1.completeOrthogonalDecomposition().pseudoInverse() * V2;
  Eigen::EigenSolver<Eigen::MatrixXd> es(A);
  std::vector<std::complex<double>> s;
  for (int k = 0; k < order; ++k) s.push_back(std::log(es.eigenvalues()[k]) / dt);
  return s;
}

}  // namespace carvallo_test
