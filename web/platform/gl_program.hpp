#pragma once
// A linked GLSL ES 3.00 program built from the sources embedded from shaders/.

#include <GLES3/gl3.h>

#include <string>

namespace carvallo::web {

class GlProgram {
 public:
  GlProgram() = default;
  /// Compiles and links; on failure id() is 0 and error() says which stage failed and why.
  GlProgram(const char* vertex_source, const char* fragment_source, const char* name);
  ~GlProgram();
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  GlProgram(GlProgram&& other) noexcept;
  GlProgram& operator=(GlProgram&& other) noexcept;

  GLuint id() const { return id_; }
  const std::string& error() const { return error_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  GLuint id_ = 0;
  std::string error_;
};

}  // namespace carvallo::web
