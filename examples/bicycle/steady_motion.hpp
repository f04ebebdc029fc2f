#pragma once
// The bicycle's steady motion for the registry (registry.hpp, SteadyMotion): upright, straight running at
// the speed setting; its four roll/steer eigenvalues from the linearized multibody model
// (multibody.hpp, MultibodyStability: structural zeros deflated exactly).
#include "registry.hpp"

namespace carvallo::bicycle {

examples::SteadyMotion bicycle_steady_motion();

}  // namespace carvallo::bicycle
