#pragma once
// The families of steady turns by pseudo-arclength continuation (Allgower & Georg 1990, ch. 2;
// Keller 1977), instead of scanning every steer at every lean.
//
// A steady turn is a zero of the scalar angle condition g(φ, δ) = a × b / (|a| |b|) with speed²
// −a·b / |b|² > 0 (turns.hpp, header comment: the steady-motion equations with v eliminated). The zeros
// of one smooth scalar function of two variables are curves: each family is one curve in (lean, steer),
// traced whole — through folds in lean, where a scan at fixed lean sees two turns meet and vanish, and
// through sections of speed² ≤ 0 that join two sections of turns. The steps:
//  1. Seeds. The turns at a few leans of the range by the scan (turns.hpp's grid and sign changes of g):
//     the ends (near upright the turns bifurcating off straight running — the capsize family starts
//     there, at the capsize speed — and at the largest lean the known solutions of the high-lean end)
//     and a few leans between, so that a family that leaves the range at neither end (a loop, a curve
//     folding back) is still met. Every zero of g found, turn or not, seeds a curve.
//  2. Tracing. From a seed both ways along the curve: predictor x + s t along the unit tangent
//     t ⟂ ∇g, corrector Newton (secant-accelerated) on g = 0 within the hyperplane t·(x − x_pred) = 0 (the
//     pseudo-arclength condition), step s halved when the corrector fails, moves too far or the tangent
//     turns too much, grown when it converges at once. A curve ends where it leaves the lean range, closes
//     on itself (steer taken modulo 2π), or where g stops being defined (no contact). A seed on a curve
//     already traced is skipped.
//  3. Branch points (Allgower & Georg 1990, ch. 8). Where two curves cross, ∇g = 0, and stepping over
//     the crossing ∇g reverses while the tangent line stays (the orientation changes). The zeros of g on
//     a small circle round the crossing give the directions of every curve through it; the ones not
//     along the curve in hand seed new curves.
//  4. The turns. Where a curve crosses one of the requested leans the turn there is refined exactly as the
//     scan refines it (TurnSolver::in_bracket: the Illinois method on g at that lean to 1e-13 rad), so the
//     continuation and the scan give the same turns to round-off.
//  5. Their stability, as the scan's (TurnSolver::add_stability), once every turn is found: the
//     eigenvalues are most of the work, and a page can show the turns while their stability follows.

#include "bicycle/turns.hpp"

#include <Eigen/Core>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {

/// A family's turns at the requested leans, in order along the family's curve (a family folding in lean
/// has two turns at some leans).
struct TurnBranch {
  std::string family;  ///< the family of its first turn (a branch may cross |steer| = π/2: see each turn's)
  std::vector<SteadyTurn> turns;
};

/// One traced curve of g = 0: points (lean, steer unwrapped) in order along it, each with its speed²
/// (not finite where b = 0).
struct TurnCurve {
  std::vector<Eigen::Vector2d> points;
  std::vector<double> speed_squared;
};

/// The families of steady turns at increasing leans (all positive, at least 2) by continuation, a little at
/// a time (the playground spreads it over frames). Not thread-safe; holds a reference to the solver,
/// which must outlive it.
class TurnFamilyTracer {
 public:
  /// Throws SolverError(InvalidArgument) for leans not increasing, not positive or not below π/2.
  TurnFamilyTracer(const TurnSolver& solver, std::vector<double> leans, const TurnOptions& options = {});
  /// About `work` units of work (one evaluation of g is one unit, one turn's refinement 15, its stability
  /// 50), in indivisible pieces of at most one turn's refinement or stability or some 150 evaluations (a
  /// bracket of the seed scan, a corrector step, a branch point's circle), a few ms natively. Throws what
  /// TurnSolver::in_bracket and TurnSolver::add_stability throw. Returns early when every turn has just
  /// been found (located()).
  void step(int work);
  bool done() const { return phase_ == Phase::Done; }
  /// Every curve traced (what remains is finding the turns at the requested leans on them).
  bool traced() const { return phase_ == Phase::Turns || located(); }
  /// Every turn found: branches() is complete but for the stability (with options.stability), which each
  /// turn has once its eigenvalues are set (SteadyTurn::eigenvalues not empty).
  bool located() const { return phase_ == Phase::Stability || phase_ == Phase::Done; }
  /// A rough fraction of the work done, in [0, 1].
  double progress() const;
  /// The curves traced so far.
  const std::vector<TurnCurve>& curves() const { return curves_; }
  /// Once done: the turns at the requested leans, one branch per run of consecutive turns along a curve,
  /// each in the order along its curve.
  const std::vector<TurnBranch>& branches() const { return branches_; }
  /// Evaluations of g so far (for the benchmarks in docs/performance.md).
  long evaluations() const { return evaluations_; }

 private:
  enum class Phase { Seeds, Trace, Turns, Stability, Done };
  struct Seed {
    Eigen::Vector2d x;
    bool covered = false;
  };
  TurnSolver::Condition g(const Eigen::Vector2d& x);
  bool gradient(const Eigen::Vector2d& x, double g0, Eigen::Vector2d& out);
  /// ∇g at a corrected point from ∂g/∂n along the corrector's line (NaN: unknown) and one difference along t.
  bool gradient_at(const Eigen::Vector2d& x, double g0, const Eigen::Vector2d& n, double along_n,
                   const Eigen::Vector2d& t, Eigen::Vector2d& out);
  void seed_step();
  // The curve being traced: from seed `start` one way (pass 0, direction +1), then the other (pass 1), the
  // second pass's points prepended reversed.
  struct Walk {
    Eigen::Vector2d start = Eigen::Vector2d::Zero(), x = Eigen::Vector2d::Zero(), t = Eigen::Vector2d::Zero(),
                    grad = Eigen::Vector2d::Zero();
    double s = 0.0;
    double orientation = 1.0;  // t = orientation · ⟂∇g / |∇g|; reversed at each branch point
    int pass = 0;
    bool open = false, closed = false;
    std::vector<Eigen::Vector2d> points[2];
    std::vector<double> speed_squared[2];
  };
  bool begin_walk(const Seed& seed);
  bool begin_pass(int pass);
  /// One predictor-corrector step of the walk; false when the pass has ended.
  bool walk_step();
  void end_walk();
  void seeds_at_branch_point(const Eigen::Vector2d& centre, double radius, const Eigen::Vector2d& along);
  void mark_covered(const TurnCurve& curve);
  std::optional<double> steer_on_curve(double lean, double steer_guess);
  std::optional<double> bracketed_steer(double lean, double steer_guess);
  void turns_step();
  void turn_at_crossing(std::size_t lean_index);
  void stability_step();

  const TurnSolver& solver_;
  std::vector<double> leans_;
  TurnOptions options_;  // without stability: phase 5 adds it when `stability_`
  bool stability_ = false;
  Phase phase_ = Phase::Seeds;
  long evaluations_ = 0, work_ = 0;
  // Seeds: the scan of the seed leans, one lean at a time.
  std::vector<double> seed_leans_;
  std::size_t seed_lean_ = 0, seed_sample_ = 0, seed_bracket_ = 0;  // the lean, its next sample, its next bracket
  std::vector<double> grid_, grid_g_;
  std::vector<bool> grid_ok_;
  std::vector<Seed> seeds_;
  std::size_t next_seed_ = 0;
  Walk walk_;
  std::vector<TurnCurve> curves_;
  // Turns: the crossings of the requested leans, curve by curve.
  std::size_t turn_curve_ = 0, turn_segment_ = 0;
  std::vector<std::size_t> crossings_;  // the requested leans the segment before turn_segment_ crosses
  std::size_t crossing_ = 0;            // the next of them
  bool branch_open_ = false;
  std::vector<TurnBranch> branches_;
  std::vector<std::vector<double>> found_;  // steers of the turns found at each requested lean
  // Stability: the next turn without it.
  std::size_t stability_branch_ = 0, stability_turn_ = 0;
};

/// The branches of steady turns at leans `leans` (increasing, positive) by continuation
/// (TurnFamilyTracer). Throws what TurnFamilyTracer throws.
std::vector<TurnBranch> continue_turns(const TurnSolver& solver, const std::vector<double>& leans,
                                       const TurnOptions& options = {});

/// Every steady turn at this forward speed with lean in [lean_max / samples, lean_max]: the families traced
/// over that range, each crossing of `speed` along a curve refined on the curve (Illinois on the position
/// along the segment, the steer corrected onto g = 0), the turn then made at the lean found. Throws what
/// continue_turns throws (SolverError(InvalidArgument) for lean_max ≥ π/2 or not finite).
std::vector<SteadyTurn> turns_at_speed(const TurnSolver& solver, double speed, double lean_max = 1.45,
                                       int samples = 146, const TurnOptions& options = {});

}  // namespace carvallo::bicycle
