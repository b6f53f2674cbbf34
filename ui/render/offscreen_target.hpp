#pragma once
// A framebuffer object to render the view into without a window, and its read-back.
#include <QImage>

#include "ui/render/gl_objects.hpp"

namespace kc {

class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);  // context current; throws kc::Error if incomplete
  void bind();
  // The rendered pixels, top row first (GL reads bottom-up; flipped here).
  QImage read();
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  int width_, height_;
  GlFramebuffer framebuffer_;
  GlRenderbuffer colour_;
};

}  // namespace kc
