#pragma once
// The playground's steady turns (examples/bicycle/turns.hpp, Basu-Mandal et al. 2007): the families of
// hands-free steady turns continued over lean a few leans per frame (a whole continuation takes seconds
// in the browser), and the one turn a run starts on (`simulate --from-turn`). Pure C++, tested natively.

#include "logic/rider_state.hpp"

#include "bicycle/parameters.hpp"
#include "bicycle/turns.hpp"

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

/// The families of one bicycle's hands-free steady turns continued over lean (TurnContinuation), with
/// their linear stability, computed a little at a time.
class TurnFamilies {
 public:
  /// The leans the families are continued over: 0.02 to 1.4 rad in steps of 0.02 (right lean; the
  /// families are mirror-symmetric in lean).
  static const std::vector<double>& leans();
  /// The scan of each lean: 0.5° steer spacing (the CLI's is 0.25°): half the work per lean.
  static bicycle::TurnOptions options();

  /// The wall time a frame gives the families (s): 25 ms, or half the frame interval when frames are
  /// slower than 50 ms (a software renderer, a loaded machine), at most 100 ms. With a GPU's 16 ms frames
  /// the page keeps its frame rate up; with 200 ms frames the families would otherwise get a tenth of the
  /// time and take minutes. `frame_ms` is the smoothed frame interval (0 or not finite: unknown). Never throws.
  static double frame_budget_seconds(double frame_ms);

  /// Starts over for this bicycle (nothing when it is the one being computed). Never throws.
  void reset(const bicycle::Parameters& bike);
  /// Works until `budget_seconds` of wall time are spent (at least a few steer samples of the lean in
  /// hand: one lean is spread over several calls by LeanScan). Returns whether a lean was completed.
  /// Never throws: a failure ends the computation with error() set.
  bool advance(double budget_seconds);
  bool started() const { return started_; }
  bool done() const { return started() && (next_ >= leans().size() || !error_.empty()); }
  /// Fraction of the leans done, in [0, 1].
  double progress() const { return static_cast<double>(next_) / static_cast<double>(leans().size()); }
  const std::vector<bicycle::TurnBranch>& branches() const;
  const std::string& error() const { return error_; }
  const bicycle::Parameters& bike() const { return bike_; }

 private:
  bicycle::Parameters bike_{};
  std::unique_ptr<bicycle::TurnSolver> solver_;
  std::unique_ptr<bicycle::TurnContinuation> continuation_;
  std::unique_ptr<bicycle::LeanScan> scan_;  // the lean in hand
  std::size_t next_ = 0;
  bool started_ = false;
  std::string error_;
};

}  // namespace carvallo::web
