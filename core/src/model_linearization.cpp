// The terms of the linearization of the index-3 equations (stability/linearization.hpp): the force
// Jacobians and the derivatives of M a, Jᵀν and Q_d, built on the graph (model_derived.cpp). The vectors a
// and ν are inputs of the programs, so one program serves every reference.
#include "carvallo/model.hpp"

#include "model_internal.hpp"

namespace carvallo {

using namespace model_internal;

namespace {

MatrixXd square(const double* o, int rows, int cols) { return Eigen::Map<const MatrixXd>(o, rows, cols); }

// Q_d = [−d²/ds² C(q + s q̇, t + s); −d/ds D(q + s q̇, q̇, t + s)] (000 Eqs 7, 8) on the graph.
std::vector<int> velocity_terms(StateRecording& r) {
  std::vector<int> Qd = r.negated(r.rate(r.rate(r.C())));
  const std::vector<int> Qdnh = r.negated(r.rate(r.D()));
  Qd.insert(Qd.end(), Qdnh.begin(), Qdnh.end());
  return Qd;
}

// M a on the graph, for input nodes a (M is recorded column by column).
std::vector<int> mass_times(StateRecording& r, const std::vector<int>& a) {
  const std::vector<int>& M = r.M();
  const std::size_t n = a.size();
  std::vector<int> Ma, row(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < n; ++k) row[k] = M[k * n + i];
    Ma.push_back(r.weighted_sum(a, row));
  }
  return Ma;
}

// Jᵀν = C_qᵀλ + D_q̇ᵀμ on the graph: the gradients of λ·C by q and of μ·D by q̇, for input nodes λ and μ.
std::vector<int> constraint_forces(StateRecording& r, const std::vector<int>& lambda, const std::vector<int>& mu) {
  const std::vector<int> holonomic = r.jacobian({r.weighted_sum(lambda, r.C())}, r.q());
  const std::vector<int> nonholonomic = r.jacobian({r.weighted_sum(mu, r.D())}, r.qd());
  return r.sum(holonomic, nonholonomic);
}

}  // namespace

// ---- force Jacobians -------------------------------------------------------------------------------------

void Model::force_jacobian(const VectorXd& q, const VectorXd& qd, double t, bool of_rates, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out = square(evaluate_derived(*this, *jacobians_, of_rates ? detail::Derived::Q_b_qd : detail::Derived::Q_b_q, q,
                                &qd, t, nullptr,
                                [of_rates](StateRecording& r) { return r.jacobian(r.Q(), of_rates ? r.qd() : r.q()); }),
               nq_, nq_);
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
  out = square(evaluate_derived(*this, *jacobians_, detail::Derived::Ma_q, q, nullptr, t, &a,
                                [](StateRecording& r) { return r.jacobian(mass_times(r, r.extra()), r.q()); }),
               nq_, nq_);
  check_rows(*this, out, t, "d(M a)/dq", 0, false);
}

void Model::JTnu_q(const VectorXd& q, const VectorXd& qd, double t, const VectorXd& nu, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (nu.size() != nc()) throw SolverError(SolverError::Kind::InvalidArgument, "JTnu_q: nu has the wrong size", t);
  const int nch = nch_;
  // (k, j) = ∂²(λ·C)/∂q_k∂q_j + ∂²(μ·D)/∂q̇_k∂q_j: the k-th entry of Jᵀν = C_qᵀλ + D_q̇ᵀμ, differentiated by q_j.
  out = square(evaluate_derived(*this, *jacobians_, detail::Derived::JTnu_q, q, &qd, t, &nu,
                                [nch](StateRecording& r) {
                                  const std::vector<int> lambda(r.extra().begin(), r.extra().begin() + nch);
                                  const std::vector<int> mu(r.extra().begin() + nch, r.extra().end());
                                  return r.jacobian(constraint_forces(r, lambda, mu), r.q());
                                }),
               nq_, nq_);
  check_rows(*this, out, t, "d(J^T nu)/dq", 0, false);
}

void Model::JTnu_qd(const VectorXd& q, const VectorXd& qd, double t, const VectorXd& nu, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (nu.size() != nc()) throw SolverError(SolverError::Kind::InvalidArgument, "JTnu_qd: nu has the wrong size", t);
  out.setZero(nq_, nq_);
  if (ncnh_ == 0) return;  // C_q does not depend on q̇
  const int nch = nch_;
  out = square(evaluate_derived(*this, *jacobians_, detail::Derived::JTnu_qd, q, &qd, t, &nu,
                                [nch](StateRecording& r) {
                                  const std::vector<int> mu(r.extra().begin() + nch, r.extra().end());
                                  return r.jacobian(r.jacobian({r.weighted_sum(mu, r.D())}, r.qd()), r.qd());
                                }),
               nq_, nq_);
  check_rows(*this, out, t, "d(J^T nu)/dqd", 0, false);
}

// Q_d as a function of (q, q̇, t), differentiated by q (third derivatives of C) or by q̇ (where q̇ is both
// the direction and D's argument).
void Model::Q_d_q(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out = square(evaluate_derived(*this, *jacobians_, detail::Derived::Q_d_q, q, &qd, t, nullptr,
                                [](StateRecording& r) { return r.jacobian(velocity_terms(r), r.q()); }),
               nc(), nq_);
  check_rows(*this, out, t, "dQ_d/dq", 0, true);
}

void Model::Q_d_qd(const VectorXd& q, const VectorXd& qd, double t, MatrixXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out = square(evaluate_derived(*this, *jacobians_, detail::Derived::Q_d_qd, q, &qd, t, nullptr,
                                [](StateRecording& r) { return r.jacobian(velocity_terms(r), r.qd()); }),
               nc(), nq_);
  check_rows(*this, out, t, "dQ_d/dqd", 0, true);
}

// M a − Q_b + Jᵀν (Jᵀν = C_qᵀλ + D_q̇ᵀμ) differentiated by [q, q̇] gives K̄11 and R̄11 at once: M a does not
// depend on q̇. One recording of M, Q_b, C and D serves every block.
void Model::linearization_blocks(const VectorXd& q, const VectorXd& qd, double t, const VectorXd& a, const VectorXd& nu,
                                 LinearizationBlocks& out) const {
  check_q(q, t);
  check_qd(qd, t);
  if (a.size() != nq_)
    throw SolverError(SolverError::Kind::InvalidArgument, "linearization_blocks: a has the wrong size", t);
  if (nu.size() != nc())
    throw SolverError(SolverError::Kind::InvalidArgument, "linearization_blocks: nu has the wrong size", t);
  const int n = nq_, nch = nch_, ncnh = ncnh_;
  VectorXd extra(n + nc());
  extra << a, nu;
  const double* o = evaluate_derived(
      *this, *jacobians_, detail::Derived::linearization, q, &qd, t, &extra, [n, nch](StateRecording& r) {
        const auto first = r.extra().begin();
        const std::vector<int> acc(first, first + n), lambda(first + n, first + n + nch), mu(first + n + nch, r.extra().end());
        const std::vector<int> f = r.sum(r.sum(mass_times(r, acc), r.negated(r.Q())), constraint_forces(r, lambda, mu));
        std::vector<int> state = r.q();
        state.insert(state.end(), r.qd().begin(), r.qd().end());
        std::vector<int> outputs = r.jacobian(f, state);  // [K̄11, R̄11]
        const std::vector<int> Cq = r.jacobian(r.C(), r.q()), Dstate = r.jacobian(r.D(), state);  // [D_q, D_q̇]
        outputs.insert(outputs.end(), Cq.begin(), Cq.end());
        outputs.insert(outputs.end(), Dstate.begin(), Dstate.end());
        return outputs;
      });
  const std::size_t nn = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  out.K11 = square(o, n, n);
  out.R11 = square(o + nn, n, n);
  o += 2 * nn;
  out.C_q = square(o, nch, n);
  o += static_cast<std::size_t>(nch) * static_cast<std::size_t>(n);
  out.D_q = square(o, ncnh, n);
  out.D_qd = square(o + static_cast<std::size_t>(ncnh) * static_cast<std::size_t>(n), ncnh, n);
  check_rows(*this, out.K11, t, "linearization's K11 = d(M a - Q_b + J^T nu)/dq", 0, false);
  check_rows(*this, out.R11, t, "linearization's R11 = d(-Q_b + J^T nu)/dqd", 0, false);
  check_rows(*this, out.C_q, t, "holonomic constraint Jacobian C_q", 0, true);
  check_rows(*this, out.D_q, t, "nonholonomic Jacobian D_q", nch, true);
  check_rows(*this, out.D_qd, t, "nonholonomic Jacobian D_qd", nch, true);
}

}  // namespace carvallo
