#include "carvallo/expression_graph.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <utility>

namespace carvallo {

namespace {

using Op = ExpressionGraph::Op;

std::uint64_t bits_of(double x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The double operation a node stands for: the same std functions the model's double code calls, so a
// node's value (and a folded constant) is bit for bit what a double evaluation computes.
double evaluate_op(Op op, double a, double b) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div: return a / b;
    case Op::Neg: return -a;
    case Op::Sin: return std::sin(a);
    case Op::Cos: return std::cos(a);
    case Op::Tan: return std::tan(a);
    case Op::Sqrt: return std::sqrt(a);
    case Op::Exp: return std::exp(a);
    case Op::Log: return std::log(a);
    case Op::Asin: return std::asin(a);
    case Op::Acos: return std::acos(a);
    case Op::Atan: return std::atan(a);
    case Op::Atan2: return std::atan2(a, b);
    case Op::Sinh: return std::sinh(a);
    case Op::Cosh: return std::cosh(a);
    case Op::Tanh: return std::tanh(a);
    case Op::Pow: return std::pow(a, b);
    case Op::Input:
    case Op::Constant: break;
  }
  return a;
}

bool is_binary(Op op) {
  return op == Op::Add || op == Op::Sub || op == Op::Mul || op == Op::Div || op == Op::Atan2 || op == Op::Pow;
}

}  // namespace

ExpressionGraph*& ExpressionGraph::recording() {
  thread_local ExpressionGraph* graph = nullptr;
  return graph;
}

int ExpressionGraph::push(Op op, int a, int b, double value) {
  nodes_.push_back(Node{op, a, b, value});
  return size() - 1;
}

int ExpressionGraph::input(double value) { return push(Op::Input, -1, -1, value); }

int ExpressionGraph::constant(double value) {
  const Key key{Op::Constant, -1, -1, bits_of(value)};
  if (const auto it = shared_.find(key); it != shared_.end()) return it->second;
  const int id = push(Op::Constant, -1, -1, value);
  shared_.emplace(key, id);
  return id;
}

int ExpressionGraph::apply(Op op, int a, int b) {
  const double va = node(a).value, vb = b >= 0 ? node(b).value : 0.0;
  if (is_constant(a) && (b < 0 || is_constant(b))) return constant(evaluate_op(op, va, vb));
  // Folding. x·0 = 0 and 0/x = 0 drop a NaN or infinity the other factor could carry; Model checks every
  // output it reads for finiteness, and the derivative of such a product is 0 in any case.
  switch (op) {
    case Op::Add:
      if (is_constant(a, 0.0)) return b;
      if (is_constant(b, 0.0)) return a;
      break;
    case Op::Sub:
      if (is_constant(b, 0.0)) return a;
      if (is_constant(a, 0.0)) return apply(Op::Neg, b);
      break;
    case Op::Mul:
      if (is_constant(a, 0.0) || is_constant(b, 0.0)) return constant(0.0);
      if (is_constant(a, 1.0)) return b;
      if (is_constant(b, 1.0)) return a;
      if (is_constant(a, -1.0)) return apply(Op::Neg, b);
      if (is_constant(b, -1.0)) return apply(Op::Neg, a);
      break;
    case Op::Div:
      if (is_constant(a, 0.0)) return constant(0.0);
      if (is_constant(b, 1.0)) return a;
      break;
    case Op::Neg:
      if (node(a).op == Op::Neg) return node(a).a;
      break;
    default:
      break;
  }
  // IEEE addition and multiplication are commutative bit for bit: one node for a + b and b + a.
  if ((op == Op::Add || op == Op::Mul) && b < a) std::swap(a, b);
  const Key key{op, a, is_binary(op) ? b : -1, 0};
  if (const auto it = shared_.find(key); it != shared_.end()) return it->second;
  const int id = push(op, key.a, key.b, evaluate_op(op, node(key.a).value, key.b >= 0 ? node(key.b).value : 0.0));
  shared_.emplace(key, id);
  return id;
}

std::vector<char> ExpressionGraph::needed_by(const std::vector<int>& targets) const {
  std::vector<char> needed(static_cast<std::size_t>(size()), 0);
  for (int t : targets)
    if (t >= 0) needed[static_cast<std::size_t>(t)] = 1;
  for (int id = size() - 1; id >= 0; --id) {
    if (!needed[static_cast<std::size_t>(id)]) continue;
    const Node& nd = node(id);
    if (nd.a >= 0) needed[static_cast<std::size_t>(nd.a)] = 1;
    if (nd.b >= 0) needed[static_cast<std::size_t>(nd.b)] = 1;
  }
  return needed;
}

int ExpressionGraph::tangent_of(int id, int ta, int tb) {
  const Node nd = node(id);  // a copy: apply() below grows nodes_
  const int a = nd.a, b = nd.b;
  if (ta < 0 && tb < 0) return -1;
  const int one = constant(1.0);
  // d(f(a, b)) = f_a da + f_b db, each term only where its tangent is not structurally zero.
  auto term = [&](int partial, int tangent) { return tangent < 0 ? -1 : apply(Op::Mul, partial, tangent); };
  auto sum = [&](int x, int y) { return x < 0 ? y : y < 0 ? x : apply(Op::Add, x, y); };
  int r = -1;
  switch (nd.op) {
    case Op::Add: r = sum(ta, tb); break;
    case Op::Sub: r = tb < 0 ? ta : ta < 0 ? apply(Op::Neg, tb) : apply(Op::Sub, ta, tb); break;
    case Op::Mul: r = sum(term(b, ta), term(a, tb)); break;
    case Op::Div: {
      // d(a/b) = (da − (a/b) db) / b
      const int numerator = tb < 0 ? ta : ta < 0 ? apply(Op::Neg, apply(Op::Mul, id, tb))
                                                 : apply(Op::Sub, ta, apply(Op::Mul, id, tb));
      r = apply(Op::Div, numerator, b);
      break;
    }
    case Op::Neg: r = apply(Op::Neg, ta); break;
    case Op::Sin: r = term(apply(Op::Cos, a), ta); break;
    case Op::Cos: r = apply(Op::Neg, term(apply(Op::Sin, a), ta)); break;
    case Op::Tan: r = term(apply(Op::Add, one, apply(Op::Mul, id, id)), ta); break;
    case Op::Sqrt: r = apply(Op::Div, ta, apply(Op::Mul, constant(2.0), id)); break;
    case Op::Exp: r = term(id, ta); break;
    case Op::Log: r = apply(Op::Div, ta, a); break;
    case Op::Asin: r = apply(Op::Div, ta, apply(Op::Sqrt, apply(Op::Sub, one, apply(Op::Mul, a, a)))); break;
    case Op::Acos:
      r = apply(Op::Neg, apply(Op::Div, ta, apply(Op::Sqrt, apply(Op::Sub, one, apply(Op::Mul, a, a)))));
      break;
    case Op::Atan: r = apply(Op::Div, ta, apply(Op::Add, one, apply(Op::Mul, a, a))); break;
    case Op::Atan2: {
      // atan2(y, x): (x dy − y dx) / (x² + y²)
      const int numerator = sum(term(b, ta), tb < 0 ? -1 : apply(Op::Neg, apply(Op::Mul, a, tb)));
      r = apply(Op::Div, numerator, apply(Op::Add, apply(Op::Mul, a, a), apply(Op::Mul, b, b)));
      break;
    }
    case Op::Sinh: r = term(apply(Op::Cosh, a), ta); break;
    case Op::Cosh: r = term(apply(Op::Sinh, a), ta); break;
    case Op::Tanh: r = term(apply(Op::Sub, one, apply(Op::Mul, id, id)), ta); break;
    case Op::Pow: {
      // d(a^b) = b a^(b−1) da + a^b log(a) db
      const int da = ta < 0 ? -1 : apply(Op::Mul, apply(Op::Mul, b, apply(Op::Pow, a, apply(Op::Sub, b, one))), ta);
      const int db = tb < 0 ? -1 : apply(Op::Mul, apply(Op::Mul, id, apply(Op::Log, a)), tb);
      r = sum(da, db);
      break;
    }
    case Op::Input:
    case Op::Constant: break;
  }
  // A tangent folded to the constant 0 is structurally zero.
  if (r >= 0 && is_constant(r, 0.0)) r = -1;
  return r;
}

std::vector<int> ExpressionGraph::tangents(const std::vector<int>& seed, const std::vector<int>& targets) {
  const int n = size();
  const std::vector<char> needed = needed_by(targets);
  std::vector<int> t(static_cast<std::size_t>(n), -1);
  for (int id = 0; id < n; ++id) {
    if (!needed[static_cast<std::size_t>(id)]) continue;
    const Node nd = node(id);
    if (nd.op == Op::Input) {
      if (id < static_cast<int>(seed.size())) t[static_cast<std::size_t>(id)] = seed[static_cast<std::size_t>(id)];
      continue;
    }
    if (nd.op == Op::Constant) continue;
    t[static_cast<std::size_t>(id)] =
        tangent_of(id, t[static_cast<std::size_t>(nd.a)], nd.b >= 0 ? t[static_cast<std::size_t>(nd.b)] : -1);
  }
  return t;
}

std::vector<std::vector<std::pair<int, int>>> ExpressionGraph::gradients(const std::vector<int>& inputs,
                                                                         const std::vector<int>& targets) {
  const int n = size();
  const std::vector<char> needed = needed_by(targets);
  // Each node's nonzero partials as (input position, tangent node), sorted by position, stored one node after
  // another in `pairs` (nodes only ever read earlier nodes' lists).
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> begin(static_cast<std::size_t>(n) + 1, 0), end(static_cast<std::size_t>(n), 0);
  std::vector<int> position(static_cast<std::size_t>(n), -1);
  for (std::size_t k = 0; k < inputs.size(); ++k) position[static_cast<std::size_t>(inputs[k])] = static_cast<int>(k);
  const int one = constant(1.0);
  for (int id = 0; id < n; ++id) {
    begin[static_cast<std::size_t>(id)] = static_cast<int>(pairs.size());
    if (needed[static_cast<std::size_t>(id)]) {
      const Node nd = node(id);
      if (nd.op == Op::Input) {
        if (position[static_cast<std::size_t>(id)] >= 0) pairs.emplace_back(position[static_cast<std::size_t>(id)], one);
      } else if (nd.op != Op::Constant) {
        // Merge the operands' lists: every input either depends on gets this node's tangent along it.
        int i = begin[static_cast<std::size_t>(nd.a)];
        const int ie = end[static_cast<std::size_t>(nd.a)];
        int j = nd.b >= 0 ? begin[static_cast<std::size_t>(nd.b)] : 0;
        const int je = nd.b >= 0 ? end[static_cast<std::size_t>(nd.b)] : 0;
        while (i < ie || j < je) {
          const int ki = i < ie ? pairs[static_cast<std::size_t>(i)].first : INT32_MAX;
          const int kj = j < je ? pairs[static_cast<std::size_t>(j)].first : INT32_MAX;
          const int k = std::min(ki, kj);
          const int ta = ki == k ? pairs[static_cast<std::size_t>(i++)].second : -1;
          const int tb = kj == k ? pairs[static_cast<std::size_t>(j++)].second : -1;
          const int d = tangent_of(id, ta, tb);
          if (d >= 0) pairs.emplace_back(k, d);
        }
      }
    }
    end[static_cast<std::size_t>(id)] = static_cast<int>(pairs.size());
  }
  std::vector<std::vector<std::pair<int, int>>> out;
  out.reserve(targets.size());
  for (int t : targets) {
    out.emplace_back();
    if (t >= 0) out.back().assign(pairs.begin() + begin[static_cast<std::size_t>(t)], pairs.begin() + end[static_cast<std::size_t>(t)]);
  }
  return out;
}

namespace detail {

int node_of(const Recorded& x) {
  if (x.live()) return x.id;
  ExpressionGraph* g = ExpressionGraph::recording();
  assert(g != nullptr);
  return g->constant(x.v);
}

namespace {
Recorded as_recorded(const ExpressionGraph& g, int id) {
  const auto& nd = g.node(id);
  return nd.op == Op::Constant ? Recorded(nd.value) : Recorded(nd.value, id);
}
}  // namespace

Recorded record(Op op, const Recorded& a) {
  if (!a.live()) return Recorded(evaluate_op(op, a.v, 0.0));
  ExpressionGraph* g = ExpressionGraph::recording();
  assert(g != nullptr);
  return as_recorded(*g, g->apply(op, a.id));
}

Recorded record(Op op, const Recorded& a, const Recorded& b) {
  if (!a.live() && !b.live()) return Recorded(evaluate_op(op, a.v, b.v));
  ExpressionGraph* g = ExpressionGraph::recording();
  assert(g != nullptr);
  const int ia = node_of(a), ib = node_of(b);
  return as_recorded(*g, g->apply(op, ia, ib));
}

bool note_branch(const Recorded& x) {
  if (!x.live()) return false;
  if (ExpressionGraph* g = ExpressionGraph::recording()) g->value_dependent = true;
  return true;
}

}  // namespace detail

}  // namespace carvallo
