#include "ui/render/gl_frame_hand_off.hpp"

#include <GL/glew.h>

#include <utility>

#include "ui/render/gl_check.hpp"

namespace kc {

namespace {

// The worker waits at most this long for the view to finish drawing a pair; a GPU that takes
// longer for one repaint is gone, and the worker overwrites the pair rather than hang.
constexpr GLuint64 kReleasedFenceTimeoutNs = 2'000'000'000;

GLsync asSync(void* fence) { return static_cast<GLsync>(fence); }

void deleteFence(void*& fence) {
  if (fence) glDeleteSync(asSync(fence));
  fence = nullptr;
}

// A fence after the commands issued so far, flushed so that another context's wait can see it.
void* fenceAndFlush() {
  GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  checkGlError(__FILE__, __LINE__, "glFenceSync");
  KC_GL_CHECK(glFlush());
  return fence;
}

}  // namespace

GlFrameHandOff::GlFrameHandOff(QOpenGLContext& viewContext) : context_(viewContext) {}

// The GL objects went in detachWorker(), on the worker thread with its context current.
GlFrameHandOff::~GlFrameHandOff() = default;

void GlFrameHandOff::detachWorker() {
  {
    std::lock_guard lock(mutex_);
    shown_ = ready_ = writing_ = -1;
    for (TexturePair& pair : pairs_) {
      deleteFence(pair.writtenFence);
      deleteFence(pair.releasedFence);  // sync objects are shared: the view's ones go here too
      pair.textures = {};
      pair.layout = {};
    }
  }
  pixelBuffers_.reset();
  context_.release();
}

bool GlFrameHandOff::prepare(const DisplayLayout& layout) {
  if (!pixelBuffers_.prepare(layout)) return false;
  layout_ = layout;
  return true;  // new names: the CUDA pipeline registers them again
}

void GlFrameHandOff::writeOriginal(const std::uint8_t* pixels, std::size_t pitch) {
  pixelBuffers_.writeOriginal(pixels, pitch);
}

void GlFrameHandOff::writeFiltered(const std::uint8_t* pixels, std::size_t pitch) {
  pixelBuffers_.writeFiltered(pixels, pitch);
}

void GlFrameHandOff::present(const FrameStats& stats) {
  KC_REQUIRE(pixelBuffers_.ready(), "GlFrameHandOff::present before prepare()");
  targetTextures();
  const TexturePair& pair = pairs_[static_cast<std::size_t>(writing_)];
  // Buffers -> textures on the GPU; the pipeline writes the buffers again only after this
  // (same context: GL orders it, and mapping them for CUDA waits for it).
  copyBuffersToTextures(pixelBuffers_.original(), pixelBuffers_.filtered(), pair.textures, pair.layout);
  presentTextures(stats);
}

DisplayTextures GlFrameHandOff::targetTextures() {
  KC_REQUIRE(layout_.originalWidth > 0, "GlFrameHandOff::targetTextures before prepare()");
  if (writing_ >= 0) return texturesOf(writing_);  // asked again before presentTextures()
  int back = 0;
  void* released = nullptr;
  {
    std::lock_guard lock(mutex_);
    back = shown_ == 0 ? 1 : 0;       // the pair the view does not draw
    if (ready_ == back) ready_ = -1;  // a frame the view has not taken is about to be replaced
    std::swap(released, pairs_[back].releasedFence);
  }
  if (released) {
    glClientWaitSync(asSync(released), 0, kReleasedFenceTimeoutNs);
    deleteFence(released);
  }
  // The view cannot take this pair now (ready_ != back) and does not draw it (shown_ != back).
  TexturePair& pair = pairs_[back];
  if (pair.layout != layout_ || !pair.textures.original) {
    pair.textures = makeImageTextures(layout_);
    pair.layout = layout_;
    ++texturesGeneration_;
  }
  writing_ = back;
  return texturesOf(back);
}

void GlFrameHandOff::presentTextures(const FrameStats& stats) {
  KC_REQUIRE(writing_ >= 0, "GlFrameHandOff::presentTextures without targetTextures()");
  TexturePair& pair = pairs_[static_cast<std::size_t>(std::exchange(writing_, -1))];
  void* written = fenceAndFlush();
  std::lock_guard lock(mutex_);
  deleteFence(pair.writtenFence);
  pair.writtenFence = written;
  ready_ = static_cast<int>(&pair - pairs_.data());
  publishLocked(stats);
}

DisplayTextures GlFrameHandOff::texturesOf(int pair) const {
  const TexturePair& p = pairs_[static_cast<std::size_t>(pair)];
  return {p.textures.original.get(), p.textures.filtered.get(), texturesGeneration_};
}

std::optional<HandedFrame> GlFrameHandOff::takeInto(GlRenderer& view) {
  std::lock_guard lock(mutex_);
  if (ready_ < 0 || !hasWaitingLocked()) return std::nullopt;
  TexturePair& pair = pairs_[ready_];
  KC_GL_CHECK(glWaitSync(asSync(pair.writtenFence), 0, GL_TIMEOUT_IGNORED));  // queued on the GPU
  deleteFence(pair.writtenFence);
  if (shown_ >= 0) {
    // Every draw of the pair given back is queued by now: the worker waits for this before reuse.
    deleteFence(pairs_[shown_].releasedFence);
    pairs_[shown_].releasedFence = fenceAndFlush();
  }
  shown_ = std::exchange(ready_, -1);
  view.showTextures(pair.layout, pair.textures.original.get(), pair.textures.filtered.get());
  return takeLocked();
}

}  // namespace kc
