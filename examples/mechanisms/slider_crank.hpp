#pragma once
// Slider-crank mechanism of 002 §6 (registered as "slider-crank"; reconstruction in slider_crank.cpp).
#include "mechanisms/planar_mechanism.hpp"

namespace carvallo::examples::mechanisms {
PlanarMechanismData slider_crank_data();
/// Variants "nacf" (natural absolute coordinates) and "angles" (x, y, θ).
/// Throws SolverError(InvalidArgument) for a variant other than "nacf" and "angles". The data never throws.
ModelInstance make_slider_crank(const std::string& variant);
}  // namespace carvallo::examples::mechanisms
