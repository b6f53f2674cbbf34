#pragma once
// The GL side of kernelcam's one error path: KC_GL_CHECK(call) runs the call, then turns any
// pending GL error into a kc::Error naming the file, line, call and the error (GL_INVALID_ENUM...).
// glGetError is cheap next to a frame's work, and GL errors are sticky: checking after every
// call keeps a failure from being blamed on an unrelated later call.
#include <GL/glew.h>

#include "gpu/core/error.hpp"

namespace kc {

const char* glErrorName(GLenum error);
// Throws kc::Error if GL reports an error; drains the whole error queue first.
void checkGlError(const char* file, int line, const char* call);

}  // namespace kc

#define KC_GL_CHECK(call)                          \
  do {                                             \
    call;                                          \
    ::kc::checkGlError(__FILE__, __LINE__, #call); \
  } while (0)
