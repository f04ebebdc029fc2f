#pragma once
// Rows of widgets that wrap instead of running off a narrow panel (a phone, large projector text):
// call before each widget after the first with the width it will take.

#include <imgui.h>

#include <algorithm>
#include <string>

namespace carvallo::web {

/// Continues the current row, `spacing` px after the last item, if a widget `width` wide still fits in the
/// window, else starts a new one.
inline void same_line_if_fits(float width, float spacing) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0, spacing);
}
/// The same with the style's item spacing.
inline void same_line_if_fits(float width) { same_line_if_fits(width, ImGui::GetStyle().ItemSpacing.x); }

inline float text_width(const char* text) { return ImGui::CalcTextSize(text, nullptr, true).x; }
/// A button's width; a one-letter one (target_size.hpp's target_button) is as wide as it is tall.
inline float button_width(const char* label) {
  return std::max(text_width(label) + 2 * ImGui::GetStyle().FramePadding.x, ImGui::GetFrameHeight());
}
inline float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + text_width(label);
}
/// A slider or drag of item width `item` followed by its label.
inline float labelled_width(float item, const char* label) {
  return item + ImGui::GetStyle().ItemInnerSpacing.x + text_width(label);
}

/// After a section's tree node (`open`: what it returned): a section just opened by a click in the lower
/// half of its window scrolls the window to put its header at the top, so what it holds comes into view
/// (the simulation panel's sections under its plots on a short screen); one opened higher up stays put.
inline void reveal_opened_section(bool open) {
  const float y = ImGui::GetItemRectMin().y - ImGui::GetWindowPos().y;
  if (open && ImGui::IsItemToggledOpen() && y > 0.5f * ImGui::GetWindowHeight()) ImGui::SetScrollFromPosY(y, 0.0f);
}

/// `label` broken into lines at its spaces where a widget of it would run past the window's right edge
/// (a longer language, large text, a narrow panel; ImGui draws a label's lines one under the other):
/// `extra` is what the widget adds to its text's width. A word longer than the room is cut with a hyphen; the
/// "##id" part is kept, so a "###id" keeps the widget's identity. Unchanged where it fits.
std::string fitted_label(const char* label, float extra);
/// fitted_label for a button, a check box and a tree node.
std::string fitted_button(const char* label);
std::string fitted_checkbox(const char* label);
std::string fitted_tree_node(const char* label);

}  // namespace carvallo::web
