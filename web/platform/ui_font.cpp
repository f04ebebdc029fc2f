#include "platform/ui_font.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace carvallo::web {
namespace {

UiFontInfo g_info;

// ImGui 1.86 rasterizes every glyph of the ranges into one RGBA texture: at the largest text (3x
// screen, text 300 %, presentation, touch: 13 x 16.2 = 210 px) that would be 4096 x 4096 (64 MB).
// Above this size the glyphs are rasterized at it and scaled up by ImGui (FontGlobalScale), which
// blurs them a little at sizes only reached by enlarging the text beyond the presentation default.
constexpr float kMaxRasterPixels = 96;

ImFont* add_ttf(ImFontAtlas& atlas, float raster_pixels) {
  ImFontConfig config;
  // The data is a static array: the atlas must not free it.
  config.FontDataOwnedByAtlas = false;
  // Glyphs at whole pixels, each rasterized once: crisp edges, and a third of the default
  // (3x horizontally oversampled) atlas.
  config.OversampleH = config.OversampleV = 1;
  config.PixelSnapH = true;
  return atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(kUiFontData), static_cast<int>(kUiFontSize),
                                    raster_pixels, &config, kUiFontRanges);
}

}  // namespace

float build_font_atlas(ImFontAtlas& atlas, float size_pixels, std::string* name) {
  const float raster = std::min(size_pixels, kMaxRasterPixels);
  atlas.Clear();
  const bool built = add_ttf(atlas, raster) != nullptr && atlas.Build();
  if (name) *name = built ? kUiFontName : "";
  return raster;
}

void build_ui_font(float size_pixels) {
  const auto start = std::chrono::steady_clock::now();
  ImGuiIO& io = ImGui::GetIO();
  ImFontAtlas& atlas = *io.Fonts;
  g_info.raster_pixels = build_font_atlas(atlas, size_pixels, &g_info.name);
  io.FontGlobalScale = size_pixels / g_info.raster_pixels;
  g_info.size_pixels = size_pixels;
  g_info.atlas_width = atlas.TexWidth;
  g_info.atlas_height = atlas.TexHeight;
  g_info.glyphs = atlas.Fonts.empty() ? 0 : atlas.Fonts[0]->Glyphs.Size;
  g_info.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

const UiFontInfo& ui_font_info() { return g_info; }

}  // namespace carvallo::web

// ImGui calls ImFontAtlas::AddFontDefault, which adds its built-in bitmap font (ProggyClean), when an atlas is
// built with no font. The link sends that call here instead (-Wl,--wrap, web/CMakeLists.txt): the UI font is
// the page's default, and the bitmap font's 12 kB of base85 text and its decompressor stay out of the page.
// The name is the mangled member's with the linker's __wrap_ prefix; wasm32 passes `this` as the first argument.
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas* atlas, const ImFontConfig* config) {
  constexpr float kImGuiDefaultPixels = 13;
  const float pixels = config && config->SizePixels > 0 ? config->SizePixels : kImGuiDefaultPixels;
  return carvallo::web::add_ttf(*atlas, std::min(pixels, carvallo::web::kMaxRasterPixels));
}
