#include "ui/render/offscreen_target.hpp"

#include <string>

#include "gpu/core/size_limits.hpp"

#include <GL/glew.h>

#include "ui/render/gl_check.hpp"

namespace kc {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  KC_REQUIRE(width > 0 && height > 0 && width <= kMaxFrameSide && height <= kMaxFrameSide,
             "view size must be 1.." + std::to_string(kMaxFrameSide) + " pixels per side");
  framebuffer_ = makeFramebuffer();
  colour_ = makeRenderbuffer();
  KC_GL_CHECK(glBindRenderbuffer(GL_RENDERBUFFER, colour_.get()));
  KC_GL_CHECK(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height));
  KC_GL_CHECK(glBindRenderbuffer(GL_RENDERBUFFER, 0));
  bind();
  KC_GL_CHECK(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_.get()));
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throwError(__FILE__, __LINE__, "glCheckFramebufferStatus", "framebuffer incomplete", static_cast<int>(status));
}

void OffscreenTarget::bind() {
  KC_GL_CHECK(glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get()));
  // Surfaceless/pbuffer contexts start with GL_BACK or GL_NONE as draw buffer; the FBO's is ours.
  KC_GL_CHECK(glDrawBuffer(GL_COLOR_ATTACHMENT0));
  KC_GL_CHECK(glReadBuffer(GL_COLOR_ATTACHMENT0));
}

QImage OffscreenTarget::read() {
  bind();
  QImage image(width_, height_, QImage::Format_RGBA8888);
  GLint savedAlignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &savedAlignment);
  KC_GL_CHECK(glPixelStorei(GL_PACK_ALIGNMENT, 4));  // 4-byte pixels: rows are always aligned
  KC_GL_CHECK(glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.bits()));
  glPixelStorei(GL_PACK_ALIGNMENT, savedAlignment);
  return image.mirrored(false, true);
}

}  // namespace kc
