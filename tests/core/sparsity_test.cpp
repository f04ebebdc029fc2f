// Model's constraint Jacobians and their structure (sparsity.hpp), both read off the expression graph
// (model_derived.cpp): C_q / D_q̇ / D_q against the dense single-direction AD Jacobian of the definition (an
// independent route: one Dual1 pass per column through the definition's code) at states other than the
// first call's, where their programs are recorded; the patterns cover every nonzero; a rheonomic entry
// that vanishes at the recording state and a constraint that branches on the state.
#include "carvallo/sparsity.hpp"

#include "carvallo/model.hpp"
#include "dense_jacobian.hpp"
#include "test_models.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <type_traits>
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

TEST_CASE("a chain of 150 coordinates: two nonzeros per row of C_q", "[sparsity]") {
  const Chain chain;
  const Model m(chain);
  const VectorXd q = VectorXd::LinSpaced(m.nq(), 0.5, 2.0);
  const SparsityPattern p = m.C_q_sparsity(q, 0.0);
  CHECK(p.nonzeros() == 2 * (m.nq() - 1));
  for (int i = 0; i + 1 < m.nq(); ++i) CHECK((p.contains(i, i) && p.contains(i, i + 1)));
  MatrixXd J;
  m.C_q(q, 0.0, J);
  CHECK(mismatch(J, dense_C_q(chain, q, 0.0)) < 1e-15);
}

TEST_CASE("the Jacobians of the test models equal the dense AD Jacobian at random states", "[sparsity]") {
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
  auto check = [&](const auto& def) {
    using Def = std::remove_cvref_t<decltype(def)>;
    const Model m(def);
    INFO(m.name());
    const double t0 = 0.0;
    const VectorXd q0 = random(m.nq()), qd0 = random(m.nq());
    MatrixXd J;
    if (m.nch() > 0) m.C_q(q0, t0, J);  // the programs are recorded here, at t = 0
    if (m.ncnh() > 0) {
      m.D_qd(q0, qd0, t0, J);
      m.D_q(q0, qd0, t0, J);
    }
    for (int trial = 0; trial < 20; ++trial) {
      const VectorXd q = random(m.nq()), qd = random(m.nq());
      const double t = 0.5 * u(rng);
      if constexpr (HasHolonomic<Def>) {
        const MatrixXd ref = dense_C_q(def, q, t);
        CHECK(covers(m.C_q_sparsity(q0, t0), ref));
        m.C_q(q, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
      }
      if constexpr (HasNonholonomic<Def>) {
        MatrixXd ref = dense_D_qd(def, q, qd, t);
        CHECK(covers(m.D_qd_sparsity(q0, qd0, t0), ref));
        m.D_qd(q, qd, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
        ref = dense_D_q(def, q, qd, t);
        CHECK(covers(m.D_q_sparsity(q0, qd0, t0), ref));
        m.D_q(q, qd, t, J);
        CHECK(mismatch(J, ref) < 1e-14);
      }
    }
  };
  check(carvallo_test::FourBar{});
  check(redundant);
  check(carvallo_test::Sleigh{});
  check(cubic);
  check(carvallo_test::RollingDisk{});
  check(TurningGuide{});
}

TEST_CASE("turning guide: the entry that vanishes at t = 0 is structural and is read at t > 0", "[sparsity]") {
  const Model m(TurningGuide{});
  const VectorXd q = VectorXd::Constant(2, 0.4), qd = VectorXd::Constant(2, -0.3);
  const SparsityPattern p = m.C_q_sparsity(q, 0.0);
  CHECK(p.contains(0, 0));  // ∂C/∂x = −sin(w t) is 0 at t = 0 but not structurally zero
  CHECK_FALSE(p.value_dependent);
  MatrixXd J;
  m.C_q(q, 0.0, J);  // program recorded at t = 0
  m.C_q(q, 0.25, J);
  CHECK(J(0, 0) == Approx(-std::sin(0.5)).epsilon(1e-15));
  CHECK(J(0, 1) == Approx(std::cos(0.5)).epsilon(1e-15));
  CHECK(m.D_q_sparsity(q, qd, 0.0).contains(0, 0));
  m.D_q(q, qd, 0.0, J);
  m.D_q(q, qd, 0.25, J);
  CHECK(J(0, 0) == Approx(std::sin(0.5)).epsilon(1e-15));
}

TEST_CASE("a constraint that branches on the state is recorded as value-dependent and differentiated at each state", "[sparsity]") {
  const Switching switching;
  const Model m(switching);
  const VectorXd right = (VectorXd(3) << 0.5, 1.0, 2.0).finished();
  const VectorXd left = (VectorXd(3) << -0.5, 1.0, 2.0).finished();
  const SparsityPattern p = m.C_q_sparsity(right, 0.0);
  CHECK(p.value_dependent);
  CHECK(p.contains(0, 1));
  CHECK_FALSE(p.contains(0, 2));  // the branch taken at x > 0 has no z: only proven for that branch
  MatrixXd J;
  m.C_q(right, 0.0, J);  // first call on the x > 0 side
  CHECK(mismatch(J, dense_C_q(switching, right, 0.0)) == 0.0);
  m.C_q(left, 0.0, J);  // the other branch: (1, 0, 2 z), which a program recorded at x > 0 would miss
  CHECK(J(0, 0) == 1.0);
  CHECK(J(0, 1) == 0.0);
  CHECK(J(0, 2) == 4.0);
}
