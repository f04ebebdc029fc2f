// blocks/point_mass.hpp: mass matrix m JᵀJ and generalized force Jᵀ F of a particle r(q) by AD.
#include "carvallo/blocks/point_mass.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;

TEST_CASE("point_mass: a particle in polar coordinates", "[blocks_point_mass]") {
  // r = (ρ cos φ, ρ sin φ): M = diag(m, m ρ²), gravity (0, −m g) gives Q = (−m g sin φ, −m g ρ cos φ).
  const double m = 2.0, g = 9.81;
  Vec<double> q(2);
  q << 1.5, 0.4;
  auto pos = [](const auto& qq, const auto&) {
    using T = typename std::decay_t<decltype(qq)>::Scalar;
    return Eigen::Matrix<T, 2, 1>(qq[0] * cos(qq[1]), qq[0] * sin(qq[1]));
  };
  Mat<double> M = Mat<double>::Zero(2, 2);
  blocks::add_point_mass<2>(q, 0.0, m, pos, M);
  CHECK(M(0, 0) == Approx(m));
  CHECK(M(1, 1) == Approx(m * 1.5 * 1.5));
  CHECK(std::abs(M(0, 1)) < 1e-15);
  Vec<double> Q = Vec<double>::Zero(2);
  blocks::add_point_force<2>(q, 0.0, Eigen::Vector2d(0.0, -m * g), pos, Q);
  CHECK(Q[0] == Approx(-m * g * std::sin(0.4)));
  CHECK(Q[1] == Approx(-m * g * 1.5 * std::cos(0.4)));
}
