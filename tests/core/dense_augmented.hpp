#pragma once
// Reference solution for the acceleration tests: the augmented system of 000 Eq 36,
//   [M Jᵀ; J 0] [q̈; ν] = [Q_b; Q_d],
// assembled from the model's terms and solved by a full-pivoting LU. Independent of the engine's
// acceleration solvers (no row screening, no Schur complement, no block structure); valid when the
// augmented matrix is nonsingular (no redundant constraints).
#include "carvallo/model.hpp"

#include <Eigen/LU>

namespace carvallo_test {

/// [q̈; ν] at (q, q̇, t).
inline Eigen::VectorXd dense_augmented_solution(const carvallo::Model& model, const Eigen::VectorXd& q,
                                                const Eigen::VectorXd& qd, double t = 0.0) {
  Eigen::MatrixXd M, J;
  Eigen::VectorXd Qb, Qd;
  model.M(q, t, M);
  model.Q_b(q, qd, t, Qb);
  model.J(q, qd, t, J);
  model.Q_d(q, qd, t, Qd);
  const int n = model.nq(), c = model.nc();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n + c, n + c);
  A.topLeftCorner(n, n) = M;
  A.topRightCorner(n, c) = J.transpose();
  A.bottomLeftCorner(c, n) = J;
  Eigen::VectorXd b(n + c);
  b << Qb, Qd;
  return A.fullPivLu().solve(b);
}

}  // namespace carvallo_test
