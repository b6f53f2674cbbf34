#include "app/record/frame_tap.hpp"

#include <GL/glew.h>

#include <algorithm>

#include "app/record/background_sink.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "ui/render/gl_check.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/offscreen_target.hpp"

namespace kc {

namespace {

int matType(PixelFormat format) { return format == PixelFormat::Gray8 ? CV_8UC1 : CV_8UC4; }

void offerAll(const std::vector<BackgroundSink*>& sinks, const cv::Mat& pixels, bool bottomUp) {
  const double now = steadyNowSeconds();
  // One copy shared by every sink: they only read it (background_sink.hpp flips into a new image).
  for (BackgroundSink* sink : sinks) sink->offer({pixels, bottomUp, now});
}

// The widget's framebuffer stays bound for its own paintGL: put back what was bound.
class FramebufferBindingScope {
 public:
  FramebufferBindingScope() {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
  }
  ~FramebufferBindingScope() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_));
  }
  FramebufferBindingScope(const FramebufferBindingScope&) = delete;
  FramebufferBindingScope& operator=(const FramebufferBindingScope&) = delete;

 private:
  GLint draw_ = 0, read_ = 0;
};

}  // namespace

// On the worker thread, between the pipeline and the hand-off. Every call goes on to the hand-off
// first, so the view gets the frame as soon as without the tap; the tap's copy comes after.
class TappedDisplay final : public DisplaySink {
 public:
  TappedDisplay(FrameTap& tap, DisplaySink& next) : tap_(tap), next_(next) {}

  bool prepare(const DisplayLayout& layout) override {
    layout_ = layout;
    hostFiltered_.release();  // a frame whose present() never came (A/B leaving) is not the next one
    return next_.prepare(layout);
  }
  unsigned originalBuffer() const override { return next_.originalBuffer(); }
  unsigned filteredBuffer() const override { return next_.filteredBuffer(); }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override { next_.writeOriginal(pixels, pitch); }

  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override {
    next_.writeFiltered(pixels, pitch);
    if (!tap_.wantsFiltered()) return;
    // Copied now: the pipeline's pixels may be reused before present() (the CUDA copy path).
    try {
      hostFiltered_ = cv::Mat(layout_.filteredHeight, layout_.filteredWidth, matType(layout_.filteredFormat),
                              const_cast<std::uint8_t*>(pixels), pitch)
                          .clone();
    } catch (const std::exception&) {
      hostFiltered_.release();  // present() reads the buffer instead, or counts the frame as missed
    }
  }

  void present(const FrameStats& stats) override {
    next_.present(stats);
    offerFiltered([this] { return readFilteredBuffer(); });
  }

  DisplayTextures targetTextures() override { return target_ = next_.targetTextures(); }

  void presentTextures(const FrameStats& stats) override {
    next_.presentTextures(stats);
    offerFiltered([this] { return readFilteredTexture(); });
  }

 private:
  // The frame's filtered pixels to the tap: the host copy writeFiltered() took, else what
  // `readGl` reads back. A recording must not stop the view: a frame the tap cannot capture is a
  // dropped frame.
  template <typename ReadGl>
  void offerFiltered(ReadGl readGl) {
    cv::Mat filtered = std::move(hostFiltered_);
    hostFiltered_.release();
    if (!tap_.wantsFiltered()) return;
    try {
      if (filtered.empty()) filtered = readGl();
    } catch (const std::exception&) {
      filtered.release();
    }
    if (filtered.empty()) tap_.missedFiltered();
    else tap_.offerFiltered(filtered);
  }

  // Texture interop: the frame is only in the texture CUDA wrote, in this thread's GL context.
  cv::Mat readFilteredTexture() const {
    if (target_.filtered == 0 || layout_.filteredWidth <= 0 || layout_.filteredHeight <= 0) return {};
    cv::Mat pixels(layout_.filteredHeight, layout_.filteredWidth, matType(layout_.filteredFormat));
    GLint alignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // grey rows of any width are tightly packed
    glBindTexture(GL_TEXTURE_2D, target_.filtered);
    glGetTexImage(GL_TEXTURE_2D, 0, layout_.filteredFormat == PixelFormat::Gray8 ? GL_RED : GL_RGBA, GL_UNSIGNED_BYTE,
                  pixels.data);
    glBindTexture(GL_TEXTURE_2D, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, alignment);
    checkGlError(__FILE__, __LINE__, "glGetTexImage (the filtered texture)");
    return pixels;
  }

  // Interop: the frame is only in the hand-off's buffer, in this thread's GL context. GL waits for
  // the hand-off's copy of it into the view's texture (queued just before), which is short.
  cv::Mat readFilteredBuffer() const {
    const unsigned buffer = next_.filteredBuffer();
    if (buffer == 0 || layout_.filteredWidth <= 0 || layout_.filteredHeight <= 0) return {};  // host hand-off
    cv::Mat pixels(layout_.filteredHeight, layout_.filteredWidth, matType(layout_.filteredFormat));
    KC_GL_CHECK(glBindBuffer(GL_COPY_READ_BUFFER, buffer));
    KC_GL_CHECK(glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(pixels.total() * pixels.elemSize()),
                                   pixels.data));
    KC_GL_CHECK(glBindBuffer(GL_COPY_READ_BUFFER, 0));
    return pixels;
  }

  FrameTap& tap_;
  DisplaySink& next_;
  DisplayLayout layout_;
  cv::Mat hostFiltered_;    // from writeFiltered, for the present() that follows
  DisplayTextures target_;  // from targetTextures, for the presentTextures() that follows
};

FrameTap::FrameTap() = default;
FrameTap::~FrameTap() = default;  // target_ is freed by releaseGl() while the context exists

void FrameTap::addFiltered(BackgroundSink* sink) {
  std::lock_guard lock(mutex_);
  filtered_.push_back(sink);
  wantsFiltered_ = true;
}

void FrameTap::addComposite(BackgroundSink* sink, cv::Size size) {
  std::lock_guard lock(mutex_);
  composite_.push_back(sink);
  compositeSize_ = size;
}

void FrameTap::remove(BackgroundSink* sink) {
  std::lock_guard lock(mutex_);  // the worker offers under it: once this returns, it is done with `sink`
  std::erase(filtered_, sink);
  std::erase(composite_, sink);
  wantsFiltered_ = !filtered_.empty();
}

bool FrameTap::empty() const {
  std::lock_guard lock(mutex_);
  return filtered_.empty() && composite_.empty();
}

std::unique_ptr<DisplaySink> FrameTap::display(DisplaySink& next) {
  return std::make_unique<TappedDisplay>(*this, next);
}

void FrameTap::offerFiltered(const cv::Mat& pixels) {
  std::lock_guard lock(mutex_);
  offerAll(filtered_, pixels, false);
}

void FrameTap::missedFiltered() {
  std::lock_guard lock(mutex_);
  for (BackgroundSink* sink : filtered_) sink->missed();
}

void FrameTap::releaseGl() { target_.reset(); }

void FrameTap::viewPainted(GlRenderer& renderer) {
  std::vector<BackgroundSink*> sinks;
  cv::Size size;
  {
    std::lock_guard lock(mutex_);  // the GUI thread alone changes the composite list: a copy is safe to use
    sinks = composite_;
    size = compositeSize_;
  }
  if (sinks.empty() || !renderer.hasFrame()) return;
  cv::Mat composite;
  try {
    composite = renderComposite(renderer, size);
  } catch (const std::exception&) {
    // The view paints on (an exception here would fail its paintGL): the frame counts as dropped.
    target_.reset();
    for (BackgroundSink* sink : sinks) sink->missed();
    return;
  }
  offerAll(sinks, composite, true);
}

cv::Mat FrameTap::renderComposite(GlRenderer& renderer, cv::Size size) {
  FramebufferBindingScope keepBinding;
  if (!target_ || target_->width() != size.width || target_->height() != size.height)
    target_ = std::make_unique<OffscreenTarget>(size.width, size.height);
  target_->bind();
  renderer.render(target_->width(), target_->height());
  // Read as GL stores it (bottom row first); the sink's thread flips it.
  cv::Mat pixels(size, CV_8UC4);
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  KC_GL_CHECK(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  KC_GL_CHECK(glReadPixels(0, 0, pixels.cols, pixels.rows, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data));
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  return pixels;
}

}  // namespace kc
