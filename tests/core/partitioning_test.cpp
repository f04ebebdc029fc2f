// Coordinate partitioning (000 §3.3-3.4) and consistent initial conditions, on the four-bar of
// test_models.hpp. References: the closed-form assembly of the four-bar (circle intersections) and the
// exact rank of hand-built matrices.
#include "carvallo/partitioning.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>

TEST_CASE("DOF analysis finds rank, dependent columns and redundant rows", "[partitioning]") {
  // Row 2 = row 0 + row 1 (redundant); column 3 is zero (necessarily independent).
  Eigen::MatrixXd A(3, 4);
  A << 1, 2, 0, 0,  //
      0, 1, 3, 0,   //
      1, 3, 3, 0;
  carvallo::Partition p;
  carvallo::PartitionWorkspace ws;
  carvallo::dof_analysis(A, 1e-10, p, ws);
  CHECK(p.rank == 2);
  CHECK(p.dependent.size() == 2);
  CHECK(p.independent.size() == 2);
  CHECK(std::find(p.independent.begin(), p.independent.end(), 3) != p.independent.end());
  CHECK(p.rows.size() == 2);
  CHECK(p.redundant_rows.size() == 1);
  // The kept rows restricted to the dependent columns are invertible.
  Eigen::Matrix2d B;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) B(a, b) = A(p.rows[a], p.dependent[b]);
  CHECK(std::abs(B.determinant()) > 1e-6);
}

TEST_CASE("Consistent initial conditions of the four-bar from the crank's x and x-velocity", "[partitioning]") {
  const carvallo_test::FourBar fb;
  const carvallo::Model model{fb};
  const carvallo::State exact = fb.state(1.0, 2.0);
  carvallo::State guess = exact;
  guess.q += Eigen::Vector4d(0.0, 0.05, -0.08, 0.04);  // x1 kept, the rest perturbed
  guess.qd += Eigen::Vector4d(0.0, 0.3, -0.2, 0.1);
  const carvallo::State s = carvallo::make_consistent(model, guess, {{"x1"}, {"x1"}});
  CHECK((s.q - exact.q).norm() < 1e-12);
  CHECK((s.qd - exact.qd).norm() < 1e-11);
  CHECK(s.q[0] == guess.q[0]);
  CHECK(s.qd[0] == guess.qd[0]);

  // Automatic choice of the independent coordinate: still consistent.
  const carvallo::State a = carvallo::make_consistent(model, guess);
  Eigen::VectorXd c;
  model.C(a.q, 0.0, c);
  CHECK(c.lpNorm<Eigen::Infinity>() <= 1e-12);
  model.C_dot(a.q, a.qd, 0.0, c);
  CHECK(c.lpNorm<Eigen::Infinity>() <= 1e-12);
}

TEST_CASE("Consistent initial conditions: clear errors when none exist", "[partitioning]") {
  const carvallo_test::FourBar fb;
  const carvallo::Model model{fb};
  carvallo::State guess = fb.state(1.0, 0.0);
  SECTION("crank x beyond the crank length") {
    guess.q[0] = 1.5;  // |x1| > l1: the crank joint cannot close
    try {
      carvallo::make_consistent(model, guess, {{"x1"}, {"x1"}});
      FAIL("expected an error");
    } catch (const carvallo::SolverError& e) {
      INFO(e.what());
      CHECK((e.kind() == carvallo::SolverError::Kind::InconsistentInput ||
             e.kind() == carvallo::SolverError::Kind::SingularMatrix));
      CHECK(!e.subject().empty());
    }
  }
  SECTION("wrong number of independent coordinates") {
    CHECK_THROWS_AS(carvallo::make_consistent(model, guess, {{"x1", "y1"}, {}}), carvallo::SolverError);
  }
  SECTION("unknown coordinate name") {
    try {
      carvallo::make_consistent(model, guess, {{"theta"}, {}});
      FAIL("expected an error");
    } catch (const carvallo::SolverError& e) {
      CHECK(e.kind() == carvallo::SolverError::Kind::InvalidArgument);
      CHECK(e.subject() == "theta");
    }
  }
}

TEST_CASE("A prescribed independent coordinate that cannot be independent is a named error", "[partitioning]") {
  const carvallo_test::FourBar fb;
  const carvallo::Model model{fb};
  // Crank along +x (θ = 0): ∂C_crank/∂y1 = 2 y1 = 0, so with x1 held the crank joint cannot determine
  // y1: the dependent block of C_q is singular there.
  const carvallo::State s = fb.state(0.0, 0.0);
  try {
    carvallo::make_consistent(model, s, {{"x1"}, {"x1"}});
    FAIL("expected an error");
  } catch (const carvallo::SolverError& e) {
    INFO(e.what());
    CHECK(e.kind() == carvallo::SolverError::Kind::SingularMatrix);
    CHECK(e.subject() == "x1");
  }
  // Choosing y1 instead is fine there.
  CHECK_NOTHROW(carvallo::make_consistent(model, s, {{"y1"}, {"y1"}}));
}

TEST_CASE("Newton non-convergence is a typed error naming the constraint and the time", "[partitioning]") {
  const carvallo_test::FourBar fb;
  const carvallo::Model model{fb};
  carvallo::State s = fb.state(1.0, 0.0);
  s.t = 4.25;
  s.q[2] += 0.3;  // far from the rocker circle: Newton needs several iterations
  carvallo::Tolerances tol;
  tol.max_iterations = 1;
  carvallo::Partition p;
  carvallo::PartitionWorkspace ws;
  Eigen::MatrixXd Cq;
  model.C_q(s.q, s.t, Cq);
  carvallo::fixed_partition(model, Cq, {0}, tol.rank, s.t, p, ws);  // x1 independent (not perturbed)
  try {
    carvallo::position_analysis(model, s.t, s.q, p, tol, ws);
    FAIL("expected an error");
  } catch (const carvallo::SolverError& e) {
    INFO(e.what());
    CHECK(e.kind() == carvallo::SolverError::Kind::NonConvergence);
    CHECK(e.time() == 4.25);
    CHECK((e.subject() == "crank" || e.subject() == "coupler" || e.subject() == "rocker"));
    CHECK(e.iterations() == 1);
    CHECK(std::string(e.what()).find("t = 4.25") != std::string::npos);
  }
}
