#pragma once
// Move-only owners of GL object names. Every one is created and destroyed with its GL context
// current: the renderer that holds them is built in initializeGL/after makeCurrent and torn down
// before the context goes (GlView::~GlView and the headless context's scope make sure).
// No GL header here (names are plain unsigned), so Qt's GL headers and GLEW never meet in one
// translation unit through this file.
#include <string>
#include <utility>

namespace kc {

template <void (*Delete)(unsigned)>
class GlName {
 public:
  GlName() = default;
  explicit GlName(unsigned name) : name_(name) {}
  GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  GlName& operator=(GlName&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }
  GlName(const GlName&) = delete;
  GlName& operator=(const GlName&) = delete;
  ~GlName() { reset(); }

  unsigned get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_ != 0) Delete(name_);
    name_ = 0;
  }

 private:
  unsigned name_ = 0;
};

namespace gl_detail {
void deleteBuffer(unsigned name);
void deleteTexture(unsigned name);
void deleteVertexArray(unsigned name);
void deleteProgram(unsigned name);
void deleteShader(unsigned name);
void deleteFramebuffer(unsigned name);
void deleteRenderbuffer(unsigned name);
}  // namespace gl_detail

using GlBuffer = GlName<gl_detail::deleteBuffer>;
using GlTexture = GlName<gl_detail::deleteTexture>;
using GlVertexArray = GlName<gl_detail::deleteVertexArray>;
using GlProgram = GlName<gl_detail::deleteProgram>;
using GlShader = GlName<gl_detail::deleteShader>;
using GlFramebuffer = GlName<gl_detail::deleteFramebuffer>;
using GlRenderbuffer = GlName<gl_detail::deleteRenderbuffer>;

GlBuffer makeBuffer();
GlTexture makeTexture();
GlVertexArray makeVertexArray();
GlFramebuffer makeFramebuffer();
GlRenderbuffer makeRenderbuffer();

// Compiles and links a program from two GLSL sources; the compiler/linker log goes into the
// kc::Error on failure. `label` names the shaders in messages ("quad.vert + image.frag").
GlProgram makeProgram(const std::string& vertexSource, const std::string& fragmentSource, const std::string& label);

}  // namespace kc
