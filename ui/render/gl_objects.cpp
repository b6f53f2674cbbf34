#include "ui/render/gl_objects.hpp"

#include <GL/glew.h>

#include "ui/render/gl_check.hpp"

namespace kc {

namespace gl_detail {
void deleteBuffer(GLuint name) { glDeleteBuffers(1, &name); }
void deleteTexture(GLuint name) { glDeleteTextures(1, &name); }
void deleteVertexArray(GLuint name) { glDeleteVertexArrays(1, &name); }
void deleteProgram(GLuint name) { glDeleteProgram(name); }
void deleteShader(GLuint name) { glDeleteShader(name); }
void deleteFramebuffer(GLuint name) { glDeleteFramebuffers(1, &name); }
void deleteRenderbuffer(GLuint name) { glDeleteRenderbuffers(1, &name); }
}  // namespace gl_detail

namespace {

// The one factory behind the make* functions: one name from a glGen* call, checked, owned.
template <class Name, class Generate>
Name generated(Generate generate, const char* call) {
  GLuint name = 0;
  generate(1, &name);
  checkGlError(__FILE__, __LINE__, call);
  return Name(name);
}

}  // namespace

GlBuffer makeBuffer() { return generated<GlBuffer>(glGenBuffers, "glGenBuffers(1, &name)"); }
GlTexture makeTexture() { return generated<GlTexture>(glGenTextures, "glGenTextures(1, &name)"); }
GlVertexArray makeVertexArray() { return generated<GlVertexArray>(glGenVertexArrays, "glGenVertexArrays(1, &name)"); }
GlFramebuffer makeFramebuffer() { return generated<GlFramebuffer>(glGenFramebuffers, "glGenFramebuffers(1, &name)"); }
GlRenderbuffer makeRenderbuffer() {
  return generated<GlRenderbuffer>(glGenRenderbuffers, "glGenRenderbuffers(1, &name)");
}

static GlShader compileShader(GLenum type, const std::string& source, const std::string& label) {
  GlShader shader(glCreateShader(type));
  if (!shader) throwError(__FILE__, __LINE__, "glCreateShader", "failed for " + label);
  const char* text = source.c_str();
  KC_GL_CHECK(glShaderSource(shader.get(), 1, &text, nullptr));
  KC_GL_CHECK(glCompileShader(shader.get()));
  GLint ok = 0;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(shader.get(), sizeof log, nullptr, log);
    throwError(__FILE__, __LINE__, "glCompileShader", label + ": " + log);
  }
  return shader;
}

GlProgram makeProgram(const std::string& vertexSource, const std::string& fragmentSource, const std::string& label) {
  GlShader vertex = compileShader(GL_VERTEX_SHADER, vertexSource, label);
  GlShader fragment = compileShader(GL_FRAGMENT_SHADER, fragmentSource, label);
  GlProgram program(glCreateProgram());
  KC_GL_CHECK(glAttachShader(program.get(), vertex.get()));
  KC_GL_CHECK(glAttachShader(program.get(), fragment.get()));
  KC_GL_CHECK(glLinkProgram(program.get()));
  GLint ok = 0;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program.get(), sizeof log, nullptr, log);
    throwError(__FILE__, __LINE__, "glLinkProgram", label + ": " + log);
  }
  // The linked program keeps the code; the shader objects go with this scope.
  glDetachShader(program.get(), vertex.get());
  glDetachShader(program.get(), fragment.get());
  return program;
}

}  // namespace kc
