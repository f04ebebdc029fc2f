#pragma once
// A blank screen for the room (key B, a clicker's blank button, View > Blank the screen), as a slide show's
// B: black over the whole page while the lecturer talks; any key or a click shows the page again.

#include "app.hpp"

namespace carvallo::web {

/// Blanks the screen (pausing a run that plays, which goes on when the screen comes back) or shows it again.
void set_blank(App& app, bool blank);
/// The black window over everything, drawn last; a click on it shows the page again.
void blank_overlay(App& app);

}  // namespace carvallo::web
