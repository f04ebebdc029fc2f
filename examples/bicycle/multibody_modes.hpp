#pragma once
// Mode shapes of the multibody bicycle (multibody.hpp) in the roll/steer coordinates of the canonical
// route (mode_shapes.hpp): the eigenvectors of the full generalized state-space pencil (000 Eqs 29–34,
// carvallo/stability/full_pencil.hpp) mapped from the 24 absolute coordinates to [roll, steer]. An
// independent route to the same eigenvectors: no closed form enters it, so agreement with
// roll_steer_modes() checks both.

#include "bicycle/mode_shapes.hpp"
#include "bicycle/multibody.hpp"

#include <Eigen/Core>

#include <array>
#include <complex>

namespace carvallo::bicycle {

/// [roll, steer] of a mode shape in the multibody coordinates q (24 entries), unnormalized. Roll is the
/// rear frame's roll angle. Steer: for small angles the ZXY Euler angles (yaw, roll, pitch) of a body are
/// its rotation vector theta = (roll, pitch, yaw) about (x, y, z), R ~ I + [theta]x; the steer joint turns
/// the front frame relative to the rear one about the unit steer axis a = (sin lambda, 0, cos lambda)
/// (multibody.hpp), so theta_H - theta_B = steer a, i.e. steer = a . (theta_H - theta_B). `shape` must have
/// the 24 entries (not checked); never throws.
std::array<std::complex<double>, 2> multibody_roll_steer(const Parameters& p, const Eigen::VectorXcd& shape);

/// The four roll/steer modes at speed v from the full pencil: each roll/steer eigenvalue of the reduced
/// path (MultibodyStability::roll_steer_eigenvalues) picks the nearest finite pencil eigenvalue (so the
/// structural zeros, whose shapes have no roll or steer, are left out even when the capsize eigenvalue is
/// near zero); eigenvalue and shape are the pencil's, the shape mapped by multibody_roll_steer and
/// normalized (normalize_mode_shape); labels by mode_labels; order as roll_steer_modes(). Throws
/// stability::LinearizationError when the pencil has no shape for a mode, and what
/// MultibodyStability::roll_steer_eigenvalues and full_pencil_modes throw.
RollSteerModes multibody_roll_steer_modes(const MultibodyStability& multibody, double v);

}  // namespace carvallo::bicycle
