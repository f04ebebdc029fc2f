#pragma once
// Exact structural sparsity of Jacobians, for the coloured vector-mode Jacobians of Model (C_q, D_q̇, D_q).
//
// SparsityTracer is a scalar type that runs through the same templated model code as double and the duals
// (model_definition.hpp) and records, instead of derivatives, which inputs a value depends on: a bit per
// input of the current pass, OR-ed through every operation (a + b, sin(a), atan2(a, b), ...). An output
// whose bit j is clear has no data path from input j, so any forward-mode AD of the same code yields an
// exact 0 in column j (barring NaN/inf partials, which the Model reports as non-finite anyway).
// One refinement keeps the pattern as tight as the code allows: a product with (or a quotient of) a
// constant exactly 0 (a literal, a parameter, a zero entry of Mat3::Zero(), a zero local coordinate) is a
// constant 0 without bits, because every AD tangent of it is a.d · 0 + a.v · 0 = 0 as well. What remains
// conservative are cancellations, e.g. (c + k d) − c or sin(q)cos(q) − cos(q)sin(q): they keep their bits,
// which only costs colours, never correctness.
//
// Branches. The tracer carries the double value, computed exactly as a double evaluation would, so model
// code that branches on values (if (x > 0), abs, min/max, value_of) follows the branches of the traced
// state. A pattern is therefore only proven for the branches taken there. Every comparison whose operands
// depend on the function's arguments (`live`: traced inputs and the other watched arguments such as t)
// is counted, and so is every value_of or isfinite-style inspection of a live value; abs/fabs do not
// count (both branches have the same bits). A pattern with such a comparison is marked value_dependent
// and Model then does not trust it: it uses the dense pattern (one colour per column, still exact,
// slower). A pattern without one holds at every state.

#include "carvallo/ad.hpp"
#include "carvallo/double_like_traits.hpp"

#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <vector>

namespace carvallo {

/// The tracer and every operation and function on it below never throw (like double: NaN and inf pass).
struct SparsityTracer {
  double v = 0.0;          ///< the value, as a double evaluation computes it (branches follow the real state)
  std::uint64_t deps = 0;  ///< bit k: depends on traced input k of the current pass
  bool live = false;       ///< depends on any argument of the traced function (traced or only watched)

  constexpr SparsityTracer() = default;
  // Implicit from double: literals and parameters are constants, independent of every input.
  constexpr SparsityTracer(double x) : v(x) {}  // NOLINT(google-explicit-constructor)
  constexpr SparsityTracer(double x, std::uint64_t bits, bool is_live) : v(x), deps(bits), live(is_live) {}

  SparsityTracer& operator+=(const SparsityTracer& o) { v += o.v; return join(o); }
  SparsityTracer& operator-=(const SparsityTracer& o) { v -= o.v; return join(o); }
  SparsityTracer& operator*=(const SparsityTracer& o);
  SparsityTracer& operator/=(const SparsityTracer& o);
  SparsityTracer& operator+=(double o) { v += o; return *this; }
  SparsityTracer& operator-=(double o) { v -= o; return *this; }
  SparsityTracer& operator*=(double o);
  SparsityTracer& operator/=(double o) { v /= o; return *this; }

 private:
  SparsityTracer& join(const SparsityTracer& o) {
    deps |= o.deps;
    live = live || o.live;
    return *this;
  }
};

namespace detail {
/// Comparisons and value inspections of live tracers on this thread (see "Branches" above); a trace reads
/// it before and after and marks its pattern value_dependent if it moved.
inline long& sparsity_branch_count() {
  thread_local long count = 0;
  return count;
}
inline bool note_branch(bool live) {
  if (live) ++sparsity_branch_count();
  return live;
}
inline SparsityTracer with_value(const SparsityTracer& a, double v) { return {v, a.deps, a.live}; }
inline SparsityTracer with_value(const SparsityTracer& a, const SparsityTracer& b, double v) {
  return {v, a.deps | b.deps, a.live || b.live};
}
/// A constant exactly 0: depends on nothing, so a product with it is the constant 0 (see the header).
inline bool is_constant_zero(const SparsityTracer& a) { return !a.live && a.deps == 0 && a.v == 0.0; }
inline SparsityTracer product(const SparsityTracer& a, const SparsityTracer& b, double v) {
  if (is_constant_zero(a) || is_constant_zero(b)) return SparsityTracer(v);
  return with_value(a, b, v);
}
inline SparsityTracer scaled(const SparsityTracer& a, double factor, double v) {
  if (factor == 0.0) return SparsityTracer(v);
  return with_value(a, v);
}
}  // namespace detail

/// The value; counted as a branch when live (the caller may take a decision on it).
inline double value_of(const SparsityTracer& x) {
  detail::note_branch(x.live);
  return x.v;
}

// ---- arithmetic -------------------------------------------------------------------------------
inline SparsityTracer operator+(const SparsityTracer& a) { return a; }
inline SparsityTracer operator-(const SparsityTracer& a) { return detail::with_value(a, -a.v); }
inline SparsityTracer operator+(const SparsityTracer& a, const SparsityTracer& b) { return detail::with_value(a, b, a.v + b.v); }
inline SparsityTracer operator-(const SparsityTracer& a, const SparsityTracer& b) { return detail::with_value(a, b, a.v - b.v); }
inline SparsityTracer operator*(const SparsityTracer& a, const SparsityTracer& b) { return detail::product(a, b, a.v * b.v); }
// 0 / b is a constant 0 when 0 is one (b's partials enter multiplied by it); a / 0 is not finite anyway.
inline SparsityTracer operator/(const SparsityTracer& a, const SparsityTracer& b) {
  if (detail::is_constant_zero(a)) return SparsityTracer(a.v / b.v);
  return detail::with_value(a, b, a.v / b.v);
}
inline SparsityTracer operator+(const SparsityTracer& a, double b) { return detail::with_value(a, a.v + b); }
inline SparsityTracer operator+(double a, const SparsityTracer& b) { return detail::with_value(b, a + b.v); }
inline SparsityTracer operator-(const SparsityTracer& a, double b) { return detail::with_value(a, a.v - b); }
inline SparsityTracer operator-(double a, const SparsityTracer& b) { return detail::with_value(b, a - b.v); }
inline SparsityTracer operator*(const SparsityTracer& a, double b) { return detail::scaled(a, b, a.v * b); }
inline SparsityTracer operator*(double a, const SparsityTracer& b) { return detail::scaled(b, a, a * b.v); }
inline SparsityTracer operator/(const SparsityTracer& a, double b) { return detail::with_value(a, a.v / b); }
inline SparsityTracer operator/(double a, const SparsityTracer& b) { return detail::scaled(b, a, a / b.v); }

inline SparsityTracer& SparsityTracer::operator*=(const SparsityTracer& o) { return *this = *this * o; }
inline SparsityTracer& SparsityTracer::operator/=(const SparsityTracer& o) { return *this = *this / o; }
inline SparsityTracer& SparsityTracer::operator*=(double o) { return *this = *this * o; }

// ---- comparisons: on the value, counted when an operand is live --------------------------------
#define CARVALLO_TRACER_COMPARISON(op)                                                                   \
  inline bool operator op(const SparsityTracer& a, const SparsityTracer& b) {                           \
    detail::note_branch(a.live || b.live);                                                                \
    return a.v op b.v;                                                                                    \
  }                                                                                                       \
  inline bool operator op(const SparsityTracer& a, double b) {                                          \
    detail::note_branch(a.live);                                                                          \
    return a.v op b;                                                                                      \
  }                                                                                                       \
  inline bool operator op(double a, const SparsityTracer& b) {                                          \
    detail::note_branch(b.live);                                                                          \
    return a op b.v;                                                                                      \
  }
CARVALLO_TRACER_COMPARISON(==)
CARVALLO_TRACER_COMPARISON(!=)
CARVALLO_TRACER_COMPARISON(<)
CARVALLO_TRACER_COMPARISON(>)
CARVALLO_TRACER_COMPARISON(<=)
CARVALLO_TRACER_COMPARISON(>=)
#undef CARVALLO_TRACER_COMPARISON

// ---- elementary functions: the value of std::f, the inputs of the argument(s) ---------------------
inline SparsityTracer sin(const SparsityTracer& a) { return detail::with_value(a, std::sin(a.v)); }
inline SparsityTracer cos(const SparsityTracer& a) { return detail::with_value(a, std::cos(a.v)); }
inline SparsityTracer tan(const SparsityTracer& a) { return detail::with_value(a, std::tan(a.v)); }
inline SparsityTracer exp(const SparsityTracer& a) { return detail::with_value(a, std::exp(a.v)); }
inline SparsityTracer log(const SparsityTracer& a) { return detail::with_value(a, std::log(a.v)); }
inline SparsityTracer sqrt(const SparsityTracer& a) { return detail::with_value(a, std::sqrt(a.v)); }
inline SparsityTracer pow(const SparsityTracer& a, double p) { return detail::with_value(a, std::pow(a.v, p)); }
inline SparsityTracer pow(const SparsityTracer& a, const SparsityTracer& b) {
  return detail::with_value(a, b, std::pow(a.v, b.v));
}
inline SparsityTracer asin(const SparsityTracer& a) { return detail::with_value(a, std::asin(a.v)); }
inline SparsityTracer acos(const SparsityTracer& a) { return detail::with_value(a, std::acos(a.v)); }
inline SparsityTracer atan(const SparsityTracer& a) { return detail::with_value(a, std::atan(a.v)); }
inline SparsityTracer atan2(const SparsityTracer& y, const SparsityTracer& x) {
  return detail::with_value(y, x, std::atan2(y.v, x.v));
}
inline SparsityTracer atan2(const SparsityTracer& y, double x) { return detail::with_value(y, std::atan2(y.v, x)); }
inline SparsityTracer atan2(double y, const SparsityTracer& x) { return detail::with_value(x, std::atan2(y, x.v)); }
inline SparsityTracer sinh(const SparsityTracer& a) { return detail::with_value(a, std::sinh(a.v)); }
inline SparsityTracer cosh(const SparsityTracer& a) { return detail::with_value(a, std::cosh(a.v)); }
inline SparsityTracer tanh(const SparsityTracer& a) { return detail::with_value(a, std::tanh(a.v)); }
// |a| branches on the sign in the duals, but both branches depend on the same inputs: not a branch here.
inline SparsityTracer abs(const SparsityTracer& a) { return detail::with_value(a, std::abs(a.v)); }
inline SparsityTracer fabs(const SparsityTracer& a) { return abs(a); }

// Eigen's generic code (norms, dot products).
inline const SparsityTracer& conj(const SparsityTracer& a) { return a; }
inline const SparsityTracer& real(const SparsityTracer& a) { return a; }
inline SparsityTracer imag(const SparsityTracer&) { return SparsityTracer(0.0); }
inline SparsityTracer abs2(const SparsityTracer& a) { return a * a; }
inline bool isfinite(const SparsityTracer& a) { return value_of(a) - value_of(a) == 0.0; }
inline bool isnan(const SparsityTracer& a) { return std::isnan(value_of(a)); }
inline bool isinf(const SparsityTracer& a) { return std::isinf(value_of(a)); }

}  // namespace carvallo

namespace Eigen {

template <>
struct NumTraits<carvallo::SparsityTracer> : carvallo::detail::DoubleLikeNumTraits<carvallo::SparsityTracer, 2, 2, 2> {};

template <class BinaryOp>
struct ScalarBinaryOpTraits<carvallo::SparsityTracer, double, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::SparsityTracer> {};
template <class BinaryOp>
struct ScalarBinaryOpTraits<double, carvallo::SparsityTracer, BinaryOp> : carvallo::detail::MixesWithDouble<carvallo::SparsityTracer> {};

}  // namespace Eigen

namespace carvallo {

/// Nonzero structure of a Jacobian (rows × cols): the rows of each column that may be nonzero.
struct SparsityPattern {
  int rows = 0;
  std::vector<std::vector<int>> column_rows;  ///< per column, increasing row indices
  /// The traced code compared or inspected a value depending on its arguments: the pattern is proven for
  /// the branches taken at the traced state only (see the header comment).
  bool value_dependent = false;

  // These never throw (contains is false for a column out of range).
  int cols() const { return static_cast<int>(column_rows.size()); }
  int nonzeros() const;
  bool contains(int row, int col) const;
};

/// Every entry of a rows × cols Jacobian (what Model uses for a value-dependent pattern). Throws
/// SolverError(InvalidArgument) for a negative size; never throws otherwise.
SparsityPattern dense_pattern(int rows, int cols);

/// The union of two patterns of the same size (value_dependent if either is).
/// Throws SolverError(InvalidArgument) if the sizes differ.
SparsityPattern pattern_union(const SparsityPattern& a, const SparsityPattern& b);

/// A column colouring for the Curtis–Powell–Reid scheme: columns of one colour share no row of the
/// pattern, so one evaluation seeded along all of them reads each entry off unmixed.
struct ColumnColoring {
  int colors = 0;
  std::vector<int> color;              ///< per column
  std::vector<std::vector<int>> rows;  ///< the pattern's rows per column (where each entry is read)
};

/// Greedy colouring in column order (each column takes the lowest colour none of whose columns shares a
/// row with it). Deterministic. Never throws.
ColumnColoring color_columns(const SparsityPattern& pattern);

/// Traces f(xs, out) (out arrives sized `rows` and zero-filled) at x: each pass gives 64 columns a bit
/// each; every other entry of xs is live without bits, as must be any other argument f captures (make
/// those SparsityTracer(value, 0, true)). Returns the pattern of ∂out/∂x; value_dependent if f compared a
/// live value. Never throws itself; exceptions of f propagate.
template <class F>
SparsityPattern trace_jacobian_sparsity(const Eigen::VectorXd& x, int rows, F&& f) {
  constexpr int kBits = 64;
  const auto n = static_cast<int>(x.size());
  SparsityPattern p;
  p.rows = rows;
  p.column_rows.resize(static_cast<std::size_t>(n));
  const long branches_before = detail::sparsity_branch_count();
  Eigen::Matrix<SparsityTracer, Eigen::Dynamic, 1> xs(n), out(rows);
  for (int j0 = 0; j0 < n; j0 += kBits) {
    const int width = n - j0 < kBits ? n - j0 : kBits;
    for (int j = 0; j < n; ++j) {
      const bool traced = j >= j0 && j < j0 + width;
      xs[j] = SparsityTracer(x[j], traced ? std::uint64_t{1} << (j - j0) : 0, true);
    }
    out.setZero();
    f(xs, out);
    for (int k = 0; k < width; ++k)
      for (int i = 0; i < rows; ++i)
        if ((out[i].deps >> k) & 1u) p.column_rows[static_cast<std::size_t>(j0 + k)].push_back(i);
  }
  p.value_dependent = detail::sparsity_branch_count() != branches_before;
  return p;
}

}  // namespace carvallo
