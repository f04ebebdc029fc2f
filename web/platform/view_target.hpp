#pragma once
// The 3D view's multisampling. The canvas itself has none (main.cpp): ImGui smooths the panels' edges
// itself, and samples over the whole canvas made every panel's pixel cost four (on a phone's GPU, and on
// SwiftShader in the browser tests, where they were 40 % of the wall time). The view is drawn into a
// multisampled offscreen framebuffer within its rectangle, resolved onto the canvas, and the panels are
// drawn over it.

#include "platform/offscreen.hpp"

#include <functional>
#include <memory>

namespace carvallo::web {

/// The view's samples a pixel: 4, or none at 2.5 device pixels a CSS px and more (phones), where a
/// stair-step of an edge is a third of a CSS px and four samples of a 1170 x 2532 canvas cost a phone's GPU
/// and memory (100 MB) for nothing visible; none either on a software renderer, where the CPU draws every
/// sample: under SwiftShader at 1280 x 720 the four samples were a third of a playing frame's GL time
/// (51-55 ms against 32-37 ms, docs/performance.md), a smoother picture bought with a slower one.
int view_samples(double pixel_ratio, bool software_renderer);

class ViewTarget {
 public:
  /// Calls `draw_scene` (which draws over the whole fb_w x fb_h framebuffer, depth test on) clipped to the
  /// view's rectangle (left, top, right, bottom: framebuffer px from the top left) and shows the result on
  /// the canvas: multisampled with `samples`, or straight onto the canvas when samples is 0, the rectangle
  /// is empty or WebGL refuses the framebuffer.
  void draw(int fb_w, int fb_h, float left, float top, float right, float bottom, int samples,
            const std::function<void()>& draw_scene);

 private:
  std::unique_ptr<Offscreen> target_;
  int requested_ = 0;  // the samples target_ was made with
};

}  // namespace carvallo::web
