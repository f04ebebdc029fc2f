// blocks/gear_mesh.hpp: the gear-mesh rows of 004 Eqs 40-42 on Euler-parameter bodies.
#include "carvallo/blocks/gear_mesh.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;
using namespace carvallo::blocks;

namespace {
RigidBody3D ep_body(int index) {
  RigidBody3D b;
  b.offset = 7 * index;
  b.kind = Orientation::EulerParameters;
  b.mass = 1.0;
  b.inertia = Eigen::Matrix3d::Identity();
  return b;
}
// Euler parameters and their rates for a rotation by angle φ about z turning at rate w.
void spin(Eigen::VectorXd& q, Eigen::VectorXd& qd, int index, double phi, double w) {
  q.segment<4>(7 * index + 3) << std::cos(phi / 2), 0.0, 0.0, std::sin(phi / 2);
  qd.segment<4>(7 * index + 3) << -0.5 * w * std::sin(phi / 2), 0.0, 0.0, 0.5 * w * std::cos(phi / 2);
}
}  // namespace

TEST_CASE("gear_mesh: external and internal meshes vanish at the kinematic speed ratios", "[blocks_gear_mesh]") {
  // Sun (T = 23), planet (52) on an arm; ring (127) fixed: ω_sun = (1 + 127/23) ω_arm, ω_planet = −(75/52) ω_arm.
  const RigidBody3D sun = ep_body(0), planet = ep_body(1), arm = ep_body(2), ring = RigidBody3D::ground();
  const auto ext = GearMesh::external(sun, 23, planet, 52, arm);    // 004 Eq 40
  const auto inn = GearMesh::internal(ring, 127, planet, 52, arm);  // 004 Eq 41
  Eigen::VectorXd q = Eigen::VectorXd::Zero(21), qd = Eigen::VectorXd::Zero(21);
  const double wa = 0.8;
  spin(q, qd, 0, 0.3, (1.0 + 127.0 / 23.0) * wa);
  spin(q, qd, 1, -1.2, -75.0 / 52.0 * wa);
  spin(q, qd, 2, 2.0, wa);
  Eigen::VectorXd D = Eigen::VectorXd::Zero(2);
  ext.write(q, qd, D, 0);
  inn.write(q, qd, D, 1);
  CHECK(std::abs(D[0]) < 1e-13);
  CHECK(std::abs(D[1]) < 1e-13);
  // A planet speed off by δ leaves T_planet δ in both rows (the planet's coefficient, ± by mesh type).
  spin(q, qd, 1, -1.2, -75.0 / 52.0 * wa + 0.01);
  ext.write(q, qd, D, 0);
  inn.write(q, qd, D, 1);
  CHECK(D[0] == Approx(52 * 0.01));
  CHECK(D[1] == Approx(-52 * 0.01));
}
