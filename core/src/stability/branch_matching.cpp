#include "carvallo/stability/branch_matching.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace carvallo::stability {

std::vector<std::size_t> match_branches(const std::vector<std::complex<double>>& predicted,
                                        const std::vector<std::complex<double>>& candidates) {
  const std::size_t n = predicted.size();
  if (candidates.size() != n)
    throw SweepError("match_branches: " + std::to_string(n) + " predictions but " +
                                std::to_string(candidates.size()) + " candidates");
  // Shortest augmenting paths with row/column potentials (O(n^3)); index 0 is a sentinel column.
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> u(n + 1, 0.0), v(n + 1, 0.0), min_to(n + 1);
  std::vector<std::size_t> row_of(n + 1, 0), way(n + 1, 0);
  std::vector<char> used(n + 1);
  // Costs must be finite: with an infinite or NaN cost no column is ever chosen and the augmenting path
  // below never ends. Values near the overflow limit (a nearly singular model) are compared after scaling
  // by the largest magnitude, which keeps the argmin; a non-finite value cannot be matched at all.
  double magnitude = 0.0;
  for (const auto* values : {&predicted, &candidates})
    for (const auto& s : *values) {
      if (!std::isfinite(s.real()) || !std::isfinite(s.imag()))
        throw SweepError("match_branches: a non-finite value cannot be matched to a branch");
      magnitude = std::max({magnitude, std::abs(s.real()), std::abs(s.imag())});
    }
  const double unit = magnitude > 1e100 ? magnitude : 1.0;
  auto cost = [&](std::size_t r, std::size_t c) { return std::norm((predicted[r - 1] - candidates[c - 1]) / unit); };
  for (std::size_t r = 1; r <= n; ++r) {
    row_of[0] = r;
    std::size_t col = 0;
    std::fill(min_to.begin(), min_to.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    std::size_t visited = 0;  // each pass marks one more column used: at most n + 1 passes
    do {
      if (++visited > n + 1) throw SweepError("match_branches: no augmenting path (costs not comparable)");
      used[col] = 1;
      const std::size_t row = row_of[col];
      double delta = inf;
      std::size_t next = 0;
      for (std::size_t c = 1; c <= n; ++c) {
        if (used[c]) continue;
        const double reduced = cost(row, c) - u[row] - v[c];
        if (reduced < min_to[c]) {
          min_to[c] = reduced;
          way[c] = col;
        }
        if (min_to[c] < delta) {
          delta = min_to[c];
          next = c;
        }
      }
      for (std::size_t c = 0; c <= n; ++c) {
        if (used[c]) {
          u[row_of[c]] += delta;
          v[c] -= delta;
        } else {
          min_to[c] -= delta;
        }
      }
      col = next;
    } while (row_of[col] != 0);
    do {
      const std::size_t prev = way[col];
      row_of[col] = row_of[prev];
      col = prev;
    } while (col != 0);
  }
  std::vector<std::size_t> perm(n);
  for (std::size_t c = 1; c <= n; ++c) perm[row_of[c] - 1] = c - 1;
  return perm;
}

bool matching_is_ambiguous(const std::vector<std::complex<double>>& predicted,
                           const std::vector<std::complex<double>>& matched, double ratio, double floor) {
  const std::size_t n = predicted.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      if (std::abs(matched[i] - matched[j]) <= floor) continue;
      const double kept = std::norm(predicted[i] - matched[i]) + std::norm(predicted[j] - matched[j]);
      const double swapped = std::norm(predicted[i] - matched[j]) + std::norm(predicted[j] - matched[i]);
      if (swapped <= (1.0 + ratio) * kept) return true;
    }
  return false;
}

}  // namespace carvallo::stability
