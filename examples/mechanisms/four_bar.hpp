#pragma once
// Four-bar linkage of 002 §6 (registered as "four-bar"; reconstruction in four_bar.cpp).
#include "mechanisms/planar_mechanism.hpp"

namespace carvallo::examples::mechanisms {
PlanarMechanismData four_bar_data();
/// Variants "nacf" (natural absolute coordinates, 18 q) and "angles" (x, y, θ, 9 q).
/// Throws SolverError(InvalidArgument) for a variant other than "nacf" and "angles". The data never throws.
ModelInstance make_four_bar(const std::string& variant);
}  // namespace carvallo::examples::mechanisms
