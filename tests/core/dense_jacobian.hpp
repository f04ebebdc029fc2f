#pragma once
// Reference constraint Jacobians for the sparsity tests: one single-direction Dual1 pass per column, no
// colouring, no vector mode (independent of Model::C_q, D_q̇, D_q, which colour columns from a traced
// pattern and evaluate 8 tangents at once).
#include "carvallo/model.hpp"
#include "carvallo/sparsity.hpp"

namespace carvallo_test {

// ∂f/∂x with f(x, out) taking Dual1 arguments.
template <class F>
Eigen::MatrixXd dense_jacobian(const Eigen::VectorXd& x, int rows, F&& f) {
  using carvallo::Dual1;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(rows, x.size());
  carvallo::Vec<Dual1> xs(x.size()), out(rows);
  for (Eigen::Index j = 0; j < x.size(); ++j) {
    for (Eigen::Index k = 0; k < x.size(); ++k) xs[k] = Dual1(x[k], k == j ? 1.0 : 0.0);
    out.setZero();
    f(xs, out);
    for (int i = 0; i < rows; ++i) J(i, j) = out[i].d;
  }
  return J;
}

inline Eigen::MatrixXd dense_C_q(const carvallo::Model& m, const Eigen::VectorXd& q, double t) {
  using carvallo::Dual1;
  return dense_jacobian(q, m.nch(), [&](const carvallo::Vec<Dual1>& x, carvallo::Vec<Dual1>& o) {
    m.evaluator<Dual1>().eval_holonomic(x, Dual1(t), o);
  });
}
inline Eigen::MatrixXd dense_D_qd(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) {
  using carvallo::Dual1;
  const carvallo::Vec<Dual1> q1 = q.cast<Dual1>();
  return dense_jacobian(qd, m.ncnh(), [&](const carvallo::Vec<Dual1>& v, carvallo::Vec<Dual1>& o) {
    m.evaluator<Dual1>().eval_nonholonomic(q1, v, Dual1(t), o);
  });
}
inline Eigen::MatrixXd dense_D_q(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) {
  using carvallo::Dual1;
  const carvallo::Vec<Dual1> qd1 = qd.cast<Dual1>();
  return dense_jacobian(q, m.ncnh(), [&](const carvallo::Vec<Dual1>& x, carvallo::Vec<Dual1>& o) {
    m.evaluator<Dual1>().eval_nonholonomic(x, qd1, Dual1(t), o);
  });
}

/// Every nonzero of J lies in the pattern.
inline bool covers(const carvallo::SparsityPattern& p, const Eigen::MatrixXd& J) {
  for (Eigen::Index i = 0; i < J.rows(); ++i)
    for (Eigen::Index j = 0; j < J.cols(); ++j)
      if (J(i, j) != 0.0 && !p.contains(static_cast<int>(i), static_cast<int>(j))) return false;
  return true;
}

/// Relative difference of two AD routes (the same chain rule in another order: round-off only).
inline double mismatch(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / (1.0 + b.lpNorm<Eigen::Infinity>());
}

}  // namespace carvallo_test
