#pragma once
// Nonlinear simulation of the multibody bicycle: setting up a consistent initial state
// from the quantities a rider thinks in (speed, roll, steer and their rates), reading those quantities
// back from the redundant coordinates, and detecting a fall.
//
// Pose → coordinates (forward kinematics, every joint satisfied by construction):
//   rear frame B     R_B = R_z(yaw) R_x(roll) R_y(pitch); the rear contact at (x, y, 0)
//   rear wheel R     R_R = R_B R_y(rear_wheel), centre = contact − r_R n with n the down direction in the
//                    wheel plane (third column of R_z(yaw) R_x(roll))
//   front frame H    R_H = R_B R_a(steer), a = (sin λ, 0, cos λ) the steer axis in B (pointing down)
//   front wheel F    R_F = R_H R_y(front_wheel)
// Body positions follow from the upright reference configuration (Meijaard et al. 2007 Table 1) moved
// rigidly with their bodies. The pitch is then solved from the front contact (Newton with the derivative
// by AD), and the velocities from the 21 constraint rows plus three prescribed rates: roll rate, steer
// rate and the forward speed of the rear contact.
//
// Observables (coordinates → what is shown and written to CSV): yaw, roll, pitch are the rear frame's
// Euler angles; steer is the rotation angle of R_Bᵀ R_H about a; rear_wheel and front_wheel are the
// wheels' rotations relative to their frames; (x, y) is the rear contact point; speed is the velocity of
// the rear contact point along the heading. Rates come from one AD pass along q̇.
//
// Fall: the run is over when |roll| exceeds `roll_limit` (default 1 rad ≈ 57°: a pedal or the handlebar
// of a real bicycle would have touched the ground earlier), when |steer| exceeds 90° (the front wheel
// turned across the frame), or when a frame's mass centre reaches the ground.

#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"

#include "carvallo/simulation.hpp"
#include "carvallo/state.hpp"
#include "input_signal.hpp"

#include <Eigen/Core>
#include <Eigen/LU>

#include <optional>
#include <string>

namespace carvallo::bicycle {

/// The rider's view of a configuration (angles in rad, lengths in m).
struct Pose {
  double x = 0.0, y = 0.0;  ///< rear contact point
  double yaw = 0.0, roll = 0.0, pitch = 0.0, steer = 0.0;
  double rear_wheel = 0.0, front_wheel = 0.0;  ///< wheel rotations relative to their frames
};

/// Initial motion: speed of the rear contact [m/s], roll and steer [rad], their rates [rad/s].
struct InitialMotion {
  double speed = 5.0;
  double roll = 0.0, steer = 0.0;
  double roll_rate = 0.0, steer_rate = 0.0;
  double yaw = 0.0;
};

/// Everything the CSV of `carvallo simulate` lists besides t and the violations and energy.
struct Observables {
  double x = 0.0, y = 0.0, yaw = 0.0, roll = 0.0, pitch = 0.0, steer = 0.0;
  double rear_wheel = 0.0, front_wheel = 0.0;
  double roll_rate = 0.0, steer_rate = 0.0, speed = 0.0;
};

/// Coordinates of a pose, pitch as given (use solve_pitch() for a consistent one). This and the other
/// functions here without a "Throws" never throw (observe and steer_acceleration give NaN for a
/// non-finite state rather than throw).
Eigen::VectorXd multibody_configuration(const MultibodyBicycle& bike, const Pose& pose);

/// The pitch at which the front wheel touches the ground for the given yaw, roll and steer (Newton from
/// the upright pitch 0). Throws SolverError(NonConvergence) if the geometry admits none near it.
double solve_pitch(const MultibodyBicycle& bike, Pose pose);

/// The configuration of multibody_initial_state: yaw, roll and steer of the motion, pitch solved from the
/// front contact, the rest zero. Throws SolverError: InvalidArgument (a non-finite motion), NonConvergence
/// (no pitch).
Eigen::VectorXd multibody_initial_configuration(const MultibodyBicycle& bike, const InitialMotion& motion);

/// The velocities of a configuration for a prescribed roll rate, steer rate and rear contact speed: the
/// constraint rows and the three rate rows, factorized once for any number of right-hand sides (the steady
/// turns solve for speeds 0 and 1 at every configuration they scan). `model` is the engine's model of
/// `bike` (the rider's torques may differ: they do not enter the constraints); reusing one model spares
/// building one, and its Jacobians' structural analysis, per state.
class RateSolver {
 public:
  /// Throws SolverError: InvalidArgument (the constraints do not leave three degrees of freedom),
  /// SingularMatrix (the three rates cannot be prescribed independently here).
  RateSolver(const Model& model, const MultibodyBicycle& bike, const Eigen::VectorXd& q);
  Eigen::VectorXd solve(double roll_rate, double steer_rate, double speed) const;  ///< never throws

 private:
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
};

/// A state satisfying every constraint (||C||, ||Ċ||, ||D|| at round-off) for the initial motion.
/// Throws SolverError when none exists (e.g. roll or steer so large that the front wheel cannot touch):
/// NonConvergence (no pitch), SingularMatrix (rates not independent), InvalidArgument (a non-finite motion).
State multibody_initial_state(const MultibodyBicycle& bike, const InitialMotion& motion);
/// The same with the bicycle's model already built (as RateSolver's `model`): for callers that make
/// many states of one bicycle. Throws as above.
State multibody_initial_state(const Model& model, const MultibodyBicycle& bike, const InitialMotion& motion);

/// Same configuration, velocities re-solved with new roll rate, steer rate and speed (a "kick"). Throws
/// as multibody_initial_state.
State with_rates(const MultibodyBicycle& bike, const State& s, double roll_rate, double steer_rate, double speed);

Observables observe(const MultibodyBicycle& bike, const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

/// The steer angle's second derivative along a motion with accelerations q̈ (one second-order AD pass).
double steer_acceleration(const MultibodyBicycle& bike, const Eigen::VectorXd& q, const Eigen::VectorXd& qd,
                          const Eigen::VectorXd& qdd);

struct FallCriteria {
  double roll_limit = 1.0;  ///< |roll| beyond this [rad] is a fall
  double steer_limit = 1.5707963267948966;
};

/// Why the bicycle has fallen in this state, or nothing if it has not. A lean past half a turn is no fall
/// but a step that diverged (every fall limit is at most 1.5 rad, and a bicycle lies flat at π/2): that
/// throws SolverError(NonFinite) at time t.
std::optional<std::string> fall_reason(const MultibodyBicycle& bike, const Eigen::VectorXd& q,
                                       const Observables& obs, const FallCriteria& criteria = {}, double t = 0.0);

/// The bicycle's default simulation options, the methods of 000 (the bicycle paper): augmented
/// formulation (Eq 36), AB4 (Eq 42), RGCPA (§3.3-3.4) with tolerances 1e-12, per-step diagnostics on.
/// The selective partitioning choice is filled in too (rear frame x, y, yaw, roll, front frame yaw and
/// the wheel spins; velocities: roll, front frame yaw and the rear wheel spin), so any stabilizer can be
/// selected afterwards. Never throws.
SimulationOptions default_bicycle_simulation_options(const Parameters& p);

/// The rider's scripted torques [N m] as signals of time (what each applies: multibody.hpp, RiderTorques).
struct RiderInput {
  examples::InputSignal steer, roll;
};

/// The multibody bicycle run forward in time: Simulation plus the rider's observables and fall detection.
/// step() throws SolverError on a solver failure (the state is then the last good one); after a fall,
/// step() does nothing and fallen() is true.
class BicycleSimulation {
 public:
  /// Throws ModelError for an unphysical parameter set, SolverError(InvalidArgument) for options the
  /// engine rejects, and SolverError as multibody_initial_state when the initial motion has no consistent state.
  BicycleSimulation(const Parameters& p, const InitialMotion& motion);
  BicycleSimulation(const Parameters& p, const InitialMotion& motion, const SimulationOptions& options,
                    const FallCriteria& fall = {});

  /// Advances by h and checks for a fall. Returns the engine's step report. Throws SolverError as
  /// Simulation::step (InvalidArgument for h not positive and finite, a solver failure).
  const StepReport& step(double h);
  /// Adds `roll_rate` to the roll rate, keeping steer rate and speed (a lateral push), and restarts the
  /// integrator from the new consistent state. Throws SolverError as with_rates when no consistent state
  /// exists (the state is then unchanged).
  void kick(double roll_rate);
  /// Drives the rider's torques by these signals from now on (functions of absolute time). Each step ends
  /// exactly where a signal's piece changes (a step's or pulse's edge) and the model is rebuilt with the
  /// next piece, so the integration stays exact across the jumps (input_signal.hpp). Throws SolverError
  /// when the model with the new torques cannot be evaluated at the current state.
  void set_rider_input(const RiderInput& input);
  const RiderInput& rider_input() const { return input_; }
  /// The torques acting now: {steer, roll} [N m].
  RiderTorques rider_torques() const { return bike_.rider; }
  /// Replaces the state (it must satisfy the constraints, e.g. turn_state() of turns.hpp). Throws
  /// SolverError: InvalidArgument for sizes other than nq, NonFinite for a non-finite state, and what the
  /// model's evaluation there throws.
  void set_state(const State& s);

  // These accessors never throw; energy() throws only what the model's energy function throws (nothing
  // for the bicycle).
  bool fallen() const { return fell_at_.has_value(); }
  std::optional<double> fell_at() const { return fell_at_; }
  const std::string& fall_reason() const { return fall_reason_; }

  const Observables& observables() const { return observables_; }
  const State& state() const { return sim_.state(); }
  double energy() const;
  const MultibodyBicycle& bike() const { return bike_; }
  const Simulation& simulation() const { return sim_; }
  const StepReport& last_report() const { return report_; }

 private:
  void update_observables();
  void apply_pieces(const std::vector<examples::SignalPiece>& pieces);

  MultibodyBicycle bike_;  // with the rider's torques acting now
  RiderInput input_;
  Simulation sim_;
  FallCriteria fall_;
  Observables observables_;
  StepReport report_;
  std::optional<double> fell_at_;
  std::string fall_reason_;
};

}  // namespace carvallo::bicycle
