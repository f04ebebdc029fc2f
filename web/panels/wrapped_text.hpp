#pragma once
// Text that wraps at spaces only. ImGui's own wrapping (PushTextWrapPos, TextWrapped) also breaks after
// '.', ',' and ';', so on a narrow panel (a phone) "1.298" could be shown as "1." and "298" on two lines.
// A number keeps its unit on its line ("6.0243 m/s", not "6.0243" above "m/s").
// Each call is one item (a group of lines), so record_rect after it covers all its lines.
#include <imgui.h>

#include <string>

namespace carvallo::web {

/// `text` in the current text colour, wrapped at spaces to the available width ('\n' also breaks).
void wrapped_text(const char* text);
void wrapped_text(const ImVec4& color, const char* text);
/// printf-style variants: in the current colour, in `color`, and in the disabled (grey) colour.
void wrapped_textf(const char* fmt, ...) IM_FMTARGS(1);
void wrapped_textf(const ImVec4& color, const char* fmt, ...) IM_FMTARGS(2);
void wrapped_text_disabled(const char* fmt, ...) IM_FMTARGS(1);
/// A tooltip (as ImGui::SetTooltip) wrapped at spaces to 35 characters' width or 90 % of the screen:
/// ImGui's is one line as wide as its text, which ran off a projector's screen at large text (a lecturer).
void tooltipf(const char* fmt, ...) IM_FMTARGS(1);
/// Set once a frame: the tooltips' text size as a factor of the page's (the stage's at its larger text
/// steps: its size at text size 1, for the lecturer near the screen, not the back row).
void set_tooltip_scale(float scale);
/// ImGui::BeginTooltip at that scale (every tooltip of the page opens by it or by tooltipf).
void begin_tooltip();
/// The end of the longest start of [begin, end) no wider than `width`, at a character's first byte (UTF-8);
/// at least one byte. Where a word wider than a line is cut.
const char* fitting_end(const char* begin, const char* end, float width);
/// `text` with its lines broken at spaces to `width` in the current font, for one TextUnformatted (and
/// CalcTextSize to measure it the same way).
std::string broken_at_spaces(const char* text, float width);

}  // namespace carvallo::web
