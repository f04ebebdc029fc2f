#pragma once
// WCAG 2.5.8 (target size, minimum): every pointer target of the canvas at least 24 x 24 CSS px, on every
// layout and text size (tests/e2e/targets.test.mjs measures every one ImGui reports). The style is grown
// to it where the fonts are built (main.cpp, follow_canvas): frames (buttons, fields, sliders, check
// boxes, combos, tabs, title bars and their buttons) by their padding, scrollbars by their width. What
// the style alone does not size is sized here: rows of menus and lists (a Selectable is a line of text
// and the item spacing), a one-letter button, a window drawn at a smaller text scale (the stage's bar, the
// caption).

#include <imgui.h>
#include <imgui_internal.h>  // the window a submenu opens from (ImGuiWindowFlags_ChildMenu)

#include <algorithm>
#include <cmath>

namespace carvallo::web {

constexpr float kMinTargetCss = 24.0f;

/// `padding` grown so that a frame of text `font_size` px tall is at least `target` px tall, and a square
/// frame button (a window's collapse arrow and close cross, an input's - and +) at least as wide. A pixel
/// more: the menu bar's clip rect takes its window's border off the top of its items.
inline ImVec2 target_padding(ImVec2 padding, float font_size, float target) {
  const float p = std::ceil(std::max(0.0f, target + 1.0f - font_size) * 0.5f);
  return ImVec2(std::max(padding.x, p), std::max(padding.y, p));
}

/// A scaled style with targets at least `target` px for text `font_size` px tall.
inline void grow_targets(ImGuiStyle& style, float font_size, float target) {
  style.FramePadding = target_padding(style.FramePadding, font_size, target);
  // A menu's or list's first and last rows reach half the item spacing (push_target_rows: the frame
  // padding) beyond the text, which the window's padding must hold inside its border.
  style.WindowPadding.y = std::max(style.WindowPadding.y, style.FramePadding.y + std::ceil(style.PopupBorderSize) + 1.0f);
  // ImGui's scrollbar takes the pointer 3 px inside its frame on each long side, and the frame is the
  // window's border wider than ScrollbarSize (ImGui::ScrollbarEx, GetWindowScrollbarRect).
  style.ScrollbarSize = std::max(style.ScrollbarSize, target + 6.0f - style.WindowBorderSize);
}

/// Rows of a menu or a combo's list as tall as a button: a Selectable is a line of text with half the item
/// spacing above and below. Push once the menu bar or the combo is open, pop before its End.
inline void push_target_rows() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = ImGui::GetFrameHeight() - ImGui::GetFontSize();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(style.ItemSpacing.x, std::max(style.ItemSpacing.y, row)));
}

/// Before a combo whose list has push_target_rows' rows: its list as tall as `rows` of them (at most 12),
/// as wide as the combo at least. ImGui sizes a list for 8 rows of text, which held 5 1/2 taller rows: the
/// sixth preset was cut and scrolled (a tester). Call after the combo's SetNextItemWidth.
inline void combo_rows(std::size_t rows) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = std::max(ImGui::GetFontSize() + style.ItemSpacing.y, ImGui::GetFrameHeight());
  const float shown = static_cast<float>(std::min<std::size_t>(std::max<std::size_t>(rows, 1), 12));
  ImGui::SetNextWindowSizeConstraints(ImVec2(ImGui::CalcItemWidth(), 0.0f), ImVec2(FLT_MAX, shown * row + 2 * style.WindowPadding.y));
}

/// ImGui::BeginMenu, its list no taller than the screen below the menu (a submenu low in its menu: ImGui
/// moves it up, and it may take most of the screen): taller, it scrolls. At the largest text a projector's
/// View menu ran past the screen's bottom, Show QR code out of reach (a tester).
/// A submenu with no room beside its menu (a phone) covers it whole: as wide as its menu at least, for the
/// menu's shortcuts and arrows had shown beside its items as theirs ("Roll and steer  Q"; a tester).
inline bool begin_menu(const char* label, bool enabled = true) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float below = display.y - (ImGui::GetCursorScreenPos().y + ImGui::GetFrameHeight());
  const float room = std::max(below, display.y * 0.6f) - ImGui::GetStyle().DisplaySafeAreaPadding.y - 2.0f;
  const ImGuiWindow* menu = ImGui::GetCurrentWindow();
  const bool no_room_beside = (menu->Flags & ImGuiWindowFlags_ChildMenu) && menu->Pos.x < menu->Size.x &&
                              menu->Pos.x + 2 * menu->Size.x > display.x;
  ImGui::SetNextWindowSizeConstraints(ImVec2(no_room_beside ? menu->Size.x : 0.0f, 0.0f), ImVec2(FLT_MAX, std::max(room, ImGui::GetFrameHeight() * 3)));
  return ImGui::BeginMenu(label, enabled);  // consumes the constraints, open or not
}

/// A button at least as wide as it is tall: a one-letter button ("x", "<") is a whole target too.
inline bool target_button(const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
  return ImGui::Button(label, ImVec2(std::max(text, ImGui::GetFrameHeight()), 0));
}

}  // namespace carvallo::web
