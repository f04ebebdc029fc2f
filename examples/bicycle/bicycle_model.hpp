#pragma once
// The bicycle as a registered model (examples/registry.hpp), like every other: the multibody bicycle of
// multibody.hpp started from the rider's initial motion (simulation.hpp), the rider's observables as its
// probes, the fall as its end condition, a lateral kick as its push, and its look as geoms attached to its
// four bodies, so the picture is posed by the same kinematics the simulation integrates (pitch included).
//
// Setup: parameters = the 26 benchmark parameters in kParameterTable's order (empty: the benchmark);
// settings = speed [m/s], roll, steer [rad], roll_rate, steer_rate [rad/s], fall_roll, fall_steer [rad].

#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"
#include "registry.hpp"
#include "scene.hpp"

#include <vector>

namespace carvallo::bicycle {

/// The 26 parameters as registry quantities (benchmark values as defaults; plausible ranges as limits).
/// This and the other functions here without a "Throws" never throw.
std::vector<examples::Quantity> bicycle_parameter_quantities();
/// speed, roll, steer, roll_rate, steer_rate, fall_roll, fall_steer, with their defaults and accepted ranges.
std::vector<examples::Quantity> bicycle_settings();

struct SteadyTurn;
/// The settings (above) of a run that starts on `turn` (`simulate --from-turn`, the playground), from those
/// asked for: built upright at the turn's speed, its state then replaced by the turn's
/// (examples::ModelRun::set_state). A reversed handlebar, or a lean near or past the roll fall limit, is
/// where such a turn lives, not a fall: fall_steer becomes 4 rad, fall_roll at least the lean + 0.2 rad (at
/// most the setting's largest, 1.5 rad).
void ride_turn_settings(const SteadyTurn& turn, std::map<std::string, double>& settings);

/// The rider's inputs, in this order: steer_torque (Meijaard's T_delta), roll_torque (T_phi), both N m;
/// what they apply exactly: multibody.hpp, RiderTorques.
std::vector<examples::InputChannel> bicycle_inputs();

/// The registry's factory. Throws SolverError(InvalidArgument) for a wrong variant, a parameter count
/// other than 26 or a setting out of range, ModelError for a parameter set that is not physical, and
/// SolverError when no consistent initial state exists (roll or steer too large).
examples::ModelInstance make_bicycle_model(const examples::ModelSetup& setup);

/// Parameters from values in kParameterTable's order. Throws SolverError(InvalidArgument) unless there are 26.
Parameters parameters_from_values(const std::vector<double>& values);
/// The values of `p` in kParameterTable's order.
std::vector<double> parameter_values(const Parameters& p);

/// Body names, in the order of body_poses: rear_wheel, rear_frame, front_frame, front_wheel.
const std::vector<std::string>& bicycle_body_names();
/// Each body's mass-centre position and rotation (its Euler angles' matrix, e.g. the rear frame's
/// Rz(yaw) Rx(roll) Ry(pitch)) in Meijaard's frame (x forward, y right, z down).
std::vector<examples::BodyPose> bicycle_body_poses(const MultibodyBicycle& bike, const Eigen::VectorXd& q);
/// What the bicycle looks like, attached to its bodies: tyres and spokes, frame tubes, fork and handlebar,
/// the steer axis, the mass centres, and (layer "inertia") the inertia ellipsoids.
std::vector<examples::Geom> bicycle_geoms(const Parameters& p);

}  // namespace carvallo::bicycle
