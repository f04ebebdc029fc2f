// carvallo/blocks/rotation.hpp against hand-written closed forms: the elementary rotations written out
// element by element, composed per sequence; Rodrigues' formula for Euler parameters; the angular
// velocity against Ṙ Rᵀ obtained by AD (an independent route: differentiate R, do not compose rates).
// Tolerances: 1e-14 absolute (a few round-offs of O(1) entries).
#include "carvallo/blocks/rotation.hpp"

#include <Eigen/LU>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <vector>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {

// Hand-written elementary active rotations (textbook forms).
Eigen::Matrix3d Rx(double a) {
  Eigen::Matrix3d R;
  R << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a);
  return R;
}
Eigen::Matrix3d Ry(double a) {
  Eigen::Matrix3d R;
  R << std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a);
  return R;
}
Eigen::Matrix3d Rz(double a) {
  Eigen::Matrix3d R;
  R << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  return R;
}
Eigen::Matrix3d elementary(char axis, double a) { return axis == 'X' ? Rx(a) : axis == 'Y' ? Ry(a) : Rz(a); }

}  // namespace

TEST_CASE("Euler angles: all 12 sequences are R_a R_b R_c of the textbook elementary rotations", "[blocks][rotation]") {
  const Eigen::Vector3d th(0.3, -1.1, 2.4);
  for (EulerSequence seq : kAllEulerSequences) {
    const auto name = euler_sequence_name(seq);
    INFO(std::string(name));
    const Eigen::Matrix3d expected = elementary(name[0], th[0]) * elementary(name[1], th[1]) * elementary(name[2], th[2]);
    const Eigen::Matrix3d R = rotation_euler<double>(th, seq);
    CHECK((R - expected).lpNorm<Eigen::Infinity>() < 1e-14);
    CHECK((R.transpose() * R - Eigen::Matrix3d::Identity()).lpNorm<Eigen::Infinity>() < 1e-14);
    CHECK(R.determinant() == Approx(1.0).margin(1e-14));
  }
}

TEST_CASE("Euler angles: ZYX closed form (yaw-pitch-roll) written out", "[blocks][rotation]") {
  // R = Rz(ψ) Ry(θ) Rx(φ), e.g. Diebel 2006 Eq 290 transposed to body->global.
  const double ps = 0.7, th = -0.4, ph = 1.3;
  const double cps = std::cos(ps), sps = std::sin(ps), cth = std::cos(th), sth = std::sin(th), cph = std::cos(ph),
               sph = std::sin(ph);
  Eigen::Matrix3d expected;
  expected << cps * cth, cps * sth * sph - sps * cph, cps * sth * cph + sps * sph,  //
      sps * cth, sps * sth * sph + cps * cph, sps * sth * cph - cps * sph,          //
      -sth, cth * sph, cth * cph;
  CHECK((rotation_euler<double>(Eigen::Vector3d(ps, th, ph), EulerSequence::ZYX) - expected).lpNorm<Eigen::Infinity>() <
        1e-15);
}

TEST_CASE("Euler angles: angular velocity equals the axial vector of Rdot R^T (by AD)", "[blocks][rotation]") {
  const Eigen::Vector3d th(0.3, -1.1, 2.4), rates(0.9, -0.5, 1.7);
  for (EulerSequence seq : kAllEulerSequences) {
    INFO(std::string(euler_sequence_name(seq)));
    Vec3<Dual1> thd;
    for (int k = 0; k < 3; ++k) thd[k] = Dual1(th[k], rates[k]);
    const Mat3<Dual1> R = rotation_euler<Dual1>(thd, seq);
    Eigen::Matrix3d Rv, Rd;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        Rv(i, j) = R(i, j).v;
        Rd(i, j) = R(i, j).d;
      }
    const Eigen::Matrix3d W = Rd * Rv.transpose();  // skew(ω_global)
    const Eigen::Vector3d w(W(2, 1), W(0, 2), W(1, 0));
    CHECK((W + W.transpose()).lpNorm<Eigen::Infinity>() < 1e-14);
    CHECK((angular_velocity_global<double>(th, rates, seq) - w).lpNorm<Eigen::Infinity>() < 1e-14);
    CHECK((angular_velocity_body<double>(th, rates, seq) - Rv.transpose() * w).lpNorm<Eigen::Infinity>() < 1e-14);
  }
}

TEST_CASE("Euler parameters: Rodrigues' formula and angular velocity", "[blocks][rotation]") {
  // p = (cos(φ/2), sin(φ/2) n) is the rotation by φ about unit n: R = I + sin φ ñ + (1 − cos φ) ñ².
  const Eigen::Vector3d n = Eigen::Vector3d(1.0, -2.0, 0.5).normalized();
  const double phi = 1.9;
  Eigen::Vector4d p;
  p << std::cos(phi / 2), std::sin(phi / 2) * n;
  const Eigen::Matrix3d K = skew<double>(n);
  const Eigen::Matrix3d expected = Eigen::Matrix3d::Identity() + std::sin(phi) * K + (1 - std::cos(phi)) * K * K;
  const Eigen::Matrix3d R = rotation_euler_parameters<double>(p);
  CHECK((R - expected).lpNorm<Eigen::Infinity>() < 1e-14);
  // A rate tangent to the unit sphere (pᵀṗ = 0): compare with Ṙ Rᵀ by AD.
  Eigen::Vector4d pd(0.3, -0.7, 0.2, 0.9);
  pd -= p * p.dot(pd);
  Vec4<Dual1> pp;
  for (int k = 0; k < 4; ++k) pp[k] = Dual1(p[k], pd[k]);
  const Mat3<Dual1> Rdual = rotation_euler_parameters<Dual1>(pp);
  Eigen::Matrix3d Rd;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) Rd(i, j) = Rdual(i, j).d;
  const Eigen::Matrix3d W = Rd * R.transpose();
  const Eigen::Vector3d w(W(2, 1), W(0, 2), W(1, 0));
  CHECK((angular_velocity_global<double>(p, pd) - w).lpNorm<Eigen::Infinity>() < 1e-14);
  CHECK((angular_velocity_body<double>(p, pd) - R.transpose() * w).lpNorm<Eigen::Infinity>() < 1e-14);
}

TEST_CASE("rotation: the remembered sin/cos are exactly std::sin and std::cos", "[blocks][rotation]") {
  // More distinct angles than slots (collisions), repeated, with ±0 and a NaN: every answer must be the
  // bit pattern std::sin/std::cos give, whether it came from the table or not.
  std::vector<double> xs = {0.0, -0.0, 1e-300, -1e-300, 3.141592653589793, -1.5707963267948966, 1e6, std::nan("")};
  for (int k = 0; k < 300; ++k) xs.push_back(std::sin(1.7 * k) * (k % 7 + 1));
  for (int pass = 0; pass < 3; ++pass)
    for (double x : xs) {
      double s = 0.0, c = 0.0;
      carvallo::blocks::detail::sincos_memo(x, s, c);
      const double es = std::sin(x), ec = std::cos(x);
      if (std::isnan(x)) {
        CHECK((std::isnan(s) && std::isnan(c)));
        continue;
      }
      CHECK(std::memcmp(&s, &es, sizeof s) == 0);
      CHECK(std::memcmp(&c, &ec, sizeof c) == 0);
    }
}
