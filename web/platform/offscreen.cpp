#include "platform/offscreen.hpp"

#include <algorithm>

namespace carvallo::web {

Offscreen::Offscreen(int w, int h, int samples) : w_(w), h_(h) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples_ = std::clamp(samples, 0, static_cast<int>(max_samples));
  glGenFramebuffers(1, &fbo_);
  glGenRenderbuffers(1, &colour_);
  glGenRenderbuffers(1, &depth_);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_RGBA8, w, h);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_DEPTH_COMPONENT24, w, h);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  status_ = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Offscreen::~Offscreen() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const GLuint renderbuffers[3] = {colour_, depth_, plain_colour_};
  const GLuint framebuffers[2] = {fbo_, plain_fbo_};
  glDeleteRenderbuffers(3, renderbuffers);
  glDeleteFramebuffers(2, framebuffers);
}

void Offscreen::bind() const { glBindFramebuffer(GL_FRAMEBUFFER, fbo_); }

void Offscreen::read(std::vector<std::uint8_t>& rgba) {
  if (!plain_fbo_) {
    glGenFramebuffers(1, &plain_fbo_);
    glGenRenderbuffers(1, &plain_colour_);
    glBindFramebuffer(GL_FRAMEBUFFER, plain_fbo_);
    glBindRenderbuffer(GL_RENDERBUFFER, plain_colour_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w_, h_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, plain_colour_);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, plain_fbo_);
  glBlitFramebuffer(0, 0, w_, h_, 0, 0, w_, h_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, plain_fbo_);
  rgba.resize(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w_, h_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

void Offscreen::resolve_to_canvas(int x, int y, int w, int h) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(x, y, x + w, y + h, x, y, x + w, y + h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace carvallo::web
