#pragma once
// Double inverted pendulum of 002 §6 (registered as "double-inverted-pendulum"; reconstruction in double_inverted_pendulum.cpp).
#include "mechanisms/planar_mechanism.hpp"

namespace carvallo::examples::mechanisms {
PlanarMechanismData double_inverted_pendulum_data();
/// Variants "nacf" (natural absolute coordinates) and "angles" (x, y, θ).
/// Throws SolverError(InvalidArgument) for a variant other than "nacf" and "angles". The data never throws.
ModelInstance make_double_inverted_pendulum(const std::string& variant);
}  // namespace carvallo::examples::mechanisms
