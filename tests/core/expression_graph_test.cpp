// The expression graph and its straight-line programs (carvallo/expression_graph.hpp,
// carvallo/straight_line_program.hpp): values bit for bit those of double code, derivatives on the graph
// against the dual numbers of ad.hpp (an independent route) and central differences, folding and sharing
// of nodes, and a definition that branches on the state recorded anew at each call.
#include "carvallo/expression_graph.hpp"
#include "carvallo/model.hpp"
#include "carvallo/straight_line_program.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <utility>
#include <vector>

using namespace carvallo;

namespace {

// Every elementary function of the graph once, as model code writes it (generic scalar).
template <class S>
S every_function(const S& x, const S& y) {
  using std::abs;
  const S a = sin(x) * cos(y) + tan(0.3 * x) - sqrt(x * x + y * y + 1.0);
  const S b = exp(0.5 * y) / (2.0 + log(x + 3.0)) + asin(0.4 * x) - acos(0.3 * y) + atan(x * y);
  const S c = atan2(y, x + 2.0) + sinh(0.7 * x) - cosh(0.2 * y) * tanh(y) + pow(x + 2.5, 1.7) + pow(y + 3.0, x + 2.0);
  return a * b - c / (1.0 + x * x) - (-x) + 4.0;
}

// The program of every_function and its tangent along (dx, dy) = (1, 0) and (0, 1).
struct Recording {
  ExpressionGraph g;
  StraightLineProgram p;
  int x = -1, y = -1;
};

}  // namespace

TEST_CASE("expression graph: values are those of double code, derivatives those of the duals", "[expression]") {
  Recording r;
  const ExpressionGraph::Scope scope(r.g);
  const double x0 = 0.3, y0 = -0.4;
  r.x = r.g.input(x0);
  r.y = r.g.input(y0);
  const Recorded f = every_function(Recorded(x0, r.x), Recorded(y0, r.y));
  REQUIRE(f.live());
  CHECK_FALSE(r.g.value_dependent);
  const int one = r.g.constant(1.0);
  std::vector<int> seed_x(static_cast<std::size_t>(r.g.size()), -1), seed_y = seed_x;
  seed_x[static_cast<std::size_t>(r.x)] = one;
  seed_y[static_cast<std::size_t>(r.y)] = one;
  const int fx = r.g.tangents(seed_x, {f.id})[static_cast<std::size_t>(f.id)];
  const int fy = r.g.tangents(seed_y, {f.id})[static_cast<std::size_t>(f.id)];
  // Second derivative ∂²f/∂x∂y: the y tangent of the x tangent.
  std::vector<int> seed_y2(static_cast<std::size_t>(r.g.size()), -1);
  seed_y2[static_cast<std::size_t>(r.y)] = one;
  const int fxy = r.g.tangents(seed_y2, {fx})[static_cast<std::size_t>(fx)];
  REQUIRE(fx >= 0);
  REQUIRE(fy >= 0);
  REQUIRE(fxy >= 0);
  // The one-pass Jacobian makes the same nodes as one tangent pass per input.
  const auto gradient = r.g.gradients({r.x, r.y}, {f.id, r.x});
  REQUIRE(gradient.size() == 2);
  CHECK(gradient[0] == std::vector<std::pair<int, int>>{{0, fx}, {1, fy}});
  CHECK(gradient[1] == std::vector<std::pair<int, int>>{{0, one}});
  r.p = StraightLineProgram(r.g, {r.x, r.y}, {f.id, fx, fy, fxy});
  CHECK(r.p.input_count() == 2);
  CHECK(r.p.output_count() == 4);
  for (const auto& [x, y] : {std::pair{0.3, -0.4}, std::pair{-0.2, 0.7}, std::pair{0.9, 0.1}}) {
    INFO("x = " << x << ", y = " << y);
    const double in[2] = {x, y};
    double out[4];
    std::vector<double> workspace;
    r.p.run(in, out, workspace);
    CHECK(out[0] == every_function(x, y));  // bit for bit: the same std functions in the same order
    const Dual1 dx = every_function(Dual1(x, 1.0), Dual1(y, 0.0));
    const Dual1 dy = every_function(Dual1(x, 0.0), Dual1(y, 1.0));
    const Dual2 dxy = every_function(Dual2(Dual1(x, 1.0), Dual1(0.0, 0.0)), Dual2(Dual1(y, 0.0), Dual1(1.0, 0.0)));
    CHECK(out[1] == Approx(dx.d).epsilon(1e-14));
    CHECK(out[2] == Approx(dy.d).epsilon(1e-14));
    CHECK(out[3] == Approx(dxy.d.d).epsilon(1e-13));
    // And central differences (truncation error about h² ≈ 1e-10 of the third derivative).
    const double h = 1e-5;
    CHECK(out[1] == Approx((every_function(x + h, y) - every_function(x - h, y)) / (2 * h)).epsilon(1e-8));
    CHECK(out[2] == Approx((every_function(x, y + h) - every_function(x, y - h)) / (2 * h)).epsilon(1e-8));
  }
}

TEST_CASE("expression graph: constants fold, equal nodes are shared, zero tangents stay absent", "[expression]") {
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  const Recorded x(0.5, g.input(0.5)), y(2.0, g.input(2.0));
  const Recorded k = Recorded(3.0) * Recorded(4.0) - 12.0;  // parameters: done in double, no node
  CHECK_FALSE(k.live());
  CHECK(k.v == 0.0);
  const int before = g.size();
  const Recorded p = sin(x) * cos(x), q = cos(x) * sin(x);  // the same product: one node
  CHECK(p.id == q.id);
  CHECK(g.size() == before + 3);  // sin x, cos x and their product
  CHECK((x * k).id == -1);  // x·0 folds to the constant 0
  CHECK((x * 1.0).id == x.id);
  CHECK((x + 0.0).id == x.id);
  CHECK((-(-x)).id == x.id);
  CHECK(g.size() == before + 3 + 3);  // and the constants 0, 1 and the node −x
  const int one = g.constant(1.0);
  std::vector<int> seed(static_cast<std::size_t>(g.size()), -1);
  seed[static_cast<std::size_t>(y.id)] = one;
  CHECK(g.tangents(seed, {p.id})[static_cast<std::size_t>(p.id)] == -1);  // p does not depend on y
}

namespace {

// A pendulum on a circle whose constraint switches form with the sign of x: the graph recorded at one state
// does not hold at the other, so the model must not keep it.
struct BranchingPendulum {
  carvallo::Layout layout() const { return {"branching", {"x", "y"}, {"rod"}, {}}; }
  template <class S> void mass(const Vec<S>&, const S&, Mat<S>& M) const { M(0, 0) = M(1, 1) = S(1.0); }
  template <class S> void forces(const Vec<S>&, const Vec<S>&, const S&, Vec<S>& Q) const { Q[1] = S(-9.81); }
  template <class S> void holonomic(const Vec<S>& q, const S&, Vec<S>& C) const {
    if (q[0] > 0.0) C[0] = q[0] * q[0] + q[1] * q[1] - 1.0;
    else C[0] = 2.0 * (q[0] * q[0] + q[1] * q[1] - 1.0);
  }
};

}  // namespace

TEST_CASE("expression graph: a definition that branches on the state is recorded at each call", "[expression]") {
  const Model m(BranchingPendulum{});
  Eigen::VectorXd q(2), qd(2);
  q << 0.6, -0.8;
  qd << 0.8, 0.6;
  Eigen::MatrixXd Cq, Dqd, ref;
  Eigen::VectorXd Qdh, Qdnh, ref_v;
  m.constraint_terms(q, qd, 0.0, Cq, Qdh, Dqd, Qdnh);
  CHECK_FALSE(m.constraint_terms_recorded());
  q[0] = -0.6;  // the other branch: twice the constraint, twice its derivatives
  m.constraint_terms(q, qd, 0.0, Cq, Qdh, Dqd, Qdnh);
  m.C_q(q, 0.0, ref);
  CHECK(Cq(0, 0) == ref(0, 0));
  CHECK(Cq(0, 0) == Approx(2.0 * 2.0 * -0.6));
  m.Q_dh(q, qd, 0.0, ref_v);
  CHECK(Qdh[0] == ref_v[0]);
  CHECK(Qdh[0] == Approx(-2.0 * 2.0 * (0.8 * 0.8 + 0.6 * 0.6)));
  CHECK(Dqd.rows() == 0);
  CHECK(Qdnh.size() == 0);
  // A second derivative on both branches: ∂(C_qᵀλ)/∂q = λ ∂²C/∂q² = 2λ I for x > 0, 4λ I for x < 0.
  const Eigen::VectorXd nu = Eigen::VectorXd::Constant(1, 1.5);
  Eigen::MatrixXd H;
  m.JTnu_q(q, qd, 0.0, nu, H);
  CHECK(H.isApprox(4.0 * 1.5 * Eigen::MatrixXd::Identity(2, 2), 1e-15));
  q[0] = 0.6;
  m.JTnu_q(q, qd, 0.0, nu, H);
  CHECK(H.isApprox(2.0 * 1.5 * Eigen::MatrixXd::Identity(2, 2), 1e-15));
}
