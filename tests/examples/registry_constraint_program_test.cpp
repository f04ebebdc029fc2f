// Model::constraint_terms (one straight-line program recorded from the definition and differentiated on its
// expression graph, carvallo/expression_graph.hpp) on every registered model and variant: every model is
// recorded (none branches on the state), and at random states away from the recording state C_q, Q_d,h,
// D_q̇ and Q_d,nh equal the dual-number AD of Model::C_q, Q_dh, D_qd and Q_dnh (an independent route: the
// chain rule run by the duals through the model's code, not on the graph). Tolerance: round-off of the two
// routes, relative to the larger entry.
#include "../core/dense_jacobian.hpp"
#include "registry.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace carvallo;
using namespace carvallo::examples;
using carvallo_test::mismatch;

TEST_CASE("registry: every model's constraint terms by the recorded program equal the dual-number AD",
          "[registry]") {
  std::mt19937 rng(1907);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0;
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      INFO(e.name << " / " << v);
      Eigen::MatrixXd Cq, Dqd, ref_m;
      Eigen::VectorXd Qdh, Qdnh, ref_v;
      for (int trial = 0; trial < 10; ++trial) {
        Eigen::VectorXd q = inst.q0, qd = inst.qd0;
        if (trial > 0)  // the first at the initial state, where the program is recorded
          for (int i = 0; i < m.nq(); ++i) {
            q[i] += 0.2 * (1.0 + std::abs(q[i])) * u(rng);
            qd[i] += (1.0 + std::abs(qd[i])) * u(rng);
          }
        const double t = inst.t0 + (trial > 0 ? u(rng) : 0.0);
        m.constraint_terms(q, qd, t, Cq, Qdh, Dqd, Qdnh);
        REQUIRE(m.constraint_terms_recorded());
        m.C_q(q, t, ref_m);
        REQUIRE(Cq.rows() == ref_m.rows());
        REQUIRE(Cq.cols() == ref_m.cols());
        CHECK(mismatch(Cq, ref_m) < 1e-13);
        worst = std::max(worst, mismatch(Cq, ref_m));
        m.Q_dh(q, qd, t, ref_v);
        REQUIRE(Qdh.size() == ref_v.size());
        CHECK(mismatch(Qdh, ref_v) < 1e-12);
        worst = std::max(worst, mismatch(Qdh, ref_v));
        m.D_qd(q, qd, t, ref_m);
        REQUIRE(Dqd.rows() == ref_m.rows());
        REQUIRE(Dqd.cols() == ref_m.cols());
        CHECK(mismatch(Dqd, ref_m) < 1e-13);
        worst = std::max(worst, mismatch(Dqd, ref_m));
        m.Q_dnh(q, qd, t, ref_v);
        REQUIRE(Qdnh.size() == ref_v.size());
        CHECK(mismatch(Qdnh, ref_v) < 1e-12);
        worst = std::max(worst, mismatch(Qdnh, ref_v));
      }
    }
  WARN("largest relative difference, program against dual-number AD: " << worst);
}
