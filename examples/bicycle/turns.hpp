#pragma once
// Hands-free (or constant-steer-torque) steady turns of the multibody bicycle and their linear stability.
//
// Basu-Mandal, Chatterjee & Papadopoulos (2007) describe three families of hands-free steady circular
// motions of the benchmark bicycle: handlebar forward (starting at the capsize bifurcation off straight
// running), handlebar reversed, and a family joining flat spinning to a high-speed limit.
//
// How a turn is found. With zero roll and steer rates the forward kinematics of simulation.hpp (pitch
// from the front contact, velocities from the 21 constraint rows and the rear contact's speed v) give a
// state that moves on a circle as long as roll and steer do not accelerate; the speed then stays constant
// too (the energy, less the work T_delta δ of a constant steer torque, is conserved and depends on
// v, φ, δ only while φ̇ = δ̇ = 0). So a steady turn at lean φ is a zero of
// F(δ, v) = (φ̈, δ̈). Every velocity is v times a function of (φ, δ), and q̈ is then exactly quadratic in v
// (Q_b and Q_d are quadratic in q̇): F = a(δ) + v² b(δ) with a = F(δ, 0), b = F(δ, 1) − a. A turn is a
// steer δ at which a and b are antiparallel, i.e. a zero of the scalar a × b with v² = −a·b / |b|² > 0.
// All of them at one lean are found by scanning δ over (−π, π] for sign changes, each refined by the
// Illinois method (stability/bracketed_root.hpp) — no initial guess, no missed branch within the grid.
// That scan of one lean is what `carvallo turn --lean` does; the families over a range of leans (and the
// turns at one speed) are traced by continuation along each family instead (turn_continuation.hpp), and
// the scan is their independent check in the tests.
//
// Linear stability (000 §2.2). A turn is a relative equilibrium: the reference at time t is the one at
// 0 rotated about the vertical by Ω t (Ω the yaw rate), so the composite matrices of the direct
// linearization (stability/linearization.hpp) rotate with it, K̄(t) = P(t) K̄(0) P(t)ᵀ where P(t)
// rotates each body's (x, y) and leaves every angle alone. In the co-rotating variables z = Pᵀ δq the
// linearized equations are time-invariant:
//   M z̈ + (R̄11 + 2Ω M G) ż + (K̄11 + Ω R̄11 G + Ω² M G²) z + Jᵀ δν = 0,
//   C_q z = 0,   (D_q + Ω D_q̇ G) z + D_q̇ ż = 0,
// with G the generator of P (G e_x = e_y, G e_y = −e_x per body). These matrices go to the stability
// module's reduced path unchanged (stability/reduced.hpp). Of its 8 eigenvalues (wheel spins removed as
// cyclic), 4 are structural and removed exactly, never by magnitude: the translations and the rotation of
// the whole motion about the vertical span an invariant subspace (known eigenvectors), and the energy is
// conserved (a known left null vector). The other 4 are the turn's roll/steer eigenvalues.

#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"

#include "carvallo/acceleration.hpp"
#include "carvallo/state.hpp"

#include <Eigen/Core>

#include <complex>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace carvallo::bicycle {

/// The families' names, as printed by `carvallo turn` and accepted by `simulate --from-turn`.
inline constexpr const char* kHandlebarForward = "handlebar-forward";
inline constexpr const char* kHandlebarReversed = "handlebar-reversed";

/// One steady turn. Angles in rad with Meijaard's signs (lean and steer right positive), the rear frame's
/// pitch, the rear contact's forward speed (m/s, > 0) and yaw rate (rad/s, positive turning right).
struct SteadyTurn {
  std::string family;  ///< kHandlebarForward when |steer| < π/2, else kHandlebarReversed
  double lean = 0.0, steer = 0.0, pitch = 0.0;
  double speed = 0.0, yaw_rate = 0.0;
  double radius = 0.0;        ///< of the rear contact's circle, speed / |yaw_rate| [m]
  double steer_torque = 0.0;  ///< the constant rider steer torque it is computed with [N m]
  State state;                ///< at t = 0, yaw 0, rear contact at the origin
  Eigen::VectorXd accelerations;  ///< q̈ of the state (centripetal; shape accelerations ~0)
  std::vector<std::complex<double>> eigenvalues;  ///< the 4 roll/steer eigenvalues, by real then imaginary part
  bool stable = false;        ///< every eigenvalue has Re < 0
};

/// The shape accelerations at a state of zero roll and steer rates (rad/s²): a steady turn has all zero.
struct TurnResidual {
  double lean = 0.0, steer = 0.0, pitch = 0.0, yaw = 0.0;
  double max_abs() const;  ///< never throws
};

struct TurnOptions {
  int steer_samples = 1441;      ///< scan of δ over (−π, π] (0.25° spacing)
  double steer_tolerance = 1e-13;  ///< Illinois bracket width [rad]
  bool stability = true;         ///< compute the eigenvalues
};

/// Steady turns of one bicycle with a constant steer torque. Holds the model and an acceleration solver
/// (not thread-safe: one per thread).
class TurnSolver {
 public:
  /// Throws carvallo::ModelError for an unphysical parameter set. The accessors below never throw.
  explicit TurnSolver(const Parameters& p, double steer_torque = 0.0);

  const MultibodyBicycle& bike() const { return bike_; }
  const Model& model() const { return model_; }
  double steer_torque() const { return steer_torque_; }

  /// The state with roll `lean`, steer `steer`, zero roll and steer rates, rear contact speed `speed`.
  /// Throws SolverError when the front wheel cannot touch the ground or the rates are not independent
  /// (InvalidArgument for a non-finite argument), as multibody_initial_state.
  State state(double lean, double steer, double speed) const;
  /// The shape accelerations at state(lean, steer, speed). Throws SolverError as state() does, or when
  /// the acceleration solve fails (singular or non-finite).
  TurnResidual residual(double lean, double steer, double speed) const;

  /// Every steady turn at this lean (|lean| < π/2), sorted by steer. Throws SolverError(InvalidArgument)
  /// for a lean outside (−π/2, π/2) or not finite, and what in_bracket throws.
  std::vector<SteadyTurn> at_lean(double lean, const TurnOptions& options = {}) const;
  /// The turn at this lean with steer in [steer_lo, steer_hi] (a bracket of a × b), or nothing (also when
  /// no state exists or the root finding fails). Throws SolverError when the acceleration solve at the
  /// turn found fails, and what eigenvalues() throws when options.stability is set.
  std::optional<SteadyTurn> in_bracket(double lean, double steer_lo, double steer_hi, const TurnOptions& options = {}) const;

  /// The 4 roll/steer eigenvalues about a turn (see the header comment); throws
  /// stability::LinearizationError when the structural modes do not separate, the linearization or
  /// reduction fails or the eigenvalue iteration does not converge; SolverError from the model's evaluations.
  std::vector<std::complex<double>> eigenvalues(const SteadyTurn& turn) const;
  /// Sets the turn's eigenvalues and whether it is stable (what options.stability adds to a turn found
  /// without). Throws as eigenvalues().
  void add_stability(SteadyTurn& turn) const;

  /// The scalar whose zeros in (lean, steer) are the turns (see the header comment): the angle condition
  /// g = a × b / (|a| |b|) and the speed² −a·b / |b|² it gives (a turn where > 0). `ok` is false where no
  /// state exists (the front wheel cannot touch, singular rates). Never throws.
  struct Condition {
    double g = 0.0, speed_squared = 0.0;
    bool ok = false;
  };
  Condition condition(double lean, double steer) const;
  /// The turn at exactly (lean, steer) (a zero of condition().g), or nothing when it is no turn (speed² ≤ 0,
  /// no state, or the accelerations do not vanish). Throws as in_bracket.
  std::optional<SteadyTurn> turn_at(double lean, double steer, const TurnOptions& options = {}) const {
    return make_turn(lean, steer, options);
  }

 private:
  friend class LeanScan;
  struct Ab {
    Eigen::Vector2d a, b;
    bool ok = false;
  };
  Ab shape_terms(double lean, double steer) const;
  TurnResidual residual_at(const State& s) const;
  TurnResidual residual_from(const State& s, const Eigen::VectorXd& qdd) const;
  std::optional<SteadyTurn> make_turn(double lean, double steer, const TurnOptions& options) const;
  Eigen::VectorXd accelerations(const State& s) const;

  Parameters parameters_;
  MultibodyBicycle bike_;
  Model model_;
  double steer_torque_ = 0.0;
  std::unique_ptr<AccelerationSolver> solver_;
};

/// TurnSolver::at_lean in pieces, for a front end that must never block for long (the playground spreads
/// one lean over several frames): step() scans the next steers, then refines the brackets found, one turn
/// at a time. The same grid and the same refinement as at_lean, so the same turns. Holds a reference to
/// the solver, which must outlive it.
/// The steers LeanScan samples at this lean: `samples` evenly over (−π, π], never exactly ±π/2 or π, and
/// below a lean of 0.05 rad a finer local grid over |δ| ≤ local_span |φ| and as near δ = ±π (see turns.cpp).
/// Sorted.
std::vector<double> steer_grid(double lean, int samples, double local_span = 30.0);

class LeanScan {
 public:
  /// Throws SolverError(InvalidArgument) for a lean outside (−π/2, π/2) or not finite.
  LeanScan(const TurnSolver& solver, double lean, const TurnOptions& options = {});
  /// About `work` units of work: one steer sample is one unit, one turn's refinement (and stability) 40.
  /// Throws what TurnSolver::in_bracket throws.
  void step(int work);
  bool done() const { return next_bracket_ >= brackets_.size() && next_sample_ >= steer_.size(); }
  double lean() const { return lean_; }
  /// Every turn found so far, sorted by steer; once done() what at_lean returns.
  const std::vector<SteadyTurn>& turns() const { return turns_; }

 private:
  const TurnSolver& solver_;
  double lean_;
  TurnOptions options_;
  std::vector<double> steer_, g_;
  std::vector<bool> ok_;
  std::size_t next_sample_ = 0;
  std::vector<std::pair<double, double>> brackets_;  // found once the scan is complete
  std::size_t next_bracket_ = 0;
  std::vector<SteadyTurn> turns_;
};

}  // namespace carvallo::bicycle
