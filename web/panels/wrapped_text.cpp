// Greedy line filling at spaces (see wrapped_text.hpp for why ImGui's wrapping is not used).
#include "panels/wrapped_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace carvallo::web {
namespace {

// A unit that follows a number ("m/s", "s", "deg"), with any punctuation after it.
bool is_unit(const char* begin, const char* end) {
  while (end > begin && std::strchr(",.;:)", end[-1])) --end;
  static constexpr const char* kUnits[] = {"m/s", "m", "mm", "s", "rad", "rad/s", "deg", "kg", "%", "1/s", "Hz", "N"};
  const std::string_view word(begin, static_cast<std::size_t>(end - begin));
  return std::any_of(std::begin(kUnits), std::end(kUnits), [&](const char* unit) { return word == unit; });
}

// Calls line(b, e) for each line of [begin, end) no wider than `width`, breaking at spaces, never between
// a number and its unit; a word wider than a whole line is cut where the line is full.
template <class Line>
void for_each_line(const char* begin, const char* end, float width, Line&& line_out) {
  const char* line = begin;
  while (line < end) {
    while (line < end && *line == ' ') ++line;
    if (line == end) break;
    const char* fit = nullptr;  // end of the longest run of whole words that fits
    const char* p = line;
    while (p < end && *p != '\n') {
      const char* word_end = p;
      while (word_end < end && *word_end != ' ' && *word_end != '\n') ++word_end;
      // A number and its unit go to the next line together ("capsize 6.0243" above "m/s" had read as two
      // things; a tester).
      if (word_end > p && word_end[-1] >= '0' && word_end[-1] <= '9') {
        const char* unit = word_end;
        while (unit < end && *unit == ' ') ++unit;
        const char* unit_end = unit;
        while (unit_end < end && *unit_end != ' ' && *unit_end != '\n') ++unit_end;
        if (unit > word_end && unit_end > unit && is_unit(unit, unit_end)) word_end = unit_end;
      }
      if (fit && ImGui::CalcTextSize(line, word_end).x > width) break;
      fit = word_end;
      p = word_end;
      while (p < end && *p == ' ') ++p;
    }
    if (!fit) fit = p;  // an empty line between two '\n'
    // A word wider than the whole line (a long compound, a link) is cut where the line is full, at a
    // character's first byte (UTF-8), rather than run past the window's edge.
    if (ImGui::CalcTextSize(line, fit).x > width) fit = fitting_end(line, fit, width);
    line_out(line, fit);
    line = fit;
    while (line < end && *line == ' ') ++line;
    if (line < end && *line == '\n') ++line;
  }
}

void fill_lines(const char* begin, const char* end, float width) {
  // Each line drawn whole, as it was measured: ImGui's own wrapping, where a caller pushed a wrap position,
  // measures a little differently and broke a line that fitted ("... Press" / "R" / "(Reset) to start
  // again." in a projector's fall message; a lecturer).
  ImGui::PushTextWrapPos(-1.0f);
  for_each_line(begin, end, width, [](const char* b, const char* e) { ImGui::TextUnformatted(b, e); });
  ImGui::PopTextWrapPos();
}

void wrapped(const char* text) {
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::BeginGroup();
  fill_lines(text, text + std::strlen(text), width > 1.0f ? width : ImGui::GetFontSize() * 10.0f);
  ImGui::EndGroup();
}

IM_FMTLIST(1) void wrapped_v(const char* fmt, va_list args) {
  char small[512];
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(small, sizeof small, fmt, args);
  if (n >= 0 && static_cast<std::size_t>(n) >= sizeof small) {  // a long message: never cut it short
    std::string big(static_cast<std::size_t>(n) + 1, '\0');
    std::vsnprintf(big.data(), big.size(), fmt, again);
    wrapped(big.c_str());
  } else {
    wrapped(n >= 0 ? small : "");
  }
  va_end(again);
}

}  // namespace

const char* fitting_end(const char* begin, const char* end, float width) {
  const char* cut = end;
  while (cut - begin > 1 && (ImGui::CalcTextSize(begin, cut).x > width || (static_cast<unsigned char>(*cut) & 0xC0) == 0x80)) --cut;
  return cut;
}

std::string broken_at_spaces(const char* text, float width) {
  std::string out;
  for_each_line(text, text + std::strlen(text), width, [&](const char* b, const char* e) {
    if (!out.empty()) out += '\n';
    out.append(b, e);
  });
  return out;
}

void wrapped_text(const char* text) { wrapped(text); }

void wrapped_text(const ImVec4& color, const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  wrapped(text);
  ImGui::PopStyleColor();
}

void wrapped_textf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  wrapped_v(fmt, args);
  va_end(args);
}

void wrapped_textf(const ImVec4& color, const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  va_list args;
  va_start(args, fmt);
  wrapped_v(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

namespace {
float tooltip_scale = 1.0f;
}  // namespace

void set_tooltip_scale(float scale) { tooltip_scale = std::isfinite(scale) ? std::clamp(scale, 0.2f, 1.0f) : 1.0f; }

void begin_tooltip() {
  ImGui::BeginTooltip();
  ImGui::SetWindowFontScale(tooltip_scale);
}

void tooltipf(const char* fmt, ...) {
  va_list args, again;
  va_start(args, fmt);
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  std::string text(n > 0 ? static_cast<std::size_t>(n) + 1 : 1, '\0');
  if (n > 0) std::vsnprintf(text.data(), text.size(), fmt, again);
  va_end(again);
  va_end(args);
  text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  begin_tooltip();
  // Wrapped to a width of its own: an auto-sized tooltip has no width to fill before it is drawn.
  const float width = std::min(0.9f * ImGui::GetIO().DisplaySize.x - 2.0f * ImGui::GetStyle().WindowPadding.x,
                               35.0f * ImGui::GetFontSize());
  const std::string lines = broken_at_spaces(text.c_str(), std::max(width, ImGui::GetFontSize() * 5.0f));
  ImGui::TextUnformatted(lines.c_str());
  ImGui::EndTooltip();
}

void wrapped_text_disabled(const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, fmt);
  wrapped_v(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

}  // namespace carvallo::web
