#include "ui/render/gl_check.hpp"

#include <string>

namespace kc {

const char* glErrorName(GLenum error) {
  switch (error) {
    case GL_NO_ERROR:
      return "GL_NO_ERROR";
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
    case GL_STACK_UNDERFLOW:
      return "GL_STACK_UNDERFLOW";
    case GL_STACK_OVERFLOW:
      return "GL_STACK_OVERFLOW";
    default:
      return "unknown GL error";
  }
}

void checkGlError(const char* file, int line, const char* call) {
  GLenum first = glGetError();
  if (first == GL_NO_ERROR) return;
  std::string message = glErrorName(first);
  // Drain the queue (some drivers keep one flag per error kind); at most a few entries.
  for (int i = 0; i < 8; ++i) {
    GLenum more = glGetError();
    if (more == GL_NO_ERROR) break;
    message += std::string(", ") + glErrorName(more);
  }
  throwError(file, line, call, message, static_cast<int>(first));
}

}  // namespace kc
