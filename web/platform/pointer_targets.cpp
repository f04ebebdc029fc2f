// The pointer targets of a frame (pointer_targets.hpp). While ImGuiContext::TestEngineHookItems is set,
// ImGui calls ImGuiTestEngineHook_ItemAdd for every item with an id (before its clipping test) and for
// every box ButtonBehavior handles that is not the last item (a window's scrollbars, resize grips and
// borders), and ImGuiTestEngineHook_ItemInfo with an item's label once the widget has handled it.
#include "platform/pointer_targets.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstring>

namespace carvallo::web {

namespace {

std::vector<PointerTarget> g_frame, g_last;
std::vector<const ImGuiWindow*> g_windows;  // g_frame's windows: a window begun but left unused is not drawn
ImGuiID g_last_id = 0;  // the id of g_frame.back() while no other item came since, for its label
bool g_recording = false;

// What of `box` the pointer reaches: the part within `clip`.
PointerTarget target(const char* kind, const std::string& label, const ImGuiWindow* window, ImRect box, const ImRect& clip) {
  PointerTarget t;
  t.kind = kind;
  t.label = label;
  t.window = window->Name;
  t.disabled = false;
  ImRect seen = box;
  seen.ClipWithFull(clip);
  // Cut along an axis its window scrolls in: scrolling shows the rest.
  const bool cut_x = seen.Min.x > box.Min.x || seen.Max.x < box.Max.x, cut_y = seen.Min.y > box.Min.y || seen.Max.y < box.Max.y;
  // A panel scrolls where its content runs past its bottom, with or without a scroll bar (the stage's
  // eigenvalue panel has none: the wheel reaches its tool rows under the plot); a menu bar does not.
  const bool wheel_scrolls = window->ScrollMax.y > 0 && !(window->Flags & (ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_MenuBar));
  t.scrolled = (cut_x && (window->ScrollbarX || window->Scroll.x != 0)) || (cut_y && (window->ScrollbarY || window->Scroll.y != 0 || wheel_scrolls));
  t.x = seen.Min.x, t.y = seen.Min.y, t.w = std::max(0.0f, seen.GetWidth()), t.h = std::max(0.0f, seen.GetHeight());
  return t;
}

void add(PointerTarget t, const ImGuiWindow* window) {
  g_frame.push_back(std::move(t));
  g_windows.push_back(window);
}

// What an id reported without a label is in its window: ImGui's own parts of a window are reported by
// ButtonBehavior (the test-engine hook there) without an item.
const char* kind_of(ImGuiWindow* w, ImGuiID id) {
  if (id == w->MoveId) return "title-bar";
  // ImGui::GetWindowScrollbarID, from the window's own id scope as ImGui::Scrollbar is.
  if (id == ImHashStr("#SCROLLX", 0, w->ID) || id == ImHashStr("#SCROLLY", 0, w->ID)) return "scrollbar";
  for (int n = 0; n < 4; ++n)
    if (id == ImGui::GetWindowResizeCornerID(w, n)) return "resize-grip";
  for (int d = 0; d < 4; ++d)
    if (id == ImGui::GetWindowResizeBorderID(w, static_cast<ImGuiDir>(d))) return "resize-border";
  return "item";
}

void begin_frame(ImGuiContext*, ImGuiContextHook*) {
  g_frame.clear();
  g_windows.clear();
  g_last_id = 0;
}

void end_frame(ImGuiContext*, ImGuiContextHook*) {
  // ImGui's fallback window ("Debug##Default") is begun every frame and shown only when written to.
  g_last.clear();
  for (std::size_t i = 0; i < g_frame.size(); ++i)
    if (g_windows[i]->Active) g_last.push_back(std::move(g_frame[i]));
}

}  // namespace

void record_pointer_targets() {
  ImGuiContext* ctx = ImGui::GetCurrentContext();
  if (g_recording || !ctx) return;
  g_recording = true;
  ctx->TestEngineHookItems = true;
  ImGuiContextHook hook;
  hook.Type = ImGuiContextHookType_NewFramePre;
  hook.Callback = begin_frame;
  ImGui::AddContextHook(ctx, &hook);
  hook.Type = ImGuiContextHookType_EndFramePost;
  hook.Callback = end_frame;
  ImGui::AddContextHook(ctx, &hook);
}

const std::vector<PointerTarget>& pointer_targets() { return g_last; }

}  // namespace carvallo::web

// ImGui's test-engine hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE); called only while recording.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  using namespace carvallo::web;
  g_last_id = 0;
  ImGuiWindow* w = ctx->CurrentWindow;
  if (!w || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) return;  // (NoInputs includes NoNavFocus, which menus have)
  const std::string kind = kind_of(w, id);
  // A title bar that neither moves its window nor collapses it on a double click is no target.
  if (kind == "title-bar" && (w->Flags & ImGuiWindowFlags_NoMove) && (w->Flags & ImGuiWindowFlags_NoCollapse)) return;
  // A window's own parts lie on or outside its edges, beyond its clip rect: what of them is on screen.
  const bool own = kind != "item";
  PointerTarget t = target(kind.c_str(), own ? w->Name : "", w, bb, own ? ImRect(ImVec2(0, 0), ctx->IO.DisplaySize) : w->ClipRect);
  if (t.w <= 0 || t.h <= 0) return;  // scrolled out of sight
  t.disabled = (ctx->LastItemData.InFlags & ImGuiItemFlags_Disabled) != 0;
  add(std::move(t), w);
  g_last_id = id;
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID, const char* label, ImGuiItemStatusFlags) {
  using namespace carvallo::web;
  // The label of the item just added, or of the widget around it when that item has none (BeginMenu's
  // Selectable("") under its own id).
  if (g_last_id == 0 || g_frame.empty() || !label || !*label || !g_frame.back().label.empty()) return;
  const char* end = std::strstr(label, "##");
  g_frame.back().label.assign(label, end ? static_cast<std::size_t>(end - label) : std::strlen(label));
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
