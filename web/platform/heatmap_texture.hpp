#pragma once
// The design map's cells as one small RGBA texture (one texel per cell, nearest filtering), drawn by ImGui
// as a single image: 4 vertices instead of 4 per cell. Software WebGL (SwiftShader, school laptops
// without a GPU) spent about 150 ms a frame on the 40 000 vertices of a 100 x 100 map drawn as rectangles.

#include <cstdint>
#include <vector>

namespace carvallo::web {

class HeatmapTexture {
 public:
  HeatmapTexture() = default;
  ~HeatmapTexture();
  HeatmapTexture(const HeatmapTexture&) = delete;
  HeatmapTexture& operator=(const HeatmapTexture&) = delete;

  /// Replaces the image: `rgba` holds width x height pixels, row 0 at the top, each 0xAABBGGRR as
  /// ImGui's IM_COL32 packs it (bytes R, G, B, A in memory).
  void upload(const std::vector<std::uint32_t>& rgba, int width, int height);
  /// The texture for ImGui's AddImage (0 before the first upload).
  void* id() const;
  /// Uploads so far, of every heat map: a new image under the same texture is a new picture to draw
  /// (web/platform/frame_digest.hpp sees the texture's name, not its texels).
  static std::uint64_t uploads() { return uploads_; }

 private:
  unsigned texture_ = 0;
  static inline std::uint64_t uploads_ = 0;
};

}  // namespace carvallo::web
