#pragma once
// Draws the ground plane with its grid (shaders/grid.*.glsl).

#include "logic/camera.hpp"
#include "platform/gl_program.hpp"

#include <string>

namespace carvallo::web {

class GridRenderer {
 public:
  GridRenderer();
  ~GridRenderer();
  GridRenderer(const GridRenderer&) = delete;
  GridRenderer& operator=(const GridRenderer&) = delete;

  void draw(const OrbitCamera& camera, double aspect) const { draw(camera, camera.view_projection(aspect)); }
  /// With a projection of the caller's (a picture's crop of the view, web/platform/capture.cpp).
  void draw(const OrbitCamera& camera, const Eigen::Matrix4f& view_projection) const;
  const std::string& error() const { return program_.error(); }

 private:
  GlProgram program_;
  GLuint vao_ = 0, vbo_ = 0;
};

}  // namespace carvallo::web
