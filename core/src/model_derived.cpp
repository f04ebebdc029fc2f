// Model's derivatives on the expression graph (expression_graph.hpp): the definition recorded at a state,
// the derivative built on its graph by forward mode, and compiled once to a straight-line program
// (straight_line_program.hpp) that every later call runs. The one AD of the engine: the dual numbers of
// ad.hpp are for model code that differentiates inside a definition, never for Model's derivatives.
#include "carvallo/model.hpp"

#include "model_internal.hpp"

namespace carvallo {

namespace model_internal {

StateRecording::StateRecording(const Model& m, ExpressionGraph& g, const VectorXd& q, const VectorXd* qd, double t,
                               const VectorXd* extra)
    : m_(m), g_(g), qr_(m.nq()), qdr_(m.nq()) {
  const int nq = m.nq();
  for (int i = 0; i < nq; ++i) {
    qr_[i] = Recorded(q[i], g.input(q[i]));
    q_.push_back(qr_[i].id);
  }
  for (int i = 0; i < nq; ++i) {
    const double v = qd != nullptr ? (*qd)[i] : 0.0;
    qdr_[i] = Recorded(v, g.input(v));
    qd_.push_back(qdr_[i].id);
  }
  tr_ = Recorded(t, g.input(t));
  t_ = tr_.id;
  if (extra != nullptr)
    for (Eigen::Index i = 0; i < extra->size(); ++i) extra_.push_back(g.input((*extra)[i]));
}

std::vector<int> StateRecording::inputs() const {
  std::vector<int> all = q_;
  all.insert(all.end(), qd_.begin(), qd_.end());
  all.push_back(t_);
  all.insert(all.end(), extra_.begin(), extra_.end());
  return all;
}

const std::vector<int>& StateRecording::C() {
  if (!has_C_) {
    Vec<Recorded> C = Vec<Recorded>::Zero(m_.nch());
    if (m_.nch() > 0) m_.recorder().record_holonomic(qr_, tr_, C);
    for (int i = 0; i < m_.nch(); ++i) C_.push_back(detail::node_of(C[i]));
    has_C_ = true;
  }
  return C_;
}

const std::vector<int>& StateRecording::D() {
  if (!has_D_) {
    Vec<Recorded> D = Vec<Recorded>::Zero(m_.ncnh());
    if (m_.ncnh() > 0) m_.recorder().record_nonholonomic(qr_, qdr_, tr_, D);
    for (int i = 0; i < m_.ncnh(); ++i) D_.push_back(detail::node_of(D[i]));
    has_D_ = true;
  }
  return D_;
}

const std::vector<int>& StateRecording::M() {
  if (!has_M_) {
    Mat<Recorded> M = Mat<Recorded>::Zero(m_.nq(), m_.nq());
    m_.recorder().record_mass(qr_, tr_, M);
    for (int j = 0; j < m_.nq(); ++j)
      for (int i = 0; i < m_.nq(); ++i) M_.push_back(detail::node_of(M(i, j)));
    has_M_ = true;
  }
  return M_;
}

const std::vector<int>& StateRecording::Q() {
  if (!has_Q_) {
    Vec<Recorded> Q = Vec<Recorded>::Zero(m_.nq());
    m_.recorder().record_forces(qr_, qdr_, tr_, Q);
    for (int i = 0; i < m_.nq(); ++i) Q_.push_back(detail::node_of(Q[i]));
    has_Q_ = true;
  }
  return Q_;
}

std::vector<int> StateRecording::along(const std::vector<int>& seed_of_inputs, const std::vector<int>& of) {
  const std::vector<int> tangent = g_.tangents(seed_of_inputs, of);
  std::vector<int> out;
  out.reserve(of.size());
  for (int n : of) out.push_back(n < 0 ? -1 : tangent[static_cast<std::size_t>(n)]);
  return out;
}

std::vector<int> StateRecording::rate(const std::vector<int>& of) {
  std::vector<int> seed(static_cast<std::size_t>(g_.size()), -1);
  for (std::size_t i = 0; i < q_.size(); ++i) seed[static_cast<std::size_t>(q_[i])] = qd_[i];
  seed[static_cast<std::size_t>(t_)] = g_.constant(1.0);
  return along(seed, of);
}

std::vector<int> StateRecording::time_rate(const std::vector<int>& of) {
  std::vector<int> seed(static_cast<std::size_t>(g_.size()), -1);
  seed[static_cast<std::size_t>(t_)] = g_.constant(1.0);
  return along(seed, of);
}

std::vector<int> StateRecording::jacobian(const std::vector<int>& of, const std::vector<int>& wrt) {
  std::vector<int> targets;  // ExpressionGraph::gradients takes nodes; -1 (zero) has no partials
  for (int n : of) targets.push_back(n < 0 ? g_.constant(0.0) : n);
  const auto rows = g_.gradients(wrt, targets);
  std::vector<int> out(of.size() * wrt.size(), -1);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (const auto& [j, node] : rows[i]) out[static_cast<std::size_t>(j) * of.size() + i] = node;
  return out;
}

int StateRecording::weighted_sum(const std::vector<int>& w, const std::vector<int>& of) {
  int s = g_.constant(0.0);
  for (std::size_t i = 0; i < of.size(); ++i)
    s = g_.apply(ExpressionGraph::Op::Add, s, g_.apply(ExpressionGraph::Op::Mul, w[i], of[i]));
  return s;
}

std::vector<int> StateRecording::negated(std::vector<int> a) {
  for (int& n : a)
    if (n >= 0) n = g_.apply(ExpressionGraph::Op::Neg, n);
  return a;
}

std::vector<int> StateRecording::sum(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    out[i] = a[i] < 0 ? b[i] : b[i] < 0 ? a[i] : g_.apply(ExpressionGraph::Op::Add, a[i], b[i]);
  return out;
}

const double* evaluate_derived(const Model& m, detail::JacobianCache& cache, detail::Derived k, const VectorXd& q,
                               const VectorXd* qd, double t, const VectorXd* extra,
                               const std::function<std::vector<int>(StateRecording&)>& build) {
  thread_local std::vector<double> in, out, workspace;
  auto& slot = cache.derived[static_cast<std::size_t>(k)];
  if (cache.recording) {
    std::call_once(slot.once, [&] {
      ExpressionGraph g(4096);
      const ExpressionGraph::Scope scope(g);
      StateRecording r(m, g, q, qd, t, extra);
      const std::vector<int> outputs = build(r);
      // A graph recorded through a branch on the state holds for that branch only.
      if (g.value_dependent) slot.per_call = true;
      else slot.program = StraightLineProgram(g, r.inputs(), outputs);
    });
    if (!slot.per_call) {
      in.assign(q.data(), q.data() + q.size());
      if (qd != nullptr) in.insert(in.end(), qd->data(), qd->data() + qd->size());
      else in.resize(in.size() + static_cast<std::size_t>(m.nq()), 0.0);
      in.push_back(t);
      if (extra != nullptr) in.insert(in.end(), extra->data(), extra->data() + extra->size());
      out.resize(static_cast<std::size_t>(slot.program.output_count()));
      slot.program.run(in.data(), out.data(), workspace);
      return out.data();
    }
  }
  ExpressionGraph g(4096);
  const ExpressionGraph::Scope scope(g);
  StateRecording r(m, g, q, qd, t, extra);
  const std::vector<int> outputs = build(r);
  out.resize(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) out[i] = outputs[i] < 0 ? 0.0 : g.node(outputs[i]).value;
  return out.data();
}

}  // namespace model_internal

}  // namespace carvallo
