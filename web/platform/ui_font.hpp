#pragma once
// The UI's font: DejaVu Sans, subset at build time and compiled in (web/CMakeLists.txt,
// cmake/EmbedFont.cmake), rasterized by ImGui at the text's size in device pixels; ImGui's bitmap
// font when the build had no font or the file does not load.

#include <imgui.h>

#include <string>

namespace carvallo::web {

// Generated (ui_font_data.cpp): the subset font file (kUiFontSize bytes, none without the font
// packages), its name, and the zero-terminated [first, last] code point pairs it covers.
extern const unsigned char kUiFontData[];
extern const unsigned kUiFontSize;
extern const char* const kUiFontName;
extern const ImWchar kUiFontRanges[];

/// What the atlas was last built from, for the JS API and the tests.
struct UiFontInfo {
  std::string name;          ///< "DejaVu Sans", or "ProggyClean" for the bitmap fallback
  float size_pixels = 0;     ///< the text's height in device pixels (ImGui::GetFontSize())
  float raster_pixels = 0;   ///< the size the glyphs were rasterized at (smaller above the atlas's cap)
  int atlas_width = 0, atlas_height = 0;
  int glyphs = 0;
  double build_ms = 0;
};

/// Rebuilds ImGui's font atlas (the GL texture is the caller's) for text size_pixels device px high.
void build_ui_font(float size_pixels);

const UiFontInfo& ui_font_info();

}  // namespace carvallo::web
