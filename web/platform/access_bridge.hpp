#pragma once
// The parallel DOM's bridge (access_bridge.cpp): call once a frame after the panels are drawn.

#include "app.hpp"
#include "logic/contrast.hpp"

struct ImGuiStyle;

namespace carvallo::web {

/// Syncs the parallel DOM (at once when `acted`: the user's input this frame), says what changed in the
/// live region, draws the focus ring, applies `contrast`.
void access_frame(App& app, bool acted);
/// The palette's colours into ImGui's style (panels, buttons, fields).
void apply_palette(ImGuiStyle& style, const Palette& palette);

}  // namespace carvallo::web
