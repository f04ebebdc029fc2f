#pragma once
// Seeded random parameter sets that pass validate(), for cross-checks between formulations (multibody vs
// canonical). The same seed gives the same set on every platform: the generator (SplitMix64) and the
// mapping to doubles are written out here, not taken from <random>'s implementation-defined
// distributions.

#include "bicycle/parameters.hpp"

#include <cstdint>

namespace carvallo::bicycle {

struct RandomParameterOptions {
  /// Probability that a set is drawn with massless, zero-radius wheels (skates, as in the two-mass-skate
  /// bicycle) instead of ordinary wheels.
  double skate_probability = 0.0;
};

/// A physical parameter set drawn around realistic bicycles: w in [0.8, 1.3] m, c in [-0.05, 0.2] m,
/// lambda in [0, 0.5] rad, g = 9.81, radii in [0.2, 0.45] m, rear frame (with rider) 20-110 kg, front
/// frame 1-10 kg, wheels 0.5-5 kg, inertia tensors from random principal moments that satisfy the triangle
/// inequality and a random rotation about y. Always passes validate(). Never throws.
Parameters random_parameters(std::uint64_t seed, const RandomParameterOptions& options = {});

}  // namespace carvallo::bicycle
