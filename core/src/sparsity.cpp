// Sparsity patterns and the greedy column colouring of the coloured Jacobians (Curtis, Powell & Reid 1974).
#include "carvallo/sparsity.hpp"

#include "carvallo/errors.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace carvallo {

int SparsityPattern::nonzeros() const {
  std::size_t n = 0;
  for (const auto& r : column_rows) n += r.size();
  return static_cast<int>(n);
}

bool SparsityPattern::contains(int row, int col) const {
  if (col < 0 || col >= cols()) return false;
  const auto& r = column_rows[static_cast<std::size_t>(col)];
  return std::binary_search(r.begin(), r.end(), row);
}

SparsityPattern dense_pattern(int rows, int cols) {
  // A negative size would reach vector::resize as a huge count (std::length_error, not an engine error).
  if (rows < 0 || cols < 0)
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "dense_pattern: negative size " + std::to_string(rows) + " x " + std::to_string(cols), 0.0);
  SparsityPattern p;
  p.rows = rows;
  p.column_rows.resize(static_cast<std::size_t>(cols));
  for (auto& r : p.column_rows)
    for (int i = 0; i < rows; ++i) r.push_back(i);
  return p;
}

SparsityPattern pattern_union(const SparsityPattern& a, const SparsityPattern& b) {
  if (a.rows != b.rows || a.cols() != b.cols())
    throw SolverError(SolverError::Kind::InvalidArgument,
                      "pattern_union: patterns of " + std::to_string(a.rows) + " x " + std::to_string(a.cols()) +
                          " and " + std::to_string(b.rows) + " x " + std::to_string(b.cols()),
                      0.0);
  SparsityPattern p;
  p.rows = a.rows;
  p.value_dependent = a.value_dependent || b.value_dependent;
  p.column_rows.resize(a.column_rows.size());
  for (std::size_t j = 0; j < a.column_rows.size(); ++j)
    std::set_union(a.column_rows[j].begin(), a.column_rows[j].end(), b.column_rows[j].begin(),
                   b.column_rows[j].end(), std::back_inserter(p.column_rows[j]));
  return p;
}

ColumnColoring color_columns(const SparsityPattern& pattern) {
  const int n = pattern.cols();
  ColumnColoring cc;
  cc.color.assign(static_cast<std::size_t>(n), 0);
  cc.rows = pattern.column_rows;
  std::vector<std::vector<char>> used;  // used[c][i]: colour c has a column with a nonzero in row i
  for (int j = 0; j < n; ++j) {
    const auto& r = cc.rows[static_cast<std::size_t>(j)];
    std::size_t c = 0;
    for (; c < used.size(); ++c) {
      bool clash = false;
      for (int i : r) clash = clash || used[c][static_cast<std::size_t>(i)];
      if (!clash) break;
    }
    if (c == used.size()) used.emplace_back(static_cast<std::size_t>(pattern.rows), 0);
    for (int i : r) used[c][static_cast<std::size_t>(i)] = 1;
    cc.color[static_cast<std::size_t>(j)] = static_cast<int>(c);
  }
  cc.colors = static_cast<int>(used.size());
  return cc;
}

}  // namespace carvallo
