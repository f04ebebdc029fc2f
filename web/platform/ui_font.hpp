#pragma once
// The UI's font: DejaVu Sans, subset at build time and compiled in (web/CMakeLists.txt,
// cmake/EmbedFont.cmake), rasterized by ImGui at the text's size in device pixels. It is the page's only
// font: ImGui's built-in bitmap font is replaced by it at the link (ui_font.cpp).

#include <imgui.h>

#include <string>

namespace carvallo::web {

// Generated (ui_font_data.cpp): the subset font file (kUiFontSize bytes), its name, and the zero-terminated [first, last] code point pairs it covers.
extern const unsigned char kUiFontData[];
extern const unsigned kUiFontSize;
extern const char* const kUiFontName;
extern const ImWchar kUiFontRanges[];

/// What the atlas was last built from, for the JS API and the tests.
struct UiFontInfo {
  std::string name;          ///< "DejaVu Sans", or empty if the atlas could not be built
  float size_pixels = 0;     ///< the text's height in device pixels (ImGui::GetFontSize())
  float raster_pixels = 0;   ///< the size the glyphs were rasterized at (smaller above the atlas's cap)
  int atlas_width = 0, atlas_height = 0;
  int glyphs = 0;
  double build_ms = 0;
};

/// Builds `atlas` (cleared first) with the UI font for text size_pixels px high (`name` is the font's, or
/// empty if the atlas could not be built). Returns the size the glyphs were rasterized at
/// (at most 96 px: larger text is drawn scaled, FontGlobalScale = size_pixels / that).
float build_font_atlas(ImFontAtlas& atlas, float size_pixels, std::string* name = nullptr);

/// Rebuilds ImGui's font atlas (the GL texture is the caller's) for text size_pixels device px high.
void build_ui_font(float size_pixels);

const UiFontInfo& ui_font_info();

}  // namespace carvallo::web
