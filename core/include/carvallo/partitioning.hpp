#pragma once
// Coordinate partitioning, the building blocks of RGCPA (000 §3.3-3.4), selective partitioning
// (004 §3.2) and consistent initial conditions.
//
//  * dof_analysis(A): full-pivoting LU of A (C_q for positions, 000 Eq 45; J = [C_q; D_q̇] for
//    velocities, Eq 63). Pivot columns are the dependent coordinates, the others independent; pivot
//    rows are the independent constraints, the others redundant (C̄, D̄ of Eqs 53, 75). Among entries
//    within a relative kPivotTieSlack of the largest, the pivot is the first in column-major order: the
//    largest of two entries equal in exact arithmetic (a bicycle's mirrored contact terms) was decided
//    by their last bits, so a round-off difference (another compiler's libm, the browser's) changed the
//    partition and moved the trajectory by the size of a correction, 1e-9 where round-off gives 1e-13.
//  * position_analysis: Newton iteration on C̄(q) = 0 with the independent coordinates held fixed
//    (Eqs 46-54). With Δq_i = 0, the system J̄_c Δq = b̄_c of Eq 53 reduces to C̄_q,d Δq_d = −C̄, which is
//    what is solved (same solution, smaller matrix).
//  * velocity_analysis: the same on the velocity level, [Ċ̄; D̄](q̇) = 0 with q̇_i fixed (Eqs 58-61 for
//    holonomic, 66-67 Pfaffian, 72-78 non-Pfaffian): one Newton step is exact for linear (Pfaffian)
//    constraints; nonlinear ones iterate (Eq 72). The iteration count is reported.
//
// Failure (SolverError): SingularMatrix when the dependent block is singular (names the dependent
// coordinates), NonConvergence when Newton stalls (names the worst constraint), InconsistentInput when a
// redundant constraint is not satisfied by the solution of the independent ones (names it).

#include "carvallo/model.hpp"
#include "carvallo/state.hpp"

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace carvallo {

struct Tolerances {
  double position = 1e-12;      ///< target ||C||∞ after a position correction [model length units]
  double velocity = 1e-12;      ///< target ||[Ċ; D]||∞ after a velocity correction
  int max_iterations = 25;      ///< Newton iterations per analysis
  double rank = 1e-10;          ///< relative pivot threshold of the DOF analysis
  double min_rcond = 1e-13;     ///< the dependent block counts as singular below this reciprocal condition
  double redundant_factor = 1e3;///< redundant rows must end within factor × tolerance
};

/// The position tolerance reachable at q: tol.position, or 64 ulp of ||q||∞ when that is larger. A
/// coordinate is only known to its own round-off, so a bicycle 10 km from the origin cannot hold its
/// contact constraints to 1e-12 m (its x is known to 1.8e-12 m): an absolute target would make every
/// correction there fail to converge. For coordinates below ~70 length units nothing changes.
/// Never throws.
double reachable_position_tolerance(const Tolerances& tol, const Eigen::VectorXd& q);

/// The velocity tolerance reachable at (q, q̇) with J = ∂[Ċ; D]/∂q̇ evaluated there: tol.velocity, or
/// 64 ulp of max_i Σ_j |J_ij q̇_j| when that is larger. Each residual row sums terms of about that size, so
/// its round-off is about that many ulp: a body falling for minutes (Appell-Hamel's disk at 900 m/s) or a
/// constraint quadratic in q̇ (its Eq 57) cannot be held to an absolute 1e-12. At everyday speeds (terms
/// below ~70 units) nothing changes. Never throws.
double reachable_velocity_tolerance(const Tolerances& tol, const Eigen::MatrixXd& J, const Eigen::VectorXd& qd);

struct Partition {
  int rank = 0;
  std::vector<int> dependent;       ///< dependent coordinates / velocities (pivot columns), size rank
  std::vector<int> independent;     ///< independent ones, ascending
  std::vector<int> rows;            ///< independent constraint rows (pivot rows), size rank
  std::vector<int> redundant_rows;  ///< rows found linearly dependent on the others
};

/// Reusable buffers of the partitioning routines (one per thread).
/// Relative margin within which two candidate pivots of dof_analysis count as equal (far above
/// round-off, far below any difference that matters to the conditioning of the dependent block).
inline constexpr double kPivotTieSlack = 1e-9;

/// Full-pivoting LU, P A Q = L U, with dof_analysis's pivot rule (kPivotTieSlack).
struct FullPivotLU {
  Eigen::MatrixXd lu;          ///< L below the diagonal (unit diagonal implied), U on and above it
  std::vector<int> row_position;  ///< row i of A is row row_position[i] of P A
  std::vector<int> column_at;     ///< column k of A Q is column column_at[k] of A
  int rank = 0;                   ///< pivots above rank_tol × the largest pivot
};

struct PartitionWorkspace {
  FullPivotLU full_lu;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  Eigen::MatrixXd A, Ad;
  Eigen::VectorXd r, dx, c;
};

/// DOF analysis of A (rows: constraints, columns: coordinates). Never throws.
void dof_analysis(const Eigen::MatrixXd& A, double rank_tol, Partition& out, PartitionWorkspace& ws);

/// Builds a partition from a fixed set of independent coordinates (selective partitioning): rows are
/// the independent rows of A restricted to the dependent columns. Throws SolverError: InvalidArgument if an
/// index is out of range or the count does not match the rank of A, SingularMatrix naming the coordinates
/// if they cannot be independent (the dependent block is singular).
void fixed_partition(const Model& model, const Eigen::MatrixXd& A, const std::vector<int>& independent,
                     double rank_tol, double t, Partition& out, PartitionWorkspace& ws);

/// Reciprocal condition estimate of the dependent block A(rows, dependent) (1 if the partition is empty).
/// Selective partitioning uses it to notice that its fixed choice is becoming singular. Never throws.
double dependent_block_rcond(const Eigen::MatrixXd& A, const Partition& p, PartitionWorkspace& ws);

/// What a caller already holds at the analysis' starting point, so that the first Newton step neither
/// evaluates nor factorizes it again.
struct KnownAtStart {
  const Eigen::VectorXd* residual = nullptr;  ///< C (positions) or [Ċ; D] (velocities) there
  const Eigen::MatrixXd* jacobian = nullptr;  ///< C_q (positions) or J = [C_q; D_q̇] (velocities) there
  /// Where the dependent block of *jacobian is already factorized (needs `jacobian`).
  enum class Factor {
    None,
    /// ws.full_lu is dof_analysis(*jacobian), which made the partition: the leading rank × rank block of
    /// its P A Q = L U is the dependent block in the partition's row and column order, so that block needs
    /// no factorization of its own (its condition is still estimated and checked against tol.min_rcond).
    /// Same solution up to round-off.
    DofAnalysis,
    /// ws.lu is the factorization dependent_block_rcond(*jacobian, p, ws) made, and the caller has
    /// checked its condition (same bits as factorizing again).
    DependentBlock,
  } factor = Factor::None;
};

/// Position analysis (000 Eqs 46-54): corrects the dependent coordinates of q in place so that
/// ||C̄||∞ ≤ tol.position. Returns the number of Newton steps (0 if q was already consistent). Throws
/// SolverError: NonConvergence (naming the worst constraint) after tol.max_iterations, SingularMatrix when the
/// dependent block is singular, InconsistentInput when a redundant row stays violated, and what the Model
/// throws. On return ws.c holds C at the returned q (every row, redundant ones included).
int position_analysis(const Model& model, double t, Eigen::VectorXd& q, const Partition& p, const Tolerances& tol,
                      PartitionWorkspace& ws, const KnownAtStart& known = {});

/// Velocity analysis (000 Eqs 58-61, 66-67, 72-78): corrects the dependent velocities of q̇ in place so
/// that ||[Ċ̄; D̄]||∞ ≤ the reachable velocity tolerance (tol.velocity unless round-off forbids it, see
/// reachable_velocity_tolerance; the one aimed at is stored in *target when given); `p` partitions
/// J = [C_q; D_q̇]. Returns the Newton steps taken. Throws as position_analysis. On return ws.c holds
/// [Ċ; D] at the returned (q, q̇).
int velocity_analysis(const Model& model, double t, const Eigen::VectorXd& q, Eigen::VectorXd& qd, const Partition& p,
                      const Tolerances& tol, PartitionWorkspace& ws, double* target = nullptr,
                      const KnownAtStart& known = {});

/// Which coordinates and velocities are prescribed when building consistent initial conditions.
/// Empty lists mean: let the DOF analysis choose (pivoting), keeping the guess's values of those chosen.
struct InitialConditionSpec {
  std::vector<std::string> independent_coordinates;
  std::vector<std::string> independent_velocities;
};

/// Consistent initial conditions (000 §3.1, second step): holds the independent coordinates and
/// velocities of `guess` fixed and solves C = 0, Ċ = 0, D = 0 for the rest by the position and velocity
/// analyses. Throws SolverError(InconsistentInput) naming the constraint when no consistent state
/// exists near the guess, SingularMatrix naming the coordinates when the prescribed ones cannot be
/// independent, InvalidArgument for unknown names or a wrong count.
State make_consistent(const Model& model, const State& guess, const InitialConditionSpec& spec = {},
                      const Tolerances& tol = {});

}  // namespace carvallo
