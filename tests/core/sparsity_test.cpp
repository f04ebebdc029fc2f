// carvallo/sparsity.hpp and the coloured Jacobians of Model: the tracer's dependency bits against hand-derived
// structures, its values against double evaluation (bit for bit), its branch counting, the colouring's
// defining property, and C_q / D_q̇ / D_q against the dense single-direction AD Jacobian (an independent
// route: one Dual1 pass per column, no colouring, no vector mode) at states other than the first call's.
#include "carvallo/sparsity.hpp"

#include "carvallo/blocks/rotation.hpp"
#include "carvallo/model.hpp"
#include "dense_jacobian.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

using namespace carvallo;
using Eigen::MatrixXd;
using Eigen::VectorXd;
using carvallo_test::covers;
using carvallo_test::dense_C_q;
using carvallo_test::dense_D_q;
using carvallo_test::dense_D_qd;
using carvallo_test::mismatch;

namespace {

SparsityTracer input(double v, int bit) { return {v, std::uint64_t{1} << bit, true}; }
// A value 0 that depends on an argument (a rate that happens to be 0 at this state): not a constant.
SparsityTracer watched_zero() { return {0.0, 0, true}; }

// A point on a guide through the origin that turns at rate w (a rheonomic constraint):
// C = y cos(w t) − x sin(w t). At t = 0 the entry ∂C/∂x = −sin(w t) vanishes for every q, so values
// sampled at t = 0 (the former detection perturbed q, not t) could not see column x.
struct TurningGuide {
  double w = 2.0;
  Layout layout() const { return {"turning guide", {"x", "y"}, {"guide"}, {"no slip"}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    M(0, 0) = S(1.0);
    M(1, 1) = S(1.0);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
  template <class S> void holonomic(const Vec<S>& q, const S& t, Vec<S>& C) const {
    C[0] = q[1] * cos(w * t) - q[0] * sin(w * t);
  }
  template <class S> void nonholonomic(const Vec<S>& q, const Vec<S>& qd, const S& t, Vec<S>& D) const {
    D[0] = qd[1] * cos(w * t) - qd[0] * sin(w * t) + q[0] * sin(w * t);
  }
};

// A constraint that switches formula with the sign of x: the structure depends on the state.
struct Switching {
  Layout layout() const { return {"switching", {"x", "y", "z"}, {"switch"}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const {
    for (int i = 0; i < 3; ++i) M(i, i) = S(1.0);
  }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    C[0] = q[0] > 0.0 ? q[1] * q[1] : q[2] * q[2] + q[0];
  }
};

struct Chain {  // C_i = q_i q_{i+1}: a band of two nonzeros per row
  int n = 150;
  Layout layout() const {
    Layout l{"chain", {}, {}, {}};
    // append, not "q" + std::string: g++ 12 gives a false -Wrestrict there (DEVELOPERS.md)
    for (int i = 0; i < n; ++i) l.coordinates.push_back(std::string("q").append(std::to_string(i)));
    for (int i = 0; i + 1 < n; ++i) l.holonomic.push_back(std::string("c").append(std::to_string(i)));
    return l;
  }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const { M.diagonal().setConstant(S(1.0)); }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>&) const {}
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    for (int i = 0; i + 1 < n; ++i) C[i] = q[i] * q[i + 1];
  }
};

}  // namespace

TEST_CASE("tracer: bits are the union of the operands' bits, values those of double", "[sparsity]") {
  // Read at run time, so that neither side is folded by the compiler with another libm.
  volatile double inputs[3] = {0.7, -1.3, 2.1};
  const double a = inputs[0], b = inputs[1], c = inputs[2];
  const SparsityTracer x = input(a, 0), y = input(b, 1), z = input(c, 2);
  const SparsityTracer e = sin(x) * y + 3.0 / z - atan2(y, 2.0) + sqrt(z) * abs(y) - pow(z, 1.5) + exp(x) / cosh(y);
  CHECK(e.deps == 0b111u);
  CHECK(e.live);
  // Bit for bit the double evaluation of the same expression (branches must follow the real state).
  CHECK(e.v == std::sin(a) * b + 3.0 / c - std::atan2(b, 2.0) + std::sqrt(c) * std::abs(b) - std::pow(c, 1.5) +
                   std::exp(a) / std::cosh(b));
  // A constant 0 factor (its AD tangents are 0 as well) leaves a constant; a cancellation keeps its bits
  // (structural, not numerical: a superset).
  CHECK((x * 0.0).deps == 0u);
  CHECK_FALSE((SparsityTracer(0.0) * y).live);
  CHECK((SparsityTracer(0.0) / z).deps == 0u);
  CHECK((watched_zero() * y).deps == 0b10u);
  CHECK(((x + y) - x).deps == 0b11u);
  CHECK((tan(y) + log(z)).deps == 0b110u);
  CHECK((asin(SparsityTracer(0.5)) + 1.0).deps == 0u);
  CHECK_FALSE((asin(SparsityTracer(0.5)) + 1.0).live);
  SparsityTracer acc(0.0);
  acc += x;
  acc *= z;
  CHECK(acc.deps == 0b101u);
  // Rotations take their sine and cosine from the shared memo: same bits, same values as std::sin/cos.
  SparsityTracer s, co;
  blocks::detail::sin_cos(y, s, co);
  CHECK(s.deps == 0b10u);
  CHECK(co.deps == 0b10u);
  CHECK(s.v == std::sin(b));
  CHECK(co.v == std::cos(b));
}

TEST_CASE("tracer: comparisons of live values are counted as branches, abs and constants are not", "[sparsity]") {
  long& count = detail::sparsity_branch_count();
  const long before = count;
  const SparsityTracer constant(2.0), watched(1.0, 0, true), traced = input(-1.0, 3);
  CHECK(constant > 1.0);
  CHECK(count == before);
  CHECK(abs(traced).v == 1.0);
  CHECK(count == before);
  CHECK(traced < watched);
  CHECK(count == before + 1);
  CHECK(value_of(watched) == 1.0);
  CHECK(count == before + 2);
}

TEST_CASE("colouring: columns of one colour share no row; the dense pattern needs one colour per column", "[sparsity]") {
  SparsityPattern p;
  p.rows = 3;
  p.column_rows = {{0}, {1}, {0, 2}, {}, {1, 2}};
  const ColumnColoring cc = color_columns(p);
  CHECK(cc.colors == 3);  // column 4 (rows 1, 2) clashes with colour 0 (rows 0, 1) and colour 1 (rows 0, 2)
  for (int j = 0; j < p.cols(); ++j)
    for (int k = j + 1; k < p.cols(); ++k)
      if (cc.color[static_cast<std::size_t>(j)] == cc.color[static_cast<std::size_t>(k)])
        for (int i : p.column_rows[static_cast<std::size_t>(j)]) CHECK_FALSE(p.contains(i, k));
  CHECK(color_columns(dense_pattern(3, 5)).colors == 5);
  CHECK(p.nonzeros() == 6);
  SparsityPattern q = dense_pattern(3, 4);
  CHECK_THROWS_AS(pattern_union(p, q), SolverError);
  CHECK_THROWS_AS(dense_pattern(-1, 2), SolverError);  // not std::length_error from vector::resize
  CHECK_THROWS_AS(dense_pattern(2, -1), SolverError);
}

TEST_CASE("tracer: more than 64 columns are traced in passes of 64", "[sparsity]") {
  const Model m(Chain{});
  const VectorXd q = VectorXd::LinSpaced(m.nq(), 0.5, 2.0);
  const SparsityPattern p = m.C_q_sparsity(q, 0.0);
  CHECK(p.nonzeros() == 2 * (m.nq() - 1));
  for (int i = 0; i + 1 < m.nq(); ++i) CHECK((p.contains(i, i) && p.contains(i, i + 1)));
  MatrixXd J;
  m.C_q(q, 0.0, J);
  CHECK(mismatch(J, dense_C_q(m, q, 0.0)) < 1e-15);
}

TEST_CASE("coloured Jacobians of the test models equal the dense AD Jacobian at random states", "[sparsity]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  auto random = [&](int n) {
    VectorXd v(n);
    for (int i = 0; i < n; ++i) v[i] = u(rng);
    return v;
  };
  carvallo_test::Sleigh cubic;
  cubic.cubic = true;
  carvallo_test::FourBar redundant;
  redundant.duplicate = true;
  for (const Model& m : {Model(carvallo_test::FourBar{}), Model(redundant), Model(carvallo_test::Sleigh{}), Model(cubic),
                         Model(carvallo_test::RollingDisk{}), Model(TurningGuide{})}) {
    INFO(m.name());
    const double t0 = 0.0;
    const VectorXd q0 = random(m.nq()), qd0 = random(m.nq());
    MatrixXd J;
    if (m.nch() > 0) m.C_q(q0, t0, J);  // the colourings are fixed here, at t = 0
    if (m.ncnh() > 0) {
      m.D_qd(q0, qd0, t0, J);
      m.D_q(q0, qd0, t0, J);
    }
    for (int trial = 0; trial < 20; ++trial) {
      const VectorXd q = random(m.nq()), qd = random(m.nq());
      const double t = 0.5 * u(rng);
      if (m.nch() > 0) {
        const MatrixXd ref = dense_C_q(m, q, t);
        CHECK(covers(m.C_q_sparsity(q0, t0), ref));
        m.C_q(q, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
      }
      if (m.ncnh() > 0) {
        MatrixXd ref = dense_D_qd(m, q, qd, t);
        CHECK(covers(m.D_qd_sparsity(q0, qd0, t0), ref));
        m.D_qd(q, qd, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
        ref = dense_D_q(m, q, qd, t);
        CHECK(covers(m.D_q_sparsity(q0, qd0, t0), ref));
        m.D_q(q, qd, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
      }
    }
  }
}

TEST_CASE("turning guide: the entry that vanishes at t = 0 is structural and is read at t > 0", "[sparsity]") {
  const Model m(TurningGuide{});
  const VectorXd q = VectorXd::Constant(2, 0.4), qd = VectorXd::Constant(2, -0.3);
  const SparsityPattern p = m.C_q_sparsity(q, 0.0);
  CHECK(p.contains(0, 0));  // ∂C/∂x = −sin(w t) is 0 at t = 0 but not structurally zero
  CHECK_FALSE(p.value_dependent);
  MatrixXd J;
  m.C_q(q, 0.0, J);  // colouring fixed at t = 0
  m.C_q(q, 0.25, J);
  CHECK(J(0, 0) == Approx(-std::sin(0.5)).epsilon(1e-15));
  CHECK(J(0, 1) == Approx(std::cos(0.5)).epsilon(1e-15));
  CHECK(m.D_q_sparsity(q, qd, 0.0).contains(0, 0));
  m.D_q(q, qd, 0.0, J);
  m.D_q(q, qd, 0.25, J);
  CHECK(J(0, 0) == Approx(std::sin(0.5)).epsilon(1e-15));
}

TEST_CASE("a constraint that branches on the state is traced as value-dependent and differentiated densely", "[sparsity]") {
  const Model m(Switching{});
  const VectorXd right = (VectorXd(3) << 0.5, 1.0, 2.0).finished();
  const VectorXd left = (VectorXd(3) << -0.5, 1.0, 2.0).finished();
  const SparsityPattern p = m.C_q_sparsity(right, 0.0);
  CHECK(p.value_dependent);
  CHECK(p.contains(0, 1));
  CHECK_FALSE(p.contains(0, 2));  // the branch taken at x > 0 has no z: only proven for that branch
  MatrixXd J;
  m.C_q(right, 0.0, J);  // colouring fixed on the x > 0 side
  CHECK(mismatch(J, dense_C_q(m, right, 0.0)) == 0.0);
  m.C_q(left, 0.0, J);  // the other branch: (1, 0, 2 z), which a colouring from x > 0 alone would miss
  CHECK(J(0, 0) == 1.0);
  CHECK(J(0, 1) == 0.0);
  CHECK(J(0, 2) == 4.0);
}
