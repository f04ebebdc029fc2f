// The structural patterns (Model::C_q_sparsity etc., read off the expression graph) on every registered
// model and variant: no model's constraints branch on the state (so their patterns hold at every state),
// every nonzero of the Jacobian by differences at random states lies in the pattern recorded at the
// initial state, and C_q, D_q̇, D_q equal the differences there (reference: tests/core/dense_jacobian.hpp,
// central differences of fourth order of the double C and D; tolerance: their truncation and round-off).
#include "../core/dense_jacobian.hpp"
#include "registry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace carvallo;
using namespace carvallo::examples;
using carvallo_test::covers;
using carvallo_test::mismatch;

namespace {
// Fourth-order differences with steps of 1e-3: truncation about 1e-12 and round-off about 1e-13 times the
// entries' size (5.6e-12 at most, measured on 2026-12-03).
constexpr double kDifferences = 1e-10;
}  // namespace

TEST_CASE("registry: every model's constraint Jacobians have an exact, state-independent pattern", "[registry]") {
  std::mt19937 rng(2026);
  double worst = 0.0;
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      INFO(e.name << " / " << v);
      const SparsityPattern cq = m.C_q_sparsity(inst.q0, inst.t0);
      const SparsityPattern dqd = m.D_qd_sparsity(inst.q0, inst.qd0, inst.t0);
      const SparsityPattern dq = m.D_q_sparsity(inst.q0, inst.qd0, inst.t0);
      CHECK_FALSE(cq.value_dependent);
      CHECK_FALSE(dqd.value_dependent);
      CHECK_FALSE(dq.value_dependent);
      Eigen::MatrixXd J;
      for (int trial = 0; trial < 10; ++trial) {
        Eigen::VectorXd q = inst.q0, qd = inst.qd0;
        for (int i = 0; i < m.nq(); ++i) {
          q[i] += 0.2 * (1.0 + std::abs(q[i])) * u(rng);
          qd[i] += (1.0 + std::abs(qd[i])) * u(rng);
        }
        const double t = inst.t0 + u(rng);
        if (m.nch() > 0) {
          const Eigen::MatrixXd ref = carvallo_test::difference_C_q(m, q, t);
          CHECK(covers(cq, ref));
          m.C_q(q, t, J);
          CHECK(mismatch(J, ref) < kDifferences);
          worst = std::max(worst, mismatch(J, ref));
        }
        if (m.ncnh() > 0) {
          Eigen::MatrixXd ref = carvallo_test::difference_D_qd(m, q, qd, t);
          CHECK(covers(dqd, ref));
          m.D_qd(q, qd, t, J);
          CHECK(mismatch(J, ref) < kDifferences);
          worst = std::max(worst, mismatch(J, ref));
          ref = carvallo_test::difference_D_q(m, q, qd, t);
          CHECK(covers(dq, ref));
          m.D_q(q, qd, t, J);
          CHECK(mismatch(J, ref) < kDifferences);
          worst = std::max(worst, mismatch(J, ref));
        }
      }
    }
  WARN("largest relative difference, Jacobians against differences: " << worst);
}
