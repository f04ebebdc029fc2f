#include "panels/number_field.hpp"
#include "panels/wrapped_text.hpp"

#include "app.hpp"  // app(), record_rect: the tests' widget rectangles
#include "logic/language.hpp"
#include "logic/ui_state.hpp"  // parse_plain_number, format_shortest
#include "platform/browser.hpp"  // ask_number

#include <imgui_internal.h>  // TempInputIsActive, GetActiveID, ClearActiveID

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace carvallo::web {

namespace {

bool touch_engaged = false;

// A field being typed into: the value its text reads as, kept apart from the caller's value until the
// text is committed. Keyed by the item's ImGuiID (one text entry is open at a time, but the map keeps
// the logic free of that assumption).
struct Typing {
  double value = 0;
  bool edited = false;  ///< the text was changed (opening and closing the entry alone applies nothing)
  std::string text;     ///< as typed, read from the entry each frame (ImGui's own reading does arithmetic)
  std::string opened;   ///< the text the entry opened with
  int frame = 0;        ///< the last frame the entry was seen open
};

// A typed number as links read them (parse_plain_number), with a decimal comma in a language that writes
// one ("3,5" in Dutch). ImGui's reading of the same text applies "+4" to the value before, reads "10/4" as
// 10 and "0x10" as 16: those are refused as no number instead.
std::optional<double> typed_number(std::string text) {
  if (decimal_separator() == ',' && text.find('.') == std::string::npos && std::count(text.begin(), text.end(), ',') == 1)
    std::replace(text.begin(), text.end(), ',', '.');
  return parse_plain_number(text);
}

// The text of the entry open for `id` (UTF-8), or nothing when none is.
std::optional<std::string> entry_text(ImGuiID id) {
  const ImGuiInputTextState* state = ImGui::GetInputTextState(id);
  if (!state) return std::nullopt;
  std::string text(static_cast<std::size_t>(state->CurLenW) * 4 + 1, '\0');
  const int n = ImTextStrToUtf8(text.data(), static_cast<int>(text.size()), state->TextW.Data, state->TextW.Data + state->CurLenW);
  text.resize(static_cast<std::size_t>(n));
  return text;
}
std::unordered_map<ImGuiID, Typing> typing;

// The value a field had when the pointer went down on it: a tap on a touch screen must not leave the
// value where a slider jumped to under the finger.
std::unordered_map<ImGuiID, double> at_activation;

// A slider double-clicked last frame: its text entry opens this frame (ImGui 1.86 opens a slider's
// text entry on Ctrl+click and on keyboard focus only).
ImGuiID focus_next = 0;

// A slider's format with spaces before or after the number that move it, as ImGui centres the text in the
// frame, to the side of the grab with more room (centred, it sat behind the grab at mid-range: "1.0|0").
// The text entry a Ctrl+click opens trims them (ImGui's TempInputScalar reads the format without what
// surrounds its specifier, and trims the number's blanks).
std::string format_clear_of_grab(const NumberField& f, double value) {
  if (!f.min || !f.max || !(*f.max > *f.min) || !std::isfinite(value)) return f.format;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::CalcItemWidth(), pad = style.FramePadding.x, grab = style.GrabMinSize;
  double t = (std::clamp(value, *f.min, *f.max) - *f.min) / (*f.max - *f.min);
  if ((f.flags & ImGuiSliderFlags_Logarithmic) && *f.min > 0) t = std::log(std::clamp(value, *f.min, *f.max) / *f.min) / std::log(*f.max / *f.min);
  char text[64];
  ImGui::DataTypeFormatString(text, sizeof text, ImGuiDataType_Double, &value, f.format);
  const float text_w = ImGui::CalcTextSize(text).x, space = ImGui::CalcTextSize(" ").x;
  const float grab_left = pad + static_cast<float>(t) * (width - 2 * pad - grab), grab_right = grab_left + grab;
  if (grab_right + 2 < 0.5f * (width - text_w) || grab_left - 2 > 0.5f * (width + text_w) || space <= 0) return f.format;
  // The middle of the wider side, the text kept inside the frame.
  const bool left = grab_left - pad > width - pad - grab_right;
  const float centre = left ? 0.5f * (pad + grab_left) : 0.5f * (grab_right + width - pad);
  const float room = width - 2 * pad - text_w;
  const int spaces = static_cast<int>(std::clamp(2 * std::abs(centre - 0.5f * width), 0.0f, std::max(room, 0.0f)) / space);
  return left ? f.format + std::string(spaces, ' ') : std::string(spaces, ' ') + f.format;
}

bool draw(const NumberField& f, double* v) {
  switch (f.style) {
    case NumberStyle::drag:
      return ImGui::DragScalar(f.label, ImGuiDataType_Double, v, f.drag_speed, f.min, f.max, f.format, f.flags);
    case NumberStyle::slider:
      return ImGui::SliderScalar(f.label, ImGuiDataType_Double, v, f.min, f.max, format_clear_of_grab(f, *v).c_str(), f.flags);
    // With the exponent's letter, as a link's number has it: ImGui's default filter dropped the "e" of
    // "1e-3", which then read as "1-3", and made "1e400" 1400.
    case NumberStyle::input:
      return ImGui::InputScalar(f.label, ImGuiDataType_Double, v, nullptr, nullptr, f.format, ImGuiInputTextFlags_CharsScientific);
  }
  return false;
}

NumberChange ask(const NumberField& f, double& value, std::string* unreadable_text) {
  const auto typed = ask_number(f.question.empty() ? std::string(f.label).substr(0, std::string(f.label).find("##")) : f.question,
                                format_shortest(value));
  if (!typed) return NumberChange::none;
  if (const auto v = typed_number(*typed)) {
    value = *v;
    return NumberChange::typed;
  }
  if (unreadable_text) *unreadable_text = typed->substr(0, 40);
  return NumberChange::unreadable;
}

}  // namespace

void time_window_field(double& window, const double& lo, const double& hi) {
  NumberField field{tr("time window (s)"), NumberStyle::slider, "%.3g"};
  field.min = &lo, field.max = &hi, field.flags = ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp;
  field.tip = tr("Seconds of the run the plots show");
  number_field(field, window);
  record_rect(app(), "time-window");
}

// With a mouse a click on a drag field that does not move opens its text entry (it did nothing: a tester
// looked for how to type a number and found the double-click only in the tooltip). A touch screen's tap
// asks through the browser's dialog instead (below), which brings up the phone's keyboard.
void set_number_fields_touch(bool engaged) {
  touch_engaged = engaged;
  ImGui::GetIO().ConfigDragClickToInputText = !engaged;
}

bool leave_one_line_entry() {
  ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g || !g->ActiveId || g->InputTextState.ID != g->ActiveId || (g->InputTextState.Flags & ImGuiInputTextFlags_Multiline)) return false;
  typing.erase(g->ActiveId);  // not applied when the entry is next seen closed
  ImGui::ClearActiveID();
  return true;
}

const char* number_field_hint(NumberStyle style) {
  switch (style) {
    case NumberStyle::drag: return tr("Drag to change; click to type a value (Enter applies it, Esc cancels)");
    case NumberStyle::slider: return tr("Drag to change; double-click or Ctrl+click to type a value (Enter applies it, Esc cancels)");
    case NumberStyle::input: return tr("Type a value: Enter or leaving the field applies it, Esc cancels");
  }
  return "";
}

NumberChange number_field(const NumberField& f, double& value, std::string* unreadable_text) {
  const ImGuiID id = ImGui::GetID(f.label);
  const bool text_only = f.style == NumberStyle::input;
  auto text_entry_open = [&] { return text_only ? ImGui::GetActiveID() == id : ImGui::TempInputIsActive(id); };
  if (f.style == NumberStyle::slider && focus_next == id) {
    ImGui::SetKeyboardFocusHere();
    focus_next = 0;
  }
  const double before = value;
  auto open = typing.find(id);
  // An entry seen open last frame and closed before this one was left by Tab (the next field took the focus
  // in that frame, after this one was drawn): it is closed here, as an entry left by Enter or a click. One
  // seen open longer ago was left unseen (its panel closed, its scene left): nothing of it is applied.
  if (open != typing.end() && !text_entry_open() && open->second.frame < ImGui::GetFrameCount() - 1) {
    typing.erase(open);
    open = typing.end();
  }
  const bool was_typing = open != typing.end();
  // A decimal comma typed where the page writes one is a point to ImGui's entry, which drops commas. Where
  // the page writes a point it is read as one too, and said: dropped, "3,5" was read as 35, silently (a
  // tester); a number field here holds no thousands.
  // Any other character the entry leaves out (ImGui's filter keeps digits, '.', '+', '-', '*', '/' and the
  // exponent's 'e') is said too: a letter typed had vanished without a word, where the native twin names it.
  if (was_typing)
    for (ImWchar& c : ImGui::GetIO().InputQueueCharacters) {
      if (c == ',') {
        c = '.';
        if (decimal_separator() != ',') set_toast(app(), tr("A comma typed is read as a decimal point"));
      } else if (c >= 32 && c != 127 && !std::strchr("0123456789.+-*/eE", static_cast<int>(c < 128 ? c : '?'))) {
        char typed[5] = {};
        ImTextCharToUtf8(typed, c);
        set_toast(app(), trf("'%s' is not part of a number: left out", typed));
      }
    }
  const bool changed = draw(f, was_typing ? &open->second.value : &value);
  const bool typing_now = text_entry_open();
  if (was_typing) {
    // Read in the frame that closes it too: keys typed with the Enter that closes it, in one frame of a
    // page woken from its idle pace, are in the entry's text.
    if (const auto text = entry_text(id)) open->second.text = *text;
    if (typing_now) open->second.frame = ImGui::GetFrameCount();
  }

  if (!was_typing && typing_now) {
    if (touch_engaged && text_only) {
      // A touch screen: the browser's dialog brings up the phone's keyboard, ImGui's text entry would not.
      ImGui::ClearActiveID();
      value = before;
      return ask(f, value, unreadable_text);
    }
    // The text entry opened this frame; what it read (keys typed in the same frame) stays in it.
    // What it opened with is the value as the field writes it (the entry may hold keys typed in this frame).
    char shown[64];
    ImGui::DataTypeFormatString(shown, sizeof shown, ImGuiDataType_Double, &before, f.format);
    std::string opened(shown);
    opened.erase(0, opened.find_first_not_of(' '));
    opened.erase(opened.find_last_not_of(' ') + 1);
    typing[id] = {value, changed, entry_text(id).value_or(""), opened, ImGui::GetFrameCount()};
    value = before;
    return NumberChange::none;
  }
  if (was_typing) {
    // Changed: its value (ImGui reads the text as it is typed), or its text, which may read as no number
    // ("-", "1e400": a lone '-' typed had been left unsaid, and an older refusal stayed; a student).
    if (changed || open->second.text != open->second.opened) open->second.edited = true;
    if (typing_now) return NumberChange::none;
    // Closed by Enter, Tab, a click elsewhere, or Escape (which cancels).
    const Typing done = open->second;
    typing.erase(open);
    const bool cancelled = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    if (cancelled || !done.edited) return NumberChange::none;
    if (const auto typed = typed_number(done.text)) {
      value = *typed;
      return NumberChange::typed;
    }
    if (done.text.find_first_not_of(" \t") == std::string::npos) return NumberChange::none;  // emptied: nothing typed
    if (unreadable_text) {
      *unreadable_text = done.text.substr(0, 40);
    } else {
      // A caller with no message of its own: said here, naming the field and the value that stays.
      // (A field with no visible label by its question, "the sweep's lowest speed (m/s)".)
      const std::string_view whole(f.label);
      std::string name(whole.substr(0, whole.find("##")));
      if (name.empty() && !f.question.empty()) name = f.question, name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
      if (name.empty()) name = tr("the value");
      app().messages.push_back("'" + done.text.substr(0, 40) + "' " + trf("refused: not a number; %s stays %s", name.c_str(), format_shortest(value).c_str()));
    }
    return NumberChange::unreadable;
  }

  if (f.style == NumberStyle::slider && ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !touch_engaged)
    focus_next = id;
  if (ImGui::IsItemActivated()) at_activation[id] = before;
  // Escape during a drag puts the value back where the drag began and ends it, as a desktop slider does
  // (the drag had kept going, and its value stayed; a tester).
  if (!text_only && ImGui::IsItemActive() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    const auto start = at_activation.find(id);
    ImGui::ClearActiveID();
    if (start != at_activation.end()) {
      value = start->second;
      at_activation.erase(start);
      return value != before ? NumberChange::dragged : NumberChange::none;
    }
  }
  if (touch_engaged && !text_only && ImGui::IsItemActive()) {
    const float slop = ImGui::GetIO().MouseDragThreshold;
    const auto start = at_activation.find(id);
    if (start != at_activation.end() && ImGui::GetIO().MouseDragMaxDistanceSqr[0] <= slop * slop) {
      // A finger down that has not moved may be a tap, which asks for a typed value: the slider's jump to
      // under the finger is not applied until it drags (applied, it rebuilt a lesson's run from t = 0).
      value = start->second;
      return NumberChange::none;
    }
  }
  if (touch_engaged && !text_only && ImGui::IsItemDeactivated()) {
    const float slop = ImGui::GetIO().MouseDragThreshold;
    const auto start = at_activation.find(id);
    if (ImGui::GetIO().MouseDragMaxDistanceSqr[0] <= slop * slop && start != at_activation.end()) {
      // A tap, not a drag: the value goes back to where it was and the dialog asks for the new one.
      const bool moved = value != start->second;
      value = start->second;
      at_activation.erase(start);
      const NumberChange asked = ask(f, value, unreadable_text);
      return asked == NumberChange::none && moved ? NumberChange::dragged : asked;
    }
  }
  if (!f.own_tooltip && !touch_engaged && ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
    begin_tooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    if (!f.tip.empty()) ImGui::TextUnformatted(f.tip.c_str());
    ImGui::TextDisabled("%s", number_field_hint(f.style));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  return changed ? NumberChange::dragged : NumberChange::none;
}

}  // namespace carvallo::web
