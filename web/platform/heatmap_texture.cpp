#include "platform/heatmap_texture.hpp"

#include <GLES3/gl3.h>

#include <cstdint>

namespace carvallo::web {

HeatmapTexture::~HeatmapTexture() {
  if (texture_) glDeleteTextures(1, &texture_);
}

void HeatmapTexture::upload(const std::vector<std::uint32_t>& rgba, int width, int height) {
  if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) return;
  if (!texture_) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    // One texel per cell, cells with sharp edges.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  ++uploads_;
}

void* HeatmapTexture::id() const { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(texture_)); }

}  // namespace carvallo::web
