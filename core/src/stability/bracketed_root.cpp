#include "carvallo/stability/bracketed_root.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

namespace carvallo::stability {

namespace {

std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string describe(double a, double b) { return "[" + number(a) + ", " + number(b) + "]"; }

}  // namespace

BracketedRoot find_bracketed_root(const std::function<double(double)>& f, double a, double b, double fa, double fb,
                                  double tolerance, int max_evaluations) {
  if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(fa) || !std::isfinite(fb))
    throw RootFindingError("find_bracketed_root: non-finite bracket or end value on " + describe(a, b));
  if (!(tolerance > 0.0)) throw RootFindingError("find_bracketed_root: tolerance must be positive");
  BracketedRoot out;
  if (fa == 0.0) return {a, a, a, 0};
  if (fb == 0.0) return {b, b, b, 0};
  if ((fa < 0.0) == (fb < 0.0))
    throw RootFindingError("find_bracketed_root: no sign change on " + describe(a, b));

  // Invariant: f(a) and f(b) have opposite signs; b is the most recent iterate.
  int stalled = 0;           // iterations since the bracket last halved
  double width_mark = std::abs(b - a);
  while (std::abs(b - a) > tolerance) {
    if (out.evaluations >= max_evaluations)
      throw RootFindingError("find_bracketed_root: no convergence within " + std::to_string(max_evaluations) +
                             " evaluations, bracket " + describe(std::min(a, b), std::max(a, b)));
    double x = b - fb * (b - a) / (fb - fa);
    const double dir = a > b ? 1.0 : -1.0;  // from b towards a
    // A step shorter than tolerance/2 is lengthened so the bracket closes from b's side (Brent's trick).
    if (!(std::abs(x - b) >= 0.5 * tolerance)) x = b + dir * 0.5 * tolerance;
    if (stalled >= 3 || !std::isfinite(x) || (x - a) * (x - b) >= 0.0) x = 0.5 * (a + b);
    const double fx = f(x);
    ++out.evaluations;
    if (!std::isfinite(fx))
      throw RootFindingError("find_bracketed_root: f is not finite at " + number(x));
    if (fx == 0.0) return {x, x, x, out.evaluations};
    if ((fx < 0.0) != (fb < 0.0)) {
      a = b;
      fa = fb;
    } else {
      fa *= 0.5;  // Illinois: the retained end is weighted down so it moves too
    }
    b = x;
    fb = fx;
    if (std::abs(b - a) <= 0.5 * width_mark) {
      width_mark = std::abs(b - a);
      stalled = 0;
    } else {
      ++stalled;
    }
  }
  out.lower = std::min(a, b);
  out.upper = std::max(a, b);
  out.root = 0.5 * (out.lower + out.upper);
  return out;
}

}  // namespace carvallo::stability
