#pragma once
// Loads the GL entry points (GLEW) once a context is current, whoever made the context:
// QOpenGLWidget in the window, an EGL pbuffer/surfaceless context headless.
#include <string>

namespace kc {

// Idempotent per process (GLEW's function pointers are process-wide). Throws kc::Error when
// no context is current or the entry points are missing.
void initGlFunctions();

// GL_RENDERER / GL_VERSION of the current context ("" when none is current).
std::string currentGlRenderer();
std::string currentGlVersion();

}  // namespace kc
