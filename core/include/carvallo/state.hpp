#pragma once
// The mutable state of a simulation (model and data apart: the Model never holds it).

#include <Eigen/Core>

namespace carvallo {

struct State {
  double t = 0.0;       ///< time [s]
  Eigen::VectorXd q;    ///< generalized coordinates
  Eigen::VectorXd qd;   ///< generalized velocities
};

}  // namespace carvallo
