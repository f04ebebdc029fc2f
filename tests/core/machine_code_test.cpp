// Straight-line programs as machine code (carvallo/machine_code.hpp; compiled only in builds with the option
// CARVALLO_MACHINE_CODE, tests/CMakeLists.txt): the compiled code computes what the
// interpreter does, bit for bit (the reference: the interpreter, itself checked against double code and
// the duals in expression_graph_test.cpp), for every operation of the graph, its derivatives, and inputs
// that are NaN, infinite, signed zeros, subnormal or huge (a NaN's payload aside); and compile() refuses
// what it cannot encode. That a model's simulation runs compiled code: registry_constraint_program_test.cpp.
#include "carvallo/expression_graph.hpp"
#include "carvallo/machine_code.hpp"
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

// Every operation of the graph (as expression_graph_test.cpp's every_function), with a negation and a
// square root of its own, over three inputs.
template <class S>
S every_operation(const S& x, const S& y, const S& z) {
  const S a = sin(x) * cos(y) + tan(0.3 * x) - sqrt(x * x + y * y + 1.0) - (-z);
  const S b = exp(0.5 * y) / (2.0 + log(x + 3.0)) + asin(0.4 * x) - acos(0.3 * y) + atan(x * z);
  const S c = atan2(y, x + 2.0) + sinh(0.7 * x) - cosh(0.2 * y) * tanh(z) + pow(x + 2.5, 1.7) + pow(y + 3.0, x + z);
  return a * b - c / (1.0 + x * x) + sqrt(z);
}

}  // namespace

TEST_CASE("machine code: every operation and its derivatives, bit for bit the interpreter's", "[machine-code]") {
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  const int x = g.input(0.3), y = g.input(-0.4), z = g.input(0.7);
  const Recorded f = every_operation(Recorded(0.3, x), Recorded(-0.4, y), Recorded(0.7, z));
  REQUIRE(f.live());
  // The Jacobian's entries as well: products and sums of the partials, many more instructions.
  const auto partials = g.gradients({x, y, z}, {f.id});
  std::vector<int> outputs{f.id};
  for (const auto& [position, node] : partials[0]) outputs.push_back(node);
  REQUIRE(outputs.size() == 4);
  const StraightLineProgram p(g, {x, y, z}, outputs);
  INFO(p.instruction_count() << " instructions");
  CHECK_FALSE(p.compiled());  // assembled only at its kRunsBeforeMachineCode-th run, or on request:
  REQUIRE(p.compile());
  const long runs_before = MachineCode::total_runs();

  std::mt19937 rng(1729);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const double specials[] = {0.0, -0.0, inf, -inf, nan, 5e-324, -2.2250738585072014e-308, 1e308, -1e308, 1e-300, 3.0};
  std::vector<double> compiled(outputs.size()), interpreted(outputs.size()), ws1, ws2;
  int cases = 0, finite = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    double in[3] = {u(rng), u(rng), u(rng)};
    if (trial % 4 == 3) in[static_cast<std::size_t>(trial / 4) % 3] = specials[static_cast<std::size_t>(trial / 12) % std::size(specials)];
    p.run(in, compiled.data(), ws1);
    p.run_interpreted(in, interpreted.data(), ws2);
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      INFO("inputs " << in[0] << ", " << in[1] << ", " << in[2] << ", output " << k << ": " << compiled[k] << " against "
                     << interpreted[k]);
      CHECK(same_value(compiled[k], interpreted[k]));
      finite += std::isfinite(interpreted[k]) ? 1 : 0;
    }
    ++cases;
  }
  // Most random inputs are inside every function's domain: the comparison is not only of NaNs.
  CHECK(finite > cases);
  CHECK(MachineCode::total_runs() - runs_before >= cases);  // the compiled code ran, not the interpreter twice
}

TEST_CASE("machine code: a program is assembled at its kRunsBeforeMachineCode-th run, not before",
          "[machine-code]") {
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  const int x = g.input(0.5);
  const Recorded f = sin(Recorded(0.5, x)) * Recorded(0.5, x) + 1.0;
  const StraightLineProgram p(g, {x}, {f.id});
  const StraightLineProgram copy = p;  // copies share the machine code
  std::vector<double> ws;
  double out = 0.0;
  const double in = 0.25;
  for (int k = 1; k < StraightLineProgram::kRunsBeforeMachineCode; ++k) {
    p.run(&in, &out, ws);
    REQUIRE_FALSE(p.compiled());  // a new model's first steps pay no assembly
  }
  p.run(&in, &out, ws);
  CHECK(p.compiled());
  CHECK(copy.compiled());
  double interpreted = 0.0;
  p.run_interpreted(&in, &interpreted, ws);
  CHECK(same_bits(out, interpreted));
  CHECK(std::abs(out - (std::sin(0.25) * 0.25 + 1.0)) < 1e-15);
}

TEST_CASE("machine code: more live values than registers, and library calls among them", "[machine-code]") {
  // A random expression graph of 20 inputs and 3 000 operations, each on two earlier values drawn from the
  // whole past (so that many values stay live at once and registers must be evicted and written back),
  // with a library call every so often (which sends every live register to memory), and 60 outputs.
  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  std::mt19937 rng(31337);
  std::vector<Recorded> values;
  std::vector<int> inputs;
  for (int i = 0; i < 20; ++i) {
    inputs.push_back(g.input(0.1 * (i + 1)));
    values.emplace_back(0.1 * (i + 1), inputs.back());
  }
  for (int k = 0; k < 3000; ++k) {
    std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
    const Recorded& a = values[pick(rng)];
    const Recorded& b = values[k % 7 == 0 ? values.size() - 1 : pick(rng)];  // recent values too
    switch (rng() % 9) {
      case 0: values.push_back(a + b); break;
      case 1: values.push_back(a - b); break;
      case 2: values.push_back(a * b); break;
      case 3: values.push_back(a / (b * b + 1.0)); break;
      case 4: values.push_back(-a + b); break;
      case 5: values.push_back(sqrt(a * a + b * b)); break;
      case 6: values.push_back(k % 5 == 0 ? sin(a) - b : a + 0.5 * b); break;
      case 7: values.push_back(k % 11 == 0 ? atan2(a, b) : a * 0.75 - b); break;
      default: values.push_back(0.5 * (a + b)); break;
    }
  }
  std::vector<int> outputs;
  for (int k = 0; k < 60; ++k) outputs.push_back(detail::node_of(values[values.size() - 1 - static_cast<std::size_t>(k * 37) % 2000]));
  const StraightLineProgram p(g, inputs, outputs);
  INFO(p.instruction_count() << " instructions");
  REQUIRE(p.instruction_count() > 1000);
  REQUIRE(p.compile());
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::vector<double> in(inputs.size()), compiled(outputs.size()), interpreted(outputs.size()), ws1, ws2;
  for (int trial = 0; trial < 50; ++trial) {
    for (double& x : in) x = u(rng);
    p.run(in.data(), compiled.data(), ws1);
    p.run_interpreted(in.data(), interpreted.data(), ws2);
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      INFO("trial " << trial << ", output " << k << ": " << compiled[k] << " against " << interpreted[k]);
      CHECK(same_value(compiled[k], interpreted[k]));
    }
  }
}

TEST_CASE("machine code: compile() refuses what it cannot encode", "[machine-code]") {
  using Op = ExpressionGraph::Op;
  CHECK(MachineCode::compile({{Op::Input, 0, 0, 1}}, {1}) == nullptr);
  CHECK(MachineCode::compile({{Op::Constant, 0, 0, 1}}, {1}) == nullptr);
  CHECK(MachineCode::compile({{Op::Add, 0, -1, 2}}, {2}) == nullptr);          // a binary operation without its operand
  CHECK(MachineCode::compile({{Op::Mul, 0, 1, 1 << 28}}, {1 << 28}) == nullptr);  // past the 32-bit displacements
  CHECK(MachineCode::compile({{Op::Sin, -3, 0, 1}}, {1}) == nullptr);
  const auto code = MachineCode::compile({{Op::Mul, 0, 1, 2}, {Op::Neg, 2, 0, 3}, {Op::Sqrt, 0, 0, 4}}, {2, 3, 4});
  REQUIRE(code != nullptr);
  double slots[5] = {2.0, 8.0, 0.0, 0.0, 0.0};
  code->run(slots);
  CHECK(slots[2] == 16.0);
  CHECK(same_bits(slots[3], -16.0));
  CHECK(slots[4] == std::sqrt(2.0));
  CHECK(code->size() > 0);
}
