#pragma once
// The benchmarks' timer: CPU microseconds per call of f, the fastest of 7 rounds of at least 0.05 s each
// (the machine is shared, so the minimum is the figure least disturbed by other load).
#include <algorithm>
#include <ctime>

template <class F>
double per_call_us(F&& f) {
  long n = 1;
  for (;;) {
    const std::clock_t a = std::clock();
    for (long i = 0; i < n; ++i) f();
    if (static_cast<double>(std::clock() - a) / CLOCKS_PER_SEC >= 0.05) break;
    n *= 2;
  }
  double best = 1e300;
  for (int round = 0; round < 7; ++round) {
    const std::clock_t a = std::clock();
    for (long i = 0; i < n; ++i) f();
    best = std::min(best, 1e6 * static_cast<double>(std::clock() - a) / CLOCKS_PER_SEC / static_cast<double>(n));
  }
  return best;
}
