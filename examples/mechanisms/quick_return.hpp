#pragma once
// Quick-return mechanism of 002 §6 (registered as "quick-return"; reconstruction in quick_return.cpp).
#include "mechanisms/planar_mechanism.hpp"

namespace carvallo::examples::mechanisms {
PlanarMechanismData quick_return_data();
/// Variants "nacf" (natural absolute coordinates) and "angles" (x, y, θ).
/// Throws SolverError(InvalidArgument) for a variant other than "nacf" and "angles". The data never throws.
ModelInstance make_quick_return(const std::string& variant);
}  // namespace carvallo::examples::mechanisms
