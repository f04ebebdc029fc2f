// The terms of the linearization of the index-3 equations (stability/linearization.hpp): the force
// Jacobians and the derivatives of M a, Jᵀν and Q_d, by nested dual numbers, one direction at a time
// (model_internal.hpp, by_columns).
#include "carvallo/model.hpp"

#include "model_internal.hpp"

namespace carvallo {

using namespace model_internal;

// ---- force Jacobians -------------------------------------------------------------------------------------

void Model::force_jacobian(const VectorXd& q, const VectorXd& qd, double t, bool of_rates, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  passive(q, s.q1);
  passive(qd, s.qd1);
  const Dual1 t1(t, 0.0);
  by_columns(nq_, [&](int j, double v) { (of_rates ? s.qd1 : s.q1)[j].d = v; }, [&](int j) {
    s.o1.setZero(nq_);
    evaluator<Dual1>().eval_forces(s.q1, s.qd1, t1, s.o1);
    for (int i = 0; i < nq_; ++i) out(i, j) = s.o1[i].d;
  });
  check_rows(*this, out, t, of_rates ? "force Jacobian dQ_b/dqd" : "force Jacobian dQ_b/dq", 0, false);
}

void Model::Q_b_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  force_jacobian(q, qd, t, false, out);
}

void Model::Q_b_qd(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  force_jacobian(q, qd, t, true, out);
}

// ---- linearization terms ---------------------------------------------------------------------------

void Model::Ma_q(const VectorXd& q, double t, const VectorXd& a, MatrixXd& out) const {
  check_q(q, t);
  if (a.size() != nq_) throw SolverError(SolverError::Kind::InvalidArgument, "Ma_q: a has the wrong size", t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  passive(q, s.q1);
  const Dual1 t1(t, 0.0);
  by_columns(nq_, [&](int j, double v) { s.q1[j].d = v; }, [&](int j) {
    s.M1.setZero(nq_, nq_);
    evaluator<Dual1>().eval_mass(s.q1, t1, s.M1);
    for (int k = 0; k < nq_; ++k)
      for (int i = 0; i < nq_; ++i) out(i, j) += s.M1(i, k).d * a[k];
  });
  check_rows(*this, out, t, "d(M a)/dq", 0, false);
}

void Model::JTnu_q(const VectorXd& q, const VectorXd& qd, double t, const VectorXd& nu, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (nu.size() != nc()) throw SolverError(SolverError::Kind::InvalidArgument, "JTnu_q: nu has the wrong size", t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  const Dual2 t2(t);
  // Holonomic part: Hessian of λ·C, symmetric; entry (k, j) from inner direction e_k, outer e_j.
  if (nch_ > 0) {
    s.q2.resize(nq_);
    for (int i = 0; i < nq_; ++i) s.q2[i] = Dual2(q[i]);
    by_columns(nq_, [&](int j, double v) { s.q2[j].d.v = v; }, [&](int j) {
      by_columns(j + 1, [&](int k, double v) { s.q2[k].v.d = v; }, [&](int k) {
        s.o2.setZero(nch_);
        evaluator<Dual2>().eval_holonomic(s.q2, t2, s.o2);
        double h = 0.0;
        for (int i = 0; i < nch_; ++i) h += nu[i] * s.o2[i].d.d;
        out(k, j) += h;
        if (k != j) out(j, k) += h;
      });
    });
  }
  // Nonholonomic part: (k, j) = Σ μ_i ∂²D_i/∂q̇_k∂q_j.
  if (ncnh_ > 0) {
    s.q2.resize(nq_);
    s.qd2.resize(nq_);
    for (int i = 0; i < nq_; ++i) {
      s.q2[i] = Dual2(q[i]);
      s.qd2[i] = Dual2(qd[i]);
    }
    by_columns(nq_, [&](int j, double v) { s.q2[j].d.v = v; }, [&](int j) {
      by_columns(nq_, [&](int k, double v) { s.qd2[k].v.d = v; }, [&](int k) {
        s.o2.setZero(ncnh_);
        evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
        double h = 0.0;
        for (int i = 0; i < ncnh_; ++i) h += nu[nch_ + i] * s.o2[i].d.d;
        out(k, j) += h;
      });
    });
  }
  check_rows(*this, out, t, "d(J^T nu)/dq", 0, false);
}

void Model::JTnu_qd(const VectorXd& q, const VectorXd& qd, double t, const VectorXd& nu, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (nu.size() != nc()) throw SolverError(SolverError::Kind::InvalidArgument, "JTnu_qd: nu has the wrong size", t);
  out.setZero(nq_, nq_);
  if (ncnh_ == 0) return;  // C_q does not depend on q̇
  Scratch& s = scratch();
  const Dual2 t2(t);
  s.q2.resize(nq_);
  s.qd2.resize(nq_);
  for (int i = 0; i < nq_; ++i) {
    s.q2[i] = Dual2(q[i]);
    s.qd2[i] = Dual2(qd[i]);
  }
  by_columns(nq_, [&](int j, double v) { s.qd2[j].d.v = v; }, [&](int j) {
    by_columns(j + 1, [&](int k, double v) { s.qd2[k].v.d = v; }, [&](int k) {
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      double h = 0.0;
      for (int i = 0; i < ncnh_; ++i) h += nu[nch_ + i] * s.o2[i].d.d;
      out(k, j) += h;
      if (k != j) out(j, k) += h;
    });
  });
  check_rows(*this, out, t, "d(J^T nu)/dqd", 0, false);
}

void Model::Q_d_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nc(), nq_);
  Scratch& s = scratch();
  if (nch_ > 0) {
    // Q_d,h = −d²/ds² C(q + s q̇, t + s); a third level along e_j differentiates it with respect to q_j.
    s.q3.resize(nq_);
    for (int i = 0; i < nq_; ++i) s.q3[i] = Dual3(Dual2(Dual1(q[i], qd[i]), Dual1(qd[i], 0.0)), Dual2(0.0));
    const Dual3 t3(Dual2(Dual1(t, 1.0), Dual1(1.0, 0.0)), Dual2(0.0));
    by_columns(nq_, [&](int j, double v) { s.q3[j].d.v.v = v; }, [&](int j) {
      s.o3.setZero(nch_);
      evaluator<Dual3>().eval_holonomic(s.q3, t3, s.o3);
      for (int i = 0; i < nch_; ++i) out(i, j) = -s.o3[i].d.d.d;
    });
  }
  if (ncnh_ > 0) {
    // Q_d,nh = −d/ds D(q + s q̇, q̇, t + s); outer level along e_j in q.
    s.q2.resize(nq_);
    s.qd2.resize(nq_);
    for (int i = 0; i < nq_; ++i) {
      s.q2[i] = Dual2(Dual1(q[i], qd[i]), Dual1(0.0));
      s.qd2[i] = Dual2(qd[i]);
    }
    const Dual2 t2(Dual1(t, 1.0), Dual1(0.0));
    by_columns(nq_, [&](int j, double v) { s.q2[j].d.v = v; }, [&](int j) {
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      for (int i = 0; i < ncnh_; ++i) out(nch_ + i, j) = -s.o2[i].d.d;
    });
  }
  check_rows(*this, out, t, "dQ_d/dq", 0, true);
}

void Model::Q_d_qd(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nc(), nq_);
  Scratch& s = scratch();
  if (nch_ > 0) {
    // ∂Q_d,h/∂q̇_j = −2 (C_qq[q̇, e_j] + C_qt e_j): inner level along (q̇, 1), outer along (e_j, 0).
    s.q2.resize(nq_);
    for (int i = 0; i < nq_; ++i) s.q2[i] = Dual2(Dual1(q[i], qd[i]), Dual1(0.0));
    const Dual2 t2(Dual1(t, 1.0), Dual1(0.0));
    by_columns(nq_, [&](int j, double v) { s.q2[j].d.v = v; }, [&](int j) {
      s.o2.setZero(nch_);
      evaluator<Dual2>().eval_holonomic(s.q2, t2, s.o2);
      for (int i = 0; i < nch_; ++i) out(i, j) = -2.0 * s.o2[i].d.d;
    });
  }
  if (ncnh_ > 0) {
    // Q_d,nh = −(D_q q̇ + D_t) with D_q, D_t depending on q̇ too. Perturb q̇ by ε2 e_j both as the
    // argument and inside the inner direction of q: q = q + ε1 (q̇ + ε2 e_j).
    s.q2.resize(nq_);
    s.qd2.resize(nq_);
    for (int i = 0; i < nq_; ++i) {
      s.q2[i] = Dual2(Dual1(q[i], qd[i]), Dual1(0.0));
      s.qd2[i] = Dual2(qd[i]);
    }
    const Dual2 t2(Dual1(t, 1.0), Dual1(0.0));
    by_columns(nq_, [&](int j, double v) {
      s.q2[j].d.d = v;
      s.qd2[j].d.v = v;
    }, [&](int j) {
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      for (int i = 0; i < ncnh_; ++i) out(nch_ + i, j) = -s.o2[i].d.d;
    });
  }
  check_rows(*this, out, t, "dQ_d/dqd", 0, true);
}

}  // namespace carvallo
