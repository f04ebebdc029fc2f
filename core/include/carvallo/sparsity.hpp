#pragma once
// Structural sparsity of a Jacobian (Model::C_q_sparsity, D_qd_sparsity, D_q_sparsity): the entries that
// can be nonzero, read off the expression graph the derivatives are built on (expression_graph.hpp).
#include <vector>

namespace carvallo {

struct SparsityPattern {
  int rows = 0;
  std::vector<std::vector<int>> column_rows;  ///< per column, increasing row indices
  /// The recorded code compared or inspected a value depending on its arguments: the pattern is proven for
  /// the branches taken at the recording state only.
  bool value_dependent = false;

  // These never throw (contains is false for a column out of range).
  int cols() const { return static_cast<int>(column_rows.size()); }
  int nonzeros() const;
  bool contains(int row, int col) const;
};

}  // namespace carvallo
