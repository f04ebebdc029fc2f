#pragma once
// Reference constraint Jacobians, independent of Model's (built on an expression graph: model_derived.cpp):
// for a definition whose type the test knows, one Dual1 pass per column through the definition's own code;
// for a Model behind the registry, central differences of fourth order of its double C and D. An output that
// does not depend on an input gets an exact 0 from both (the differences subtract equal bits).
#include "carvallo/model.hpp"
#include "carvallo/sparsity.hpp"

#include <cmath>

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

template <class Def>
Eigen::MatrixXd dense_C_q(const Def& d, const Eigen::VectorXd& q, double t) {
  using carvallo::Dual1;
  return dense_jacobian(q, static_cast<int>(d.layout().holonomic.size()),
                        [&](const carvallo::Vec<Dual1>& x, carvallo::Vec<Dual1>& o) { d.holonomic(x, Dual1(t), o); });
}
template <class Def>
Eigen::MatrixXd dense_D_qd(const Def& d, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) {
  using carvallo::Dual1;
  const carvallo::Vec<Dual1> q1 = q.cast<Dual1>();
  return dense_jacobian(qd, static_cast<int>(d.layout().nonholonomic.size()),
                        [&](const carvallo::Vec<Dual1>& v, carvallo::Vec<Dual1>& o) { d.nonholonomic(q1, v, Dual1(t), o); });
}
template <class Def>
Eigen::MatrixXd dense_D_q(const Def& d, const Eigen::VectorXd& q, const Eigen::VectorXd& qd, double t) {
  using carvallo::Dual1;
  const carvallo::Vec<Dual1> qd1 = qd.cast<Dual1>();
  return dense_jacobian(q, static_cast<int>(d.layout().nonholonomic.size()),
                        [&](const carvallo::Vec<Dual1>& x, carvallo::Vec<Dual1>& o) { d.nonholonomic(x, qd1, Dual1(t), o); });
}

// d/ds f(s) at s = 0 (order 1) or d²/ds² (order 2) by central differences of fourth order with step h:
// truncation O(h⁴), round-off about ε/h (ε/h²) times f's size.
template <class F>
Eigen::VectorXd difference(F&& f, double h, int order) {
  const Eigen::VectorXd m2 = f(-2.0 * h), m1 = f(-h), p1 = f(h), p2 = f(2.0 * h);
  if (order == 1) return (8.0 * (p1 - m1) - (p2 - m2)) / (12.0 * h);
  return (16.0 * (p1 + m1) - (p2 + m2) - 30.0 * f(0.0)) / (12.0 * h * h);
}

// ∂f/∂x by central differences of fourth order, column j with step 1e-3 (1 + |x_j|).
template <class F>
Eigen::MatrixXd difference_jacobian(const Eigen::VectorXd& x, int rows, F&& f) {
  Eigen::MatrixXd J(rows, x.size());
  for (Eigen::Index j = 0; j < x.size(); ++j) {
    const double h = 1e-3 * (1.0 + std::abs(x[j]));
    J.col(j) = difference([&](double s) {
      Eigen::VectorXd y = x;
      y[j] += s;
      return Eigen::VectorXd(f(y));
    }, h, 1);
  }
  return J;
}

inline Eigen::MatrixXd difference_C_q(const carvallo::Model& m, const Eigen::VectorXd& q, double t) {
  return difference_jacobian(q, m.nch(), [&](const Eigen::VectorXd& x) {
    Eigen::VectorXd o;
    m.C(x, t, o);
    return o;
  });
}
inline Eigen::MatrixXd difference_D_qd(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                       double t) {
  return difference_jacobian(qd, m.ncnh(), [&](const Eigen::VectorXd& v) {
    Eigen::VectorXd o;
    m.D(q, v, t, o);
    return o;
  });
}
inline Eigen::MatrixXd difference_D_q(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                      double t) {
  return difference_jacobian(q, m.ncnh(), [&](const Eigen::VectorXd& x) {
    Eigen::VectorXd o;
    m.D(x, qd, t, o);
    return o;
  });
}
// Q_d,h = −d²/ds² C(q + s q̇, t + s) and Q_d,nh = −d/ds D(q + s q̇, q̇, t + s) (000 Eqs 7, 8), step h along the path.
inline Eigen::VectorXd difference_Q_dh(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                       double t, double h) {
  return -difference([&](double s) {
    Eigen::VectorXd o;
    m.C(q + s * qd, t + s, o);
    return o;
  }, h, 2);
}
inline Eigen::VectorXd difference_Q_dnh(const carvallo::Model& m, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                                        double t, double h) {
  return -difference([&](double s) {
    Eigen::VectorXd o;
    m.D(q + s * qd, qd, t + s, o);
    return o;
  }, h, 1);
}

/// Every nonzero of J lies in the pattern.
inline bool covers(const carvallo::SparsityPattern& p, const Eigen::MatrixXd& J) {
  for (Eigen::Index i = 0; i < J.rows(); ++i)
    for (Eigen::Index j = 0; j < J.cols(); ++j)
      if (J(i, j) != 0.0 && !p.contains(static_cast<int>(i), static_cast<int>(j))) return false;
  return true;
}

/// Relative difference of two routes, relative to the larger entry of the reference.
inline double mismatch(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / (1.0 + b.lpNorm<Eigen::Infinity>());
}

}  // namespace carvallo_test
