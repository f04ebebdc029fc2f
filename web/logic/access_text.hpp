#pragma once
// Words for the parallel DOM (web/platform/parallel_dom.js): a value with its unit as a screen reader
// should say it ("5.0 metres per second"), and the description of one native control mirroring a canvas
// widget, serialized for the page.
//
// Pure C++: no Emscripten, GL or ImGui include.

#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// A unit as words: "m/s" -> "metres per second", "kg m^2" -> "kilogram square metres"; a unit it does
/// not know is returned as written.
std::string unit_words(std::string_view unit);
/// "5.0 metres per second": the value with `decimals` decimals (never "-0.0"), the page language's decimal
/// separator ("5,0 meter per seconde") and its unit in words.
std::string spoken_value(double value, std::string_view unit, int decimals);
/// The number alone, as spoken_value says it ("0,93" in Dutch).
std::string spoken_number(double value, int decimals);

/// One native control of the parallel DOM. `role` is "button", "hold" (a button that acts while held),
/// "number" (a spinbutton), "slider", "select" or "checkbox".
struct AccessControl {
  std::string id;             ///< stable across frames; the page's element id is "a11y-" + id
  std::string role;
  std::string name;           ///< the accessible name
  std::string rect;           ///< the canvas widget it mirrors (App::rects), "" for none
  std::string keys;           ///< aria-keyshortcuts ("K", "Shift+Space"), "" for none
  std::string description;    ///< a longer hint (aria-description), "" for none
  double value = 0, min = 0, max = 0, step = 0;  ///< number, slider: value and bounds (step 0: any)
  double arrow_step = 0;      ///< slider: what an arrow key moves where more than `step` (0: the step)
  std::string value_text;     ///< aria-valuetext, e.g. "5.0 metres per second"
  std::string text;           ///< text, textarea: the text in the field
  std::vector<std::string> options;  ///< select: the choices, in order (what `option` and the action take)
  std::vector<std::string> option_labels;  ///< select: what each choice reads as, where not its name ("Runge-Kutta 4")
  std::string option;         ///< select: the one chosen
  bool pressed = false;       ///< checkbox: checked; button: aria-pressed when `toggle`
  bool toggle = false;
  bool disabled = false;
  std::string disabled_note;  ///< disabled: what pressing it says ("This is the last scene"), "" for nothing
  std::string error;          ///< the refusal of the last value typed, while it is shown (aria-invalid), else ""
  std::string heading;        ///< this control begins a group of the page's controls: its heading (an h2), "" within one
  bool modal = false;         ///< one of what an overlay (the QR code, the shortcut list) leaves: Tab goes round them
  bool placed = false;        ///< the widget is on screen at `box` (x, y, w, h in CSS px)
  float box[4] = {0, 0, 0, 0};
  float font_px = 0;          ///< placed: the canvas's text size (CSS px), for a field shown over its widget while typed in
};

/// The widget names of AccessControl::rect ("setting:speed|stage-speed": the one on screen in this layout).
std::vector<std::string_view> widget_names(std::string_view names);

/// The controls as the JSON array parallel_dom.js reads (each number written so it reads back exactly;
/// a non-finite number as null).
std::string controls_json(const std::vector<AccessControl>& controls);

}  // namespace carvallo::web
