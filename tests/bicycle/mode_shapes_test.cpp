// Mode shapes (bicycle/mode_shapes.hpp, multibody_modes.hpp) against independent routes:
//  - the eigenvectors of the 4 x 4 first-order matrix A (state_matrix, Eigen's EigenSolver), whose first
//    two entries are [roll, steer];
//  - the multibody model's full generalized pencil (000 Eqs 29-34) in 24 absolute coordinates, mapped to
//    roll and steer (no closed form of Meijaard 2007 enters that route);
// plus the residual of (M s^2 + v C1 s + g K0 + v^2 K2) x = 0, the normalization and the labels of
// Meijaard 2007 Table 2.
#include "bicycle/mode_shapes.hpp"

#include "bicycle/meijaard2007_reference.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/multibody_modes.hpp"
#include "bicycle/presets.hpp"
#include "bicycle/random_parameters.hpp"

#include <Eigen/Eigenvalues>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>

using namespace carvallo::bicycle;
namespace ref = meijaard2007;
using cd = std::complex<double>;

namespace {

CanonicalModel model_of(const Parameters& p) { return *make_canonical_model(p).model; }

// Difference of two eigenvectors, each normalized with the same component as reference `a` (so a tie
// |roll| ~ |steer|, where the two routes may pick different components, is not a difference).
double shape_difference(const RollSteerMode& a, const RollSteerMode& b) {
  const bool roll_dominant = a.roll == cd(1.0);
  const cd ratio_a = roll_dominant ? a.steer / a.roll : a.roll / a.steer;
  const cd ratio_b = roll_dominant ? b.steer / b.roll : b.roll / b.steer;
  return std::abs(ratio_a - ratio_b);
}

const RollSteerMode& nearest(const RollSteerModes& modes, cd s) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < 4; ++i)
    if (std::abs(modes[i].eigenvalue - s) < std::abs(modes[best].eigenvalue - s)) best = i;
  return modes[best];
}

}  // namespace

TEST_CASE("mode shapes solve (M s^2 + v C1 s + g K0 + v^2 K2) x = 0 and are normalized", "[mode_shapes]") {
  std::vector<Parameters> sets;
  for (const auto& preset : presets()) sets.push_back(load_preset(preset.name)->values);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) sets.push_back(random_parameters(seed, {0.2}));
  double worst = 0;
  for (const auto& p : sets) {
    const auto model = model_of(p);
    const auto& m = model.matrices;
    for (double v : {0.0, 0.5, 2.0, 4.5, 6.0, 10.0, 30.0}) {
      const auto modes = roll_steer_modes(model, v);
      const auto s = eigenvalues(model, v);
      for (std::size_t i = 0; i < 4; ++i) {
        const auto& mode = modes[i];
        CHECK(mode.eigenvalue == s[i]);
        // The dominant component is exactly 1, the other at most 1 in modulus.
        CHECK(((mode.roll == cd(1.0) && std::abs(mode.steer) <= 1.0) || (mode.steer == cd(1.0) && std::abs(mode.roll) < 1.0)));
        const Eigen::Matrix2cd P = m.M.cast<cd>() * mode.eigenvalue * mode.eigenvalue + (v * m.C1).cast<cd>() * mode.eigenvalue +
                                   (model.g * m.K0 + v * v * m.K2).cast<cd>();
        const Eigen::Vector2cd x(mode.roll, mode.steer);
        // Residual relative to the size of the terms: round-off of the polished eigenvalue.
        const double size = m.M.norm() * std::norm(mode.eigenvalue) + v * m.C1.norm() * std::abs(mode.eigenvalue) +
                            (model.g * m.K0 + v * v * m.K2).norm();
        const double residual = (P * x).norm() / size;
        CHECK(residual < 1e-12);
        worst = std::max(worst, residual);
        if (mode.eigenvalue.imag() == 0.0) CHECK((mode.roll.imag() == 0.0 && mode.steer.imag() == 0.0));
      }
    }
  }
  WARN("worst relative residual |P(s) x| / |terms|: " << worst);
}

TEST_CASE("mode shapes agree with the eigenvectors of the first-order matrix A", "[mode_shapes]") {
  double worst = 0;
  for (const auto& preset : presets()) {
    const auto model = model_of(load_preset(preset.name)->values);
    for (double v : {1.0, 3.0, 5.0, 8.0}) {
      Eigen::EigenSolver<Eigen::Matrix4d> es(state_matrix(model, v));
      REQUIRE(es.info() == Eigen::Success);
      const auto modes = roll_steer_modes(model, v);
      for (int j = 0; j < 4; ++j) {
        const cd s = es.eigenvalues()(j);
        const auto n = normalize_mode_shape(es.eigenvectors()(0, j), es.eigenvectors()(1, j));
        const RollSteerMode other{s, ModeLabel::capsize, n[0], n[1]};
        const auto& mode = nearest(modes, s);
        INFO(preset.name << " at " << v << " m/s, s = " << s);
        CHECK(std::abs(mode.eigenvalue - s) < 1e-9 * std::max(1.0, std::abs(s)));
        const double d = shape_difference(mode, other);
        CHECK(d < 1e-9);
        worst = std::max(worst, d);
      }
    }
  }
  WARN("worst difference to the eigenvectors of A: " << worst);
}

TEST_CASE("mode shapes agree with the multibody model's full pencil mapped to roll and steer", "[mode_shapes][multibody]") {
  std::vector<std::pair<std::string, Parameters>> sets;
  for (const auto& preset : presets()) sets.emplace_back(preset.name, load_preset(preset.name)->values);
  for (std::uint64_t seed = 1; seed <= 8; ++seed) sets.emplace_back("random " + std::to_string(seed), random_parameters(seed));
  double worst_shape = 0, worst_eigenvalue = 0;
  int compared = 0;
  for (const auto& [name, p] : sets) {
    const MultibodyStability multibody(p);
    const auto model = model_of(p);
    for (double v : {1.0, 3.0, 5.0, 8.0}) {
      const auto canonical = roll_steer_modes(model, v);
      const auto pencil = multibody_roll_steer_modes(multibody, v);
      for (std::size_t i = 0; i < 4; ++i) {
        const auto& other = nearest(pencil, canonical[i].eigenvalue);
        INFO(name << " at " << v << " m/s, " << mode_label_name(canonical[i].label) << " s = " << canonical[i].eigenvalue);
        const double de = std::abs(other.eigenvalue - canonical[i].eigenvalue) / std::max(1.0, std::abs(canonical[i].eigenvalue));
        const double ds = shape_difference(canonical[i], other);
        // The pencil's QZ over 69 states and the mapping from absolute coordinates lose a few digits.
        CHECK(de < 1e-8);
        CHECK(ds < 1e-7);
        CHECK(other.label == canonical[i].label);
        worst_eigenvalue = std::max(worst_eigenvalue, de);
        worst_shape = std::max(worst_shape, ds);
        ++compared;
      }
    }
  }
  WARN(compared << " modes: worst eigenvalue difference " << worst_eigenvalue << ", worst eigenvector difference "
                << worst_shape);
}

TEST_CASE("labels: Table 2's castering, capsize and weave", "[mode_shapes]") {
  const auto model = model_of(benchmark_parameters());
  for (const auto& row : ref::table2) {
    const auto modes = roll_steer_modes(model, row.v);
    for (const auto& m : modes) {
      INFO("v = " << row.v << ", s = " << m.eigenvalue);
      switch (m.label) {
        case ModeLabel::castering: CHECK(std::abs(m.eigenvalue - row.castering) < 1e-12 * (1 + std::abs(row.castering))); break;
        case ModeLabel::capsize: CHECK(std::abs(m.eigenvalue - row.capsize) < 1e-12); break;
        case ModeLabel::weave:
          if (row.v == 0.0) CHECK((std::abs(m.eigenvalue - ref::eigenvalues_at_rest[2]) < 1e-12 ||
                                   std::abs(m.eigenvalue - ref::eigenvalues_at_rest[3]) < 1e-12));
          else CHECK(std::abs(std::abs(m.eigenvalue.imag()) - row.weave_im) < 1e-12);
          break;
      }
    }
  }
  // Below the merge speed (0.684 m/s) the weave is two real roots.
  const auto slow = roll_steer_modes(model, 0.5);
  int weave = 0;
  for (const auto& m : slow) weave += m.label == ModeLabel::weave && m.eigenvalue.imag() == 0.0;
  CHECK(weave == 2);
  CHECK(mode_label_name(ModeLabel::castering) == "castering");
}

TEST_CASE("the weave pair's eigenvectors are complex conjugates; capsize is mostly roll", "[mode_shapes]") {
  const auto modes = roll_steer_modes(model_of(benchmark_parameters()), 5.0);
  const RollSteerMode* pair[2] = {nullptr, nullptr};
  for (const auto& m : modes)
    if (m.label == ModeLabel::weave) pair[m.eigenvalue.imag() > 0] = &m;
  REQUIRE(pair[0]);
  REQUIRE(pair[1]);
  CHECK(pair[0]->roll == std::conj(pair[1]->roll));
  CHECK(pair[0]->steer == std::conj(pair[1]->steer));
  // A check of meaning rather than a reference value: capsize is a slow fall, mostly roll.
  for (const auto& m : modes)
    if (m.label == ModeLabel::capsize) CHECK((m.roll == cd(1.0) && std::abs(m.steer) < 0.5));
}

TEST_CASE("riding backward mirrors the eigenvalues, and each keeps its mode's name and shape", "[mode_shapes]") {
  // (s, v) -> (-s, -v) leaves det(M s^2 + v C1 s + g K0 + v^2 K2) unchanged, so s(-v) = -s(v): at -5 m/s the
  // castering root is the fast positive one. The rule for v > 0 (castering the most negative) had named it
  // capsize and the slow root castering, on the page and in `carvallo modes` (a tester).
  const auto model = model_of(benchmark_parameters());
  const auto row = std::find_if(std::begin(ref::table2), std::end(ref::table2), [](const auto& r) { return r.v == 5.0; });
  REQUIRE(row != std::end(ref::table2));
  const auto& table = *row;
  const MultibodyStability multibody(benchmark_parameters());
  for (const auto& modes : {roll_steer_modes(model, -5.0), multibody_roll_steer_modes(multibody, -5.0)}) {
    for (const auto& m : modes) {
      INFO("s = " << m.eigenvalue);
      switch (m.label) {
        case ModeLabel::castering: CHECK(std::abs(m.eigenvalue + table.castering) < 1e-9 * std::abs(table.castering)); break;
        case ModeLabel::capsize:
          CHECK(std::abs(m.eigenvalue + table.capsize) < 1e-9);
          CHECK((m.roll == cd(1.0) && std::abs(m.steer) < 0.5));  // a fall, mostly roll, as at +5 m/s
          break;
        case ModeLabel::weave: CHECK(std::abs(std::abs(m.eigenvalue.imag()) - table.weave_im) < 1e-9); break;
      }
    }
  }
}
