#pragma once
// The keyboard shortcuts as the help lists them (app_shell.cpp's overlay) and the parallel DOM gives them
// to a screen reader when the list opens (access_controls.cpp): one table for both. Keys and words are the
// string table's English (tr gives the page's language).

#include "logic/language.hpp"

namespace carvallo::web {

struct Shortcut {
  const char* keys;
  const char* what;
};

inline constexpr Shortcut kShortcuts[] = {
    {translatable("space"), translatable("play / pause the simulation")},
    {translatable(". / , / Home"), translatable("a step forward / back, the first moment kept (in the presentation '.' blanks the screen)")},  // the keys as a keyboard of the language labels them
    {"R", translatable("reset the simulation")},
    {"K", translatable("kick (lateral disturbance)")},
    {"P", translatable("presentation mode (large text, fewer panels)")},
    {"[ / ]", translatable("text smaller / larger")},
    {"F", translatable("camera follows the model")},
    {"V", translatable("fit the model in view")},
    {"I", translatable("inertia ellipsoids")},
    {translatable("Left / Right"), translatable("bicycle: hold for a steer torque to the left / right (other models: orbit; with a lesson open: the scenes, and the steer buttons steer)")},
    {"A / D", translatable("bicycle: hold for a roll (lean) torque to the left / right")},
    {translatable("Up / Down"), translatable("tilt the camera; drag a body to push it")},
    {"+ / -", translatable("zoom")},
    {translatable("a number"), translatable("drag to change; click to type (a slider: double-click), Enter applies, Esc cancels (a phone: tap)")},
    {translatable("PageDown / PageUp"), translatable("a lesson: the next / previous scene (a clicker's buttons; also Right / Left)")},
    {"?", translatable("this list")},
    {"Tab", translatable("every control in turn (a blue ring marks it; screen readers name it); Space or Enter presses")},
    {"Q / Esc", translatable("QR code of the link / close it, this list or a menu")},
    {"B", translatable("blank the screen (a clicker's blank button; in the presentation '.' too); any key or a click shows it again")},
    {translatable("mouse"), translatable("left drag: orbit, right or shift drag: pan, wheel: zoom")},
    {translatable("touch"), translatable("one finger: orbit, two fingers: pinch to zoom, move to pan; steer and lean buttons: hold, two at once with two thumbs")},
};

}  // namespace carvallo::web
