#pragma once
// A helper of the UI state tests: whether any of the lines (a report, a list of messages) contains a text.
#include <string>
#include <vector>

namespace carvallo_test {

inline bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines)
    if (l.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace carvallo_test
