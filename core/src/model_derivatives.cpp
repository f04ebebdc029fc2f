// The constraints' derivatives: C_q, D_q̇, J, [Ċ; D] and constraint_terms from the recorded constraint
// programs (model_recorded.cpp), and every other one, and those for a definition that branches on the
// state, built on the graph (model_derived.cpp).
#include "carvallo/model.hpp"

#include "model_internal.hpp"

namespace carvallo {

using namespace model_internal;

// ---- holonomic -----------------------------------------------------------------------------------

void Model::C(const VectorXd& q, double t, VectorXd& out) const {
  check_q(q, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  evaluator().eval_holonomic(q, t, out);
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
  out = Eigen::Map<const MatrixXd>(evaluate_derived(*this, *jacobians_, detail::Derived::C_q, q, nullptr, t, nullptr,
                                                    [](StateRecording& r) { return r.jacobian(r.C(), r.q()); }),
                                   nch_, nq_);
  check_rows(*this, out, t, "holonomic constraint Jacobian C_q", 0, true);
}

void Model::C_t(const VectorXd& q, double t, VectorXd& out) const {
  check_q(q, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  out = Eigen::Map<const VectorXd>(evaluate_derived(*this, *jacobians_, detail::Derived::C_t, q, nullptr, t, nullptr,
                                                    [](StateRecording& r) { return r.time_rate(r.C()); }),
                                   nch_);
  check_vec(*this, out, t, "holonomic constraint time derivative C_t", 0, true);
}

void Model::C_dot(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  out = Eigen::Map<const VectorXd>(evaluate_derived(*this, *jacobians_, detail::Derived::C_dot, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.rate(r.C()); }),
                                   nch_);
  check_vec(*this, out, t, "holonomic constraint rate C_dot", 0, true);
}

void Model::Q_dh(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nch_);
  if (nch_ == 0) return;
  // 000 Eq 7: −d²/ds² C(q + s q̇, t + s) = −((C_q q̇)_q q̇ + 2 C_qt q̇ + C_tt).
  out = Eigen::Map<const VectorXd>(evaluate_derived(*this, *jacobians_, detail::Derived::Q_dh, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.negated(r.rate(r.rate(r.C()))); }),
                                   nch_);
  check_vec(*this, out, t, "holonomic quadratic-velocity vector Q_d,h", 0, true);
}

// ---- nonholonomic --------------------------------------------------------------------------------

void Model::D(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  evaluator().eval_nonholonomic(q, qd, t, out);
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
  out = Eigen::Map<const MatrixXd>(evaluate_derived(*this, *jacobians_, detail::Derived::D_qd, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.jacobian(r.D(), r.qd()); }),
                                   ncnh_, nq_);
  check_rows(*this, out, t, "nonholonomic Jacobian D_qd", nch_, true);
}

void Model::D_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_, nq_);
  if (ncnh_ == 0) return;
  out = Eigen::Map<const MatrixXd>(evaluate_derived(*this, *jacobians_, detail::Derived::D_q, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.jacobian(r.D(), r.q()); }),
                                   ncnh_, nq_);
  check_rows(*this, out, t, "nonholonomic Jacobian D_q", nch_, true);
}

void Model::D_t(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  out = Eigen::Map<const VectorXd>(evaluate_derived(*this, *jacobians_, detail::Derived::D_t, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.time_rate(r.D()); }),
                                   ncnh_);
  check_vec(*this, out, t, "nonholonomic time derivative D_t", nch_, true);
}

void Model::Q_dnh(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(ncnh_);
  if (ncnh_ == 0) return;
  // 000 Eq 8: −d/ds D(q + s q̇, q̇, t + s) = −(D_q q̇ + D_t).
  out = Eigen::Map<const VectorXd>(evaluate_derived(*this, *jacobians_, detail::Derived::Q_dnh, q, &qd, t, nullptr,
                                                    [](StateRecording& r) { return r.negated(r.rate(r.D())); }),
                                   ncnh_);
  check_vec(*this, out, t, "nonholonomic quadratic-velocity vector Q_d,nh", nch_, true);
}

// ---- structure of the Jacobians -------------------------------------------------------------------------

namespace {

// The pattern of ∂of/∂wrt on a graph recorded at this state (every call records anew: the pattern is for
// tests and tools, never per step).
SparsityPattern pattern_on_graph(const Model& m, const VectorXd& q, const VectorXd* qd, double t, bool holonomic,
                                 bool of_rates) {
  ExpressionGraph g(4096);
  const ExpressionGraph::Scope scope(g);
  StateRecording r(m, g, q, qd, t, nullptr);
  const std::vector<int>& of = holonomic ? r.C() : r.D();
  const std::vector<int> J = r.jacobian(of, of_rates ? r.qd() : r.q());
  SparsityPattern p;
  p.rows = static_cast<int>(of.size());
  p.column_rows.resize(static_cast<std::size_t>(m.nq()));
  for (int j = 0; j < m.nq(); ++j)
    for (int i = 0; i < p.rows; ++i) {
      const int node = J[static_cast<std::size_t>(j) * of.size() + static_cast<std::size_t>(i)];
      if (node >= 0 && !g.is_constant(node, 0.0)) p.column_rows[static_cast<std::size_t>(j)].push_back(i);
    }
  p.value_dependent = g.value_dependent;
  return p;
}

}  // namespace

SparsityPattern Model::C_q_sparsity(const VectorXd& q, double t) const {
  check_q(q, t);
  return pattern_on_graph(*this, q, nullptr, t, true, false);
}

SparsityPattern Model::D_qd_sparsity(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  return pattern_on_graph(*this, q, &qd, t, false, true);
}

SparsityPattern Model::D_q_sparsity(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  return pattern_on_graph(*this, q, &qd, t, false, false);
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
