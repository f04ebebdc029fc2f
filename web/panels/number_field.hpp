#pragma once
// Every number the panels let the user change goes through number_field(): a drag or a slider applies as
// it moves, while a typed value (Ctrl+click or double-click opens the text entry) is handed back only on
// Enter or when the field loses focus, never one keystroke at a time (typing 1000 must not apply 1, 10
// and 100 on the way); Escape cancels. On a touch screen, which has no keyboard for ImGui's text entry, a
// tap on the number asks for it in the browser's dialog instead.

#include <imgui.h>

#include <string>

namespace carvallo::web {

enum class NumberStyle { drag, slider, input };

struct NumberField {
  explicit NumberField(const char* label_, NumberStyle style_ = NumberStyle::drag, const char* format_ = "%.4g")
      : label(label_), style(style_), format(format_) {}
  const char* label;              ///< ImGui label (its "##" part keeps the id unique)
  NumberStyle style;
  const char* format;
  float drag_speed = 1.0f;        ///< drag only: value change per pixel
  const double* min = nullptr;    ///< slider: its ends; drag: the range of ImGuiSliderFlags_AlwaysClamp
  const double* max = nullptr;
  ImGuiSliderFlags flags = 0;
  std::string question;           ///< the touch dialog's question (the label when empty)
  std::string tip;                ///< shown on hover above the line that says how to type a value
  bool own_tooltip = false;       ///< the caller draws the whole tooltip (with number_field_hint())
};

/// What happened to the value this frame.
enum class NumberChange {
  none,
  dragged,     ///< moved by a drag or a slider: applied as it moves
  typed,       ///< a typed value was committed (Enter, focus lost, or the touch dialog)
  unreadable,  ///< the touch dialog returned text that is not a number (the value is unchanged)
};

/// Draws the field for `value` and changes it in place; the caller accepts the new value or puts the old
/// one back (and says why). `unreadable_text` receives the dialog's text when it is not a number.
NumberChange number_field(const NumberField& field, double& value, std::string* unreadable_text = nullptr);

/// The time plots' shared "time window (s)" slider (seconds of history shown).
void time_window_field(double& window, const double& lo, const double& hi);

/// Closes the one-line text box being typed into (a number's, a lesson's title), its text not applied; false
/// when none is open (a multi-line caption's box is left open). Between frames, from a key's callback.
bool leave_one_line_entry();

/// Set once a frame: whether a tap on a number asks for it in the browser's dialog (a touch screen).
void set_number_fields_touch(bool engaged);

/// The tooltip line every number field shares, for callers that draw their own tooltip.
const char* number_field_hint(NumberStyle style);

}  // namespace carvallo::web
