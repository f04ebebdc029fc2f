// ParameterValues<T> (parameter_values.hpp): the same 26 members as Parameters, in kParameterTable's
// order, and Appendix A evaluated on it is bit-identical to Appendix A on Parameters; the AD seeding puts
// parameter k's tangent in slot k, checked against central differences of the matrices.
#include "bicycle/parameter_values.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/presets.hpp"
#include "bicycle/random_parameters.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

using namespace carvallo::bicycle;

namespace {

// Each member compared by name: an independent statement of the order parameter_value_members() encodes.
void check_same_members(const Parameters& p, const ParameterValues<double>& q) {
  CHECK(q.w == p.w); CHECK(q.c == p.c); CHECK(q.lambda == p.lambda); CHECK(q.g == p.g);
  CHECK(q.rR == p.rR); CHECK(q.mR == p.mR); CHECK(q.IRxx == p.IRxx); CHECK(q.IRyy == p.IRyy);
  CHECK(q.xB == p.xB); CHECK(q.zB == p.zB); CHECK(q.mB == p.mB); CHECK(q.IBxx == p.IBxx);
  CHECK(q.IByy == p.IByy); CHECK(q.IBzz == p.IBzz); CHECK(q.IBxz == p.IBxz);
  CHECK(q.xH == p.xH); CHECK(q.zH == p.zH); CHECK(q.mH == p.mH); CHECK(q.IHxx == p.IHxx);
  CHECK(q.IHyy == p.IHyy); CHECK(q.IHzz == p.IHzz); CHECK(q.IHxz == p.IHxz);
  CHECK(q.rF == p.rF); CHECK(q.mF == p.mF); CHECK(q.IFxx == p.IFxx); CHECK(q.IFyy == p.IFyy);
}

bool bit_identical(const Eigen::Matrix2d& a, const Eigen::Matrix2d& b) { return std::memcmp(a.data(), b.data(), sizeof(double) * 4) == 0; }

}  // namespace

TEST_CASE("ParameterValues has Parameters' members in kParameterTable's order", "[parameter_values]") {
  // Random sets have 26 distinct values, so a swapped member would show.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) check_same_members(random_parameters(seed), parameter_values<double>(random_parameters(seed)));
  const auto members = parameter_value_members<double>();
  const Parameters p = random_parameters(7);
  const ParameterValues<double> q = parameter_values<double>(p);
  for (std::size_t k = 0; k < kParameterCount; ++k) CHECK(q.*members[k] == p.*kParameterTable[k].member);
}

TEST_CASE("Appendix A on ParameterValues<double> is bit-identical to Appendix A on Parameters", "[parameter_values]") {
  std::vector<Parameters> sets;
  for (const auto& preset : presets()) sets.push_back(load_preset(preset.name)->values);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) sets.push_back(random_parameters(seed, {0.3}));
  for (const auto& p : sets) {
    const auto a = canonical_matrices<double>(p);
    const auto b = canonical_matrices<double>(parameter_values<double>(p));
    CHECK(bit_identical(a.M, b.M));
    CHECK(bit_identical(a.C1, b.C1));
    CHECK(bit_identical(a.K0, b.K0));
    CHECK(bit_identical(a.K2, b.K2));
  }
}

TEST_CASE("seeded AD derivatives of M, C1, K0, K2 match central differences for every parameter", "[parameter_values]") {
  // Central differences with a relative step 1e-6: truncation ~1e-12, round-off ~1e-10 of the entries'
  // scale; 1e-7 of each matrix's largest entry bounds both with margin.
  for (const Parameters& p : {benchmark_parameters(), random_parameters(11)}) {
    const auto dual = canonical_matrices<ParameterDual>(seeded_parameter_values(p));
    const auto value = canonical_matrices<double>(p);
    // The primal values are the double ones up to the rounding of DualVec's own division.
    CHECK(std::abs(dual.M(0, 1).v - value.M(0, 1)) <= 1e-14 * std::abs(value.M(0, 1)));
    for (std::size_t k = 0; k < kParameterCount; ++k) {
      const auto& d = kParameterTable[k];
      const double h = 1e-6 * std::max(std::abs(p.*d.member), 1e-2);
      Parameters plus = p, minus = p;
      plus.*d.member += h;
      minus.*d.member -= h;
      const auto mp = canonical_matrices<double>(plus), mm = canonical_matrices<double>(minus);
      auto check = [&](const Eigen::Matrix<ParameterDual, 2, 2>& ad, const Eigen::Matrix2d& fp, const Eigen::Matrix2d& fm,
                       const Eigen::Matrix2d& f) {
        const double scale = f.cwiseAbs().maxCoeff() / std::max(std::abs(p.*d.member), 1e-2);
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 2; ++j) {
            INFO(d.name << " entry " << i << j);
            CHECK(std::abs(ad(i, j).d[k] - (fp(i, j) - fm(i, j)) / (2 * h)) <= 1e-7 * scale);
          }
      };
      check(dual.M, mp.M, mm.M, value.M);
      check(dual.C1, mp.C1, mm.C1, value.C1);
      check(dual.K0, mp.K0, mm.K0, value.K0);
      check(dual.K2, mp.K2, mm.K2, value.K2);
    }
  }
}
