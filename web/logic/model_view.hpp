#pragma once
// The model the playground shows, running: an examples::ModelRun built from the UI state (model, variant,
// the parameter table's values, the settings, the methods), with what the panels and the 3D view need on
// top: a bounded history of probes, violations and energy for the time plots, and the traced points'
// paths. Every registered model, the bicycle included, goes through this one class. Pure C++ (no GL,
// ImGui or Emscripten).

#include "model_run.hpp"
#include "logic/ui_state.hpp"

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace carvallo::web {

struct RunSample {
  double t = 0, C = 0, Cdot = 0, D = 0, energy = 0;
  std::vector<double> probes;  ///< ModelInstance::probes' values, same order
  std::vector<double> inputs;  ///< ModelRun::input_values(): the rider's torques [N m] for the bicycle
};

/// What the UI state asks of the model: its registry setup (variant, the parameter table from the
/// parameters panel, settings such as the bicycle's speed and initial roll) and the methods chosen.
examples::ModelSetup model_setup(const UiState& state);
examples::MethodChoice method_choice(const UiState& state);

class ModelView {
 public:
  /// Throws carvallo::Error (unknown model, unusable methods, no consistent initial state, ...). A model
  /// with inputs gets the state's scripts for them (UiState::inputs); the bicycle starts on the
  /// state's steady turn (from_turn) when there is one, and throws SolverError(InvalidArgument) when there
  /// is no such turn.
  explicit ModelView(const UiState& state);

  /// Advances n steps of the chosen time step (none once the run has ended), recording each; an adaptive
  /// integrator (carvallo::is_adaptive) instead covers the n steps in one call, its own steps chosen by its
  /// error estimate, and records once. Throws carvallo::Error on a solver failure; the state is then the
  /// last good step.
  void step(int n = 1);
  /// The model's push (the bicycle's kick); false when it has none. Energy drift is measured from here on.
  bool push(double amount);

  /// A torque held from the keyboard or a button: input `index` is `direction` x `magnitude` from the
  /// simulated time `t` on (not before now), replacing its script; direction 0 releases it at `t` (zero
  /// after). Nothing for an index the model does not have. Throws what ModelRun::set_input throws.
  void hold_input(int index, int direction, double magnitude, double t);

  const examples::ModelRun& run() const { return *run_; }
  /// Distinct for every ModelView built (a reset builds a new one, perhaps at the same address).
  std::uint64_t id() const { return id_; }
  double time() const { return run_->state().t; }
  double time_step() const { return time_step_; }
  const std::vector<RunSample>& history() const { return history_; }
  /// One path per ModelInstance::traces entry, world coordinates.
  const std::vector<std::vector<Eigen::Vector3d>>& tracks() const { return tracks_; }
  /// Energy at the start or at the last push.
  double initial_energy() const { return energy0_; }

  /// Everything the run is built from: a change means a new run.
  static std::string signature(const UiState& state);

 private:
  void record();
  std::unique_ptr<examples::ModelRun> run_;
  std::uint64_t id_ = 0;
  double time_step_ = 1e-3;
  double energy0_ = 0.0;
  std::vector<RunSample> history_;
  std::vector<std::vector<Eigen::Vector3d>> tracks_;
  struct Held {
    double amplitude = 0, start = 0;
  };
  std::vector<Held> held_;  // per input: the held torque acting (amplitude 0: none)
};

}  // namespace carvallo::web
