#pragma once
// The page's language each frame: the link's `lang`, or with `lang=auto` the browser's preferred
// languages (navigator.languages); `<html lang>` follows it (logic/language.hpp speaks it).

#include "app.hpp"

namespace carvallo::web {

/// Sets the language of tr/trf for this frame (before the panels draw) and the document's lang.
void language_frame(App& app);

/// The page's language for the browser's preferred languages (read once).
const std::string& browser_language();

/// The language shown: the link's, or the browser's when it says "auto".
std::string shown_language(const App& app);

}  // namespace carvallo::web
