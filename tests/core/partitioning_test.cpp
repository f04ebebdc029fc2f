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

namespace {

// The dependent block A(p.rows, p.dependent) and its reciprocal condition in the 1-norm, from its inverse.
double exact_block_rcond(const Eigen::MatrixXd& A, const carvallo::Partition& p) {
  Eigen::MatrixXd B(p.rank, p.rank);
  for (int a = 0; a < p.rank; ++a)
    for (int b = 0; b < p.rank; ++b) B(a, b) = A(p.rows[a], p.dependent[b]);
  const auto norm1 = [](const Eigen::MatrixXd& X) { return X.cwiseAbs().colwise().sum().maxCoeff(); };
  return 1.0 / (norm1(B) * norm1(B.inverse()));
}

}  // namespace

TEST_CASE("The first Newton step may solve with the DOF analysis' own factors", "[partitioning]") {
  // KnownAtStart::Factor::DofAnalysis: the leading block of the full-pivoting LU that chose the partition
  // factors the dependent block, so the first step needs no factorization of its own. Reference: the same
  // analysis factorizing the block (PartialPivLU) at every step.
  carvallo_test::FourBar fb;
  fb.duplicate = GENERATE(false, true);  // with a redundant row, which the DOF analysis drops
  CAPTURE(fb.duplicate);
  const carvallo::Model model{fb};
  carvallo::State s = fb.state(1.0, 2.0);
  s.q += Eigen::Vector4d(0.01, -0.02, 0.03, 0.015);  // off the constraints: several Newton steps
  s.qd += Eigen::Vector4d(0.2, -0.1, 0.3, 0.05);
  const carvallo::Tolerances tol;
  carvallo::PartitionWorkspace ws, reference_ws;

  Eigen::MatrixXd Cq;
  model.C_q(s.q, s.t, Cq);
  carvallo::Partition pp;
  carvallo::dof_analysis(Cq, tol.rank, pp, ws);
  Eigen::VectorXd q_ref = s.q, q = s.q;
  const int it_ref = carvallo::position_analysis(model, s.t, q_ref, pp, tol, reference_ws);
  carvallo::KnownAtStart known;
  known.jacobian = &Cq;
  known.factor = carvallo::KnownAtStart::Factor::DofAnalysis;
  const int it = carvallo::position_analysis(model, s.t, q, pp, tol, ws, known);
  CHECK(it == it_ref);
  CHECK(it >= 2);
  CHECK((q - q_ref).lpNorm<Eigen::Infinity>() <= 1e-14);
  Eigen::VectorXd c;
  model.C(q, s.t, c);
  CHECK(ws.c == c);  // the residual at the returned q, every row

  Eigen::MatrixXd J;
  model.J(q, s.qd, s.t, J);
  carvallo::Partition pv;
  carvallo::dof_analysis(J, tol.rank, pv, ws);
  Eigen::VectorXd qd_ref = s.qd, qd = s.qd;
  const int vit_ref = carvallo::velocity_analysis(model, s.t, q, qd_ref, pv, tol, reference_ws);
  known.jacobian = &J;
  const int vit = carvallo::velocity_analysis(model, s.t, q, qd, pv, tol, ws, nullptr, known);
  CHECK(vit == vit_ref);
  CHECK(vit >= 1);
  CHECK((qd - qd_ref).lpNorm<Eigen::Infinity>() <= 1e-13);
  model.velocity_residual(q, qd, s.t, c);
  CHECK(ws.c == c);
}

TEST_CASE("The condition check on the DOF analysis' factors refuses what the block's own factorization refuses",
          "[partitioning]") {
  const carvallo_test::FourBar fb;
  const carvallo::Model model{fb};
  carvallo::State s = fb.state(0.4, 0.0);
  s.q[3] += 0.05;
  Eigen::MatrixXd Cq;
  model.C_q(s.q, s.t, Cq);
  carvallo::Partition p;
  carvallo::PartitionWorkspace ws;
  carvallo::dof_analysis(Cq, 1e-10, p, ws);
  const double rcond = exact_block_rcond(Cq, p);
  REQUIRE(rcond > 1e-3);
  for (const bool own_factors : {false, true}) {
    CAPTURE(own_factors);
    carvallo::KnownAtStart known;
    if (own_factors) {
      known.jacobian = &Cq;
      known.factor = carvallo::KnownAtStart::Factor::DofAnalysis;
    }
    carvallo::Tolerances tol;
    tol.min_rcond = 0.5 * rcond;  // the estimate is at least the exact value: accepted
    Eigen::VectorXd q = s.q;
    CHECK_NOTHROW(carvallo::position_analysis(model, s.t, q, p, tol, ws, known));
    tol.min_rcond = 4.0 * rcond;  // Hager–Higham's estimate is exact or close for a 3 × 3 block: refused
    q = s.q;
    try {
      carvallo::position_analysis(model, s.t, q, p, tol, ws, known);
      FAIL("expected an error");
    } catch (const carvallo::SolverError& e) {
      INFO(e.what());
      CHECK(e.kind() == carvallo::SolverError::Kind::SingularMatrix);
      CHECK(e.subject() == model.coordinate_name(p.dependent[0]) + ", " +
                               model.coordinate_name(p.dependent[1]) + ", " + model.coordinate_name(p.dependent[2]));
    }
  }
}
