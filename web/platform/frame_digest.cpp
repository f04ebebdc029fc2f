#include "platform/frame_digest.hpp"

#include "logic/camera.hpp"
#include "logic/scene_mesh.hpp"

#include <imgui.h>

#include <cstring>

namespace carvallo::web {

void FrameDigest::mix(std::uint64_t w) {
  h_ = (h_ ^ w) * 0x9E3779B97F4A7C15ull;
  h_ ^= h_ >> 29;
}

void FrameDigest::add_bytes(const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    mix(w);
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, p + i, bytes - i);
  mix(tail ^ (static_cast<std::uint64_t>(bytes) << 56));
}

void FrameDigest::add(const Mesh& mesh) {
  add_bytes(mesh.opaque.data(), mesh.opaque.size() * sizeof(MeshVertex));
  add_bytes(mesh.transparent.data(), mesh.transparent.size() * sizeof(MeshVertex));
}

void FrameDigest::add(const OrbitCamera& camera) {
  for (double v : {camera.target.x(), camera.target.y(), camera.target.z(), camera.yaw, camera.pitch, camera.distance,
                   camera.fov_y, camera.shift_x, camera.shift_y, camera.zoom})
    add(v);
}

void FrameDigest::add(const ImDrawData& draw) {
  for (float v : {draw.DisplayPos.x, draw.DisplayPos.y, draw.DisplaySize.x, draw.DisplaySize.y, draw.FramebufferScale.x,
                  draw.FramebufferScale.y})
    add(static_cast<double>(v));
  for (int n = 0; n < draw.CmdListsCount; ++n) {
    const ImDrawList& list = *draw.CmdLists[n];
    add_bytes(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    add_bytes(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const std::uintptr_t ids[] = {reinterpret_cast<std::uintptr_t>(cmd.TextureId),
                                    reinterpret_cast<std::uintptr_t>(cmd.UserCallback), cmd.VtxOffset, cmd.IdxOffset,
                                    cmd.ElemCount};
      add_bytes(ids, sizeof ids);
      add_bytes(&cmd.ClipRect, sizeof cmd.ClipRect);
    }
  }
}

}  // namespace carvallo::web
