// Structural sparsity patterns (sparsity.hpp).
#include "carvallo/sparsity.hpp"

#include <algorithm>
#include <cstddef>

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

}  // namespace carvallo
