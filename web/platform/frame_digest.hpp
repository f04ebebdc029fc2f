#pragma once
// Whether a frame would draw what the canvas already shows. A paused page drew the same picture every
// animation frame: through SwiftShader (headless chromium, machines without a GPU) 13 frames a second at
// 64 ms of GL each, 1.9 of 2 cores, for nothing; on a phone, the battery. The frame loop still runs every
// frame (input, the run, jobs, the parallel DOM); only the GL drawing is skipped when the digest of
// everything it would draw is the one drawn last.

#include <cstddef>
#include <cstdint>

struct ImDrawData;

namespace carvallo::web {

struct Mesh;
struct OrbitCamera;

/// A 64-bit digest of bytes (a multiply-xorshift mix of 8-byte words): equal inputs give equal digests;
/// different ones differ except with probability about 2^-64 per frame.
class FrameDigest {
 public:
  void add_bytes(const void* data, std::size_t bytes);
  void add(double v) { add_bytes(&v, sizeof v); }
  void add(const Mesh& mesh);
  void add(const OrbitCamera& camera);
  /// Every vertex, index, clip rectangle and texture of ImGui's draw lists, and the display's size and scale.
  void add(const ImDrawData& draw);
  std::uint64_t value() const { return h_; }

 private:
  void mix(std::uint64_t w);
  std::uint64_t h_ = 0x243F6A8885A308D3ull;
};

}  // namespace carvallo::web
