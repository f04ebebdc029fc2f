#pragma once
// Root of a scalar function inside a sign-changing bracket, by the Illinois method (modified regula falsi)
// with bisection safeguards. Used to refine stability boundaries of parameter sweeps.

#include "carvallo/errors.hpp"

#include <functional>
#include <string>

namespace carvallo::stability {

/// Thrown when a bracketed root search cannot run or cannot finish (no sign change, non-finite values,
/// evaluation budget exhausted). The message names the bracket and the reason. A carvallo::Error.
class RootFindingError : public Error {
 public:
  using Error::Error;
};

struct BracketedRoot {
  double root = 0.0;   ///< midpoint of the final bracket (or the exact zero if one was hit)
  double lower = 0.0;  ///< final bracket, lower <= root <= upper, upper - lower <= tolerance
  double upper = 0.0;
  int evaluations = 0;  ///< calls of f made by the search (the two end values are given, not counted)
};

/// Finds x in [a, b] with f(x) = 0 given fa = f(a), fb = f(b) of opposite signs (or one of them zero).
/// Guarantees |root - x*| <= tolerance / 2 for some sign change x* of f in the bracket.
/// Throws RootFindingError if fa, fb do not bracket, a value is not finite, the tolerance is not positive or
/// max_evaluations is exceeded; exceptions of f propagate.
BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double a, double b, double fa, double fb,
                                  double tolerance, int max_evaluations = 300);

}  // namespace carvallo::stability
