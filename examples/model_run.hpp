#pragma once
// One registered model running (Box2D's samples, Pinocchio's model/data): built from its registry entry,
// its setup (variant, parameters, settings) and the methods the user chose; stepped; read back as state,
// probes, violations, energy, events (the end condition, a solver failure), body poses and the posed scene.
// The CLI's `simulate`, the playground and the tests run every model, the bicycle included, through this
// class only.

#include "registry.hpp"
#include "scene.hpp"

#include "carvallo/simulation.hpp"

#include <Eigen/Core>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::examples {

/// The engine's methods a user may override; unset = the model's own (its paper's) choice.
struct MethodChoice {
  std::optional<IntegratorMethod> integrator;
  std::optional<AccelerationMethod> solver;
  std::optional<StabilizationMethod> stabilization;
  std::optional<double> tolerance;  ///< position and velocity tolerance of the corrections
  /// Baumgarte's gains (used when the stabilization is Baumgarte), e.g. baumgarte_gains(alpha, beta).
  std::optional<BaumgarteGains> gains;
  /// The adaptive integrators' relative tolerance of the local error (AdaptiveOptions::rtol; atol is a
  /// hundredth of it, the engine's ratio).
  std::optional<double> adaptive_tolerance;
};

/// Baumgarte's stabilization in its textbook form C̈ + 2α Ċ + β² C = 0 (and Ḋ + 2α D = 0 for the
/// nonholonomic constraints), as the engine's gains Γ₁ = −2α, Γ₂ = −β², Γ = −2α (001 Eqs 104, 112): 001's
/// Γ₁ = −20, Γ₂ = −100 are α = β = 10 [1/s]. Never throws.
BaumgarteGains baumgarte_gains(double alpha, double beta);

/// Why `instance` cannot run with the acceleration solver `solver` (front ends then do not offer it and show
/// this as the reason), or "" when it can: Udwadia-Kalaba needs M invertible (a model in Euler parameters, the
/// gear train, has a singular M). Checked at the initial state (a Cholesky factorization of M). Never throws.
std::string unusable_solver(const ModelInstance& instance, AccelerationMethod solver);

class ModelRun {
 public:
  /// Builds the model and its simulation at the initial state. Throws carvallo::Error (unknown variant,
  /// setting out of range, parameters not physical, methods the model cannot use, a solver failure at
  /// the initial state).
  ModelRun(const ModelEntry& entry, const ModelSetup& setup = {}, const MethodChoice& methods = {});
  /// Shorthand: the entry named `model`; throws SolverError(InvalidArgument) for an unknown name.
  ModelRun(std::string_view model, const ModelSetup& setup = {}, const MethodChoice& methods = {});

  /// Advances by h (nothing once the run has ended). Throws carvallo::Error on a solver failure; the
  /// state is then the last good one.
  const StepReport& step(double h);
  /// Applies the model's push (ModelInstance::push) with `amount`; false when it has none or has ended.
  /// Throws carvallo::Error when no consistent state follows the push (the state is then unchanged).
  bool push(double amount);
  /// Adds `dqd` to the velocities (an impulse's response, point_push.hpp: it keeps the velocity constraints)
  /// and restarts the integrator; false once the run has ended. Throws SolverError (InvalidArgument for a
  /// wrong size, NonFinite for a non-finite result; the state is then unchanged).
  bool change_velocities(const Eigen::VectorXd& dqd);
  /// Replaces the state (it must satisfy the constraints, e.g. a steady turn) and restarts the integrator.
  /// Throws SolverError (InvalidArgument for wrong sizes, NonFinite for a non-finite state) and what the
  /// model's evaluation at the new state throws.
  void set_state(const State& s);

  /// What restart() needs to continue exactly as this run does from now on: the state and the inputs'
  /// signals. Never throws.
  struct Snapshot {
    State state;
    std::vector<InputSignal> signals;
  };
  Snapshot snapshot() const { return {sim_->state(), signals_}; }
  /// Continues from `snapshot` with a simulation built afresh (the integrator's history, the solvers'
  /// caches and the end condition start anew). A run that restarts at a moment and one restored there
  /// from that moment's snapshot take the same steps to the bit (tests/examples/model_run_test.cpp): the
  /// playground's rewind (web/logic/model_view.hpp) keeps snapshots and restarts at them. Throws what
  /// building the model with the snapshot's inputs and evaluating it throws; SolverError(InvalidArgument)
  /// for a snapshot of another model.
  void restart(const Snapshot& snapshot);

  // The members below evaluate the model at the current, finite state and throw only what the model's
  // own probe, pose and energy functions throw (nothing, for the registered models); the others never throw.

  /// The model's inputs (ModelInstance::inputs) and the signals driving them (initially all zero).
  const std::vector<InputChannel>& input_channels() const { return instance_->inputs; }
  const std::vector<InputSignal>& input_signals() const { return signals_; }
  /// Index of the input named `name`, or -1. Never throws.
  int input_index(std::string_view name) const;
  /// Drives input `index` by `signal` from now on (signals are functions of absolute time: a step at
  /// t0 < now is on at once). Rebuilds the model when the acting piece changes; the state is kept.
  /// Throws SolverError(InvalidArgument) for an index out of range or a model that cannot apply inputs,
  /// and what rebuilding and evaluating the model throws.
  void set_input(std::size_t index, const InputSignal& signal);
  /// The inputs' values at the current time, in input_channels()' order. Never throws.
  std::vector<double> input_values() const;

  const ModelEntry& entry() const { return *entry_; }
  const ModelInstance& instance() const { return *instance_; }
  /// The model acting now (with the inputs' current pieces).
  const Model& model() const { return model_; }
  const Simulation& simulation() const { return *sim_; }
  /// The integrator's work since the run was built (steps, evaluations, rejected steps), over every
  /// simulation the inputs' pieces rebuilt.
  IntegratorStats integrator_stats() const;
  /// Simulation::next_step of the simulation acting now (0 for the fixed-step integrators, and after the
  /// simulation was built afresh: by restart() or a new piece of an input).
  double next_step() const { return sim_->next_step(); }
  const SimulationOptions& options() const { return options_; }
  const State& state() const { return sim_->state(); }
  /// The last step's report (violations, energy), or the initial evaluation's.
  const StepReport& last_report() const { return report_; }
  double energy() const;
  /// Why this run's energy may change by design, not by the method's error: the model's own reason
  /// (ModelInstance::energy_not_conserved), else kInputsDoWork where an input is driven (a rider's torque,
  /// as given or held and let go); empty where the energy is conserved. Never throws.
  const std::string& energy_not_conserved() const;
  static constexpr const char* kInputsDoWork = "the inputs applied do work";
  /// "augmented, ab4, rgcpa": solver, integrator, stabilizer. Never throws.
  std::string methods() const;

  bool ended() const { return ended_at_.has_value(); }
  std::optional<double> ended_at() const { return ended_at_; }
  const std::string& end_reason() const { return end_reason_; }

  /// The probe values at the current state (ModelInstance::probes' order), computed once per state.
  const std::vector<double>& probes() const;
  /// Index of the probe named `name`, or -1. Never throws.
  int probe_index(std::string_view name) const;
  /// Output columns after t: the coordinates (when the model lists them), the probes, then the inputs.
  /// output_names never throws; output_values throws what probes() throws.
  std::vector<std::string> output_names() const;
  void output_values(std::vector<double>& values) const;

  /// The bodies' poses at the current state (empty when the model has no bodies).
  std::vector<BodyPose> body_poses() const;
  /// Every geom placed in the world at the current state.
  std::vector<PosedGeom> scene() const;
  /// The traced points (ModelInstance::traces) at the current state.
  std::vector<Eigen::Vector3d> trace_points() const;

 private:
  void check_end();
  // Rebuilds model and simulation when the inputs' pieces differ from those acting (state kept).
  void apply_pieces(const std::vector<SignalPiece>& pieces);
  // The model with these pieces acting: the instance's own when every input is off.
  Model model_for(const std::vector<SignalPiece>& pieces) const;
  const ModelEntry* entry_ = nullptr;
  std::unique_ptr<ModelInstance> instance_;
  Model model_;
  std::vector<InputSignal> signals_;
  std::vector<SignalPiece> pieces_;
  SimulationOptions options_;
  std::unique_ptr<Simulation> sim_;
  IntegratorStats spent_;  // the work of simulations rebuilt since (apply_pieces)
  StepReport report_;
  std::optional<double> ended_at_;
  std::string end_reason_;
  mutable std::vector<double> probes_;
  mutable bool probes_valid_ = false;
};

}  // namespace carvallo::examples
