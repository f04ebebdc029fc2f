// A push at a body's point (examples/point_push.hpp) against what a point mass on a rod must do: an impulse
// across the rod changes the bob's velocity by P/m, one along the rod is taken by the rod and changes
// nothing; the point's Jacobian is the pose's derivative; the mass the bob shows is m across the rod only.
#include "point_push.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace carvallo;

namespace {

struct PushedBob {  // a point mass m on a massless rod of length L, Cartesian x, y (y up)
  double m = 2.0, L = 1.5, g = 9.81;
  Layout layout() const { return {"pushed bob", {"x", "y"}, {"rod"}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(m);
    M(1, 1) = S(m);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const { Q[1] = S(-m * g); }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const { C[0] = q[0] * q[0] + q[1] * q[1] - S(L * L); }
};

// The model's other members keep their defaults, as the models' own factories do (examples/CMakeLists.txt).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
examples::ModelInstance bob_instance() {
  examples::ModelInstance inst{Model(PushedBob{})};
  inst.body_names = {"bob"};
  inst.body_poses = [](const Eigen::VectorXd& q) {
    examples::BodyPose p;
    p.position = Eigen::Vector3d(q[0], q[1], 0.0);
    return std::vector<examples::BodyPose>{p};
  };
  return inst;
}
#pragma GCC diagnostic pop

}  // namespace

TEST_CASE("an impulse on a bob on a rod: P/m across the rod, nothing along it", "[examples][push]") {
  const auto inst = bob_instance();
  const PushedBob bob;
  // Hanging straight down, at rest.
  const State s{0.0, Eigen::Vector2d(0.0, -bob.L), Eigen::Vector2d::Zero()};
  const Eigen::Vector3d local(0.1, 0.0, 0.0);  // a point 0.1 m to the side of the bob's centre: the pose moves it rigidly
  CHECK((examples::body_point(inst, s.q, 0, local) - Eigen::Vector3d(0.1, -bob.L, 0)).norm() < 1e-15);
  const auto Jp = examples::point_jacobian(inst, s.q, 0, local);
  Eigen::Matrix<double, 3, 2> exact;
  exact << 1, 0, 0, 1, 0, 0;
  CHECK((Jp - exact).norm() < 1e-8);
  Eigen::MatrixXd impulses(3, 2);
  impulses.col(0) = Eigen::Vector3d(0.6, 0.0, 0.0);  // across the rod
  impulses.col(1) = Eigen::Vector3d(0.0, 0.6, 0.0);  // along it
  const Eigen::MatrixXd dqd = examples::impulse_response(inst.model, s, Jp, impulses);
  CHECK(std::abs(dqd(0, 0) - 0.6 / bob.m) < 1e-8);  // the Jacobian by central differences: about 1e-9
  CHECK(std::abs(dqd(1, 0)) < 1e-12);
  CHECK(dqd.col(1).norm() < 1e-12);
  // Inverse mass 1/m across the rod, 0 along it and out of the plane: the easiest direction shows m.
  CHECK(std::abs(examples::point_mass(inst.model, s, Jp) - bob.m) < 1e-7);
  CHECK_THROWS(examples::body_point(inst, s.q, 1, local));
}
