#include "model_run.hpp"

#include "carvallo/errors.hpp"

#include <algorithm>
#include <Eigen/Cholesky>

namespace carvallo::examples {

namespace {

const ModelEntry& entry_named(std::string_view name) {
  if (const ModelEntry* e = find_model(name)) return *e;
  std::string names;
  for (const auto& m : models()) names += (names.empty() ? "" : ", ") + m.name;
  throw SolverError(SolverError::Kind::InvalidArgument, "unknown model '" + std::string(name) + "' (" + names + ")", 0.0);
}

}  // namespace

ModelRun::ModelRun(std::string_view model, const ModelSetup& setup, const MethodChoice& methods)
    : ModelRun(entry_named(model), setup, methods) {}

ModelRun::ModelRun(const ModelEntry& entry, const ModelSetup& setup, const MethodChoice& methods)
    : entry_(&entry), instance_(std::make_unique<ModelInstance>(entry.make(setup))), model_(instance_->model),
      signals_(instance_->inputs.size()), pieces_(instance_->inputs.size()) {
  // The model's settings (tolerances, gains, selective partitioning's coordinates), then the user's methods.
  options_ = simulation_options(*instance_);
  if (methods.integrator) options_.integrator = *methods.integrator;
  if (methods.solver) options_.acceleration = *methods.solver;
  if (methods.stabilization) options_.stabilization = *methods.stabilization;
  if (methods.tolerance) {
    options_.stabilizer.tolerances.position = *methods.tolerance;
    options_.stabilizer.tolerances.velocity = *methods.tolerance;
  }
  if (methods.gains) options_.stabilizer.gains = *methods.gains;
  if (methods.adaptive_tolerance) {
    options_.adaptive.rtol = *methods.adaptive_tolerance;
    options_.adaptive.atol = 1e-2 * *methods.adaptive_tolerance;
  }
  sim_ = std::make_unique<Simulation>(model_, options_);
  sim_->set_state(State{instance_->t0, instance_->q0, instance_->qd0});
  report_ = sim_->evaluate();
  check_end();
}

const StepReport& ModelRun::step(double h) {
  if (ended()) return report_;
  if (signals_.empty()) {
    report_ = sim_->step(h);
  } else {
    step_through_changes(
        signals_, sim_->state().t, h, [&](double dt) { report_ = sim_->step(dt); },
        [&](const std::vector<SignalPiece>& p) { apply_pieces(p); });
  }
  probes_valid_ = false;
  check_end();
  return report_;
}

Model ModelRun::model_for(const std::vector<SignalPiece>& pieces) const {
  // Every input off is the instance's own model, however the run got there: the model acting is a function
  // of the pieces alone, so a run restarted from a snapshot (restart) evaluates what the original did.
  if (pieces == std::vector<SignalPiece>(pieces.size())) return instance_->model;
  if (!instance_->model_with_inputs)
    throw SolverError(SolverError::Kind::InvalidArgument, "model '" + entry_->name + "' cannot apply its inputs", 0.0);
  return instance_->model_with_inputs(pieces);
}

void ModelRun::apply_pieces(const std::vector<SignalPiece>& pieces) {
  if (pieces == pieces_) return;
  model_ = model_for(pieces);
  pieces_ = pieces;
  // A new piece is a new smooth right-hand side: the integrator starts afresh (a multistep history must
  // not reach across the jump).
  const State s = sim_->state();
  const IntegratorStats& done = sim_->integrator_stats();
  spent_.steps += done.steps, spent_.evaluations += done.evaluations, spent_.rejected += done.rejected;
  spent_.restarts += done.restarts;
  sim_ = std::make_unique<Simulation>(model_, options_);
  sim_->set_state(s);
  report_ = sim_->evaluate();
}

void ModelRun::set_state(const State& s) {
  sim_->set_state(s);
  apply_pieces(pieces(signals_, s.t));  // the inputs acting at the new time
  report_ = sim_->evaluate();
  probes_valid_ = false;
  ended_at_.reset();
  end_reason_.clear();
  check_end();
}

void ModelRun::restart(const Snapshot& snapshot) {
  const State& s = snapshot.state;
  if (snapshot.signals.size() != signals_.size() || s.q.size() != model_.nq() || s.qd.size() != model_.nq())
    throw SolverError(SolverError::Kind::InvalidArgument, "a snapshot of another model than '" + entry_->name + "'", s.t);
  const auto acting = pieces(snapshot.signals, s.t);
  if (acting != pieces_) model_ = model_for(acting);
  auto sim = std::make_unique<Simulation>(model_, options_);
  sim->set_state(s);
  const IntegratorStats& done = sim_->integrator_stats();
  spent_.steps += done.steps, spent_.evaluations += done.evaluations, spent_.rejected += done.rejected;
  spent_.restarts += done.restarts;
  sim_ = std::move(sim);
  signals_ = snapshot.signals;
  pieces_ = acting;
  report_ = sim_->evaluate();
  probes_valid_ = false;
  ended_at_.reset();
  end_reason_.clear();
  check_end();
}

std::string unusable_solver(const ModelInstance& instance, AccelerationMethod solver) {
  if (solver != AccelerationMethod::UdwadiaKalaba) return "";
  try {
    Eigen::MatrixXd M;
    instance.model.M(instance.q0, instance.t0, M);
    if (Eigen::LLT<Eigen::MatrixXd>(M).info() == Eigen::Success) return "";
  } catch (const std::exception&) {
  }
  return "Udwadia-Kalaba needs an invertible mass matrix; this model's is singular (e.g. Euler parameters): use "
         "the augmented formulation";
}

BaumgarteGains baumgarte_gains(double alpha, double beta) { return {-2.0 * alpha, -beta * beta, -2.0 * alpha}; }

IntegratorStats ModelRun::integrator_stats() const {
  IntegratorStats s = spent_;
  const IntegratorStats& now = sim_->integrator_stats();
  s.steps += now.steps, s.evaluations += now.evaluations, s.rejected += now.rejected, s.restarts += now.restarts;
  return s;
}

int ModelRun::input_index(std::string_view name) const {
  for (std::size_t k = 0; k < instance_->inputs.size(); ++k)
    if (instance_->inputs[k].name == name) return static_cast<int>(k);
  return -1;
}

void ModelRun::set_input(std::size_t index, const InputSignal& signal) {
  if (index >= signals_.size())
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "model '" + entry_->name + "' has no input " + std::to_string(index), 0.0);
  signals_[index] = signal;
  apply_pieces(pieces(signals_, sim_->state().t));
}

std::vector<double> ModelRun::input_values() const {
  std::vector<double> v;
  for (const auto& s : signals_) v.push_back(s.value(sim_->state().t));
  return v;
}

bool ModelRun::push(double amount) {
  if (!instance_->push || ended()) return false;
  sim_->set_state(instance_->push->apply(model_, sim_->state(), probes(), amount));
  report_ = sim_->evaluate();
  probes_valid_ = false;
  return true;
}

bool ModelRun::change_velocities(const Eigen::VectorXd& dqd) {
  if (ended()) return false;
  State s = sim_->state();
  if (dqd.size() != s.qd.size())
    throw SolverError(SolverError::Kind::InvalidArgument, "a velocity change of " + std::to_string(dqd.size()) + " entries for " +
                                                              std::to_string(s.qd.size()) + " velocities", s.t);
  s.qd += dqd;
  sim_->set_state(s);  // throws NonFinite before changing anything
  report_ = sim_->evaluate();
  probes_valid_ = false;
  return true;
}

void ModelRun::check_end() {
  if (!instance_->ended || ended()) return;
  if (auto why = instance_->ended(sim_->state(), probes())) {
    ended_at_ = sim_->state().t;
    end_reason_ = *why;
  }
}

double ModelRun::energy() const {
  const State& s = sim_->state();
  return model_.energy(s.q, s.qd, s.t);
}

const std::string& ModelRun::energy_not_conserved() const {
  static const std::string inputs_do_work = kInputsDoWork;
  if (!instance_->energy_not_conserved.empty()) return instance_->energy_not_conserved;
  const bool driven = std::any_of(signals_.begin(), signals_.end(), [](const InputSignal& s) {
    return s.kind != InputSignal::Kind::None && s.amplitude != 0.0;
  });
  static const std::string none;
  return driven ? inputs_do_work : none;
}

std::string ModelRun::methods() const {
  return std::string(to_string(options_.acceleration)) + ", " + to_string(options_.integrator) + ", " +
         to_string(options_.stabilization);
}

const std::vector<double>& ModelRun::probes() const {
  if (probes_valid_) return probes_;
  const State& s = sim_->state();
  const ModelInstance& m = *instance_;
  if (m.probe_values) {
    probes_ = m.probe_values(model_, s.t, s.q, s.qd);
  } else {
    probes_.clear();
    for (const auto& p : m.probes) probes_.push_back(p.value(model_, s.t, s.q, s.qd));
  }
  probes_valid_ = true;
  return probes_;
}

int ModelRun::probe_index(std::string_view name) const {
  const auto& p = instance_->probes;
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p[k].name == name) return static_cast<int>(k);
  return -1;
}

std::vector<std::string> ModelRun::output_names() const {
  std::vector<std::string> names;
  if (instance_->coordinates_in_output) names = instance_->model.layout().coordinates;
  for (const auto& p : instance_->probes) names.push_back(p.name);
  for (const auto& i : instance_->inputs) names.push_back(i.name);
  return names;
}

void ModelRun::output_values(std::vector<double>& values) const {
  values.clear();
  const State& s = sim_->state();
  if (instance_->coordinates_in_output) values.assign(s.q.data(), s.q.data() + s.q.size());
  const auto& p = probes();
  values.insert(values.end(), p.begin(), p.end());
  for (const auto& signal : signals_) values.push_back(signal.value(s.t));
}

std::vector<BodyPose> ModelRun::body_poses() const {
  return instance_->body_poses ? instance_->body_poses(sim_->state().q) : std::vector<BodyPose>{};
}

std::vector<PosedGeom> ModelRun::scene() const { return pose_scene(instance_->geoms, body_poses()); }

std::vector<Eigen::Vector3d> ModelRun::trace_points() const {
  std::vector<Eigen::Vector3d> points;
  for (const auto& t : instance_->traces) points.push_back(t.point(model_, sim_->state().q));
  return points;
}

}  // namespace carvallo::examples
