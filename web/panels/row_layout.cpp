// Labels broken into lines where a widget of them would run past the window's edge (row_layout.hpp).
#include "panels/row_layout.hpp"
#include "panels/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace carvallo::web {

std::string fitted_label(const char* label, float extra) {
  const std::string whole = label;
  const std::size_t id = whole.find("##");
  const std::string text = whole.substr(0, id), suffix = id == std::string::npos ? "" : whole.substr(id);
  const float room = ImGui::GetContentRegionAvail().x - extra;
  if (ImGui::CalcTextSize(text.c_str()).x <= room) return whole;
  std::string out, line;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    std::string word = text.substr(start, end - start);
    // A word wider than the room alone (a long compound, large text) is cut where it fills a line, at
    // a character's first byte (UTF-8), with a hyphen.
    while (ImGui::CalcTextSize(word.c_str()).x > room) {
      const float hyphen = ImGui::CalcTextSize("-").x;
      const auto cut = static_cast<std::size_t>(fitting_end(word.data(), word.data() + word.size(), room - hyphen) - word.data());
      if (cut <= 1 || cut == word.size()) break;  // not even one character fits, or nothing left to cut
      out += (line.empty() ? "" : line + "\n") + word.substr(0, cut) + "-\n";
      line.clear();
      word = word.substr(cut);
    }
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > room) {
      out += line + "\n";
      line = word;
    } else {
      line = longer;
    }
    start = end + 1;
  }
  return out + line + suffix;
}

std::string fitted_button(const char* label) { return fitted_label(label, 2 * ImGui::GetStyle().FramePadding.x); }

std::string fitted_checkbox(const char* label) {
  return fitted_label(label, ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x);
}

std::string fitted_tree_node(const char* label) { return fitted_label(label, ImGui::GetTreeNodeToLabelSpacing()); }

}  // namespace carvallo::web
