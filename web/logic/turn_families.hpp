#pragma once
// The playground's steady turns (examples/bicycle/turns.hpp, Basu-Mandal et al. 2007): the families of
// hands-free steady turns traced by continuation (bicycle/turn_continuation.hpp) a slice per frame (the
// whole takes a fraction of a second, which must not freeze a frame), and the one turn a run starts on
// (`simulate --from-turn`). Pure C++, tested natively.

#include "logic/rider_state.hpp"

#include "bicycle/parameters.hpp"
#include "bicycle/turn_continuation.hpp"
#include "bicycle/turns.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::web {

/// The turn a run starts on: of `request.family`'s turns at `request.lean` (TurnSolver::at_lean, hands
/// free, the CLI's grid), the one nearest request.steer, or of smallest |steer| without it (as
/// `simulate --from-turn`). Nothing when there is none. Throws what at_lean throws (not for a valid request).
std::optional<bicycle::SteadyTurn> requested_turn(const bicycle::Parameters& bike, const TurnRequest& request,
                                                  bool stability = false);

/// The turns offered to a keyboard and a screen reader (the parallel DOM's list of turns to ride and its
/// description of the plot): of each family (handlebar forward, then reversed), those at leans 0.1, 0.2,
/// ..., 1.4 rad (a tenth of the plot's dots, every one of them at those leans), by lean, then speed; they
/// point into `branches`. Never throws.
std::vector<const bicycle::SteadyTurn*> listed_turns(const std::vector<bicycle::TurnBranch>& branches);

/// The families of one bicycle's hands-free steady turns at the leans below (TurnFamilyTracer), with
/// their linear stability, computed a little at a time.
class TurnFamilies {
 public:
  /// The leans the families are continued over: 0.02 to 1.4 rad in steps of 0.02 (right lean; the
  /// families are mirror-symmetric in lean).
  static const std::vector<double>& leans();
  /// The scan of the seed leans: 0.5° steer spacing (the CLI's is 0.25°): half the work.
  static bicycle::TurnOptions options();

  /// The wall time a frame offers the families (s): 25 ms, or half the frame interval when frames are
  /// slower than 50 ms (a software renderer, a loaded machine), at most 40 ms. The panel gives them that or
  /// less: every computation of a frame ends by the frame's deadline (FrameWork::kComputeDeadlineMs after
  /// its start), so that with the step that may overrun it (a turn's eigenvalues, a few ms) the frame's own
  /// work stays under 50 ms (issue 31). With a GPU's 16 ms frames the page keeps its frame rate up; with
  /// 200 ms frames the families would otherwise get a tenth of the time and take minutes. `frame_ms` is the
  /// smoothed frame interval (0 or not finite: unknown). Never throws.
  static double frame_budget_seconds(double frame_ms);

  /// Starts over for this bicycle (nothing when it is the one being computed): the families are cleared,
  /// and the first advance() makes the bicycle's solver. Never throws.
  void reset(const bicycle::Parameters& bike);
  /// Works for at most `budget_seconds` of wall time, in steps (making a new bicycle's solver, 16
  /// evaluations of the turn condition, or one turn's refinement or stability: a few ms in the browser),
  /// starting a step only where one as long as the recent ones fits. A budget too short for one step does
  /// none, but only every other call: the next does one whatever its budget. Returns whether the families were completed in this call.
  /// Never throws: a failure ends the computation with error() set.
  bool advance(double budget_seconds);
  bool started() const { return started_; }
  /// Whether these families are (being) computed for `bike`: false until the next frame's reset() after
  /// the design changed. Never throws.
  bool computing_for(const bicycle::Parameters& bike) const;
  bool done() const { return started() && (!error_.empty() || (!pending_ && (!tracer_ || tracer_->done()))); }
  /// Every turn found (branches() complete), their stability still being computed unless done(): a turn
  /// has it once its eigenvalues are set. Never throws.
  bool located() const { return started() && tracer_ && tracer_->located(); }
  /// Fraction of the work done, in [0, 1] (TurnFamilyTracer::progress).
  double progress() const { return tracer_ ? tracer_->progress() : 0.0; }
  const std::vector<bicycle::TurnBranch>& branches() const;
  const std::string& error() const { return error_; }
  const bicycle::Parameters& bike() const { return bike_; }

  /// What the families cost, for the benchmarks (docs/performance.md): wall time from the first advance()
  /// of this bicycle to the one that completed them (frames in between included), and to the one that
  /// found every turn (located()), the time spent computing, the calls, the longest call, and the longest
  /// of the tracer's steps within a call (16 evaluations or one turn's refinement or stability; s): a call
  /// lasts at most its budget and one step.
  struct Timing {
    double elapsed_seconds = 0.0, located_seconds = 0.0, compute_seconds = 0.0, longest_advance_seconds = 0.0,
           longest_step_seconds = 0.0;
    int advances = 0;
  };
  const Timing& timing() const { return timing_; }

 private:
  bicycle::Parameters bike_{};
  std::unique_ptr<bicycle::TurnSolver> solver_;
  std::unique_ptr<bicycle::TurnFamilyTracer> tracer_;
  // The former bicycle's, freed by the next advance() within its budget: freeing a solver and its curves
  // took 5-7 ms of the frame that applies a new design in the browser (the frame most at risk of 50 ms).
  // The tracer after the solver it refers to, so that it is destroyed first.
  std::unique_ptr<bicycle::TurnSolver> retired_solver_;
  std::unique_ptr<bicycle::TurnFamilyTracer> retired_tracer_;
  bool started_ = false;
  bool pending_ = false;  ///< reset() was called; the next advance() makes solver_ and tracer_
  double step_estimate_ = 0.0;  ///< s: the recent steps' longest, decaying by a fifth a step
  bool waited_ = false;         ///< the last call did no step
  std::string error_;
  Timing timing_;
  std::chrono::steady_clock::time_point first_advance_;
};

}  // namespace carvallo::web
