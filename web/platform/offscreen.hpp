#pragma once
// An offscreen framebuffer of colour and depth, multisampled when asked, resolved by a blit: the pictures
// for slides (capture.cpp) draw into one and read it back; the page draws its 3D view into one and resolves
// it onto the canvas (view_target.hpp), so that only the view is multisampled, not the panels around it.

#include <GLES3/gl3.h>

#include <cstdint>
#include <vector>

namespace carvallo::web {

class Offscreen {
 public:
  /// w x h px with up to `samples` samples a pixel (fewer where WebGL allows fewer; 0: none).
  Offscreen(int w, int h, int samples);
  ~Offscreen();
  Offscreen(const Offscreen&) = delete;
  Offscreen& operator=(const Offscreen&) = delete;

  bool complete() const { return status_ == GL_FRAMEBUFFER_COMPLETE; }
  GLenum status() const { return status_; }
  int width() const { return w_; }
  int height() const { return h_; }
  int samples() const { return samples_; }

  /// Makes it the target of the drawing that follows.
  void bind() const;
  /// Resolves the samples into a plain framebuffer and reads the picture (rows bottom to top); leaves
  /// that plain framebuffer bound.
  void read(std::vector<std::uint8_t>& rgba);
  /// Resolves the rectangle (x, y, w, h: GL's pixels, from the bottom left) onto the canvas at the same
  /// place (WebGL 2 resolves only between equal rectangles) and binds the canvas again.
  void resolve_to_canvas(int x, int y, int w, int h) const;

 private:
  int w_, h_, samples_ = 0;
  GLuint fbo_ = 0, colour_ = 0, depth_ = 0;
  GLuint plain_fbo_ = 0, plain_colour_ = 0;  // read's resolve target, made on first use
  GLenum status_ = 0;
};

}  // namespace carvallo::web
