#include "platform/view_target.hpp"

#include <algorithm>
#include <cmath>

namespace carvallo::web {

int view_samples(double pixel_ratio, bool software_renderer) {
  return software_renderer || pixel_ratio >= 2.5 ? 0 : 4;
}

void ViewTarget::draw(int fb_w, int fb_h, float left, float top, float right, float bottom, int samples,
                      const std::function<void()>& draw_scene) {
  // GL's rectangle, from the bottom left, whole pixels covering the view.
  const int x0 = std::clamp(static_cast<int>(std::floor(left)), 0, fb_w);
  const int x1 = std::clamp(static_cast<int>(std::ceil(right)), 0, fb_w);
  const int y0 = std::clamp(fb_h - static_cast<int>(std::ceil(bottom)), 0, fb_h);
  const int y1 = std::clamp(fb_h - static_cast<int>(std::floor(top)), 0, fb_h);
  // The canvas's size, not the view's: the view's rectangle moves with the panels without reallocating,
  // and WebGL 2 resolves samples only onto the same rectangle. Kept while WebGL refuses it (no samples, an
  // incomplete framebuffer), so that it is not made again every frame.
  if (samples == 0) {
    target_.reset();
  } else if (!target_ || target_->width() != fb_w || target_->height() != fb_h || requested_ != samples) {
    target_ = std::make_unique<Offscreen>(fb_w, fb_h, samples);
    requested_ = samples;
  }
  if (target_ && target_->complete() && target_->samples() > 0 && x1 > x0 && y1 > y0) {
    target_->bind();
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, y0, x1 - x0, y1 - y0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);  // main.cpp's clear colour
    draw_scene();
    glDisable(GL_SCISSOR_TEST);
    target_->resolve_to_canvas(x0, y0, x1 - x0, y1 - y0);
    return;
  }
  draw_scene();
}

}  // namespace carvallo::web
