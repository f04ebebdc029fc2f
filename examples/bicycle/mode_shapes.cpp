#include "bicycle/mode_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace carvallo::bicycle {

std::string_view mode_label_name(ModeLabel label) {
  switch (label) {
    case ModeLabel::weave: return "weave";
    case ModeLabel::capsize: return "capsize";
    case ModeLabel::castering: return "castering";
  }
  return "unknown";
}

std::array<ModeLabel, 4> mode_labels(const Eigenvalues& eigenvalues, double v) {
  Eigenvalues s = eigenvalues;
  if (v < 0)
    for (auto& x : s) x = -x;
  std::array<ModeLabel, 4> labels{ModeLabel::capsize, ModeLabel::capsize, ModeLabel::capsize, ModeLabel::capsize};
  std::size_t castering = 0;
  for (std::size_t i = 1; i < 4; ++i)
    if (s[i].real() < s[castering].real()) castering = i;
  labels[castering] = ModeLabel::castering;
  std::array<std::size_t, 3> rest{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < 4; ++i)
    if (i != castering) rest[n++] = i;
  std::size_t oscillatory = 0;
  for (auto i : rest)
    if (std::abs(s[i].imag()) > 1e-12 * (1.0 + std::abs(s[i]))) ++oscillatory;
  if (oscillatory >= 2) {
    for (auto i : rest)
      if (std::abs(s[i].imag()) > 1e-12 * (1.0 + std::abs(s[i]))) labels[i] = ModeLabel::weave;
    return labels;
  }
  std::sort(rest.begin(), rest.end(), [&](std::size_t a, std::size_t b) {
    const double ma = std::abs(s[a]), mb = std::abs(s[b]);
    return ma != mb ? ma < mb : s[a].real() < s[b].real();
  });
  labels[rest[1]] = ModeLabel::weave;
  labels[rest[2]] = ModeLabel::weave;
  return labels;
}

std::array<std::complex<double>, 2> normalize_mode_shape(std::complex<double> roll, std::complex<double> steer) {
  const double r = std::abs(roll), d = std::abs(steer);
  if (r == 0.0 && d == 0.0) return {roll, steer};
  // Dividing by the dominant component makes it exactly 1 + 0i; adding +0 turns a -0 part into 0.
  const std::complex<double> zero(0.0, 0.0);
  if (r >= d) return {1.0, steer / roll + zero};
  return {roll / steer + zero, 1.0};
}

std::array<std::complex<double>, 2> roll_steer_eigenvector(const CanonicalModel& model, double v, std::complex<double> s) {
  const auto& m = model.matrices;
  const Eigen::Matrix2d K = model.g * m.K0 + v * v * m.K2;
  const Eigen::Matrix2d C = v * m.C1;
  Eigen::Matrix2cd P;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) P(i, j) = (m.M(i, j) * s + C(i, j)) * s + K(i, j);
  // P x = 0 for a singular 2x2: each row (a, b) gives x ∝ (-b, a); the row of larger norm has the smaller
  // relative round-off (the rows are parallel up to round-off at an eigenvalue).
  const double n0 = std::norm(P(0, 0)) + std::norm(P(0, 1)), n1 = std::norm(P(1, 0)) + std::norm(P(1, 1));
  if (!std::isfinite(n0) || !std::isfinite(n1)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {std::complex<double>(nan, nan), std::complex<double>(nan, nan)};
  }
  if (n0 == 0.0 && n1 == 0.0) return {1.0, 0.0};  // every vector is an eigenvector
  if (n0 >= n1) return normalize_mode_shape(-P(0, 1), P(0, 0));
  return normalize_mode_shape(P(1, 1), -P(1, 0));
}

RollSteerModes roll_steer_modes(const CanonicalModel& model, double v) {
  const Eigenvalues s = eigenvalues(model, v);
  const auto labels = mode_labels(s, v);
  RollSteerModes modes;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto x = roll_steer_eigenvector(model, v, s[i]);
    modes[i] = {s[i], labels[i], x[0], x[1]};
  }
  return modes;
}

}  // namespace carvallo::bicycle
