#pragma once
// Constraint stabilization, chosen at run time, usable with every integrator and acceleration solver.
//
//  * None: the index-1 equations alone; C and D drift.
//  * Baumgarte (001 Eqs 104, 112): no correction step; the gains go to the acceleration solver.
//  * DirectCorrection (002 Eqs 78-79): least-norm corrections Δq = −C_q⁺C, iterated to tolerance, then
//    Δq̇ = −J⁺[Ċ; D] (one step for Pfaffian constraints; iterated for non-Pfaffian ones, an extension of
//    002's holonomic-only Eq 79 to J = [C_q; D_q̇]). Pseudo-inverses by complete orthogonal decomposition.
//  * Rgcpa (000 Eqs 43-78): DOF analysis of C_q each step, Newton position analysis on the dependent
//    coordinates; velocity DOF analysis of J = [C_q; D_q̇] and velocity analysis (one solve if Pfaffian,
//    Newton otherwise); redundant constraints detected and removed. Holonomic-only systems get the
//    holonomic algorithm (J = C_q).
//  * Selective (004 §3.2): the independent coordinates (and velocities) are fixed by the user (or, where
//    none are named, by the DOF analysis at the first state corrected), so the
//    per-step DOF analysis is skipped; when the fixed dependent block becomes singular or Newton fails,
//    that step falls back to full RGCPA and the report says so (fallback = true, note).

#include "carvallo/acceleration.hpp"
#include "carvallo/partitioning.hpp"

#include <memory>
#include <string>
#include <vector>

namespace carvallo {

enum class StabilizationMethod { None, Baumgarte, DirectCorrection, Rgcpa, Selective };
/// Every method, in the order user interfaces list them (the one source of the names: to_string of each).
inline constexpr StabilizationMethod kStabilizationMethods[] = {StabilizationMethod::None, StabilizationMethod::Baumgarte,
                                                                StabilizationMethod::DirectCorrection, StabilizationMethod::Rgcpa,
                                                                StabilizationMethod::Selective};

/// The method's name ("?" for a value outside the enum). Never throws.
const char* to_string(StabilizationMethod m);
/// "none", "baumgarte", "direct", "rgcpa" or "selective"; throws SolverError(InvalidArgument) otherwise.
StabilizationMethod parse_stabilization_method(const std::string& name);

struct StabilizationOptions {
  Tolerances tolerances;
  /// Used by the Baumgarte method (001's values for holonomic constraints; Γ for D likewise damped).
  BaumgarteGains gains{-20.0, -100.0, -20.0};
  /// Selective partitioning: the independent coordinates, and the independent velocities (may be empty
  /// for holonomic systems: then the independent coordinates are used). Empty where the model names none:
  /// the DOF analysis (full-pivoting LU of C_q, of J) at the first state corrected chooses them, and they
  /// stay fixed from then on (the first report's note names them).
  std::vector<std::string> independent_coordinates;
  std::vector<std::string> independent_velocities;
  /// Selective partitioning: each step the fixed dependent blocks of C_q and J are checked; below this
  /// reciprocal condition estimate the choice counts as (nearly) singular and the step falls back to
  /// RGCPA, whose pivoting picks a well-conditioned partition. 1e-6 means: condition number above 10⁶
  /// (1e-3 made the epicyclic gear train, whose Euler parameters and millimetre offsets mix scales,
  /// fall back at every step although Newton converged without trouble).
  double selective_min_rcond = 1e-6;
  /// RGCPA and selective partitioning: evaluate ||C|| and ||[Ċ; D]|| first and run the DOF analysis and
  /// the Newton iteration of a level only when its violation exceeds the tolerance. The corrected states
  /// are the same (Newton would stop after zero iterations); what is saved is the Jacobians and the
  /// pivoting LU (RGCPA) or the fixed block's factorization and condition estimate (selective) of every
  /// step in which the integrator alone kept the constraints within tolerance (most steps at Δt = 1e-3:
  /// see docs/performance.md). Selective partitioning then checks the condition of its fixed block only
  /// in the steps it solves with it (below selective_min_rcond the step falls back to RGCPA, as always).
  /// The report has ranks −1 for levels skipped.
  bool analyse_only_when_violated = false;
  /// Direct correction: apply one correction of each level (002 Eqs 78 and 79) at every step even when the
  /// residual is already within the tolerance, as 002 does; further iterations only while above it.
  bool correct_every_step = false;
};

/// What one correction step did.
struct CorrectionReport {
  int position_iterations = 0;  ///< Newton (or pseudo-inverse) iterations at the position level
  int velocity_iterations = 0;  ///< iterations at the velocity level
  int position_rank = -1;       ///< rank of C_q found (-1: not analysed)
  int velocity_rank = -1;       ///< rank of J found
  int redundant_holonomic = 0;  ///< holonomic rows found redundant
  int redundant_total = 0;      ///< rows of J found redundant at the velocity level
  std::vector<int> independent_coordinates;  ///< chosen q_i (RGCPA / selective)
  std::vector<int> independent_velocities;   ///< chosen q̇_i
  bool fallback = false;        ///< selective partitioning fell back to RGCPA this step
  std::string note;             ///< human-readable remark (e.g. why it fell back)
  double change = 0.0;          ///< ∞-norm of the correction applied to [q; q̇]
  /// ||C||∞, ||Ċ||∞ and ||D||∞ of the returned state when the stabilizer evaluated them there (the lazy
  /// checks, and the last Newton iterate of an RGCPA or lazy selective correction), else −1;
  /// Simulation::step then does not evaluate them again for its diagnostics.
  double C_norm = -1.0, Cdot_norm = -1.0, D_norm = -1.0;
  /// The velocity target this correction aimed at when it corrected velocities (tol.velocity, or more
  /// where round-off forbids it: reachable_velocity_tolerance), else −1.
  double velocity_target = -1.0;
  void clear();  ///< never throws
};

class Stabilizer {
 public:
  virtual ~Stabilizer() = default;
  virtual StabilizationMethod method() const = 0;
  /// Gains the acceleration solver must use with this stabilizer (zero unless Baumgarte).
  virtual BaumgarteGains gains() const { return {}; }
  /// Corrects (q, q̇) at time t in place. Throws SolverError: NonConvergence (a Newton iteration or direct
  /// correction did not reach the tolerance), SingularMatrix (the dependent block is singular), InconsistentInput
  /// (redundant rows contradict the others), and what the Model's evaluations throw. method() and gains()
  /// never throw.
  virtual void correct(const Model& model, double t, Eigen::VectorXd& q, Eigen::VectorXd& qd, CorrectionReport& out) = 0;
};

/// Throws SolverError(InvalidArgument) for a value outside the enum, and for Selective with a name that is not
/// one of the model's coordinates.
std::unique_ptr<Stabilizer> make_stabilizer(StabilizationMethod method, const Model& model,
                                            const StabilizationOptions& options = {});

}  // namespace carvallo
