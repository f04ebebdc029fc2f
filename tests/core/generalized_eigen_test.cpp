// Generalized eigenvalues by QZ, against closed-form results.
#include "carvallo/generalized_eigen.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using carvallo::finite_generalized_eigenvalues;
using carvallo::generalized_eigenvalues;

TEST_CASE("two-mass spring chain: state-space pencil gives +-i*omega in closed form", "[eigen]") {
  // Masses m1 = 1, m2 = 2 joined to the wall and to each other by springs k = 3.
  // M x'' + K x = 0 with M = diag(1, 2), K = [[6, -3], [-3, 3]]. det(K - w^2 M) = 0 gives
  // 2 w^4 - 15 w^2 + 9 = 0, w^2 = (15 +- sqrt(153)) / 4 (reference: closed form).
  Eigen::MatrixXd M = Eigen::Vector2d(1.0, 2.0).asDiagonal();
  Eigen::MatrixXd K(2, 2);
  K << 6, -3, -3, 3;
  // First-order pencil V z = s U z with z = [x; x'], U = diag(I, M), V = [[0, I], [-K, 0]].
  Eigen::MatrixXd U = Eigen::MatrixXd::Zero(4, 4), V = Eigen::MatrixXd::Zero(4, 4);
  U.topLeftCorner(2, 2).setIdentity();
  U.bottomRightCorner(2, 2) = M;
  V.topRightCorner(2, 2).setIdentity();
  V.bottomLeftCorner(2, 2) = -K;
  auto s = finite_generalized_eigenvalues(V, U);
  REQUIRE(s.size() == 4);
  const double w_lo = std::sqrt((15.0 - std::sqrt(153.0)) / 4.0);
  const double w_hi = std::sqrt((15.0 + std::sqrt(153.0)) / 4.0);
  // Sorted by real part (all ~0), then imaginary part.
  const double expected[] = {-w_hi, -w_lo, w_lo, w_hi};
  for (int i = 0; i < 4; ++i) {
    CHECK(std::abs(s[static_cast<std::size_t>(i)].real()) < 1e-13);
    CHECK(s[static_cast<std::size_t>(i)].imag() == Approx(expected[i]).epsilon(1e-13));
  }
}

TEST_CASE("singular B yields infinite eigenvalues, flagged and excluded", "[eigen]") {
  // A = diag(2, 1), B = diag(1, 0): one finite eigenvalue 2 and one infinite.
  Eigen::MatrixXd A = Eigen::Vector2d(2.0, 1.0).asDiagonal();
  Eigen::MatrixXd B = Eigen::Vector2d(1.0, 0.0).asDiagonal();
  auto all = generalized_eigenvalues(A, B);
  REQUIRE(all.size() == 2);
  int n_inf = 0;
  for (const auto& e : all) n_inf += e.infinite ? 1 : 0;
  CHECK(n_inf == 1);
  auto finite = finite_generalized_eigenvalues(A, B);
  REQUIRE(finite.size() == 1);
  CHECK(finite[0].real() == Approx(2.0).epsilon(1e-15));
}

TEST_CASE("bad pencils are rejected with a message", "[eigen]") {
  Eigen::MatrixXd A = Eigen::MatrixXd::Identity(2, 2), B = Eigen::MatrixXd::Identity(3, 3);
  CHECK_THROWS_WITH(generalized_eigenvalues(A, B), Catch::Contains("equal size"));
  Eigen::MatrixXd C = Eigen::MatrixXd::Identity(2, 2);
  C(0, 1) = std::nan("");
  CHECK_THROWS_WITH(generalized_eigenvalues(C, A), Catch::Contains("non-finite"));
}
