// Model's recorded programs: the constraint functions, and the mass matrix and forces with them, recorded
// once on an expression graph (expression_graph.hpp) and run as straight-line programs
// (straight_line_program.hpp) by constraint_terms, dynamics_terms, C_q, D_q̇, J and [Ċ; D].
#include "carvallo/model.hpp"

#include "model_internal.hpp"

#include <optional>

namespace carvallo {

using namespace model_internal;

namespace model_internal {

const double* run_recorded(const StraightLineProgram& p, const VectorXd& q, const VectorXd* qd, double t) {
  thread_local std::vector<double> in, out, workspace;
  in.assign(q.data(), q.data() + q.size());
  if (qd != nullptr) in.insert(in.end(), qd->data(), qd->data() + qd->size());
  in.push_back(t);
  out.resize(static_cast<std::size_t>(p.output_count()));
  p.run(in.data(), out.data(), workspace);
  if (!all_finite(Eigen::Map<const VectorXd>(out.data(), static_cast<Eigen::Index>(out.size())))) return nullptr;
  return out.data();
}

const double* scatter(const std::vector<std::pair<int, int>>& entries, const double* o, int rows, int cols,
                      MatrixXd& out) {
  out.setZero(rows, cols);
  for (const auto& e : entries) out(e.first, e.second) = *o++;
  return o;
}

}  // namespace model_internal

// ---- recorded programs of the constraint functions -------------------------------------------

namespace {

// Records C(q, t) and D(q, q̇, t) at one state and builds, on their graph, C_q and D_q̇ (the tangents along
// each e_j on q_j or q̇_j, all in one pass: ExpressionGraph::gradients), Ċ as the derivative of C along (q̇, 0, 1) in (q, q̇, t), and Q_d,h and Q_d,nh
// along the same direction: the second derivative of C (000 Eq 7: d²/ds² C(q + s q̇, t + s)) and the first
// of D (Eq 8). Null for a definition whose constraints branch on the state, or that throws while recorded
// (a graph recorded at each call then reports it: model_derived.cpp).
// The terms on the recording graph g at recorded inputs q, q̇, t (input nodes of g): the node of each
// structural nonzero of C_q and D_q̇ (column by column, with their (row, column)), Ċ, Q_d,h's and Q_d,nh's
// negatives (the second derivative of C and the first of D along (q̇, 0, 1)), D; with `dynamics`, M's
// structural nonzeros and Q_b. Null when the constraints branch on the state or throw while recorded;
// dynamics_recorded false when the mass or the forces do.
struct TermNodes {
  std::vector<std::pair<int, int>> cq_entries, dqd_entries, mass_entries;
  std::vector<int> cq, c_rate, c_second, dqd, d, d_rate, mass, forces;
  bool dynamics_recorded = false;
};

std::optional<TermNodes> record_terms(const Model& m, ExpressionGraph& g, const Vec<Recorded>& qr,
                                      const Vec<Recorded>& qdr, const Recorded& tr, bool dynamics) {
  const int nq = m.nq(), nch = m.nch(), ncnh = m.ncnh();
  Vec<Recorded> C = Vec<Recorded>::Zero(nch), D = Vec<Recorded>::Zero(ncnh);
  const bool branched_before = g.value_dependent;
  try {
    if (nch > 0) m.recorder().record_holonomic(qr, tr, C);
    if (ncnh > 0) m.recorder().record_nonholonomic(qr, qdr, tr, D);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (g.value_dependent != branched_before) return std::nullopt;
  TermNodes r;
  std::vector<int> c_nodes;
  for (int i = 0; i < nch; ++i) c_nodes.push_back(detail::node_of(C[i]));
  for (int i = 0; i < ncnh; ++i) r.d.push_back(detail::node_of(D[i]));
  const int one = g.constant(1.0);
  // Jacobian entries of `of` with respect to the inputs `wrt`, column by column.
  auto columns = [&](const std::vector<int>& of, const Vec<Recorded>& wrt_values,
                     std::vector<std::pair<int, int>>& entries) {
    std::vector<int> wrt;
    for (int j = 0; j < nq; ++j) wrt.push_back(wrt_values[j].id);
    const auto rows = g.gradients(wrt, of);
    std::vector<std::vector<std::pair<int, int>>> by_column(static_cast<std::size_t>(nq));
    for (std::size_t i = 0; i < rows.size(); ++i)
      for (const auto& [j, d] : rows[i]) by_column[static_cast<std::size_t>(j)].emplace_back(static_cast<int>(i), d);
    std::vector<int> nodes;
    for (int j = 0; j < nq; ++j)
      for (const auto& [i, d] : by_column[static_cast<std::size_t>(j)]) {
        entries.emplace_back(i, j);
        nodes.push_back(d);
      }
    return nodes;
  };
  // Along (q̇, 0, 1): q_i's tangent is the input q̇_i, t's is 1 (-1 for a structurally zero derivative).
  std::vector<int> along(static_cast<std::size_t>(g.size()), -1);
  for (int i = 0; i < nq; ++i) along[static_cast<std::size_t>(qr[i].id)] = qdr[i].id;
  along[static_cast<std::size_t>(tr.id)] = one;
  auto rates = [&](const std::vector<int>& of) {
    const std::vector<int> tangent = g.tangents(along, of);
    std::vector<int> out;
    for (int n : of) out.push_back(tangent[static_cast<std::size_t>(n)]);
    return out;
  };
  auto or_zero = [&](std::vector<int> nodes) {
    for (int& n : nodes)
      if (n < 0) n = g.constant(0.0);
    return nodes;
  };
  r.cq = columns(c_nodes, qr, r.cq_entries);
  r.c_rate = or_zero(rates(c_nodes));
  r.c_second = rates(r.c_rate);
  r.dqd = columns(r.d, qdr, r.dqd_entries);
  r.d_rate = rates(r.d);
  if (!dynamics) return r;
  // The mass matrix and the forces on the same graph, so that they share the constraints' rotations.
  Mat<Recorded> M = Mat<Recorded>::Zero(nq, nq);
  Vec<Recorded> Q = Vec<Recorded>::Zero(nq);
  try {
    m.recorder().record_mass(qr, tr, M);
    m.recorder().record_forces(qr, qdr, tr, Q);
  } catch (const std::exception&) {
    return r;
  }
  if (g.value_dependent != branched_before) return r;
  for (int j = 0; j < nq; ++j)
    for (int i = 0; i < nq; ++i)
      if (M(i, j).live() || M(i, j).v != 0.0) {
        r.mass_entries.emplace_back(i, j);
        r.mass.push_back(detail::node_of(M(i, j)));
      }
  for (int i = 0; i < nq; ++i) r.forces.push_back(detail::node_of(Q[i]));
  r.dynamics_recorded = true;
  return r;
}

// Records the constraint functions (and the dynamics) at one state and builds their programs (C_q and D_q̇
// as the tangents along each e_j on q_j or q̇_j, all in one pass: ExpressionGraph::gradients; Ċ as the
// derivative of C along (q̇, 0, 1) in (q, q̇, t), and Q_d,h and Q_d,nh along the same direction: the second
// derivative of C (000 Eq 7: d²/ds² C(q + s q̇, t + s)) and the first of D (Eq 8)). Null for a definition
// whose constraints branch on the state, or that throws while recorded (a graph recorded at each call then reports it: model_derived.cpp).
std::unique_ptr<detail::RecordedConstraints> record_constraints(const Model& m, const VectorXd& q, const VectorXd& qd,
                                                                double t) {
  const int nq = m.nq(), nch = m.nch();
  ExpressionGraph g(4096);
  const ExpressionGraph::Scope scope(g);
  Vec<Recorded> qr(nq), qdr(nq);
  for (int i = 0; i < nq; ++i) qr[i] = Recorded(q[i], g.input(q[i]));
  for (int i = 0; i < nq; ++i) qdr[i] = Recorded(qd[i], g.input(qd[i]));
  const Recorded tr(t, g.input(t));
  std::vector<int> q_t, q_qd_t;
  for (int i = 0; i < nq; ++i) q_t.push_back(qr[i].id);
  q_qd_t = q_t;
  for (int i = 0; i < nq; ++i) q_qd_t.push_back(qdr[i].id);
  q_t.push_back(tr.id);
  q_qd_t.push_back(tr.id);
  const std::optional<TermNodes> n = record_terms(m, g, qr, qdr, tr, true);
  if (!n) return nullptr;
  auto join = [](std::initializer_list<const std::vector<int>*> parts) {
    std::vector<int> all;
    for (const auto* p : parts) all.insert(all.end(), p->begin(), p->end());
    return all;
  };
  auto r = std::make_unique<detail::RecordedConstraints>();
  r->cq_entries = n->cq_entries;
  r->dqd_entries = n->dqd_entries;
  r->cq = StraightLineProgram(g, q_t, n->cq);
  r->velocity = StraightLineProgram(g, q_qd_t, join({&n->c_rate, &n->d}));
  r->dqd = StraightLineProgram(g, q_qd_t, n->dqd);
  r->jacobian = StraightLineProgram(g, q_qd_t, join({&n->cq, &n->dqd}));
  r->terms = StraightLineProgram(g, q_qd_t, join({&n->cq, &n->c_second, &n->dqd, &n->d_rate}));
  if (!n->dynamics_recorded) return r;
  r->structure.mass = n->mass_entries;
  r->structure.jacobian = n->cq_entries;
  for (const auto& [i, j] : n->dqd_entries) r->structure.jacobian.emplace_back(nch + i, j);
  static std::atomic<std::uint64_t> recordings{0};
  r->structure.id = ++recordings;
  r->dynamics = StraightLineProgram(g, q_qd_t, join({&n->mass, &n->forces, &n->cq, &n->c_second, &n->dqd, &n->d_rate}));
  r->has_dynamics = true;
  return r;
}

}  // namespace

const detail::RecordedConstraints* Model::recorded(const VectorXd& q, const VectorXd* qd, double t) const {
  if (!jacobians_->recording) return nullptr;
  std::call_once(jacobians_->recorded_once, [&] {
    // Recorded values only label the nodes (no branch may depend on them), so a q̇ of zeros serves.
    jacobians_->recorded = record_constraints(*this, q, qd != nullptr ? *qd : VectorXd::Zero(nq_), t);
  });
  return jacobians_->recorded.get();
}

void Model::constraint_terms(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& Cq, VectorXd& Qdh,
                             MatrixXd& Dqd, VectorXd& Qdnh) const {
  check_q(q, t);
  check_qd(qd, t);
  if (const auto* r = recorded(q, &qd, t)) {
    if (const double* o = run_recorded(r->terms, q, &qd, t)) {
      o = scatter(r->cq_entries, o, nch_, nq_, Cq);
      Qdh.resize(nch_);
      for (int i = 0; i < nch_; ++i) Qdh[i] = -*o++;
      o = scatter(r->dqd_entries, o, ncnh_, nq_, Dqd);
      Qdnh.resize(ncnh_);
      for (int i = 0; i < ncnh_; ++i) Qdnh[i] = -*o++;
      return;
    }
  }
  C_q(q, t, Cq);
  Q_dh(q, qd, t, Qdh);
  D_qd(q, qd, t, Dqd);
  Q_dnh(q, qd, t, Qdnh);
}

bool Model::dynamics_terms(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& M, VectorXd& Qb, MatrixXd& J,
                           VectorXd& Qd) const {
  check_q(q, t);
  check_qd(qd, t);
  if (const auto* r = recorded(q, &qd, t); r != nullptr && r->has_dynamics) {
    if (const double* o = run_recorded(r->dynamics, q, &qd, t)) {
      o = scatter(r->structure.mass, o, nq_, nq_, M);
      Qb = Eigen::Map<const VectorXd>(o, nq_);
      o += nq_;
      J.setZero(nch_ + ncnh_, nq_);
      Qd.resize(nch_ + ncnh_);
      for (const auto& [i, j] : r->cq_entries) J(i, j) = *o++;
      for (int i = 0; i < nch_; ++i) Qd[i] = -*o++;
      for (const auto& [i, j] : r->dqd_entries) J(nch_ + i, j) = *o++;
      for (int i = 0; i < ncnh_; ++i) Qd[nch_ + i] = -*o++;
      return true;
    }
  }
  this->M(q, t, M);
  Q_b(q, qd, t, Qb);
  thread_local MatrixXd Cq, Dqd;
  thread_local VectorXd Qdh, Qdnh;
  constraint_terms(q, qd, t, Cq, Qdh, Dqd, Qdnh);
  J.resize(nch_ + ncnh_, nq_);
  J.topRows(nch_) = Cq;
  J.bottomRows(ncnh_) = Dqd;
  Qd.resize(nch_ + ncnh_);
  Qd.head(nch_) = Qdh;
  Qd.tail(ncnh_) = Qdnh;
  return false;
}

bool Model::record_dynamics_terms(const Vec<Recorded>& q, const Vec<Recorded>& qd, const Recorded& t,
                                  Mat<Recorded>& M, Vec<Recorded>& Qb, Mat<Recorded>& J, Vec<Recorded>& Qd) const {
  ExpressionGraph* g = ExpressionGraph::recording();
  if (g == nullptr || q.size() != nq_ || qd.size() != nq_) return false;
  for (int i = 0; i < nq_; ++i)
    if (!q[i].live() || !qd[i].live() || g->node(q[i].id).op != ExpressionGraph::Op::Input ||
        g->node(qd[i].id).op != ExpressionGraph::Op::Input)
      return false;
  if (!t.live() || g->node(t.id).op != ExpressionGraph::Op::Input) return false;
  const std::optional<TermNodes> n = record_terms(*this, *g, q, qd, t, true);
  if (!n || !n->dynamics_recorded) return false;
  const auto value = [&](int node) {  // -1: a structurally zero derivative
    if (node < 0) return Recorded(0.0);
    return g->is_constant(node) ? Recorded(g->node(node).value) : Recorded(g->node(node).value, node);
  };
  M = Mat<Recorded>::Zero(nq_, nq_);
  for (std::size_t k = 0; k < n->mass.size(); ++k)
    M(n->mass_entries[k].first, n->mass_entries[k].second) = value(n->mass[k]);
  Qb.resize(nq_);
  for (int i = 0; i < nq_; ++i) Qb[i] = value(n->forces[static_cast<std::size_t>(i)]);
  J = Mat<Recorded>::Zero(nch_ + ncnh_, nq_);
  Qd.resize(nch_ + ncnh_);
  for (std::size_t k = 0; k < n->cq.size(); ++k) J(n->cq_entries[k].first, n->cq_entries[k].second) = value(n->cq[k]);
  for (std::size_t k = 0; k < n->dqd.size(); ++k)
    J(nch_ + n->dqd_entries[k].first, n->dqd_entries[k].second) = value(n->dqd[k]);
  for (int i = 0; i < nch_; ++i) Qd[i] = -value(n->c_second[static_cast<std::size_t>(i)]);
  for (int i = 0; i < ncnh_; ++i) Qd[nch_ + i] = -value(n->d_rate[static_cast<std::size_t>(i)]);
  return true;
}

const DynamicsStructure* Model::dynamics_structure() const {
  const auto* r = jacobians_->recorded.get();
  return r != nullptr && r->has_dynamics ? &r->structure : nullptr;
}

bool Model::constraint_terms_recorded() const { return jacobians_->recorded != nullptr; }

Model Model::with_recorded_programs(bool enabled) const {
  Model m(*this);
  m.jacobians_ = std::make_shared<detail::JacobianCache>();
  m.jacobians_->recording = enabled;
  return m;
}

}  // namespace carvallo
