// Derived quantities of a Model by forward-mode AD. Each function seeds one or two tangent directions
// and reads the derivative off the dual parts. The constraint Jacobians evaluated at every step (C_q,
// D_q̇, D_q) use vector mode (ad_vector.hpp) with column colouring: columns that share no row are seeded
// in the same tangent slot (Curtis, Powell & Reid 1974), so the bicycle's 24 columns of C_q (8 colours)
// take one evaluation of 8 slots, and so do those of D_q̇ (5 colours) and D_q (2). The rows each column
// may touch come from an exact structural pass (sparsity.hpp), never from sampled values: a structural
// nonzero that happened to vanish at sampled points would otherwise be dropped from every later Jacobian.
// C_q, D_q̇, J, [Ċ; D] and constraint_terms first try the recorded programs (below, "recorded programs"):
// the same derivatives built once on the definition's expression graph; the duals remain for a definition
// whose constraints branch on the state and for a copy made with_recorded_programs(false).
#include "carvallo/model.hpp"

#include "model_internal.hpp"

namespace carvallo {

using namespace model_internal;

// ---- holonomic -----------------------------------------------------------------------------------

void Model::C(const VectorXd& q, double t, VectorXd& out) const {
  check_q(q, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  evaluator<double>().eval_holonomic(q, t, out);
  check_vec(*this, out, t, "holonomic constraint", 0, true);
}

void Model::C_q(const VectorXd& q, double t, MatrixXd& out) const {
  check_q(q, t);
  out.setZero(nch_, nq_);
  if (nch_ == 0) return;
  if (const auto* r = recorded(q, nullptr, t))
    if (const double* o = run_recorded(r->cq, q, nullptr, t)) {
      scatter(r->cq_entries, o, nch_, nq_, out);
      return;
    }
  Scratch& s = scratch();
  const DualChunk tc(t);
  const auto& ev = chunk_evaluator();
  auto f = [&](const Vec<DualChunk>& x, Vec<DualChunk>& o) { ev.eval_holonomic(x, tc, o); };
  std::call_once(jacobians_->cq_once, [&] { jacobians_->cq = coloring_for(C_q_sparsity(q, t)); });
  colored_jacobian(jacobians_->cq, q, nch_, s.qc, s.oc, out, f);
  check_rows(*this, out, t, "holonomic constraint Jacobian C_q", 0, true);
}

void Model::C_t(const VectorXd& q, double t, VectorXd& out) const {
  check_q(q, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  Scratch& s = scratch();
  passive(q, s.q1);
  s.o1.setZero(nch_);
  evaluator<Dual1>().eval_holonomic(s.q1, Dual1(t, 1.0), s.o1);
  for (int i = 0; i < nch_; ++i) out[i] = s.o1[i].d;
  check_vec(*this, out, t, "holonomic constraint time derivative C_t", 0, true);
}

void Model::C_dot(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  Scratch& s = scratch();
  seed1(q, qd, s.q1);
  s.o1.setZero(nch_);
  evaluator<Dual1>().eval_holonomic(s.q1, Dual1(t, 1.0), s.o1);
  for (int i = 0; i < nch_; ++i) out[i] = s.o1[i].d;
  check_vec(*this, out, t, "holonomic constraint rate C_dot", 0, true);
}

void Model::Q_dh(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  // d²/ds² C(q + s q̇, t + s) = (C_q q̇)_q q̇ + 2 C_qt q̇ + C_tt: both tangent levels along (q̇, 1).
  Scratch& s = scratch();
  s.q2.resize(nq_);
  for (int i = 0; i < nq_; ++i) s.q2[i] = Dual2(Dual1(q[i], qd[i]), Dual1(qd[i], 0.0));
  const Dual2 t2(Dual1(t, 1.0), Dual1(1.0, 0.0));
  s.o2.setZero(nch_);
  evaluator<Dual2>().eval_holonomic(s.q2, t2, s.o2);
  for (int i = 0; i < nch_; ++i) out[i] = -s.o2[i].d.d;
  check_vec(*this, out, t, "holonomic quadratic-velocity vector Q_d,h", 0, true);
}

// ---- nonholonomic --------------------------------------------------------------------------------

void Model::D(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  evaluator<double>().eval_nonholonomic(q, qd, t, out);
  check_vec(*this, out, t, "nonholonomic constraint", nch_, true);
}

void Model::D_qd(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_, nq_);
  if (ncnh_ == 0) return;
  if (const auto* r = recorded(q, &qd, t))
    if (const double* o = run_recorded(r->dqd, q, &qd, t)) {
      scatter(r->dqd_entries, o, ncnh_, nq_, out);
      return;
    }
  Scratch& s = scratch();
  const auto& ev = chunk_evaluator();
  // q and t stay passive: definitions with HasRateSeededNonholonomic evaluate the geometry in double.
  std::call_once(jacobians_->dqd_once, [&] { jacobians_->dqd = coloring_for(D_qd_sparsity(q, qd, t)); });
  passive(q, s.qc);
  colored_jacobian(jacobians_->dqd, qd, ncnh_, s.qdc, s.oc, out, [&](const Vec<DualChunk>& vs, Vec<DualChunk>& o) {
    ev.eval_nonholonomic_rates(q, s.qc, vs, t, o);
  });
  check_rows(*this, out, t, "nonholonomic Jacobian D_qd", nch_, true);
}

void Model::D_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_, nq_);
  if (ncnh_ == 0) return;
  Scratch& s = scratch();
  const DualChunk tc(t);
  const auto& ev = chunk_evaluator();
  std::call_once(jacobians_->dq_once, [&] { jacobians_->dq = coloring_for(D_q_sparsity(q, qd, t)); });
  passive(qd, s.qdc);
  colored_jacobian(jacobians_->dq, q, ncnh_, s.qc, s.oc, out, [&](const Vec<DualChunk>& xs, Vec<DualChunk>& o) {
    ev.eval_nonholonomic(xs, s.qdc, tc, o);
  });
  check_rows(*this, out, t, "nonholonomic Jacobian D_q", nch_, true);
}

void Model::D_t(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  Scratch& s = scratch();
  passive(q, s.q1);
  passive(qd, s.qd1);
  s.o1.setZero(ncnh_);
  evaluator<Dual1>().eval_nonholonomic(s.q1, s.qd1, Dual1(t, 1.0), s.o1);
  for (int i = 0; i < ncnh_; ++i) out[i] = s.o1[i].d;
  check_vec(*this, out, t, "nonholonomic time derivative D_t", nch_, true);
}

void Model::Q_dnh(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  // d/ds D(q + s q̇, q̇, t + s) = D_q q̇ + D_t.
  Scratch& s = scratch();
  seed1(q, qd, s.q1);
  passive(qd, s.qd1);
  s.o1.setZero(ncnh_);
  evaluator<Dual1>().eval_nonholonomic(s.q1, s.qd1, Dual1(t, 1.0), s.o1);
  for (int i = 0; i < ncnh_; ++i) out[i] = -s.o1[i].d;
  check_vec(*this, out, t, "nonholonomic quadratic-velocity vector Q_d,nh", nch_, true);
}

// ---- structure of the coloured Jacobians --------------------------------------------------------------

SparsityPattern Model::C_q_sparsity(const VectorXd& q, double t) const {
  check_q(q, t);
  const auto& ev = tracer_evaluator();
  const SparsityTracer tt(t, 0, true);
  return trace_jacobian_sparsity(q, nch_, [&](const Vec<SparsityTracer>& x, Vec<SparsityTracer>& o) {
    if (nch_ > 0) ev.eval_holonomic(x, tt, o);
  });
}

SparsityPattern Model::D_qd_sparsity(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  const auto& ev = tracer_evaluator();
  Vec<SparsityTracer> q_live;
  live(q, q_live);
  const SparsityTracer tt(t, 0, true);
  // The path D_qd evaluates (q in double for a rate-seeded definition) gives the bits it needs; the generic
  // path runs the same templates with q live, so that their branches on q are seen too.
  const SparsityPattern rates = trace_jacobian_sparsity(qd, ncnh_, [&](const Vec<SparsityTracer>& v, Vec<SparsityTracer>& o) {
    if (ncnh_ > 0) ev.eval_nonholonomic_rates(q, q_live, v, t, o);
  });
  const SparsityPattern generic = trace_jacobian_sparsity(qd, ncnh_, [&](const Vec<SparsityTracer>& v, Vec<SparsityTracer>& o) {
    if (ncnh_ > 0) ev.eval_nonholonomic(q_live, v, tt, o);
  });
  return pattern_union(rates, generic);
}

SparsityPattern Model::D_q_sparsity(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  const auto& ev = tracer_evaluator();
  Vec<SparsityTracer> qd_live;
  live(qd, qd_live);
  const SparsityTracer tt(t, 0, true);
  return trace_jacobian_sparsity(q, ncnh_, [&](const Vec<SparsityTracer>& x, Vec<SparsityTracer>& o) {
    if (ncnh_ > 0) ev.eval_nonholonomic(x, qd_live, tt, o);
  });
}

// ---- combined ------------------------------------------------------------------------------------

void Model::J(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (const auto* r = recorded(q, &qd, t))
    if (const double* o = run_recorded(r->jacobian, q, &qd, t)) {
      out.setZero(nch_ + ncnh_, nq_);
      for (const auto& e : r->cq_entries) out(e.first, e.second) = *o++;
      for (const auto& e : r->dqd_entries) out(nch_ + e.first, e.second) = *o++;
      return;
    }
  out.resize(nch_ + ncnh_, nq_);
  thread_local MatrixXd tmp;
  if (nch_ > 0) {
    C_q(q, t, tmp);
    out.topRows(nch_) = tmp;
  }
  if (ncnh_ > 0) {
    D_qd(q, qd, t, tmp);
    out.bottomRows(ncnh_) = tmp;
  }
}

void Model::Q_d(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  out.resize(nch_ + ncnh_);
  thread_local VectorXd tmp;
  if (nch_ > 0) {
    Q_dh(q, qd, t, tmp);
    out.head(nch_) = tmp;
  }
  if (ncnh_ > 0) {
    Q_dnh(q, qd, t, tmp);
    out.tail(ncnh_) = tmp;
  }
}

void Model::velocity_residual(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (const auto* r = recorded(q, &qd, t))
    if (const double* o = run_recorded(r->velocity, q, &qd, t)) {
      out = Eigen::Map<const VectorXd>(o, nch_ + ncnh_);
      return;
    }
  out.resize(nch_ + ncnh_);
  thread_local VectorXd tmp;
  if (nch_ > 0) {
    C_dot(q, qd, t, tmp);
    out.head(nch_) = tmp;
  }
  if (ncnh_ > 0) {
    D(q, qd, t, tmp);
    out.tail(ncnh_) = tmp;
  }
}

}  // namespace carvallo
