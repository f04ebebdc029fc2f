#pragma once
// A model's residuals recorded once as an expression graph, differentiated on the graph, and evaluated as
// straight-line code (straight_line_program.hpp) instead of by a dual-number pass per evaluation.
//
// Recorded is a scalar type that runs through the same templated model code as double and the duals
// (model_definition.hpp). Arithmetic on a Recorded that depends on an input adds a node to the graph being
// recorded (ExpressionGraph::recording()); arithmetic on constants (literals, parameters) is done in double
// at once, so the graph holds only what varies with the inputs. Every node is made by ExpressionGraph::apply,
// which folds what is known (x·0, x·1, x + 0, constants) and shares equal nodes (common subexpressions: the
// same operation on the same operands is one node), so the rotations the joints and contacts of a body
// share, and the terms the derivatives of several outputs share, are computed once.
//
// Derivatives are built on the graph by forward mode, symbolically: the tangent of every node along a seed
// (each input's tangent a node or zero) is itself a node, made by apply from the operands' tangents and the
// operation's partial derivatives (d(a b) = da b + a db, d sin a = cos a da, ...). Tangents that are
// structurally zero stay absent, so a Jacobian column costs only the nodes that depend on its input, and a
// second derivative is the tangent of a tangent. Outputs are round-off equal to the dual-number AD of the
// same code (ad.hpp), not bit-equal: the chain rule's products are grouped differently.
//
// Branches. A recorded graph is the code path taken at the recording state. Every comparison, value_of or
// abs of a value that depends on an input marks the graph value_dependent; Model then does not keep it and
// records the graph anew at every call, which follows the branches of
// every state.
//
// Nothing here throws except std::bad_alloc; NaN and infinity pass as in double.

#include "carvallo/ad.hpp"
#include "carvallo/double_like_traits.hpp"

#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace carvallo {

class ExpressionGraph {
 public:
  enum class Op : std::uint8_t {
    Input, Constant,
    Add, Sub, Mul, Div, Neg,
    Sin, Cos, Tan, Sqrt, Exp, Log, Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh,
    Pow,  // a^b; b a constant node when the exponent is a double
  };
  struct Node {
    Op op = Op::Constant;
    int a = -1, b = -1;  ///< operand nodes (-1: none)
    double value = 0.0;  ///< a constant's value; for the others the value at the recording state
  };

  ExpressionGraph() = default;
  /// A graph with room for about `nodes` nodes before it reallocates.
  explicit ExpressionGraph(int nodes) {
    nodes_.reserve(static_cast<std::size_t>(nodes));
    shared_.reserve(static_cast<std::size_t>(nodes));
  }

  /// A new input node with its value at the recording state.
  int input(double value);
  /// The node of a constant (one node per bit pattern).
  int constant(double value);
  /// The node of op(a, b), folded and shared (see the header); the value is computed in double.
  int apply(Op op, int a, int b = -1);

  const Node& node(int id) const { return nodes_[static_cast<std::size_t>(id)]; }
  int size() const { return static_cast<int>(nodes_.size()); }
  bool is_constant(int id) const { return node(id).op == Op::Constant; }
  bool is_constant(int id, double c) const { return is_constant(id) && node(id).value == c; }

  /// Forward mode along a seed: the tangent node of every node up to the current size that `targets`
  /// depend on (-1 where the tangent is structurally zero or the node is not needed). seed[i] is the tangent
  /// node of input node i, or -1 for 0 (indexed by node id; entries past the seed's size are 0).
  std::vector<int> tangents(const std::vector<int>& seed, const std::vector<int>& targets);
  /// The Jacobian of `targets` with respect to the input nodes `inputs`, in one forward pass whose work is
  /// the number of (node, input) dependencies instead of one pass per input: for each target, its
  /// structurally nonzero partials as (position in `inputs`, tangent node), by increasing position. The
  /// same nodes as tangents() with the seeds e_k.
  std::vector<std::vector<std::pair<int, int>>> gradients(const std::vector<int>& inputs, const std::vector<int>& targets);

  /// Set by a comparison, value_of or abs of a value depending on an input while recording (see the header).
  bool value_dependent = false;

  /// The graph Recorded arithmetic adds to on this thread (nullptr: none; arithmetic on a Recorded that is
  /// not constant is then a programming error, and asserts).
  static ExpressionGraph*& recording();

  /// Makes this graph the recording one for a scope.
  class Scope {
   public:
    explicit Scope(ExpressionGraph& g) : previous_(recording()) { recording() = &g; }
    ~Scope() { recording() = previous_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ExpressionGraph* previous_;
  };

 private:
  int push(Op op, int a, int b, double value);
  /// Which nodes `targets` depend on (themselves included).
  std::vector<char> needed_by(const std::vector<int>& targets) const;
  /// The tangent node of node id from its operands' tangents (-1: zero).
  int tangent_of(int id, int ta, int tb);

  struct Key {
    Op op;
    int a, b;
    std::uint64_t bits;  // a constant's bit pattern
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = static_cast<std::uint64_t>(k.op) * 0x9E3779B97F4A7C15ull;
      h ^= static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.a)) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
      h ^= static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.b)) + 0x8CB92BA72F3D8DD7ull + (h << 6) + (h >> 2);
      h ^= k.bits + 0x94D049BB133111EBull + (h << 6) + (h >> 2);
      return static_cast<std::size_t>(h);
    }
  };
  std::vector<Node> nodes_;
  std::unordered_map<Key, int, KeyHash> shared_;
};

/// The recording scalar (see the header). Implicit from double: literals and parameters are constants.
struct Recorded {
  double v = 0.0;  ///< the value at the recording state, as a double evaluation computes it
  int id = -1;     ///< the graph node, or -1 for a constant (value v, not yet in the graph)

  constexpr Recorded() = default;
  constexpr Recorded(double x) : v(x) {}  // NOLINT(google-explicit-constructor)
  constexpr Recorded(double x, int node) : v(x), id(node) {}

  bool live() const { return id >= 0; }

  Recorded& operator+=(const Recorded& o);
  Recorded& operator-=(const Recorded& o);
  Recorded& operator*=(const Recorded& o);
  Recorded& operator/=(const Recorded& o);
};

namespace detail {
/// The graph node of x (a constant's node is made on demand).
int node_of(const Recorded& x);
Recorded record(ExpressionGraph::Op op, const Recorded& a);
Recorded record(ExpressionGraph::Op op, const Recorded& a, const Recorded& b);
/// Marks the recording graph value_dependent when x depends on an input; returns whether it does.
bool note_branch(const Recorded& x);
}  // namespace detail

/// The value; marks the graph value_dependent when x depends on an input (a decision may be taken on it).
inline double value_of(const Recorded& x) {
  detail::note_branch(x);
  return x.v;
}

// ---- arithmetic -------------------------------------------------------------------------------
inline Recorded operator+(const Recorded& a) { return a; }
inline Recorded operator-(const Recorded& a) { return detail::record(ExpressionGraph::Op::Neg, a); }
inline Recorded operator+(const Recorded& a, const Recorded& b) { return detail::record(ExpressionGraph::Op::Add, a, b); }
inline Recorded operator-(const Recorded& a, const Recorded& b) { return detail::record(ExpressionGraph::Op::Sub, a, b); }
inline Recorded operator*(const Recorded& a, const Recorded& b) { return detail::record(ExpressionGraph::Op::Mul, a, b); }
inline Recorded operator/(const Recorded& a, const Recorded& b) { return detail::record(ExpressionGraph::Op::Div, a, b); }
inline Recorded operator+(const Recorded& a, double b) { return a + Recorded(b); }
inline Recorded operator+(double a, const Recorded& b) { return Recorded(a) + b; }
inline Recorded operator-(const Recorded& a, double b) { return a - Recorded(b); }
inline Recorded operator-(double a, const Recorded& b) { return Recorded(a) - b; }
inline Recorded operator*(const Recorded& a, double b) { return a * Recorded(b); }
inline Recorded operator*(double a, const Recorded& b) { return Recorded(a) * b; }
inline Recorded operator/(const Recorded& a, double b) { return a / Recorded(b); }
inline Recorded operator/(double a, const Recorded& b) { return Recorded(a) / b; }
inline Recorded& Recorded::operator+=(const Recorded& o) { return *this = *this + o; }
inline Recorded& Recorded::operator-=(const Recorded& o) { return *this = *this - o; }
inline Recorded& Recorded::operator*=(const Recorded& o) { return *this = *this * o; }
inline Recorded& Recorded::operator/=(const Recorded& o) { return *this = *this / o; }

// ---- comparisons: on the value; a live operand makes the graph value_dependent -----------------------
#define CARVALLO_RECORDED_COMPARISON(op)                                                                  \
  inline bool operator op(const Recorded& a, const Recorded& b) {                                       \
    detail::note_branch(a);                                                                               \
    detail::note_branch(b);                                                                               \
    return a.v op b.v;                                                                                    \
  }                                                                                                       \
  inline bool operator op(const Recorded& a, double b) { return a op Recorded(b); }                      \
  inline bool operator op(double a, const Recorded& b) { return Recorded(a) op b; }
CARVALLO_RECORDED_COMPARISON(==)
CARVALLO_RECORDED_COMPARISON(!=)
CARVALLO_RECORDED_COMPARISON(<)
CARVALLO_RECORDED_COMPARISON(>)
CARVALLO_RECORDED_COMPARISON(<=)
CARVALLO_RECORDED_COMPARISON(>=)
#undef CARVALLO_RECORDED_COMPARISON

// ---- elementary functions ----------------------------------------------------------------------------
#define CARVALLO_RECORDED_FUNCTION(name, op) \
  inline Recorded name(const Recorded& a) { return detail::record(ExpressionGraph::Op::op, a); }
CARVALLO_RECORDED_FUNCTION(sin, Sin)
CARVALLO_RECORDED_FUNCTION(cos, Cos)
CARVALLO_RECORDED_FUNCTION(tan, Tan)
CARVALLO_RECORDED_FUNCTION(sqrt, Sqrt)
CARVALLO_RECORDED_FUNCTION(exp, Exp)
CARVALLO_RECORDED_FUNCTION(log, Log)
CARVALLO_RECORDED_FUNCTION(asin, Asin)
CARVALLO_RECORDED_FUNCTION(acos, Acos)
CARVALLO_RECORDED_FUNCTION(atan, Atan)
CARVALLO_RECORDED_FUNCTION(sinh, Sinh)
CARVALLO_RECORDED_FUNCTION(cosh, Cosh)
CARVALLO_RECORDED_FUNCTION(tanh, Tanh)
#undef CARVALLO_RECORDED_FUNCTION
inline Recorded atan2(const Recorded& y, const Recorded& x) { return detail::record(ExpressionGraph::Op::Atan2, y, x); }
inline Recorded atan2(const Recorded& y, double x) { return atan2(y, Recorded(x)); }
inline Recorded atan2(double y, const Recorded& x) { return atan2(Recorded(y), x); }
inline Recorded pow(const Recorded& a, const Recorded& b) { return detail::record(ExpressionGraph::Op::Pow, a, b); }
inline Recorded pow(const Recorded& a, double p) { return pow(a, Recorded(p)); }
// |a|: its derivative's sign is taken from the recording state, a branch (see the header).
inline Recorded abs(const Recorded& a) { return a < 0.0 ? -a : a; }
inline Recorded fabs(const Recorded& a) { return abs(a); }

// Eigen's generic code (norms, dot products).
inline const Recorded& conj(const Recorded& a) { return a; }
inline const Recorded& real(const Recorded& a) { return a; }
inline Recorded imag(const Recorded&) { return Recorded(0.0); }
inline Recorded abs2(const Recorded& a) { return a * a; }
inline bool isfinite(const Recorded& a) { return std::isfinite(value_of(a)); }
inline bool isnan(const Recorded& a) { return std::isnan(value_of(a)); }
inline bool isinf(const Recorded& a) { return std::isinf(value_of(a)); }

}  // namespace carvallo

namespace Eigen {

template <>
struct NumTraits<carvallo::Recorded> : carvallo::detail::DoubleLikeNumTraits<carvallo::Recorded, 2, 2, 2> {};

template <class BinaryOp>
struct ScalarBinaryOpTraits<carvallo::Recorded, double, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::Recorded> {};
template <class BinaryOp>
struct ScalarBinaryOpTraits<double, carvallo::Recorded, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::Recorded> {};

}  // namespace Eigen
