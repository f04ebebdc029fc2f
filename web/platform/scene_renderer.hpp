#pragma once
// Draws a tessellated scene (web/logic/scene_mesh.hpp) with shaders/mesh.*.glsl: opaque triangles, then the
// translucent ones (inertia ellipsoids) blended without depth writes.

#include "logic/scene_mesh.hpp"
#include "logic/camera.hpp"
#include "platform/gl_program.hpp"

#include <string>

namespace carvallo::web {

class SceneRenderer {
 public:
  SceneRenderer();
  ~SceneRenderer();
  SceneRenderer(const SceneRenderer&) = delete;
  SceneRenderer& operator=(const SceneRenderer&) = delete;

  void draw(const Mesh& mesh, const OrbitCamera& camera, double aspect) { draw(mesh, camera, camera.view_projection(aspect)); }
  /// With a projection of the caller's (a picture's crop of the view, web/platform/capture.cpp).
  void draw(const Mesh& mesh, const OrbitCamera& camera, const Eigen::Matrix4f& view_projection);
  const std::string& error() const { return program_.error(); }

 private:
  GlProgram program_;
  GLuint vao_ = 0, vbo_ = 0;
  std::size_t capacity_ = 0;  // vertices the buffer can hold
};

}  // namespace carvallo::web
