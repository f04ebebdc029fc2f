#include "platform/gl_program.hpp"

#include <utility>
#include <vector>

namespace carvallo::web {
namespace {

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  if (is_program) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  if (is_program) glGetProgramInfoLog(object, length, nullptr, log.data());
  else glGetShaderInfoLog(object, length, nullptr, log.data());
  return std::string(log.data());
}

GLuint compile(GLenum stage, const char* source, std::string& error, const char* what) {
  GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    error = std::string(what) + ": " + info_log(shader, false);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

GlProgram::GlProgram(const char* vertex_source, const char* fragment_source, const char* name) {
  const std::string label(name);
  GLuint vs = compile(GL_VERTEX_SHADER, vertex_source, error_, (label + " vertex shader").c_str());
  if (!vs) return;
  GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_source, error_, (label + " fragment shader").c_str());
  if (!fs) {
    glDeleteShader(vs);
    return;
  }
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    error_ = label + " link: " + info_log(id_, true);
    glDeleteProgram(id_);
    id_ = 0;
  }
}

GlProgram::~GlProgram() {
  if (id_) glDeleteProgram(id_);
}

GlProgram::GlProgram(GlProgram&& other) noexcept
    : id_(std::exchange(other.id_, 0)), error_(std::move(other.error_)) {}

GlProgram& GlProgram::operator=(GlProgram&& other) noexcept {
  if (this != &other) {
    if (id_) glDeleteProgram(id_);
    id_ = std::exchange(other.id_, 0);
    error_ = std::move(other.error_);
  }
  return *this;
}

}  // namespace carvallo::web
