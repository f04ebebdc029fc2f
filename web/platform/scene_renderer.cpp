#include "platform/scene_renderer.hpp"

#include "shaders.hpp"

#include <cstddef>

namespace carvallo::web {

SceneRenderer::SceneRenderer() : program_(shaders::mesh_vert, shaders::mesh_frag, "mesh") {
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const auto stride = static_cast<GLsizei>(sizeof(MeshVertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(MeshVertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(MeshVertex, normal)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(MeshVertex, color)));
  glBindVertexArray(0);
}

SceneRenderer::~SceneRenderer() {
  glDeleteBuffers(1, &vbo_);
  glDeleteVertexArrays(1, &vao_);
}

void SceneRenderer::draw(const Mesh& mesh, const OrbitCamera& camera, const Eigen::Matrix4f& vp) {
  if (!program_.id()) return;
  const std::size_t total = mesh.opaque.size() + mesh.transparent.size();
  if (total == 0) return;
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  if (total > capacity_) {
    capacity_ = total + total / 2;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(MeshVertex)), nullptr, GL_DYNAMIC_DRAW);
  }
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(mesh.opaque.size() * sizeof(MeshVertex)), mesh.opaque.data());
  if (!mesh.transparent.empty())
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(mesh.opaque.size() * sizeof(MeshVertex)),
                    static_cast<GLsizeiptr>(mesh.transparent.size() * sizeof(MeshVertex)), mesh.transparent.data());

  const Eigen::Vector3f eye = camera.eye().cast<float>();
  glUseProgram(program_.id());
  glUniformMatrix4fv(program_.uniform("u_view_projection"), 1, GL_FALSE, vp.data());
  glUniform3fv(program_.uniform("u_camera"), 1, eye.data());
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(mesh.opaque.size()));
  if (!mesh.transparent.empty()) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    // A little behind the opaque surfaces they coincide with: a compared run that agrees with the model to
    // 1e-13 m hides inside it, whole, instead of showing through in the stripes of equal depths rounded
    // either way (z-fighting, a lecturer saw the runs flicker until they parted).
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 4.0f);
    glDrawArrays(GL_TRIANGLES, static_cast<GLint>(mesh.opaque.size()), static_cast<GLsizei>(mesh.transparent.size()));
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }
  glBindVertexArray(0);
}

}  // namespace carvallo::web
