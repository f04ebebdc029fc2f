#include "bicycle/steady_motion.hpp"

#include "bicycle/bicycle_model.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"
#include "carvallo/errors.hpp"

#include <memory>

namespace carvallo::bicycle {

namespace {

stability::EigenvalueFunction bicycle_eigenvalues(const examples::ModelSetup& setup, const std::string& parameter) {
  if (parameter != "speed")
    throw SolverError(SolverError::Kind::InvalidArgument, "bicycle: cannot sweep '" + parameter + "' (speed)", 0.0);
  examples::setting_values("bicycle", bicycle_settings(), setup);  // throws for a bad setup
  const Parameters p = setup.parameters.empty() ? benchmark_parameters() : parameters_from_values(setup.parameters);
  // Built once (four AD linearizations); each speed is then a quadratic interpolation and a 4x4 eigenproblem.
  auto mb = std::make_shared<const MultibodyStability>(p);  // throws ModelError for an unphysical bicycle
  return mb->eigenvalue_function();
}

}  // namespace

examples::SteadyMotion bicycle_steady_motion() {
  // MultibodyStability deflates the 4 structural zeros (heading, lateral position, steady-turn family,
  // speed) by their known eigenvectors (multibody.hpp).
  return {"upright, straight running at the speed setting", {"speed"}, 0.0, 10.0, 4, &bicycle_eigenvalues};
}

}  // namespace carvallo::bicycle
