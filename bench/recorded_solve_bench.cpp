// What straight-line code would gain on the acceleration solve's linear algebra (issue 17,
// docs/performance.md, "Machine code"): the block Schur solve of the benchmark bicycle (M = LLᵀ,
// Y = L⁻¹Jᵀ, S = YᵀY = LₛLₛᵀ, ν = S⁻¹(Yᵀ L⁻¹Q_b − Q_d), q̈ = L⁻ᵀ(L⁻¹Q_b − Yν)) recorded as one expression
// graph from the numbers M, J, Q_b and Q_d at a state of a 5 m/s ride (entries that are zero there are
// structural zeros of this model, and fold), then timed four ways: the engine's compiled BlockSchur loops
// (the linear-algebra part of the augmented solve), the program interpreted, the program as the engine's
// machine code (machine_code.hpp), and the same instructions printed as C and compiled by gcc -O2, run
// through dlopen: how close the engine's register allocation comes to an optimizing compiler's. The four q̈ agree to round-off; the last three are the
// same operations in the same order, and agree bit for bit.
// Built with the native preset; run from the repository root (it writes and compiles build/recorded_solve/):
//   cmake --build --preset native --target recorded_solve_bench && build/native/bin/recorded_solve_bench
#include "per_call.hpp"
#include "bicycle/multibody.hpp"
#include "bicycle/parameters.hpp"
#include "bicycle/simulation.hpp"
#include "carvallo/acceleration.hpp"
#include "carvallo/expression_graph.hpp"
#include "carvallo/straight_line_program.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

using namespace carvallo;

namespace {


using RMat = Eigen::Matrix<Recorded, Eigen::Dynamic, Eigen::Dynamic>;
using RVec = Eigen::Matrix<Recorded, Eigen::Dynamic, 1>;

bool zero(const Recorded& x) { return !x.live() && x.v == 0.0; }

// In-place Cholesky factor of the lower triangle; products with structural zeros are not recorded.
void cholesky(RMat& A) {
  for (int j = 0; j < A.rows(); ++j) {
    Recorded d = A(j, j);
    for (int p = 0; p < j; ++p)
      if (!zero(A(j, p))) d = d - A(j, p) * A(j, p);
    A(j, j) = sqrt(d);
    for (int i = j + 1; i < A.rows(); ++i) {
      Recorded v = A(i, j);
      for (int p = 0; p < j; ++p)
        if (!zero(A(i, p)) && !zero(A(j, p))) v = v - A(i, p) * A(j, p);
      A(i, j) = zero(v) ? Recorded(0.0) : v / A(j, j);
    }
  }
}

// Greedy minimum degree on the structure of S = YᵀY (as acceleration.cpp's BlockSchur orders its rows).
std::vector<int> minimum_degree(const RMat& Y) {
  const int m = static_cast<int>(Y.cols());
  std::vector<std::vector<char>> adj(static_cast<std::size_t>(m), std::vector<char>(static_cast<std::size_t>(m), 0));
  for (int a = 0; a < m; ++a)
    for (int c = 0; c < m; ++c)
      for (int i = 0; i < Y.rows() && a != c; ++i)
        if (!zero(Y(i, a)) && !zero(Y(i, c))) {
          adj[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)] = 1;
          break;
        }
  std::vector<int> order;
  std::vector<char> done(static_cast<std::size_t>(m), 0);
  while (static_cast<int>(order.size()) < m) {
    int best = -1, best_degree = 0;
    for (int c = 0; c < m; ++c) {
      if (done[static_cast<std::size_t>(c)]) continue;
      int degree = 0;
      for (char e : adj[static_cast<std::size_t>(c)]) degree += e;
      if (best < 0 || degree < best_degree) best = c, best_degree = degree;
    }
    order.push_back(best);
    done[static_cast<std::size_t>(best)] = 1;
    auto& nbrs = adj[static_cast<std::size_t>(best)];
    for (int a = 0; a < m; ++a) {
      if (!nbrs[static_cast<std::size_t>(a)]) continue;
      adj[static_cast<std::size_t>(a)][static_cast<std::size_t>(best)] = 0;
      for (int c = 0; c < m; ++c)
        if (c != a && nbrs[static_cast<std::size_t>(c)]) adj[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)] = 1;
    }
    std::fill(nbrs.begin(), nbrs.end(), 0);
  }
  return order;
}

}  // namespace

int main() {
  const auto bike = bicycle::make_multibody_bicycle(bicycle::benchmark_parameters());
  const Model model(bike);
  bicycle::InitialMotion motion;
  motion.speed = 5.0;
  motion.roll = 0.05;
  motion.steer = 0.03;
  motion.roll_rate = 0.1;
  const State s = bicycle::multibody_initial_state(bike, motion);
  DynamicsTerms terms;
  terms.evaluate(model, s.t, s.q, s.qd, {});
  const int n = model.nq(), m = model.nc();

  ExpressionGraph g;
  const ExpressionGraph::Scope scope(g);
  std::vector<int> inputs;
  std::vector<double> values;
  const auto input = [&](double v) {
    if (v == 0.0) return Recorded(0.0);
    inputs.push_back(g.input(v));
    values.push_back(v);
    return Recorded(v, inputs.back());
  };
  RMat M(n, n), J(m, n);
  RVec Qb(n), Qd(m);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) M(i, j) = i >= j ? input(terms.M(i, j)) : Recorded(0.0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) J(i, j) = input(terms.J(i, j));
  for (int i = 0; i < n; ++i) Qb[i] = input(terms.Qb[i]);
  for (int i = 0; i < m; ++i) Qd[i] = input(terms.Qd[i]);

  cholesky(M);
  RMat Y(n, m);  // L⁻¹Jᵀ
  for (int c = 0; c < m; ++c)
    for (int i = 0; i < n; ++i) {
      Recorded v = J(c, i);
      for (int p = 0; p < i; ++p)
        if (!zero(M(i, p)) && !zero(Y(p, c))) v = v - M(i, p) * Y(p, c);
      Y(i, c) = zero(v) ? Recorded(0.0) : v / M(i, i);
    }
  const std::vector<int> order = minimum_degree(Y);
  RMat S(m, m);
  for (int a = 0; a < m; ++a)
    for (int c = 0; c <= a; ++c) {
      Recorded v(0.0);
      for (int i = 0; i < n; ++i)
        if (!zero(Y(i, order[a])) && !zero(Y(i, order[c]))) v = v + Y(i, order[a]) * Y(i, order[c]);
      S(a, c) = v;
    }
  cholesky(S);
  RVec c(n), nu(m), qdd(n);
  for (int i = 0; i < n; ++i) {  // c = L⁻¹Q_b
    Recorded v = Qb[i];
    for (int p = 0; p < i; ++p)
      if (!zero(M(i, p))) v = v - M(i, p) * c[p];
    c[i] = v / M(i, i);
  }
  for (int a = 0; a < m; ++a) {  // Yᵀc − Q_d, then S⁻¹
    Recorded v = -Qd[order[a]];
    for (int i = 0; i < n; ++i)
      if (!zero(Y(i, order[a]))) v = v + Y(i, order[a]) * c[i];
    nu[a] = v;
  }
  for (int a = 0; a < m; ++a) {
    Recorded v = nu[a];
    for (int p = 0; p < a; ++p)
      if (!zero(S(a, p))) v = v - S(a, p) * nu[p];
    nu[a] = v / S(a, a);
  }
  for (int a = m - 1; a >= 0; --a) {
    Recorded v = nu[a];
    for (int p = a + 1; p < m; ++p)
      if (!zero(S(p, a))) v = v - S(p, a) * nu[p];
    nu[a] = v / S(a, a);
  }
  for (int i = 0; i < n; ++i) {  // c − Yν, then L⁻ᵀ
    Recorded v = c[i];
    for (int a = 0; a < m; ++a)
      if (!zero(Y(i, order[a]))) v = v - Y(i, order[a]) * nu[a];
    qdd[i] = v;
  }
  for (int i = n - 1; i >= 0; --i) {
    Recorded v = qdd[i];
    for (int p = i + 1; p < n; ++p)
      if (!zero(M(p, i))) v = v - M(p, i) * qdd[p];
    qdd[i] = v / M(i, i);
  }
  std::vector<int> outputs;
  for (int i = 0; i < n; ++i) outputs.push_back(qdd[i].live() ? qdd[i].id : -1);
  const StraightLineProgram program(g, inputs, outputs);

  // The same instructions as C, in the graph's order (operands before their uses).
  const std::string dir = "build/recorded_solve";
  std::system(("mkdir -p " + dir).c_str());
  {
    std::vector<char> needed(static_cast<std::size_t>(g.size()), 0);
    for (int o : outputs)
      if (o >= 0) needed[static_cast<std::size_t>(o)] = 1;
    for (int id = g.size() - 1; id >= 0; --id) {
      if (!needed[static_cast<std::size_t>(id)]) continue;
      const auto& nd = g.node(id);
      if (nd.a >= 0) needed[static_cast<std::size_t>(nd.a)] = 1;
      if (nd.b >= 0) needed[static_cast<std::size_t>(nd.b)] = 1;
    }
    std::vector<int> position(static_cast<std::size_t>(g.size()), -1);
    for (std::size_t k = 0; k < inputs.size(); ++k) position[static_cast<std::size_t>(inputs[k])] = static_cast<int>(k);
    std::ofstream f(dir + "/solve.c");
    f << "#include <math.h>\nvoid solve(const double* in, double* out) {\n";
    using Op = ExpressionGraph::Op;
    for (int id = 0; id < g.size(); ++id) {
      if (!needed[static_cast<std::size_t>(id)]) continue;
      const auto& nd = g.node(id);
      // snprintf, not std::string's operator+ (which g++ 12's -Wrestrict misreads here).
      char e[96];
      switch (nd.op) {
        case Op::Input: std::snprintf(e, sizeof e, "in[%d]", position[static_cast<std::size_t>(id)]); break;
        case Op::Constant: std::snprintf(e, sizeof e, "%.17g", nd.value); break;
        case Op::Add: std::snprintf(e, sizeof e, "v%d + v%d", nd.a, nd.b); break;
        case Op::Sub: std::snprintf(e, sizeof e, "v%d - v%d", nd.a, nd.b); break;
        case Op::Mul: std::snprintf(e, sizeof e, "v%d * v%d", nd.a, nd.b); break;
        case Op::Div: std::snprintf(e, sizeof e, "v%d / v%d", nd.a, nd.b); break;
        case Op::Neg: std::snprintf(e, sizeof e, "-v%d", nd.a); break;
        case Op::Sqrt: std::snprintf(e, sizeof e, "sqrt(v%d)", nd.a); break;
        default: std::fprintf(stderr, "unexpected operation in the solve\n"); return 1;
      }
      f << "  const double v" << id << " = " << e << ";\n";
    }
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      f << "  out[" << k << "] = ";
      if (outputs[k] >= 0) f << "v" << outputs[k];
      else f << "0.0";
      f << ";\n";
    }
    f << "}\n";
  }
  if (std::system(("gcc -O2 -fno-math-errno -shared -fPIC " + dir + "/solve.c -o " + dir + "/solve.so").c_str()) != 0) {
    std::fprintf(stderr, "gcc failed\n");
    return 1;
  }
  void* library = dlopen((dir + "/solve.so").c_str(), RTLD_NOW);
  if (!library) {
    std::fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  const auto compiled_c = reinterpret_cast<void (*)(const double*, double*)>(dlsym(library, "solve"));

  auto solver = make_acceleration_solver(AccelerationMethod::Augmented);
  AccelerationResult reference;
  solver->solve(model, s.t, s.q, s.qd, {}, reference);
  std::vector<double> interpreted(static_cast<std::size_t>(n)), machine(interpreted), from_c(interpreted), ws1, ws2;
  program.run_interpreted(values.data(), interpreted.data(), ws1);
  const bool assembled = program.compile();
  program.run(values.data(), machine.data(), ws2);
  compiled_c(values.data(), from_c.data());
  double worst = 0.0;
  bool same_bits = true;
  for (int i = 0; i < n; ++i) {
    worst = std::max(worst, std::abs(interpreted[static_cast<std::size_t>(i)] - reference.qdd[i]));
    same_bits = same_bits && interpreted[static_cast<std::size_t>(i)] == machine[static_cast<std::size_t>(i)] &&
                interpreted[static_cast<std::size_t>(i)] == from_c[static_cast<std::size_t>(i)];
  }
  std::printf("bicycle's block Schur solve as one program: %zu inputs, %d instructions in %d runs\n", inputs.size(),
              program.instruction_count(), program.run_count());
  std::printf("q̈ against the augmented solver: max difference %.2e (|q̈| up to %.2e); program, machine code and C "
              "the same bits: %s\n", worst, reference.qdd.cwiseAbs().maxCoeff(), same_bits ? "yes" : "NO");
  // The solver's loops (recorded programs off in the solver; the model's terms still its dynamics program),
  // and the default solver, which runs the terms and the solve as one program once recorded.
  auto loops = make_acceleration_solver(AccelerationMethod::Augmented);
  loops->set_recorded_programs(false);
  const double whole = per_call_us([&] { loops->solve(model, s.t, s.q, s.qd, {}, reference); });
  const double model_terms = per_call_us([&] { terms.evaluate(model, s.t, s.q, s.qd, {}); });
  std::printf("%-52s %8.2f us\n", "augmented solve, loops (model terms and linear algebra)", whole);
  std::printf("%-52s %8.2f us\n", "  its linear algebra (BlockSchur, compiled loops)", whole - model_terms);
  std::printf("%-52s %8.2f us\n", "augmented solve, the default (terms and solve as one program)",
              per_call_us([&] { solver->solve(model, s.t, s.q, s.qd, {}, reference); }));
  std::printf("%-52s %8.2f us\n", "the program, interpreted",
              per_call_us([&] { program.run_interpreted(values.data(), interpreted.data(), ws1); }));
  if (assembled)
    std::printf("%-52s %8.2f us\n", "the program, machine code (machine_code.hpp)",
                per_call_us([&] { program.run(values.data(), machine.data(), ws2); }));
  std::printf("%-52s %8.2f us\n", "the program as C, gcc -O2",
              per_call_us([&] { compiled_c(values.data(), from_c.data()); }));
  dlclose(library);
}
