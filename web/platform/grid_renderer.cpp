#include "platform/grid_renderer.hpp"

#include "shaders.hpp"

#include <cmath>

namespace carvallo::web {

GridRenderer::GridRenderer() : program_(shaders::grid_vert, shaders::grid_frag, "grid") {
  const float half = 60.0f;  // m
  const float quad[] = {-half, -half, 0, half, -half, 0, half, half, 0, -half, -half, 0, half, half, 0, -half, half, 0};
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 3 * sizeof(float), nullptr);
  glBindVertexArray(0);
}

GridRenderer::~GridRenderer() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void GridRenderer::draw(const OrbitCamera& camera, const Eigen::Matrix4f& vp) const {
  if (!program_.id()) return;
  // Whole metres (whole tens for far targets, keeping the offset exact in float): the quad follows the
  // target, its lines stay on the world's metre lines.
  const double step = std::abs(camera.target.x()) + std::abs(camera.target.y()) > 1e6 ? 10.0 : 1.0;
  const double ox = std::isfinite(camera.target.x()) ? step * std::round(camera.target.x() / step) : 0.0;
  const double oy = std::isfinite(camera.target.y()) ? step * std::round(camera.target.y() / step) : 0.0;
  const Eigen::Vector3f eye = (camera.eye() - Eigen::Vector3d(ox, oy, 0)).cast<float>();
  glUseProgram(program_.id());
  glUniformMatrix4fv(program_.uniform("u_view_projection"), 1, GL_FALSE, vp.data());
  glUniform3fv(program_.uniform("u_camera"), 1, eye.data());
  glUniform2f(program_.uniform("u_offset"), static_cast<float>(ox), static_cast<float>(oy));
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
}

}  // namespace carvallo::web
