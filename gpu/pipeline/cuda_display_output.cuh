#pragma once
// The CUDA pipeline's third part: a finished frame's original and filtered images -> the view
// (DisplaySink). Where the GL context runs on the CUDA device, CUDA writes the sink's two textures
// through surfaces (or, for a sink without textures, its two pixel buffers) on the compute stream
// and nobody waits for those writes: GL orders its use after the unmap, and the slot's next upload
// waits for them on the GPU (waitBeforeOverwrite). Elsewhere, or once the driver refuses interop,
// the copy path: host pixels through writeOriginal / writeFiltered. The path is decided once per
// sink; registrations are made once per GL object and dropped when the sink re-makes its objects.
#include <cuda_runtime.h>

#include <map>
#include <optional>
#include <string>

#include "gpu/core/stream.cuh"
#include "gpu/interop/gl_registration.cuh"
#include "gpu/interop/surface_write.cuh"
#include "gpu/pipeline/cuda_frame_timeline.cuh"
#include "gpu/pipeline/cuda_pipeline_buffers.cuh"
#include "gpu/pipeline/display_sink.hpp"
#include "gpu/pipeline/frame_pool.hpp"

namespace kc {

// What the view shows of one finished frame.
struct DisplayImages {
  DeviceFrame original;     // the chain's input on the device: grey or RGBA
  DeviceFrame filtered;     // the chain's result on the device
  const HostFrame& source;  // the frame as it came (the copy path shows an RGBA one as it is)
};

class CudaDisplayOutput {
 public:
  // One frame slot's part of the hand-off: what the view's writes read, and how long.
  class Frame {
   public:
    void release() { originalHost_ = {}; }

   private:
    friend class CudaDisplayOutput;
    // On the compute stream after the frame's chain: the writes into the view that read this
    // slot's images. The host does not wait for them; the slot's next upload does, and its
    // surfaces stay until the slot's next frame reaches the view (by then they have finished).
    Event displayed_;
    bool displayPending_ = false;
    std::optional<SurfaceObject> surfaces_[2];
    GrowingDeviceBytes originalRgba_;  // copy path, grey input: the original widened for the view
    HostFrame originalHost_;           // copy path, input not the source's RGBA: the original in RGBA
  };

  CudaDisplayOutput(int device, cudaStream_t compute) : device_(device), compute_(compute) {}

  // `stream` waits (on the GPU) for the view's writes still reading the slot's images.
  static void waitBeforeOverwrite(Frame& slot, cudaStream_t stream);
  // The sink made ready for `layout`, and the path chosen (once per sink).
  void prepare(DisplaySink& sink, const DisplayLayout& layout);
  // Interop path: the images -> the sink's textures (or buffers) on the compute stream, with the
  // "interop copy" row. True when the textures were written (present them with presentTextures).
  // A driver failure switches to the copy path for good; the frame then goes by copy.
  bool writeInterop(Frame& slot, const DisplayImages& images, DisplaySink& sink, const DisplayLayout& layout,
                    FrameTimeline& timeline);
  // Copy path: the original (converted on the device unless the source is RGBA) and the
  // downloaded result -> the sink's buffers through the host.
  void writeCopies(Frame& slot, const DisplayImages& images, const HostFrame& filtered, DisplaySink& sink,
                   FramePool& pool);
  // Unmaps the textures CUDA holds, and tells the sink (flushLive; before a prepare that may
  // re-make them).
  void releaseTextures();
  // The sink's GL objects are about to go: every registration of them goes first.
  void releaseDisplay();

  DisplayPath path() const { return path_; }
  // The copy path, known before the frame is enqueued: download the result with the chain.
  bool copyPathDecided() const { return pathDecided_ && path_ == DisplayPath::CudaCopy; }
  const std::string& note() const { return pathNote_; }

 private:
  void choosePath(DisplaySink& sink, bool buffersRecreated);
  void dropRegistrations();
  void enqueueOriginalRgba(const DeviceFrame& input, void* target, cudaStream_t stream);
  void copyIntoGlBuffers(Frame& slot, const DisplayImages& images, DisplaySink& sink, FrameTimeline& timeline);
  void addInteropRow(FrameTimeline& timeline, double bytes);
  void markDisplayWrites(Frame& slot);
  std::pair<GlRegistration*, GlRegistration*> registeredTextures(DisplaySink& sink);
  void copyIntoGlTextures(Frame& slot, const DisplayImages& images, DisplaySink& sink, const DisplayLayout& layout,
                          GlRegistration& originalTexture, GlRegistration& filteredTexture, FrameTimeline& timeline);
  const MappedGlPair& mapTextures(DisplaySink& sink, const DisplayLayout& layout, GlRegistration& original,
                                  GlRegistration& filtered);

  int device_;
  cudaStream_t compute_;  // stream A
  DisplaySink* sink_ = nullptr;
  bool pathDecided_ = false;
  DisplayPath path_ = DisplayPath::CudaCopy;
  std::string pathNote_ = "display path not chosen yet (no frame presented)";
  Event interopBegin_, interopEnd_;  // the last frame's interop writes, for the next frame's stats
  bool interopTimed_ = false;
  double lastInteropMs_ = -1;
  GlRegistration registrationOriginal_;  // buffer interop: the sink's two buffers
  GlRegistration registrationFiltered_;
  // Texture interop: registrations of the sink's textures by GL name (a hand-off alternates two
  // pairs: four at most), dropped when the sink re-makes its textures; off for good once the
  // driver refuses.
  std::map<unsigned, GlRegistration> textureRegistrations_;
  // The sink's textures while mapped for CUDA: within a frame, or from one frame to the next for
  // a sink that does not draw them at once (DisplaySink::needsTexturesAtPresent). Declared after
  // the registrations: destroyed (unmapped) before them.
  struct MappedTextures {
    MappedTextures(DisplaySink& s, const DisplayLayout& l, GlRegistration& o, GlRegistration& f, cudaStream_t stream)
        : sink(&s), layout(l), original(&o), filtered(&f), mapping(o, f, stream) {}
    DisplaySink* sink;
    DisplayLayout layout;
    const GlRegistration* original;
    const GlRegistration* filtered;
    MappedGlPair mapping;
  };
  std::optional<MappedTextures> held_;
  const DisplaySink* textureSink_ = nullptr;
  unsigned texturesGeneration_ = 0;
  bool textureInterop_ = true;
};

}  // namespace kc
