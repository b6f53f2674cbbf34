#include "ui/render/gl_functions.hpp"

#include <GL/glew.h>

#include "gpu/core/error.hpp"

namespace kc {

void initGlFunctions() {
  // Only the GUI thread / the headless renderer's thread touch GL; a failed attempt (no
  // context current yet) is retried on the next call.
  static bool loaded = false;
  if (loaded) return;
  // Core profiles list no extensions through glGetString: without this GLEW skips most entry points.
  glewExperimental = GL_TRUE;
  GLenum result = glewInit();
  // Debian's GLEW is a GLX build: on an EGL context glewInit() loads every GL entry point and
  // then fails its GLX step with GLEW_ERROR_NO_GLX_DISPLAY (4). The GL side is usable.
  if (result == GLEW_ERROR_NO_GLX_DISPLAY) result = GLEW_OK;
  // glewInit leaves GL_INVALID_ENUM behind on core profiles (glGetString(GL_EXTENSIONS)).
  for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {
  }
  if (result != GLEW_OK)
    throwError(__FILE__, __LINE__, "glewInit()", reinterpret_cast<const char*>(glewGetErrorString(result)),
               static_cast<int>(result));
  if (glGenBuffers == nullptr || glGenVertexArrays == nullptr || glCreateShader == nullptr)
    throwError(__FILE__, __LINE__, "glewInit()", "GL entry points missing (no GL 3.3 context current?)");
  loaded = true;
}

static std::string glString(GLenum name) {
  const GLubyte* text = glGetString(name);
  return text ? reinterpret_cast<const char*>(text) : std::string();
}

std::string currentGlRenderer() { return glString(GL_RENDERER); }
std::string currentGlVersion() { return glString(GL_VERSION); }

}  // namespace kc
