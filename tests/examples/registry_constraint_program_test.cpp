// The recorded programs of the constraint functions (carvallo/expression_graph.hpp: recorded from the
// definition and differentiated on its expression graph) on every registered model and variant: every model
// is recorded (none branches on the state), and at the recording state and at random states away from it
// C_q, D_q̇, J, [Ċ; D] and constraint_terms (C_q, Q_d,h, D_q̇, Q_d,nh) equal the dual-number AD of the same
// Model without programs (Model::with_recorded_programs(false): an independent route, the chain rule run by
// the duals through the model's code, not on the graph). Tolerance: round-off of the two routes, relative
// to the larger entry. The block Schur solve recorded from the loops' template gives the loops' bits. Where the
// build has machine code (CARVALLO_MACHINE_CODE), the same programs compiled give the interpreter's bits, and
// the solves did run compiled code.
#include "../core/dense_jacobian.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/straight_line_program.hpp"
#if defined(CARVALLO_MACHINE_CODE)
#include "carvallo/machine_code.hpp"
#endif
#include "registry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace carvallo;
using namespace carvallo::examples;
using carvallo_test::mismatch;

TEST_CASE("registry: every model's constraint terms by the recorded program equal those recorded at each state and differences",
          "[registry]") {
  std::mt19937 rng(1907);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0, worst_qdh = 0.0, worst_qdnh = 0.0;
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      INFO(e.name << " / " << v);
      const Model ad = m.with_recorded_programs(false);
      Eigen::MatrixXd Cq, Dqd, ref_m, J;
      Eigen::VectorXd Qdh, Qdnh, ref_v, r;
      auto compare = [&](const auto& got, const auto& ref, double tol) {
        REQUIRE(got.rows() == ref.rows());
        REQUIRE(got.cols() == ref.cols());
        CHECK(mismatch(got, ref) < tol);
        worst = std::max(worst, mismatch(got, ref));
      };
      for (int trial = 0; trial < 10; ++trial) {
        Eigen::VectorXd q = inst.q0, qd = inst.qd0;
        if (trial > 0)  // the first at the initial state, where the programs are recorded
          for (int i = 0; i < m.nq(); ++i) {
            q[i] += 0.2 * (1.0 + std::abs(q[i])) * u(rng);
            qd[i] += (1.0 + std::abs(qd[i])) * u(rng);
          }
        const double t = inst.t0 + (trial > 0 ? u(rng) : 0.0);
        m.constraint_terms(q, qd, t, Cq, Qdh, Dqd, Qdnh);
        REQUIRE(m.constraint_terms_recorded());
        CHECK_FALSE(ad.constraint_terms_recorded());
        ad.C_q(q, t, ref_m);
        compare(Cq, ref_m, 1e-13);
        m.C_q(q, t, J);
        compare(J, ref_m, 1e-13);
        ad.Q_dh(q, qd, t, ref_v);
        compare(Qdh, ref_v, 1e-12);
        ad.D_qd(q, qd, t, ref_m);
        compare(Dqd, ref_m, 1e-13);
        m.D_qd(q, qd, t, J);
        compare(J, ref_m, 1e-13);
        ad.Q_dnh(q, qd, t, ref_v);
        compare(Qdnh, ref_v, 1e-12);
        ad.J(q, qd, t, ref_m);
        m.J(q, qd, t, J);
        compare(J, ref_m, 1e-13);
        ad.velocity_residual(q, qd, t, ref_v);
        m.velocity_residual(q, qd, t, r);
        compare(r, ref_v, 1e-13);
        ad.constraint_terms(q, qd, t, Cq, Qdh, Dqd, Qdnh);  // the fallback path: the four functions
        ad.Q_dh(q, qd, t, ref_v);
        CHECK(Qdh == ref_v);
        // Differences along the path: steps of 1e-3 times the path's scale (a second difference loses more).
        const double h = 1e-3 / (1.0 + qd.lpNorm<Eigen::Infinity>());
        if (m.nch() > 0) {
          m.Q_dh(q, qd, t, r);
          const double d = mismatch(r, carvallo_test::difference_Q_dh(m, q, qd, t, 10.0 * h));
          CHECK(d < 1e-7);  // 5.4e-9 at most, measured on 2026-12-03
          worst_qdh = std::max(worst_qdh, d);
        }
        if (m.ncnh() > 0) {
          m.Q_dnh(q, qd, t, r);
          const double d = mismatch(r, carvallo_test::difference_Q_dnh(m, q, qd, t, h));
          CHECK(d < 1e-8);  // 1.4e-10 at most, measured on 2026-12-03
          worst_qdnh = std::max(worst_qdnh, d);
        }
      }
    }
  WARN("largest relative difference, program against the graph recorded at each state: " << worst
       << "; against differences, Q_d,h " << worst_qdh << ", Q_d,nh " << worst_qdnh);
}

#if defined(CARVALLO_MACHINE_CODE)
TEST_CASE("registry: every model's constraint programs run as machine code give the interpreter's bits",
          "[registry][machine-code]") {
  // The model's own op mix (rotations, joints, contacts, gears): C, D and the Jacobians C_q and D_q̇ recorded
  // from the definition as Model records them, then run both ways at the recording state and away from it.
  std::mt19937 rng(2027);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int programs = 0;
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      INFO(e.name << " / " << v);
      const int nq = m.nq();
      ExpressionGraph g;
      const ExpressionGraph::Scope scope(g);
      Vec<Recorded> q(nq), qd(nq), C(m.nch()), D(m.ncnh());
      std::vector<int> inputs, q_inputs, qd_inputs;
      for (int i = 0; i < nq; ++i) q_inputs.push_back((q[i] = Recorded(inst.q0[i], g.input(inst.q0[i]))).id);
      for (int i = 0; i < nq; ++i) qd_inputs.push_back((qd[i] = Recorded(inst.qd0[i], g.input(inst.qd0[i]))).id);
      const Recorded t(inst.t0, g.input(inst.t0));
      inputs = q_inputs;
      inputs.insert(inputs.end(), qd_inputs.begin(), qd_inputs.end());
      inputs.push_back(t.id);
      if (m.nch() > 0) m.recorder().record_holonomic(q, t, C);
      if (m.ncnh() > 0) m.recorder().record_nonholonomic(q, qd, t, D);
      std::vector<int> outputs, c_nodes, d_nodes;
      for (int i = 0; i < m.nch(); ++i) c_nodes.push_back(detail::node_of(C[i]));
      for (int i = 0; i < m.ncnh(); ++i) d_nodes.push_back(detail::node_of(D[i]));
      outputs = c_nodes;
      outputs.insert(outputs.end(), d_nodes.begin(), d_nodes.end());
      for (const auto& row : g.gradients(q_inputs, c_nodes))
        for (const auto& entry : row) outputs.push_back(entry.second);
      for (const auto& row : g.gradients(qd_inputs, d_nodes))
        for (const auto& entry : row) outputs.push_back(entry.second);
      const StraightLineProgram p(g, inputs, outputs);
      if (p.instruction_count() == 0) continue;  // constant constraints: nothing to run
      REQUIRE(p.compile());
      ++programs;
      std::vector<double> in(inputs.size()), a(outputs.size()), b(outputs.size()), ws1, ws2;
      for (int trial = 0; trial < 20; ++trial) {
        for (int i = 0; i < nq; ++i) {
          in[static_cast<std::size_t>(i)] = inst.q0[i] + (trial > 0 ? 0.3 * (1.0 + std::abs(inst.q0[i])) * u(rng) : 0.0);
          in[static_cast<std::size_t>(nq + i)] = inst.qd0[i] + (trial > 0 ? (1.0 + std::abs(inst.qd0[i])) * u(rng) : 0.0);
        }
        in.back() = inst.t0 + (trial > 0 ? u(rng) : 0.0);
        p.run(in.data(), a.data(), ws1);
        p.run_interpreted(in.data(), b.data(), ws2);
        // Bit for bit (memcmp: also the signs of zeros); these constraints are finite at such states.
        CHECK(std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0);
      }
    }
  CHECK(programs > 5);
}
#endif

TEST_CASE("registry: every model's recorded block Schur solve gives the loops' accelerations and multipliers",
          "[registry]") {
  // The augmented solver records its linear algebra after 64 solves with one structure and then runs the
  // program (acceleration.cpp, BlockSchur::solve_recorded), the loops' operations in their order: q̈ and ν
  // equal the loops' exactly (set_recorded_programs(false)), at the initial state and at random states
  // around it, for every registered model; where M is not positive definite both fall back to the LU.
  std::mt19937 rng(4242);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0, whole = 0;
#if defined(CARVALLO_MACHINE_CODE)
  const long machine_code_runs = MachineCode::total_runs();
#endif
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      INFO(e.name << " / " << v);
      auto recorded = make_acceleration_solver(AccelerationMethod::Augmented);
      auto loops = make_acceleration_solver(AccelerationMethod::Augmented);
      loops->set_recorded_programs(false);
      AccelerationResult a, b;
      for (int trial = 0; trial < 150; ++trial) {
        Eigen::VectorXd q = inst.q0, qd = inst.qd0;
        if (trial % 2 == 1)  // half at the initial state, half around it (small: the same structure)
          for (int i = 0; i < m.nq(); ++i) {
            q[i] += 0.05 * (1.0 + std::abs(q[i])) * u(rng);
            qd[i] += 0.5 * (1.0 + std::abs(qd[i])) * u(rng);
          }
        bool threw_a = false, threw_b = false;
        try {
          recorded->solve(m, inst.t0, q, qd, {}, a);
        } catch (const SolverError&) {
          threw_a = true;
        }
        try {
          loops->solve(m, inst.t0, q, qd, {}, b);
        } catch (const SolverError&) {
          threw_b = true;
        }
        REQUIRE(threw_a == threw_b);
        if (threw_a) continue;
        CHECK(a.qdd == b.qdd);
        CHECK(a.nu == b.nu);
        CHECK(a.rank == b.rank);
        ++compared;
      }
      CHECK(loops->whole_program_solves() == 0);
      if (recorded->whole_program_solves() > 0) ++whole;
    }
  CHECK(compared > 1000);
  // The bicycle and the mechanisms without redundant rows ran the whole evaluation as one program.
  WARN("models whose solves ran as one program: " << whole);
  CHECK(whole > 5);
#if defined(CARVALLO_MACHINE_CODE)
  // 150 solves per model pass the 64 runs after which a program is assembled: the compiled code ran.
  CHECK(MachineCode::total_runs() - machine_code_runs > 1000);
#endif
}

TEST_CASE("registry: solve_pair gives the bits of two solves at one configuration, as one program where solve runs one",
          "[registry]") {
  // AccelerationSolver::solve_pair (the steady turns' two velocities at a configuration): the augmented
  // solver records both solves in one graph, which shares what does not depend on q̇; each result must be
  // the one solve() gives, bit for bit, and it must run as one program wherever solve() runs its one
  // program. Udwadia–Kalaba's pair is two solves.
  std::mt19937 rng(777);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0, paired = 0;
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants)
      for (const AccelerationMethod method : {AccelerationMethod::Augmented, AccelerationMethod::UdwadiaKalaba}) {
        const ModelInstance inst = e.make(v);
        const Model& m = inst.model;
        INFO(e.name << " / " << v << " / " << static_cast<int>(method));
        auto pair = make_acceleration_solver(method);
        auto single = make_acceleration_solver(method);
        AccelerationResult a, b, one, other;
        for (int trial = 0; trial < 100; ++trial) {
          Eigen::VectorXd q = inst.q0, qd_a = inst.qd0, qd_b = Eigen::VectorXd::Zero(m.nq());
          for (int i = 0; i < m.nq(); ++i) {
            q[i] += 0.05 * (1.0 + std::abs(q[i])) * u(rng);
            qd_a[i] += 0.5 * (1.0 + std::abs(qd_a[i])) * u(rng);
            if (trial % 2 == 1) qd_b[i] = 2.0 * u(rng);  // half the pairs with a velocity at rest (the turns' a)
          }
          const long before = single->whole_program_solves(), pair_before = pair->whole_program_solves();
          bool threw_pair = false, threw_single = false;
          try {
            pair->solve_pair(m, inst.t0, q, qd_a, qd_b, a, b);
          } catch (const SolverError&) {
            threw_pair = true;
          }
          try {
            single->solve(m, inst.t0, q, qd_a, {}, one);
            single->solve(m, inst.t0, q, qd_b, {}, other);
          } catch (const SolverError&) {
            threw_single = true;
          }
          REQUIRE(threw_pair == threw_single);
          if (threw_pair) continue;
          CHECK(a.qdd == one.qdd);
          CHECK(a.nu == one.nu);
          CHECK(b.qdd == other.qdd);
          CHECK(b.nu == other.nu);
          CHECK(a.rank == one.rank);
          CHECK(pair->whole_program_solves() - pair_before == single->whole_program_solves() - before);
          if (single->whole_program_solves() - before == 2) ++paired;
          ++compared;
        }
      }
  CHECK(compared > 1000);
  WARN("pairs solved as one program: " << paired);
  CHECK(paired > 200);
}

TEST_CASE("registry: every model's dynamics program gives M, Q_b, J and Q_d as the definition's double code",
          "[registry]") {
  // Model::dynamics_terms runs the mass matrix, the forces and the constraint terms as one recorded program
  // where the definition records; the independent route is M() and Q_b() (the definition's double code, the
  // Euler-angle bodies' Newton–Euler Q_v included) and C_q, D_q̇, Q_d of the Model without programs (the
  // dual-number AD). At the initial state and random states around it; round-off relative to the larger entry.
  std::mt19937 rng(1961);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int recorded = 0;
  double worst = 0.0;
  for (const auto& e : models())
    for (const auto& v : e.variants.empty() ? std::vector<std::string>{""} : e.variants) {
      const ModelInstance inst = e.make(v);
      const Model& m = inst.model;
      const Model duals = m.with_recorded_programs(false);
      INFO(e.name << " / " << v);
      for (int trial = 0; trial < 10; ++trial) {
        Eigen::VectorXd q = inst.q0, qd = inst.qd0;
        if (trial > 0)
          for (int i = 0; i < m.nq(); ++i) {
            q[i] += 0.2 * (1.0 + std::abs(q[i])) * u(rng);
            qd[i] += (1.0 + std::abs(qd[i])) * u(rng);
          }
        Eigen::MatrixXd M, J, M_ref, J_ref;
        Eigen::VectorXd Qb, Qd, Qb_ref, Qd_ref;
        const bool ran = m.dynamics_terms(q, qd, inst.t0, M, Qb, J, Qd);
        CHECK(ran == (m.dynamics_structure() != nullptr));
        duals.M(q, inst.t0, M_ref);
        duals.Q_b(q, qd, inst.t0, Qb_ref);
        duals.J(q, qd, inst.t0, J_ref);
        duals.Q_d(q, qd, inst.t0, Qd_ref);
        for (const auto& [name, a, b] : {std::tuple{"M", &M, &M_ref}, std::tuple{"J", &J, &J_ref}}) {
          INFO(name);
          REQUIRE(a->rows() == b->rows());
          REQUIRE(a->cols() == b->cols());
          const double d = mismatch(*a, *b);
          worst = std::max(worst, d);
          CHECK(d <= 1e-12);
        }
        for (const auto& [name, a, b] : {std::tuple{"Q_b", &Qb, &Qb_ref}, std::tuple{"Q_d", &Qd, &Qd_ref}}) {
          INFO(name);
          REQUIRE(a->size() == b->size());
          const double d = mismatch(Eigen::MatrixXd(*a), Eigen::MatrixXd(*b));
          worst = std::max(worst, d);
          CHECK(d <= 1e-12);
        }
        if (!ran) continue;
        // Outside the structure the program's M and J are zero, and so are the definition's.
        Eigen::MatrixXd inside_m = Eigen::MatrixXd::Zero(M.rows(), M.cols());
        Eigen::MatrixXd inside_j = Eigen::MatrixXd::Zero(J.rows(), J.cols());
        for (const auto& [i, j] : m.dynamics_structure()->mass) inside_m(i, j) = 1.0;
        for (const auto& [i, j] : m.dynamics_structure()->jacobian) inside_j(i, j) = 1.0;
        CHECK((M_ref.array() * (1.0 - inside_m.array())).abs().sum() == 0.0);
        CHECK((J_ref.array() * (1.0 - inside_j.array())).abs().sum() == 0.0);
        if (trial == 0) ++recorded;
      }
    }
  WARN("models with a dynamics program: " << recorded << "; largest relative difference: " << worst);
  CHECK(recorded > 5);
}
