// Straight-line programs (carvallo/straight_line_program.hpp): the interpreter, whose instructions run by
// level and operation rather than in the order they were recorded, computes what the double code computes,
// bit for bit, on a graph far larger and deeper than any model's (the reference: the same operations
// evaluated in double as they were recorded); NaN, infinite, signed-zero and subnormal inputs propagate as
// in double code; inputs left unlisted read their recorded value, a -1 output reads 0, and copies run alike.
// Derivatives on the graph against the dual numbers: expression_graph_test.cpp.
#include "carvallo/expression_graph.hpp"
#include "carvallo/straight_line_program.hpp"
#include "same_bits.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace carvallo;
using carvallo_test::same_bits;
using carvallo_test::same_value;

namespace {

// A value recorded on the graph beside the same operation done in double: `shadow` is what double code gives.
struct Shadowed {
  Recorded r;
  std::vector<double> shadow;  // one per input set
};

// A random program of `operations` operations on `inputs` inputs, each on two earlier values drawn from the
// whole past (deep and wide: many values live at once), with every elementary function now and then, and the
// double code of the same operations at each of `points` input sets.
struct RandomProgram {
  ExpressionGraph g;
  std::vector<int> inputs, outputs;
  std::vector<std::vector<double>> points;     // input sets
  std::vector<std::vector<double>> expected;   // per input set, the outputs by double code
};

void build(RandomProgram& rp, int inputs, int operations, int point_count, unsigned seed) {
  const ExpressionGraph::Scope scope(rp.g);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  rp.points.assign(static_cast<std::size_t>(point_count), std::vector<double>(static_cast<std::size_t>(inputs)));
  for (auto& p : rp.points)
    for (double& x : p) x = u(rng);
  std::vector<Shadowed> values;
  for (int i = 0; i < inputs; ++i) {
    const double at_recording = rp.points[0][static_cast<std::size_t>(i)];
    rp.inputs.push_back(rp.g.input(at_recording));
    Shadowed s{Recorded(at_recording, rp.inputs.back()), {}};
    for (const auto& p : rp.points) s.shadow.push_back(p[static_cast<std::size_t>(i)]);
    values.push_back(s);
  }
  for (int k = 0; k < operations; ++k) {
    std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
    const Shadowed a = values[pick(rng)];
    const Shadowed b = values[k % 7 == 0 ? values.size() - 1 : pick(rng)];
    Shadowed c;
    const auto op = rng() % 12;
    const auto apply = [&](auto f) {
      c.r = f(a.r, b.r);
      for (std::size_t p = 0; p < a.shadow.size(); ++p) c.shadow.push_back(f(a.shadow[p], b.shadow[p]));
    };
    using std::atan2, std::cos, std::exp, std::sin, std::sqrt, std::tanh;
    switch (op) {
      case 0: apply([](const auto& x, const auto& y) { return x + y; }); break;
      case 1: apply([](const auto& x, const auto& y) { return x - y; }); break;
      case 2: apply([](const auto& x, const auto& y) { return x * y; }); break;
      case 3: apply([](const auto& x, const auto& y) { return x / (y * y + 1.0); }); break;
      case 4: apply([](const auto& x, const auto& y) { return -x + y; }); break;
      case 5: apply([](const auto& x, const auto& y) { return sqrt(x * x + y * y); }); break;
      case 6: apply([](const auto& x, const auto& y) { return sin(x) - y; }); break;
      case 7: apply([](const auto& x, const auto& y) { return atan2(x, y) * cos(y); }); break;
      case 8: apply([](const auto& x, const auto& y) { return tanh(x) + exp(0.1 * y); }); break;
      default: apply([](const auto& x, const auto& y) { return 0.5 * (x + y); }); break;
    }
    values.push_back(c);
  }
  rp.expected.assign(rp.points.size(), {});
  for (int k = 0; k < 60; ++k) {
    const Shadowed& v = values[values.size() - 1 - static_cast<std::size_t>(k * 37) % (values.size() / 2)];
    rp.outputs.push_back(detail::node_of(v.r));
    for (std::size_t p = 0; p < rp.points.size(); ++p) rp.expected[p].push_back(v.shadow[p]);
  }
}

}  // namespace

TEST_CASE("straight-line program: a deep random graph gives the double code's values bit for bit", "[straight-line]") {
  RandomProgram rp;
  build(rp, 20, 3000, 20, 31337);
  const StraightLineProgram p(rp.g, rp.inputs, rp.outputs);
  INFO(p.instruction_count() << " instructions in " << p.run_count() << " runs");
  REQUIRE(p.instruction_count() > 1000);
  REQUIRE(p.run_count() > 100);  // many levels: the order really differs from the recording's
  CHECK(p.input_count() == 20);
  CHECK(p.output_count() == 60);
  std::vector<double> out(rp.outputs.size()), workspace;
  int finite = 0;
  for (std::size_t point = 0; point < rp.points.size(); ++point) {
    p.run(rp.points[point].data(), out.data(), workspace);
    for (std::size_t k = 0; k < out.size(); ++k) {
      INFO("point " << point << ", output " << k << ": " << out[k] << " against " << rp.expected[point][k]);
      CHECK(same_value(out[k], rp.expected[point][k]));
      finite += std::isfinite(out[k]) ? 1 : 0;
    }
  }
  CHECK(finite > static_cast<int>(out.size()));  // not a comparison of NaNs only
}

TEST_CASE("straight-line program: NaN, infinities, signed zeros and subnormals propagate as in double code",
          "[straight-line]") {
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  const int x = g.input(0.3), y = g.input(-0.4);
  const auto f = [](const auto& a, const auto& b) {
    using std::log, std::pow, std::sqrt;
    return (a * b - b / a) + sqrt(a * a) - pow(a + 2.5, 1.7) + log(b * b + 1.0) - (-a);
  };
  const Recorded r = f(Recorded(0.3, x), Recorded(-0.4, y));
  const StraightLineProgram p(g, {x, y}, {r.id});
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const double specials[] = {0.0, -0.0, inf, -inf, nan, 5e-324, -2.2250738585072014e-308, 1e308, -1e308, 3.0};
  std::vector<double> workspace;
  for (const double a : specials)
    for (const double b : specials) {
      const double in[2] = {a, b};
      double out = 0.0;
      p.run(in, &out, workspace);
      INFO("f(" << a << ", " << b << ") = " << out << " against " << f(a, b));
      CHECK(same_value(out, f(a, b)));
    }
}

TEST_CASE("straight-line program: unlisted inputs keep their recorded value, -1 outputs read 0, copies agree",
          "[straight-line]") {
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  const int x = g.input(0.5), k = g.input(2.0);  // k is not listed: a parameter fixed at 2
  const Recorded f = sin(Recorded(0.5, x)) * Recorded(2.0, k) + 1.0;
  const StraightLineProgram p(g, {x}, {f.id, -1});
  const StraightLineProgram copy = p;
  CHECK(p.input_count() == 1);
  CHECK(p.output_count() == 2);
  std::vector<double> ws1, ws2;
  for (const double in : {0.25, -1.0, 3.0}) {
    double out[2] = {-7.0, -7.0}, again[2] = {-7.0, -7.0};
    p.run(&in, out, ws1);
    copy.run(&in, again, ws2);
    CHECK(same_bits(out[0], std::sin(in) * 2.0 + 1.0));
    CHECK(same_bits(out[1], 0.0));
    CHECK(same_bits(again[0], out[0]));
    CHECK(same_bits(again[1], out[1]));
  }
}
