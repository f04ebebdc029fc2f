#pragma once
// Every pointer target the canvas drew in the last frame, for the target-size test (WCAG 2.5.8,
// tests/e2e/targets.test.mjs): what ImGui's test-engine hook reports (imgui is compiled with
// IMGUI_ENABLE_TEST_ENGINE, web/CMakeLists.txt): each item with an id (buttons, menu items, fields,
// sliders, check boxes, tree nodes, tabs, a window's collapse and close buttons) and each box ImGui's
// ButtonBehavior handles without an item (a window's title bar, scrollbars, resize grips and borders).
// Recording starts with the first call of carvallo.pointerTargets() and costs nothing before.

#include <string>
#include <vector>

namespace carvallo::web {

struct PointerTarget {
  std::string kind;    ///< "item", "title-bar", "scrollbar", "resize-grip" or "resize-border"
  std::string label;   ///< the item's label (before any "##"), or its window's name for the others
  std::string window;  ///< the window's name as ImGui knows it
  float x = 0, y = 0, w = 0, h = 0;  ///< framebuffer px: what of the target is within its window's clip rect
  bool scrolled = false;  ///< part of it is scrolled out of its window (the rest is reached by scrolling)
  bool disabled = false;  ///< drawn disabled: not operable
};

/// Starts recording (once) on the current ImGui context.
void record_pointer_targets();
/// The last complete frame's targets; empty until a frame was recorded.
const std::vector<PointerTarget>& pointer_targets();

}  // namespace carvallo::web
