#pragma once
// Methods compared side by side (the papers' comparisons, run live): one to three more runs of the model
// shown, from the same state, each with some of the methods changed (the formulation, the stabilization,
// the integrator, the step, a tolerance, Baumgarte's gains), following the shown run through time: they
// step to its moment, receive its inputs (kicks, torques, pushes) at the same times, and rewind with it.
// Pure C++ (no GL, ImGui or Emscripten), tested natively.
//
// Link field `compare=` (docs/playground.md, "Methods compared"): runs separated by ',', each one or more
// parts separated by ':', every part one change to the shown run's methods:
//   a stabilization   none, baumgarte, direct, rgcpa, selective
//   an integrator     ab4, rk4, dopri5, kutta-merson, kutta-merson-adaptive, gbs8, gbs8-adaptive
//   a formulation     augmented, udwadia-kalaba
//   dt<s>             the time step, e.g. dt0.01
//   tol<x>            the adaptive integrators' relative tolerance, e.g. tol1e-6
//   ctol<x>           the corrections' tolerance
//   alpha<1/s>, beta<1/s>   Baumgarte's gains
// e.g. `compare=none,baumgarte,rgcpa` (three stabilizations beside the shown run's) or
// `compare=rk4:dt0.01,dopri5:tol1e-6`. At most kMaxComparedRuns runs; a part changes nothing twice.

#include "logic/model_view.hpp"
#include "logic/ui_state.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// Runs beside the shown one: two to four runs in all.
inline constexpr std::size_t kMaxComparedRuns = 3;

/// One compared run: the shown run's methods with these replaced.
struct MethodChange {
  std::optional<std::string> stabilization, integrator, solver;
  std::optional<double> time_step, tolerance, correction_tolerance, alpha, beta;
  bool operator==(const MethodChange&) const = default;
};

/// Reads `compare=`'s value. On success returns the runs and leaves `error` empty; otherwise returns
/// nothing and says which part does not read and what was expected. Never throws.
std::optional<std::vector<MethodChange>> read_method_changes(std::string_view text, std::string& error);
/// The canonical text of `changes` (stabilization, integrator, formulation, then the numbers).
std::string method_changes_text(const std::vector<MethodChange>& changes);
/// For the link's field table: the canonical text, or why it is refused.
std::optional<std::string> check_method_changes(std::string_view text, std::string& canonical);
/// `state` with `change` applied to its methods.
UiState with_methods(const UiState& state, const MethodChange& change);
/// "augmented, ab4 5 ms, rgcpa": what a run with `state`'s methods uses (adaptive: its tolerance).
std::string methods_label(const UiState& state);
/// The shown run's name on screen, in the page's language: "shown" with its own methods in what the runs
/// beside it change, "shown: none" beside "baumgarte", "shown: ab4" beside "rk4" (the API's label stays
/// "shown").
std::string shown_run_title(const UiState& state);

/// Generic comparisons offered for every model beside its paper's (examples::ModelEntry::studies): the
/// stabilizations, and the integrators, at the shown run's step.
const std::vector<examples::MethodStudy>& general_studies();
/// The studies offered for `model`: its paper's, then the general ones.
std::vector<examples::MethodStudy> studies_for(const std::string& model);
/// Sets up `study` in `state`: its variant (when it names one), the shown run's methods and compare=.
/// Returns why it cannot (a study whose text does not read: a bug, tested for every model). Never throws.
std::optional<std::string> apply_study(UiState& state, const examples::MethodStudy& study);
/// The study `state` shows (its compare= and the shown run's methods as the study sets them), or nothing.
std::optional<examples::MethodStudy> study_shown(const UiState& state);

/// The compared runs, following a shown ModelView.
class MethodComparison {
 public:
  struct Run {
    MethodChange change;  ///< its methods: the shown run's with this changed
    std::string label;    ///< the part of compare= that made it, e.g. "baumgarte" or "rk4:dt0.01"
    std::string methods;  ///< methods_label of the run
    std::unique_ptr<ModelView> view;  ///< null when it could not be built (error says why)
    std::string error;                ///< why it stopped or was not built ("" while it runs)
    std::vector<InputEvent> sent;     ///< the shown run's events handed to it, in the shown run's steps
  };

  /// Brings the runs to the shown run's moment: rebuilt when `state`'s compare= or the shown run changed,
  /// the shown run's inputs handed on at their times (a changed past is replayed from the start), then
  /// stepped or rewound to the shown run's time. Spends at most `budget_ms` of wall time (the rest waits
  /// for the next call: a run catching up on a long replay lags, never holds the page). Never throws: a run
  /// that fails stops with its error.
  void follow(const UiState& state, const ModelView& shown, double budget_ms);
  /// Forgets the runs (no compare=).
  void clear() { runs_.clear(), key_.clear(); }
  const std::vector<Run>& runs() const { return runs_; }
  /// Whether every run is at the shown run's moment (false while one catches up).
  bool synced(const ModelView& shown) const;

 private:
  std::vector<Run> runs_;
  std::string key_;
};

/// One row of the comparison's table and of `comparison()`: a run where it is and what it has cost.
struct ComparisonRow {
  std::string label;    ///< "shown" for the shown run, else its part of compare=
  std::string methods;  ///< methods_label
  std::string error;    ///< why it is not running ("" while it runs)
  bool ran = true;      ///< whether it ran (its numbers, then as it stopped); false: never started
  double t = 0;         ///< s, its moment
  double position_violation = 0, velocity_violation = 0;  ///< now: |C| (m or rad); max(|dC/dt|, |D|) per s
  double max_position_violation = 0, max_velocity_violation = 0;  ///< the largest since its start
  double energy_drift = 0;  ///< |E - E0| / |E0| since the start or the last push (|E - E0| in J where E0 = 0)
  long steps = 0, evaluations = 0, rejected = 0, corrections = 0;
  double cpu_ms_per_sim_second = 0;  ///< the integration's CPU time per simulated second (0 before a step)
};
/// The shown run's row, then each compared run's. Never throws.
std::vector<ComparisonRow> comparison_rows(const UiState& state, const ModelView& shown, const MethodComparison& comparison);

/// The step of a run with time step `h` nearest the shown run's step `k` (time step `shown_h`).
long matching_step(long k, double shown_h, double h);

}  // namespace carvallo::web
