#pragma once
// The model the playground shows, running: an examples::ModelRun built from the UI state (model, variant,
// the parameter table's values, the settings, the methods), with what the panels and the 3D view need on
// top: the rider's inputs as a log (input_log.hpp), a history that can be rewound, and the samples and
// traced paths of the time plots and the ground. Every registered model, the bicycle included, goes
// through this one class. Pure C++ (no GL, ImGui or Emscripten).
//
// Rewind: the run keeps a snapshot (ModelRun::Snapshot: the state and the inputs' signals) every
// checkpoint_interval() steps and restarts its simulation there (ModelRun::restart) whether it passes that
// step for the first time or again. A moment in the past is shown by restarting at the checkpoint before it
// and integrating forward to it, applying the log's inputs at their steps: every path through the history
// takes the same steps, so the moment shown and a continuation from it are the original's to the bit. The
// memory is the snapshots (two state vectors each) and the plots' samples, both for the last
// kHistorySeconds of simulated time.
//
// Steps: a run advances in whole multiples of the chosen time step, so that step k is always at t = k h.
// A fixed-step integrator takes one time step at a time. An adaptive one takes as many as its error control
// allows (Integrator::next_step, rounded down), at most kLongestAdaptiveStep, ending on the next checkpoint
// and on the log's next input (and one at a time while a push acts): which steps it takes depends on the
// run alone, never on how many a frame asks for, so rewind and replay stay exact.

#include "model_run.hpp"
#include "logic/input_log.hpp"
#include "logic/rider_state.hpp"
#include "logic/ui_state.hpp"

#include <Eigen/Core>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace carvallo::web {

/// What integrating a run has cost and how well it kept the constraints, over each step's first pass
/// (steps integrated again after a rewind are not counted again): the methods' comparison
/// (method_compare.hpp) and `comparison()` report it.
struct RunWork {
  long steps = 0;        ///< the integrator's accepted (internal) steps
  long evaluations = 0;  ///< right-hand sides evaluated
  long rejected = 0;     ///< internal steps the adaptive integrators' error control rejected
  long corrections = 0;  ///< the stabilizer's Newton iterations (position and velocity), each one factorization
  double cpu_seconds = 0, simulated_seconds = 0;
  double max_C = 0, max_Cdot = 0, max_D = 0;  ///< the largest violations seen (|C| m or rad, rates per s)
};

struct RunSample {
  long step = 0;  ///< steps since the run's start
  double t = 0, C = 0, Cdot = 0, D = 0, energy = 0;
  std::vector<double> probes;  ///< ModelInstance::probes' values, same order
  std::vector<double> inputs;  ///< ModelRun::input_values(): the rider's torques [N m] for the bicycle
  RunWork work;                ///< the run's work from its start to this sample
};

/// Simulated time the rewind keeps at least (s); up to 1.25 times as much is kept before the oldest goes.
inline constexpr double kHistorySeconds = 120.0;
/// The longest step an adaptive integrator takes in the playground (s): the view still moves at 20 frames
/// per simulated second.
inline constexpr double kLongestAdaptiveStep = 0.05;

/// What the UI state asks of the model: its registry setup (variant, the parameter table from the
/// parameters panel, settings such as the bicycle's speed and initial roll) and the methods chosen.
examples::ModelSetup model_setup(const UiState& state);
examples::MethodChoice method_choice(const UiState& state);

/// What the page says of a run that stopped because stepping it from time t with time step h threw: called
/// within the catch block (it rethrows the exception being handled to read its type, the build having no
/// RTTI). A solver that lost the motion (no convergence, a singular matrix, a value not finite: the motion
/// changed too much within one step, or the mechanism locked) is told in plain words with what may help,
/// then the solver's own words ("At t = 0.05 s the simulation stopped: ... The solver: no convergence ...");
/// a solver's failure at a state drifted off the constraints (`violation`, the run's |C| at t, above
/// kDriftedViolation: the four-bar's redundant pin then contradicts the others) as that drift, with what
/// keeps a run on its constraints under its `stabilization` (UiState::SimSettings::stabilization); any
/// other error as it is. Never throws.
std::string stopped_run_text(double t, double h, double violation = 0.0, const std::string& stabilization = "");
/// |C| (m or rad) above which a run is said to have drifted off its constraints: a thousand times the
/// coarsest tolerance a stabilization corrects to (1e-9), far above what a run kept on them reaches.
inline constexpr double kDriftedViolation = 1e-6;

class ModelView {
 public:
  /// Throws carvallo::Error (unknown model, unusable methods, no consistent initial state, ...). A model
  /// with inputs gets the state's scripts for them (UiState::inputs); the bicycle starts on the
  /// state's steady turn (from_turn) when there is one, and throws SolverError(InvalidArgument) when there
  /// is no such turn.
  explicit ModelView(const UiState& state);
  /// The steady turn the run started on (from_turn), with its steer; none for a run that started otherwise.
  const std::optional<TurnRequest>& ridden_turn() const { return ridden_turn_; }
  /// The circle the rear contact rides on that turn (in the model's world frame, on the ground): what a
  /// camera fitting the scene shows whole.
  struct Circle {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    double radius = 0.0;
  };
  const std::optional<Circle>& ridden_circle() const { return ridden_circle_; }
  /// Started on a steady turn, the settings the run started with in their place: the turn's speed, lean
  /// and steer, no rates, the fall limits it rides within; empty for a run that started otherwise.
  const std::map<std::string, double>& turn_settings() const { return turn_settings_; }

  /// Advances at least n time steps (none once the run has ended; an adaptive integrator's last step may
  /// go past them): through the recorded future first (the log's inputs act at their steps), then beyond
  /// it, recording. Throws carvallo::Error on a solver failure; the state is then the last good step.
  void step(int n = 1);
  /// The model's push (the bicycle's kick) now, logged; false when it has none. Energy drift is measured
  /// from here on. Throws what ModelRun::push throws.
  bool push(double amount);
  /// Input `index` held at `value` from now on (0: released), replacing its script; logged. Nothing for
  /// an index the model does not have. Throws what ModelRun::set_input throws.
  void hold_input(int index, double value);

  /// A mouse push (examples/point_push.hpp): body `body` grabbed at `local` (its frame, m) is pulled toward
  /// the world point `target` (m) by a spring with damping, critically damped at 0.5 Hz for the mass the
  /// point shows (examples::point_mass), its force at most that mass's weight and acting as an impulse at
  /// the start of each step; logged. Pulling the same point
  /// again moves the target. False when the body cannot be pushed (not the model's, or it cannot move).
  bool pull(int body, const Eigen::Vector3d& local, const Eigen::Vector3d& target);
  /// The push let go; logged.
  void let_go();
  struct Pulling {
    bool active = false;
    int body = -1;
    Eigen::Vector3d local = Eigen::Vector3d::Zero(), point = Eigen::Vector3d::Zero(), target = Eigen::Vector3d::Zero();
    Eigen::Vector3d force = Eigen::Vector3d::Zero();  ///< N, world frame, at the current state
  };
  /// The push acting now: the grabbed point where it is, the target and the spring's force. Never throws
  /// (a model whose pose cannot be evaluated shows none).
  Pulling pulling() const;

  /// The inputs so far (and those of a recorded future), in the order they act.
  const std::vector<InputEvent>& log() const { return log_; }
  /// Restarts the run from its start with `log` as its inputs (a replay link); they act as the run
  /// reaches their steps. Returns why the log cannot be used with this model (an input or body it does
  /// not have), leaving the run as it was; empty when replaced. Never throws.
  std::string set_log(std::vector<InputEvent> log);
  /// The events of the log up to the moment shown (what a link replays to reach it).
  std::vector<InputEvent> log_until_now() const;
  /// How many of the log's events have acted by the moment shown (log_until_now().size()).
  std::size_t applied_events() const { return next_event_; }
  /// Counts every change of an applied event in place (a paused drag's target moved within one step), which
  /// leaves applied_events() as it was: with it, whoever writes the log's text knows it changed.
  std::uint64_t events_revised() const { return events_revised_; }
  /// Applies the log's events of the current step now (a replay link stops after them: the moment it
  /// names was shown with them applied). Throws what applying an input throws.
  void apply_pending() { apply_due(); }

  // ---- history ----------------------------------------------------------------------------------------
  long step_index() const { return step_; }
  /// The moments kept: from the oldest checkpoint to the furthest step computed.
  long first_step() const;
  long last_step() const { return end_; }
  double first_time() const;
  double last_time() const;
  /// Shows the kept moment of step `k` (clamped to [first_step(), last_step()]). Throws what stepping throws.
  void seek_step(long k);
  /// The kept step whose time is nearest `t` (ties: the earlier).
  long step_near(double t) const;
  /// Whether the moment shown is step k or, for an adaptive integrator, the end of the step that spans it
  /// (seek_step(k) shows that moment).
  bool shows_step(long k) const;
  /// Whether the moment shown is before the furthest computed (the future is a recording).
  bool in_past() const { return step_ < end_; }
  /// Steps between checkpoints: a second of simulated time, at most 500 steps.
  long checkpoint_interval() const { return checkpoint_every_; }

  const examples::ModelRun& run() const { return *run_; }
  /// Distinct for every ModelView built (a reset builds a new one, perhaps at the same address).
  std::uint64_t id() const { return id_; }
  double time() const { return run_->state().t; }
  double time_step() const { return time_step_; }
  /// The samples up to the moment shown (the time plots).
  std::span<const RunSample> history() const;
  /// One path per ModelInstance::traces entry, world coordinates, up to the moment shown.
  std::vector<std::span<const Eigen::Vector3d>> tracks() const;
  /// Energy at the start or at the last push.
  double initial_energy() const { return energy0_; }

  using Work = RunWork;
  /// The run's work to the last step computed.
  const Work& work() const { return work_; }
  /// The run's work to the moment shown: rewound, as it was at the last sample at or before it (at most
  /// 1 ms of simulated time before it), so that a table beside the plot counts what the plot shows (a
  /// lecturer read a rewound moment's |C| max from the whole run, above every value plotted).
  Work work_shown() const;

  /// Everything the run is built from: a change means a new run.
  static std::string signature(const UiState& state);

 private:
  struct Held {
    double amplitude = 0, start = 0;
  };
  struct Spring {
    bool active = false;
    int body = 0;
    Eigen::Vector3d local = Eigen::Vector3d::Zero(), target = Eigen::Vector3d::Zero();
    double stiffness = 0, damping = 0;  // N/m, N s/m
    double max_force = 0;               // N
  };
  struct Checkpoint {
    long step = 0;
    examples::ModelRun::Snapshot snapshot;
    std::vector<Held> held;
    Spring spring;
    double energy0 = 0;
  };
  void record();
  void advance_one();      // the log's inputs due, the push's impulse, a step, a checkpoint
  long next_step_count() const;  // the time steps the next step spans (header: "Steps")
  long longest_step_count() const;  // the most time steps a step may span: kLongestAdaptiveStep's, or 1 (fixed step)
  void count_work(const IntegratorStats& before, long time_steps);  // a first pass's step into work_
  Eigen::Vector3d spring_force(const Eigen::Vector3d& point, const Eigen::Vector3d& velocity) const;
  void arrive();           // at a checkpoint step: restart there (and keep a snapshot the first time)
  void apply_due();        // the log's events at the current step not yet applied
  void apply(const InputEvent& e);
  void add(const InputEvent& e);  // a live input: logged at the current step and applied
  void forget_future();    // a new input in the past: the recorded future goes
  void trim();             // only the last kHistorySeconds (and a little more) stay
  std::size_t shown_samples() const;

  std::unique_ptr<examples::ModelRun> run_;
  std::uint64_t id_ = 0;
  std::optional<TurnRequest> ridden_turn_;
  std::optional<Circle> ridden_circle_;
  std::map<std::string, double> turn_settings_;
  double time_step_ = 1e-3;
  double energy0_ = 0.0;
  Work work_;
  long step_ = 0, end_ = 0;
  long checkpoint_every_ = 200;
  long sample_every_ = 1;  // the plots keep at most 1000 samples per simulated second
  std::vector<InputEvent> log_;
  std::size_t next_event_ = 0;  // log_[next_event_] is the first not yet applied
  std::uint64_t events_revised_ = 0;
  std::deque<Checkpoint> checkpoints_;
  std::vector<RunSample> history_;  // trimmed at the front now and then (trim), so a span of it is the plots'
  std::vector<std::vector<Eigen::Vector3d>> tracks_;  // one point per sample
  std::vector<Held> held_;  // per input: the held torque acting (amplitude 0: none)
  Spring spring_;           // the mouse push acting
};

}  // namespace carvallo::web
