#pragma once
// Frames handed over as textures: the worker thread has a GL context of its own, shared with the
// view's. The pipeline writes a frame into two pixel buffers there (CUDA-GL interop, or host
// writes) and present() copies them into a pair of textures on the GPU, or CUDA writes the pair
// itself (texture interop: targetTextures(), presentTextures()); the view draws that pair. The
// GUI thread does no per-frame pixel work at all: no upload, no copy.
//
// Two texture pairs: the view draws one while the worker fills the other. Taking a frame swaps
// them, with fences both ways: the worker's (written -> the view may draw; the view queues the
// wait on the GPU with glWaitSync, its thread never waits) and the view's (its draws of the pair
// it gave back are done -> the worker may overwrite it; the worker waits for that on its thread).
#include <array>

#include "ui/render/frame_hand_off.hpp"
#include "ui/render/gl_objects.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/worker_gl_context.hpp"

class QOpenGLContext;

namespace kc {

class GlFrameHandOff final : public FrameHandOff {
 public:
  // GUI thread, the view's context ready. Throws kc::Error when no shared context can be made
  // (WorkerGlContext says why): the caller hands frames over on the host instead.
  explicit GlFrameHandOff(QOpenGLContext& viewContext);
  ~GlFrameHandOff() override;

  void bindToThread(QThread& worker) override { context_.moveToThread(worker); }
  void attachWorker() override { context_.makeCurrent(); }
  // Deletes the textures: the view must have forgotten them (GlRenderer::forgetTextures) first.
  void detachWorker() override;

  // Worker thread, its context current.
  bool prepare(const DisplayLayout& layout) override;
  unsigned originalBuffer() const override { return pixelBuffers_.original(); }
  unsigned filteredBuffer() const override { return pixelBuffers_.filtered(); }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override;
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override;
  void present(const FrameStats& stats) override;
  // Texture interop: the pair the view does not draw (waiting, on this thread, for the view's
  // last draws from it), made for the layout; presentTextures() hands it over.
  DisplayTextures targetTextures() override;
  void presentTextures(const FrameStats& stats) override;

  std::optional<HandedFrame> takeInto(GlRenderer& view) override;

 private:
  struct TexturePair {
    ImageTextures textures;
    DisplayLayout layout;
    void* writtenFence = nullptr;   // GLsync: the worker's copy into the pair
    void* releasedFence = nullptr;  // GLsync: the view's last draws from it
  };

  WorkerGlContext context_;
  // Worker thread only: the pipeline's buffers (only the worker's context touches them).
  DisplayPixelBuffers pixelBuffers_;
  DisplayLayout layout_;
  // The pairs' contents belong to whoever the indices below say; the indices are under mutex_.
  std::array<TexturePair, 2> pairs_;
  int shown_ = -1;  // the pair the view draws
  int ready_ = -1;  // the pair holding a frame the view has not taken
  // Worker thread only: the pair targetTextures() gave out, until presentTextures(); and the
  // count of pairs made so far (DisplayTextures::generation).
  int writing_ = -1;
  unsigned texturesGeneration_ = 0;

  DisplayTextures texturesOf(int pair) const;
};

}  // namespace kc
