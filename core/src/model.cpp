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

#include "carvallo/straight_line_program.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>
#include <set>

namespace carvallo {

namespace detail {

/// The constraint functions recorded once (expression_graph.hpp) and compiled to straight-line programs
/// (straight_line_program.hpp), one per quantity the solvers ask for at every step. Inputs (q, t) for cq,
/// else (q, q̇, t). Outputs: cq: C_q's structural nonzeros (cq_entries); velocity: Ċ then D; dqd: D_q̇'s
/// nonzeros (dqd_entries); jacobian: C_q's then D_q̇'s nonzeros; terms: C_q's nonzeros, Q_d,h's and Q_d,nh's
/// negatives between D_q̇'s nonzeros (see constraint_terms). C and D alone stay the definition's double code
/// and Ċ, Q_d,h and Q_d,nh alone its duals: as programs they were no faster (docs/performance.md).
struct RecordedConstraints {
  std::vector<std::pair<int, int>> cq_entries, dqd_entries;
  StraightLineProgram cq, velocity, dqd, jacobian, terms;
  // Model::dynamics_terms: M's structural nonzeros (structure.mass), Q_b, then terms' outputs. Absent
  // (has_dynamics false) when the mass or the forces branch on the state or throw while recorded.
  bool has_dynamics = false;
  StraightLineProgram dynamics;
  DynamicsStructure structure;
};

struct JacobianCache {
  std::once_flag cq_once, dqd_once, dq_once, recorded_once;
  ColumnColoring cq, dqd, dq;
  bool recording = true;                          // Model::with_recorded_programs
  std::unique_ptr<RecordedConstraints> recorded;  // null: not recorded (off, or a value-dependent definition)
};

}  // namespace detail

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

struct Scratch {
  Vec<Dual1> q1, qd1, o1;
  Mat<Dual1> M1;
  Vec<Dual2> q2, qd2, o2;
  Vec<Dual3> q3, qd3, o3;
  Vec<double> o0;
  Vec<DualChunk> qc, qdc, oc;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Passive copies (zero tangents).
template <class S>
void passive(const VectorXd& x, Vec<S>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = S(x[i]);
}

// The colour classes [c0, c0 + width) in one evaluation: every column of those colours is seeded in its
// colour's slot, and each nonzero (i, j) is read from slot color(j).
template <class F>
void colored_jacobian(const ColumnColoring& cc, const VectorXd& x, int rows, Vec<DualChunk>& xs, Vec<DualChunk>& out_s,
                      MatrixXd& out, F&& f) {
  const auto n = static_cast<int>(x.size());
  passive(x, xs);
  for (int c0 = 0; c0 < cc.colors; c0 += kJacobianChunk) {
    const int c1 = std::min(cc.colors, c0 + kJacobianChunk);
    for (int j = 0; j < n; ++j)
      if (cc.color[static_cast<std::size_t>(j)] >= c0 && cc.color[static_cast<std::size_t>(j)] < c1)
        xs[j].d[static_cast<std::size_t>(cc.color[static_cast<std::size_t>(j)] - c0)] = 1.0;
    out_s.setZero(rows);
    f(xs, out_s);
    for (int j = 0; j < n; ++j) {
      const int c = cc.color[static_cast<std::size_t>(j)];
      if (c < c0 || c >= c1) continue;
      for (int i : cc.rows[static_cast<std::size_t>(j)]) out(i, j) = out_s[i].d[static_cast<std::size_t>(c - c0)];
      xs[j].d[static_cast<std::size_t>(c - c0)] = 0.0;
    }
  }
}

// The colouring the Jacobians use: from the traced pattern, or from the dense pattern when the traced one is
// only proven for the branches of the traced state (sparsity.hpp, "Branches").
ColumnColoring coloring_for(const SparsityPattern& p) {
  return color_columns(p.value_dependent ? dense_pattern(p.rows, p.cols()) : p);
}

// A watched argument: its value, live (branches on it are counted), no input bits.
void live(const VectorXd& x, Vec<SparsityTracer>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = SparsityTracer(x[i], 0, true);
}

void seed1(const VectorXd& x, const VectorXd& dir, Vec<Dual1>& out) {
  out.resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) out[i] = Dual1(x[i], dir[i]);
}

// Every entry finite: x·0 is 0 for a finite x and NaN otherwise, and the sum is a vectorized reduction
// (Eigen's allFinite() ends in a scalar loop; these checks run on every evaluation).
template <class D>
bool all_finite(const Eigen::DenseBase<D>& a) {
  return (a.derived().array() * 0.0).sum() == 0.0;
}

[[noreturn]] void throw_non_finite(double t, const std::string& what, const std::string& subject, int index) {
  throw SolverError(SolverError::Kind::NonFinite, "the model's " + what + " is not finite (NaN or infinite)", t,
                    subject, index);
}

void check_rows(const Model& m, const MatrixXd& A, double t, const char* what, int row_offset, bool rows_are_constraints) {
  if (all_finite(A)) return;  // the loops below only name the culprit
  for (Eigen::Index i = 0; i < A.rows(); ++i)
    for (Eigen::Index j = 0; j < A.cols(); ++j)
      if (!std::isfinite(A(i, j))) {
        const int r = static_cast<int>(i) + row_offset;
        throw_non_finite(t, std::string(what) + " (column " + m.coordinate_name(static_cast<int>(j)) + ")",
                         rows_are_constraints ? m.constraint_name(r) : m.coordinate_name(r), r);
      }
}

void check_vec(const Model& m, const VectorXd& v, double t, const char* what, int row_offset, bool rows_are_constraints) {
  if (all_finite(v)) return;
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i])) {
      const int r = static_cast<int>(i) + row_offset;
      throw_non_finite(t, what, rows_are_constraints ? m.constraint_name(r) : m.coordinate_name(r), r);
    }
}

}  // namespace

Model::Model(std::shared_ptr<const detail::ModelConcept> impl)
    : impl_(std::move(impl)), jacobians_(std::make_shared<detail::JacobianCache>()) {
  if (!impl_) throw ModelError("carvallo::Model: null model implementation");
  const Layout& L = impl_->layout();
  nq_ = static_cast<int>(L.coordinates.size());
  nch_ = static_cast<int>(L.holonomic.size());
  ncnh_ = static_cast<int>(L.nonholonomic.size());
  const std::string who = "model '" + L.name + "': ";
  if (nq_ == 0) throw ModelError(who + "the layout has no coordinates");
  auto check_names = [&](const std::vector<std::string>& names, const char* kind) {
    std::set<std::string> seen;
    for (const auto& n : names) {
      if (n.empty()) throw ModelError(who + "a " + kind + " has an empty name");
      if (!seen.insert(n).second) throw ModelError(who + "duplicate " + kind + " name '" + n + "'");
    }
  };
  check_names(L.coordinates, "coordinate");
  std::vector<std::string> all = L.holonomic;
  all.insert(all.end(), L.nonholonomic.begin(), L.nonholonomic.end());
  check_names(all, "constraint");
}

const std::string& Model::coordinate_name(int i) const {
  if (i < 0 || i >= nq_)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "model '" + name() + "' has no coordinate " + std::to_string(i) + " (it has " +
                          std::to_string(nq_) + ")",
                      0.0, "", i);
  return layout().coordinates[static_cast<std::size_t>(i)];
}

const std::string& Model::constraint_name(int i) const {
  if (i < 0 || i >= nc())
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "model '" + name() + "' has no constraint " + std::to_string(i) + " (it has " +
                          std::to_string(nc()) + ")",
                      0.0, "", i);
  if (i < nch_) return layout().holonomic[static_cast<std::size_t>(i)];
  return layout().nonholonomic[static_cast<std::size_t>(i - nch_)];
}

int Model::coordinate_index(const std::string& n) const {
  const auto& c = layout().coordinates;
  for (std::size_t i = 0; i < c.size(); ++i)
    if (c[i] == n) return static_cast<int>(i);
  throw SolverError(SolverError::Kind::InvalidArgument, "model '" + name() + "' has no coordinate named '" + n + "'",
                    0.0, n);
}

void Model::check_q(const VectorXd& q, double t) const {
  if (q.size() != nq_)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "q has " + std::to_string(q.size()) + " entries, model '" + name() + "' has " +
                          std::to_string(nq_) + " coordinates",
                      t);
  if (all_finite(q)) return;  // the loop below only names the culprit
  for (int i = 0; i < nq_; ++i)
    if (!std::isfinite(q[i]))
      throw SolverError(SolverError::Kind::NonFinite, "coordinate is not finite", t, coordinate_name(i), i);
}

void Model::check_qd(const VectorXd& qd, double t) const {
  if (qd.size() != nq_)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "q̇ has " + std::to_string(qd.size()) + " entries, model '" + name() + "' has " +
                          std::to_string(nq_) + " coordinates",
                      t);
  if (all_finite(qd)) return;
  for (int i = 0; i < nq_; ++i)
    if (!std::isfinite(qd[i]))
      throw SolverError(SolverError::Kind::NonFinite, "velocity is not finite", t, coordinate_name(i), i);
}

// ---- recorded programs of the constraint functions -------------------------------------------

namespace {

// Records C(q, t) and D(q, q̇, t) at one state and builds, on their graph, C_q and D_q̇ (the tangents along
// each e_j on q_j or q̇_j, all in one pass: ExpressionGraph::gradients), Ċ as the derivative of C along (q̇, 0, 1) in (q, q̇, t), and Q_d,h and Q_d,nh
// along the same direction: the second derivative of C (000 Eq 7: d²/ds² C(q + s q̇, t + s)) and the first
// of D (Eq 8). Null for a definition whose constraints branch on the state, or that throws while recorded
// (the dual-number AD then reports it).
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
    const auto& ev = m.recording_evaluator();
    if (nch > 0) ev.eval_holonomic(qr, tr, C);
    if (ncnh > 0) ev.eval_nonholonomic(qr, qdr, tr, D);
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
    m.dynamics_recorder().record_mass(qr, tr, M);
    m.dynamics_recorder().record_forces(qr, qdr, tr, Q);
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
// whose constraints branch on the state, or that throws while recorded (the dual-number AD then reports it).
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

// Runs p at (q, t), or (q, q̇, t) when qd is given, into this thread's buffer; null if an output is not
// finite (the dual-number AD then names it, or, where the program's folding differs from the duals'
// arithmetic on an infinity, gives its own values).
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

// Writes the listed entries of a sparse Jacobian (the rest zero) from consecutive outputs; returns the
// position after them.
const double* scatter(const std::vector<std::pair<int, int>>& entries, const double* o, int rows, int cols,
                      MatrixXd& out) {
  out.setZero(rows, cols);
  for (const auto& e : entries) out(e.first, e.second) = *o++;
  return o;
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

// ---- dynamics ------------------------------------------------------------------------------------

void Model::M(const VectorXd& q, double t, MatrixXd& out) const {
  check_q(q, t);
  out.setZero(nq_, nq_);
  evaluator<double>().eval_mass(q, t, out);
  check_rows(*this, out, t, "mass matrix", 0, false);
}

void Model::Q_b(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nq_);
  evaluator<double>().eval_forces(q, qd, t, out);
  check_vec(*this, out, t, "generalized force Q_b", 0, false);
}

void Model::Q_b_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  passive(q, s.q1);
  passive(qd, s.qd1);
  const Dual1 t1(t, 0.0);
  for (int j = 0; j < nq_; ++j) {
    s.q1[j].d = 1.0;
    s.o1.setZero(nq_);
    evaluator<Dual1>().eval_forces(s.q1, s.qd1, t1, s.o1);
    for (int i = 0; i < nq_; ++i) out(i, j) = s.o1[i].d;
    s.q1[j].d = 0.0;
  }
  check_rows(*this, out, t, "force Jacobian dQ_b/dq", 0, false);
}

void Model::Q_b_qd(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  passive(q, s.q1);
  passive(qd, s.qd1);
  const Dual1 t1(t, 0.0);
  for (int j = 0; j < nq_; ++j) {
    s.qd1[j].d = 1.0;
    s.o1.setZero(nq_);
    evaluator<Dual1>().eval_forces(s.q1, s.qd1, t1, s.o1);
    for (int i = 0; i < nq_; ++i) out(i, j) = s.o1[i].d;
    s.qd1[j].d = 0.0;
  }
  check_rows(*this, out, t, "force Jacobian dQ_b/dqd", 0, false);
}

// ---- linearization terms ---------------------------------------------------------------------------

void Model::Ma_q(const VectorXd& q, double t, const VectorXd& a, MatrixXd& out) const {
  check_q(q, t);
  if (a.size() != nq_) throw SolverError(SolverError::Kind::InvalidArgument, "Ma_q: a has the wrong size", t);
  out.setZero(nq_, nq_);
  Scratch& s = scratch();
  passive(q, s.q1);
  const Dual1 t1(t, 0.0);
  for (int j = 0; j < nq_; ++j) {
    s.q1[j].d = 1.0;
    s.M1.setZero(nq_, nq_);
    evaluator<Dual1>().eval_mass(s.q1, t1, s.M1);
    for (int k = 0; k < nq_; ++k)
      for (int i = 0; i < nq_; ++i) out(i, j) += s.M1(i, k).d * a[k];
    s.q1[j].d = 0.0;
  }
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
    for (int j = 0; j < nq_; ++j) {
      s.q2[j].d.v = 1.0;
      for (int k = 0; k <= j; ++k) {
        s.q2[k].v.d = 1.0;
        s.o2.setZero(nch_);
        evaluator<Dual2>().eval_holonomic(s.q2, t2, s.o2);
        double h = 0.0;
        for (int i = 0; i < nch_; ++i) h += nu[i] * s.o2[i].d.d;
        out(k, j) += h;
        if (k != j) out(j, k) += h;
        s.q2[k].v.d = 0.0;
      }
      s.q2[j].d.v = 0.0;
    }
  }
  // Nonholonomic part: (k, j) = Σ μ_i ∂²D_i/∂q̇_k∂q_j.
  if (ncnh_ > 0) {
    s.q2.resize(nq_);
    s.qd2.resize(nq_);
    for (int i = 0; i < nq_; ++i) {
      s.q2[i] = Dual2(q[i]);
      s.qd2[i] = Dual2(qd[i]);
    }
    for (int j = 0; j < nq_; ++j) {
      s.q2[j].d.v = 1.0;
      for (int k = 0; k < nq_; ++k) {
        s.qd2[k].v.d = 1.0;
        s.o2.setZero(ncnh_);
        evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
        double h = 0.0;
        for (int i = 0; i < ncnh_; ++i) h += nu[nch_ + i] * s.o2[i].d.d;
        out(k, j) += h;
        s.qd2[k].v.d = 0.0;
      }
      s.q2[j].d.v = 0.0;
    }
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
  for (int j = 0; j < nq_; ++j) {
    s.qd2[j].d.v = 1.0;
    for (int k = 0; k <= j; ++k) {
      s.qd2[k].v.d = 1.0;
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      double h = 0.0;
      for (int i = 0; i < ncnh_; ++i) h += nu[nch_ + i] * s.o2[i].d.d;
      out(k, j) += h;
      if (k != j) out(j, k) += h;
      s.qd2[k].v.d = 0.0;
    }
    s.qd2[j].d.v = 0.0;
  }
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
    for (int j = 0; j < nq_; ++j) {
      s.q3[j].d.v.v = 1.0;
      s.o3.setZero(nch_);
      evaluator<Dual3>().eval_holonomic(s.q3, t3, s.o3);
      for (int i = 0; i < nch_; ++i) out(i, j) = -s.o3[i].d.d.d;
      s.q3[j].d.v.v = 0.0;
    }
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
    for (int j = 0; j < nq_; ++j) {
      s.q2[j].d.v = 1.0;
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      for (int i = 0; i < ncnh_; ++i) out(nch_ + i, j) = -s.o2[i].d.d;
      s.q2[j].d.v = 0.0;
    }
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
    for (int j = 0; j < nq_; ++j) {
      s.q2[j].d.v = 1.0;
      s.o2.setZero(nch_);
      evaluator<Dual2>().eval_holonomic(s.q2, t2, s.o2);
      for (int i = 0; i < nch_; ++i) out(i, j) = -2.0 * s.o2[i].d.d;
      s.q2[j].d.v = 0.0;
    }
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
    for (int j = 0; j < nq_; ++j) {
      s.q2[j].d.d = 1.0;
      s.qd2[j].d.v = 1.0;
      s.o2.setZero(ncnh_);
      evaluator<Dual2>().eval_nonholonomic(s.q2, s.qd2, t2, s.o2);
      for (int i = 0; i < ncnh_; ++i) out(nch_ + i, j) = -s.o2[i].d.d;
      s.q2[j].d.d = 0.0;
      s.qd2[j].d.v = 0.0;
    }
  }
  check_rows(*this, out, t, "dQ_d/dqd", 0, true);
}

// ---- energy --------------------------------------------------------------------------------------

double Model::kinetic_energy(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  const double T = evaluator<double>().eval_kinetic_energy(q, qd, t);
  if (!std::isfinite(T)) throw_non_finite(t, "kinetic energy", "", -1);
  return T;
}

double Model::potential_energy(const VectorXd& q, double t) const {
  check_q(q, t);
  const double V = evaluator<double>().eval_potential_energy(q, t);
  if (!std::isfinite(V)) throw_non_finite(t, "potential energy", "", -1);
  return V;
}

}  // namespace carvallo
