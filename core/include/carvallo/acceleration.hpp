#pragma once
// Acceleration analysis: given (t, q, q̇), solve M q̈ = Q_b − Jᵀν, J q̈ = Q_d (000 Eq 36) for the
// generalized accelerations q̈ and the multipliers ν = [λ; μ]. Two interchangeable methods:
//
//  * Augmented: the augmented system of 000 Eq 36. Redundant constraints make it singular, so the rows
//    of J are first screened by a column-pivoting QR of Jᵀ (rank-revealing); the redundant rows are
//    dropped (their multipliers set to 0) and the reduced system is solved by its Schur complement
//    S = J M⁻¹Jᵀ with M factorized block by block (one block per body in the redundant formulation;
//    acceleration.cpp, BlockSchur), or by LU when M is not positive definite. The rank deficiency
//    is reported. The row selection is reused from call to call while the reduced matrix stays well
//    conditioned and the dropped rows stay satisfied; otherwise the rows are screened again.
//  * Udwadia–Kalaba: 002 Eq 77, a = M⁻¹Q_b, ε = Q_d − J a, K = J M⁻¹ Jᵀ, ν = −K⁺ε, q̈ = a − M⁻¹Jᵀν
//    with K⁺ the Moore–Penrose pseudo-inverse (complete orthogonal decomposition). Needs M invertible.
//
// Baumgarte stabilization (001 Eqs 104 and 112) enters both by replacing the acceleration-level
// constraints with C̈ − Γ₁Ċ − Γ₂C = 0 and Ḋ − Γ D = 0, i.e. the right-hand sides become
// Q_d,h + Γ₁Ċ + Γ₂C and Q_d,nh + Γ D. Gains are negative for a stable constraint dynamics
// (001: Γ₁ = −20 s⁻¹, Γ₂ = −100 s⁻²).
//
// Failure: SolverError SingularMatrix (mass matrix not invertible on the constraint null space),
// InconsistentInput (redundant constraints whose acceleration equations disagree; names the constraint),
// NonFinite (from the model).

#include "carvallo/model.hpp"

#include <Eigen/Dense>

#include <memory>
#include <string>
#include <vector>

namespace carvallo {

enum class AccelerationMethod { Augmented, UdwadiaKalaba };
/// Every method, in the order user interfaces list them (the one source of the names: to_string of each).
inline constexpr AccelerationMethod kAccelerationMethods[] = {AccelerationMethod::Augmented, AccelerationMethod::UdwadiaKalaba};

/// The method's name ("?" for a value outside the enum). Never throws.
const char* to_string(AccelerationMethod m);
/// "augmented" or "udwadia-kalaba"; throws SolverError(InvalidArgument) otherwise.
AccelerationMethod parse_acceleration_method(const std::string& name);

/// Baumgarte gains (001 Eqs 104, 112). All zero means no stabilization.
struct BaumgarteGains {
  double gamma1 = 0.0;    ///< Γ₁ on Ċ [1/s]
  double gamma2 = 0.0;    ///< Γ₂ on C [1/s²]
  double gamma_nh = 0.0;  ///< Γ on D [1/s]
  bool active() const { return gamma1 != 0.0 || gamma2 != 0.0 || gamma_nh != 0.0; }
};

struct AccelerationResult {
  Eigen::VectorXd qdd;  ///< generalized accelerations q̈ (n_q)
  Eigen::VectorXd nu;   ///< multipliers ν = [λ; μ] (n_c); 0 for rows found redundant
  int rank = 0;         ///< rank of J found
  int rank_deficiency = 0;  ///< n_c − rank (number of redundant constraint rows)
  /// Generalized constraint forces −Jᵀν (000 Eq 4), computed on request by constraint_forces().
};

/// The model terms of one acceleration analysis, kept to avoid reallocation.
struct DynamicsTerms {
  Eigen::MatrixXd M, J;
  Eigen::VectorXd Qb, Qd, C, Cdot, D;
  /// Where M and J can be nonzero when the last evaluate() ran the model's recorded program (else null).
  const DynamicsStructure* structure = nullptr;
  /// Evaluates M, J, Q_b and Q_d (with the Baumgarte terms if the gains are active). Throws what the
  /// Model's evaluations throw (SolverError NonFinite / InvalidArgument, model.hpp).
  void evaluate(const Model& model, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                const BaumgarteGains& gains);
};

class AccelerationSolver {
 public:
  virtual ~AccelerationSolver() = default;
  virtual AccelerationMethod method() const = 0;
  /// Solves for q̈ and ν at (t, q, q̇). The solver owns its workspace: not thread-safe, one per thread.
  /// Throws SolverError: SingularMatrix when M is singular on the constraint null space (or, for
  /// Udwadia–Kalaba, not positive definite), InconsistentInput naming the row when redundant rows contradict
  /// the others, NonFinite naming the coordinate or constraint when q̈ or ν is not finite, and whatever the
  /// Model's evaluations throw. `out` is unspecified after a throw. The accessors below never throw.
  virtual void solve(const Model& model, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                     const BaumgarteGains& gains, AccelerationResult& out) = 0;
  /// Solves at one configuration for two velocities (q̇ = qd_a into `a`, qd_b into `b`), no Baumgarte term:
  /// the values of two solve() calls. Augmented: where solve() would run its one program, both run as one
  /// program that computes M, J and their factorization once (the steady turns' two velocities at every
  /// configuration they try). Throws as solve().
  virtual void solve_pair(const Model& model, double t, const Eigen::VectorXd& q, const Eigen::VectorXd& qd_a,
                          const Eigen::VectorXd& qd_b, AccelerationResult& a, AccelerationResult& b) {
    solve(model, t, q, qd_a, BaumgarteGains{}, a);
    solve(model, t, q, qd_b, BaumgarteGains{}, b);
  }
  /// Augmented: once the block structure of M and J has held for 64 solves, the block Schur solve runs as
  /// one recorded straight-line program, recorded from the loops' own template (core/src/block_schur.hpp)
  /// on the recording scalar, so with the loops' values (the default). When M and J come from the model's
  /// recorded program (Model::dynamics_terms), no Baumgarte term is added and no row is redundant, that
  /// program and the solve then run as one, from (q, q̇, t) to q̈ and ν, with the same values. false keeps
  /// the loops, for comparisons. No effect on Udwadia–Kalaba. Never throws.
  virtual void set_recorded_programs(bool enabled) { (void)enabled; }
  /// How many solves ran as that one program, from (q, q̇, t) to q̈ and ν (tests, benchmarks). Never throws.
  virtual long whole_program_solves() const { return 0; }
  /// Relative tolerance below which a pivot / singular value counts as zero (rank decisions).
  void set_rank_tolerance(double tol) { rank_tol_ = tol; }
  double rank_tolerance() const { return rank_tol_; }

 protected:
  DynamicsTerms terms_;
  double rank_tol_ = 1e-10;
};

/// Throws SolverError(InvalidArgument) for a value outside the enum.
std::unique_ptr<AccelerationSolver> make_acceleration_solver(AccelerationMethod method);

/// Generalized constraint forces −Jᵀν (000 Eq 4) for a result and the J it was computed with (J must have
/// as many rows as r.nu; not checked). Never throws.
Eigen::VectorXd constraint_forces(const Eigen::MatrixXd& J, const AccelerationResult& r);

}  // namespace carvallo
