#pragma once
// The active palette (logic/contrast.hpp) as ImGui colours: the panels draw with these so the colours
// the contrast test checks are the colours on screen.

#include "logic/contrast.hpp"

#include <imgui.h>

namespace carvallo::web {

inline ImU32 color_u32(Rgba c, int alpha = -1) { return IM_COL32(c.r, c.g, c.b, alpha < 0 ? c.a : alpha); }
inline ImVec4 color_vec(Rgba c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f); }
inline const Palette& pal() { return active_palette(); }

}  // namespace carvallo::web
