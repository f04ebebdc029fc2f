#pragma once
// A push at a point of a body, for any registered model: the point's place and velocity from the model's
// own pose function (ModelInstance::body_poses), and the constrained response of the velocities to an
// impulse there. The playground's mouse push (web/logic/model_view.hpp) pulls a grabbed point toward the
// pointer by a spring with damping, as MuJoCo's viewer perturbs a body; its force acts as an impulse F dt at
// the start of each step (a first-order splitting of the force over the step).
//
// The impulse response is Gauss's principle for impulses (000 Eqs 3-11 with the impulse as the applied
// force): M Δq̇ + Jᵀ μ = J_pᵀ P, J Δq̇ = 0, so the velocity constraints still hold after it (J = [C_q; D_q̇]).

#include "registry.hpp"

#include "carvallo/state.hpp"

#include <Eigen/Core>

namespace carvallo::examples {

/// World position of `local` (body frame, m) on body `body` of `instance` at q. Throws
/// SolverError(InvalidArgument) for a body the instance does not have.
Eigen::Vector3d body_point(const ModelInstance& instance, const Eigen::VectorXd& q, int body, const Eigen::Vector3d& local);

/// ∂(body_point)/∂q (3 x nq) by central differences of the pose function (steps of 1e-7 of each
/// coordinate's scale: the pose functions are smooth; a push needs no more than about 1e-8). Throws as body_point.
Eigen::Matrix<double, 3, Eigen::Dynamic> point_jacobian(const ModelInstance& instance, const Eigen::VectorXd& q, int body,
                                                        const Eigen::Vector3d& local);

/// The velocity change of an impulse `impulse` (N s, world frame) at the point whose Jacobian is `Jp`, with
/// the constraints of `model` at state `s` holding (see above); each column of `impulses` is one impulse
/// (results column by column). A singular system (dependent constraints) gets the least-squares minimum-norm
/// answer. Throws what the model's M and J throw.
Eigen::MatrixXd impulse_response(const Model& model, const State& s, const Eigen::Matrix<double, 3, Eigen::Dynamic>& Jp,
                                 const Eigen::MatrixXd& impulses);

/// The mass the point shows to a push in the direction it moves most easily (kg): 1 / the largest
/// eigenvalue of its constrained inverse mass Jp Δq̇(I) (3 x 3). Infinite for a point that cannot move.
/// Throws as impulse_response.
double point_mass(const Model& model, const State& s, const Eigen::Matrix<double, 3, Eigen::Dynamic>& Jp);

}  // namespace carvallo::examples
