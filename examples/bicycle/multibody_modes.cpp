#include "bicycle/multibody_modes.hpp"

#include "carvallo/stability/linearization.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace carvallo::bicycle {

namespace mi = multibody_index;

std::array<std::complex<double>, 2> multibody_roll_steer(const Parameters& p, const Eigen::VectorXcd& shape) {
  const std::complex<double> roll_B = shape[mi::rear_frame + mi::roll], yaw_B = shape[mi::rear_frame + mi::yaw];
  const std::complex<double> roll_H = shape[mi::front_frame + mi::roll], yaw_H = shape[mi::front_frame + mi::yaw];
  // a . (theta_H - theta_B) with a = (sin lambda, 0, cos lambda): the pitch difference has no weight.
  const std::complex<double> steer = std::sin(p.lambda) * (roll_H - roll_B) + std::cos(p.lambda) * (yaw_H - yaw_B);
  return {roll_B, steer};
}

RollSteerModes multibody_roll_steer_modes(const MultibodyStability& multibody, double v) {
  const Eigenvalues reduced = multibody.roll_steer_eigenvalues(v);
  const stability::ModalAnalysis analysis = multibody.full_pencil_modes(v);
  std::vector<const stability::Mode*> finite;
  for (const auto& m : analysis.modes)
    if (m.kind != stability::EigenvalueKind::Infinite) finite.push_back(&m);
  Eigenvalues s;
  std::array<std::array<std::complex<double>, 2>, 4> shapes;
  for (std::size_t i = 0; i < 4; ++i) {
    auto nearest = finite.end();
    double best = std::numeric_limits<double>::infinity();
    for (auto it = finite.begin(); it != finite.end(); ++it)
      if (const double d = std::abs((*it)->s - reduced[i]); d < best) best = d, nearest = it;
    if (nearest == finite.end() || (*nearest)->shape.size() == 0)
      throw stability::LinearizationError("multibody bicycle: the full pencil gave no mode shape at v = " +
                                          std::to_string(v) + " m/s");
    s[i] = (*nearest)->s;
    const auto x = multibody_roll_steer(multibody.parameters(), (*nearest)->shape);
    shapes[i] = normalize_mode_shape(x[0], x[1]);
    finite.erase(nearest);
  }
  std::array<std::size_t, 4> order{0, 1, 2, 3};
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return s[a].real() != s[b].real() ? s[a].real() < s[b].real() : s[a].imag() < s[b].imag();
  });
  Eigenvalues sorted;
  for (std::size_t i = 0; i < 4; ++i) sorted[i] = s[order[i]];
  const auto labels = mode_labels(sorted, v);
  RollSteerModes modes;
  for (std::size_t i = 0; i < 4; ++i) modes[i] = {sorted[i], labels[i], shapes[order[i]][0], shapes[order[i]][1]};
  return modes;
}

}  // namespace carvallo::bicycle
