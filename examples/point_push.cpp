#include "point_push.hpp"

#include "carvallo/errors.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <limits>

namespace carvallo::examples {

namespace {

BodyPose pose_of(const ModelInstance& instance, const Eigen::VectorXd& q, int body) {
  if (!instance.body_poses || body < 0 || static_cast<std::size_t>(body) >= instance.body_names.size())
    throw SolverError(SolverError::Kind::InvalidArgument, "no body " + std::to_string(body) + " to push", 0.0);
  const auto poses = instance.body_poses(q);
  if (static_cast<std::size_t>(body) >= poses.size())
    throw SolverError(SolverError::Kind::InvalidArgument, "no pose of body " + std::to_string(body), 0.0);
  return poses[static_cast<std::size_t>(body)];
}

}  // namespace

Eigen::Vector3d body_point(const ModelInstance& instance, const Eigen::VectorXd& q, int body, const Eigen::Vector3d& local) {
  const BodyPose p = pose_of(instance, q, body);
  return p.position + p.rotation * local;
}

Eigen::Matrix<double, 3, Eigen::Dynamic> point_jacobian(const ModelInstance& instance, const Eigen::VectorXd& q, int body,
                                                        const Eigen::Vector3d& local) {
  Eigen::Matrix<double, 3, Eigen::Dynamic> Jp(3, q.size());
  Eigen::VectorXd x = q;
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    const double h = 1e-7 * std::max(1.0, std::abs(q[i]));
    x[i] = q[i] + h;
    const Eigen::Vector3d plus = body_point(instance, x, body, local);
    x[i] = q[i] - h;
    const Eigen::Vector3d minus = body_point(instance, x, body, local);
    x[i] = q[i];
    Jp.col(i) = (plus - minus) / (2 * h);
  }
  return Jp;
}

Eigen::MatrixXd impulse_response(const Model& model, const State& s, const Eigen::Matrix<double, 3, Eigen::Dynamic>& Jp,
                                 const Eigen::MatrixXd& impulses) {
  const int n = model.nq(), m = model.nch() + model.ncnh();
  Eigen::MatrixXd M, J;
  model.M(s.q, s.t, M);
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n + m, n + m);
  K.topLeftCorner(n, n) = M;
  if (m > 0) {
    model.J(s.q, s.qd, s.t, J);
    K.topRightCorner(n, m) = J.transpose();
    K.bottomLeftCorner(m, n) = J;
  }
  Eigen::MatrixXd rhs = Eigen::MatrixXd::Zero(n + m, impulses.cols());
  rhs.topRows(n) = Jp.transpose() * impulses;
  const Eigen::MatrixXd x = K.completeOrthogonalDecomposition().solve(rhs);
  return x.topRows(n);
}

double point_mass(const Model& model, const State& s, const Eigen::Matrix<double, 3, Eigen::Dynamic>& Jp) {
  const Eigen::MatrixXd dqd = impulse_response(model, s, Jp, Eigen::Matrix3d::Identity());
  const Eigen::Matrix3d inverse_mass = Jp * dqd;
  const double largest = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(0.5 * (inverse_mass + inverse_mass.transpose()), Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
  return largest > 0 ? 1.0 / largest : std::numeric_limits<double>::infinity();
}

}  // namespace carvallo::examples
