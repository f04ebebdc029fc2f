#pragma once
// A simulation = an immutable shared Model + the mutable data (state, integrator history, workspaces)
// + three run-time choices: acceleration solver, integrator, stabilizer (000 §3.1, Figure 1):
//
//   step(h):  [integrate y = [q; q̇] over h with g = [q̇; q̈(AF or UK)]] → [stabilize (q, q̇)]
//             → restart AB4 if the correction changed the state → report diagnostics.
//
// Typical use:
//   carvallo::Simulation sim(model, {.acceleration = AccelerationMethod::Augmented,
//                                    .integrator = IntegratorMethod::AdamsBashforth4,
//                                    .stabilization = StabilizationMethod::Rgcpa});
//   sim.set_state(carvallo::make_consistent(model, guess, {{"phi"}, {"phi"}}));
//   for (int i = 0; i < n; ++i) { const auto& r = sim.step(1e-3); ... r.C_norm ... }
//
// Failure: step() throws SolverError (see errors.hpp); the state is then left at the start of the failed
// step, so a UI can show the error and the last good state.

#include "carvallo/acceleration.hpp"
#include "carvallo/integrators.hpp"
#include "carvallo/model.hpp"
#include "carvallo/stabilization.hpp"
#include "carvallo/state.hpp"

#include <memory>

namespace carvallo {

struct SimulationOptions {
  AccelerationMethod acceleration = AccelerationMethod::Augmented;
  IntegratorMethod integrator = IntegratorMethod::AdamsBashforth4;
  StabilizationMethod stabilization = StabilizationMethod::Rgcpa;
  StabilizationOptions stabilizer;  ///< tolerances, Baumgarte gains, selective partition
  AdaptiveOptions adaptive;         ///< DormandPrince45 tolerances
  /// AB4 restarts (RK4 start-up again) when a correction changes [q; q̇] by more than this in the
  /// ∞-norm, relative to 1 + ||[q; q̇]||∞. Corrections below it are within the integration error and
  /// keep the history.
  double restart_threshold = 1e-6;
  /// Compute ||C||, ||Ċ||, ||D|| and the energy after each step (a few extra model evaluations).
  bool diagnostics = true;
  /// Gains also applied by the acceleration solver when the stabilizer is not Baumgarte (normally 0).
  BaumgarteGains extra_gains{};
};

/// Diagnostics of one step (after the correction).
struct StepReport {
  double t = 0.0;
  double C_norm = 0.0;     ///< ||C||∞
  double Cdot_norm = 0.0;  ///< ||Ċ||∞
  double D_norm = 0.0;     ///< ||D||∞
  double kinetic_energy = 0.0;
  double potential_energy = 0.0;  ///< 0 if the model defines none
  double energy = 0.0;            ///< kinetic + potential
  long evaluations = 0;           ///< right-hand-side evaluations in this step
  bool restarted = false;         ///< AB4 history was restarted after this step's correction
  CorrectionReport correction;    ///< iterations, ranks, independent coordinates, fallback note
};

class Simulation {
 public:
  /// Throws SolverError(InvalidArgument) for options make_acceleration_solver, make_integrator or
  /// make_stabilizer reject (e.g. selective partitioning naming a coordinate the model does not have).
  Simulation(Model model, SimulationOptions options = {});
  ~Simulation();
  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;

  /// Sets the state as is (no correction; use make_consistent() first) and restarts the integrator.
  /// Throws SolverError: InvalidArgument for sizes other than nq, NonFinite for a non-finite t, q or q̇.
  void set_state(const State& s);
  const State& state() const { return state_; }

  /// Advances by h > 0 and stabilizes. Returns the report of this step (valid until the next call).
  /// Throws SolverError: InvalidArgument for h not positive and finite, NonFinite when the state diverges,
  /// and what the acceleration solver, integrator and stabilizer throw; the state stays at the step's start.
  const StepReport& step(double h);
  /// Diagnostics of the current state without stepping. Throws what the Model's evaluations throw.
  StepReport evaluate() const;

  /// q̈ and ν at the current state (one acceleration solve; not counted in the integrator's stats).
  /// Throws what AccelerationSolver::solve throws. The accessors below never throw.
  const AccelerationResult& accelerations();

  const Model& model() const { return model_; }
  const SimulationOptions& options() const { return options_; }
  const IntegratorStats& integrator_stats() const;
  /// The step the adaptive integrators' error control would take next (Integrator::next_step; 0 for the
  /// fixed-step methods and before the first step).
  double next_step() const;

 private:
  // Energies, and the constraint norms at the levels asked for, of the current state into r.
  void diagnose(StepReport& r, bool positions, bool velocities) const;

  struct Impl;
  Model model_;
  SimulationOptions options_;
  State state_;
  std::unique_ptr<Impl> impl_;
  StepReport report_;
};

}  // namespace carvallo
