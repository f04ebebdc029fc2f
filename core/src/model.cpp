// Model: the type erasure of a definition (model_definition.hpp), its names and checks, and the plain
// evaluations (C, D, M, Q_b, energies in double). The derivatives are in model_derivatives.cpp and
// model_linearization.cpp, the recorded programs in model_recorded.cpp.
#include "carvallo/model.hpp"

#include "model_internal.hpp"

#include <set>

namespace carvallo {

using namespace model_internal;

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

// ---- dynamics ------------------------------------------------------------------------------------

void Model::M(const VectorXd& q, double t, MatrixXd& out) const {
  check_q(q, t);
  out.setZero(nq_, nq_);
  evaluator().eval_mass(q, t, out);
  check_rows(*this, out, t, "mass matrix", 0, false);
}

void Model::Q_b(const VectorXd& q, const VectorXd& qd, double t, VectorXd& out) const {
  check_q(q, t);
  check_qd(qd, t);
  out.setZero(nq_);
  evaluator().eval_forces(q, qd, t, out);
  check_vec(*this, out, t, "generalized force Q_b", 0, false);
}

// ---- energy --------------------------------------------------------------------------------------

double Model::kinetic_energy(const VectorXd& q, const VectorXd& qd, double t) const {
  check_q(q, t);
  check_qd(qd, t);
  const double T = evaluator().eval_kinetic_energy(q, qd, t);
  if (!std::isfinite(T)) throw_non_finite(t, "kinetic energy", "", -1);
  return T;
}

double Model::potential_energy(const VectorXd& q, double t) const {
  check_q(q, t);
  const double V = evaluator().eval_potential_energy(q, t);
  if (!std::isfinite(V)) throw_non_finite(t, "potential energy", "", -1);
  return V;
}


}  // namespace carvallo
