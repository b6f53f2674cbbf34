#include "gpu/pipeline/cuda_display_output.cuh"

#include <utility>

#include "gpu/core/nvtx_range.hpp"
#include "gpu/image/channel_convert.cuh"

namespace kc {

// The stats row of the copies or writes into the view's GL objects.
constexpr const char* kInteropRow = "interop copy";

void CudaDisplayOutput::waitBeforeOverwrite(Frame& slot, cudaStream_t stream) {
  if (std::exchange(slot.displayPending_, false)) KC_CUDA_CHECK(cudaStreamWaitEvent(stream, slot.displayed_, 0));
}

void CudaDisplayOutput::prepare(DisplaySink& sink, const DisplayLayout& layout) {
  NvtxRange range("view prepare");
  if (held_ && (held_->sink != &sink || held_->layout != layout)) releaseTextures();  // prepare may re-make them
  const bool recreated = sink.prepare(layout);
  choosePath(sink, recreated);
}

bool CudaDisplayOutput::writeInterop(Frame& slot, const DisplayImages& images, DisplaySink& sink,
                                     const DisplayLayout& layout, FrameTimeline& timeline) {
  if (path_ != DisplayPath::CudaInterop) return false;
  try {
    const auto [originalTexture, filteredTexture] = registeredTextures(sink);
    if (!originalTexture) {
      copyIntoGlBuffers(slot, images, sink, timeline);
      return false;
    }
    copyIntoGlTextures(slot, images, sink, layout, *originalTexture, *filteredTexture, timeline);
    return true;
  } catch (const Error& e) {  // the copy path from now on
    dropRegistrations();
    path_ = DisplayPath::CudaCopy;
    pathNote_ = "copy path: CUDA-GL interop failed: " + e.message();
    timeline.dropLast(kInteropRow);
    return false;
  }
}

void CudaDisplayOutput::releaseDisplay() {
  dropRegistrations();
  textureSink_ = nullptr;  // the next sink registers afresh, even at the same address
  sink_ = nullptr;
}

// Interop is decided once per sink (one sink per GL context): cudaGLGetDevices on the current
// context. Buffer registrations are dropped whenever the sink re-creates its buffers, and made
// again only if a frame goes through them (copyIntoGlBuffers): texture interop never needs them.
void CudaDisplayOutput::choosePath(DisplaySink& sink, bool buffersRecreated) {
  if (&sink != sink_ || !pathDecided_) {
    sink_ = &sink;
    std::string why;
    if (glContextIsOnCudaDevice(device_, &why)) {
      path_ = DisplayPath::CudaInterop;
      pathNote_.clear();
    } else {
      path_ = DisplayPath::CudaCopy;
      pathNote_ = "copy path: " + why;
    }
    pathDecided_ = true;
    buffersRecreated = true;  // a new sink: none of its buffers is registered
  }
  if (buffersRecreated) {
    registrationOriginal_ = {};
    registrationFiltered_ = {};
  }
}

// Unmaps what CUDA holds of the sink's GL objects and forgets every registration of them (the
// objects are about to go, or interop is given up). An unmap failure is not reported: the
// mapping is gone either way, and a fallback's reason is the first failure.
void CudaDisplayOutput::dropRegistrations() {
  try {
    releaseTextures();
  } catch (const Error&) {
  }
  registrationOriginal_ = {};
  registrationFiltered_ = {};
  textureRegistrations_.clear();
}

// The view's original side is RGBA: the device input when it is RGBA, else (grey frames, the Y
// plane of a grey chain) widened on the GPU into `target` (tightly packed RGBA rows).
void CudaDisplayOutput::enqueueOriginalRgba(const DeviceFrame& input, void* target, cudaStream_t stream) {
  const FrameShape in = input.shape;
  const ImageView<Rgba8> out{static_cast<Rgba8*>(target), in.width, in.height,
                             static_cast<std::size_t>(in.width) * sizeof(Rgba8)};
  if (in.format == PixelFormat::Rgba8) {
    KC_CUDA_CHECK(cudaMemcpy2DAsync(out.data, out.pitch, input.data, input.pitch, in.rowBytes(), in.height,
                                    cudaMemcpyDeviceToDevice, stream));
  } else {
    grayToRgbaAsync(deviceView<const std::uint8_t>(input), out, stream);
  }
}

// Device input and result -> the sink's two GL buffers (mapped), on stream A after the frame's
// chain; frame N+1's upload keeps running on stream B meanwhile. The buffers are registered once
// per set (a refusal throws kc::Error: writeInterop falls back to the copy path).
void CudaDisplayOutput::copyIntoGlBuffers(Frame& slot, const DisplayImages& images, DisplaySink& sink,
                                          FrameTimeline& timeline) {
  NvtxRange range(kInteropRow);
  if (!registrationOriginal_.registered() || !registrationFiltered_.registered()) {
    registrationOriginal_ = GlRegistration::buffer(sink.originalBuffer());
    registrationFiltered_ = GlRegistration::buffer(sink.filteredBuffer());
  }
  const FrameShape in = images.original.shape, out = images.filtered.shape;
  const std::size_t originalRow = static_cast<std::size_t>(in.width) * sizeof(Rgba8);
  const std::size_t originalBytes = originalRow * static_cast<std::size_t>(in.height);
  const std::size_t filteredRow = out.rowBytes();
  addInteropRow(timeline, static_cast<double>(in.bytes() + originalBytes + 2 * out.bytes()));
  std::optional<NvtxRange> mapRange(std::in_place, "interop map");
  MappedGlPair mapped(registrationOriginal_, registrationFiltered_, compute_);
  mapRange.reset();
  std::size_t originalSize = 0, filteredSize = 0;
  void* original = mapped.pointer(0, &originalSize);
  void* filtered = mapped.pointer(1, &filteredSize);
  KC_REQUIRE(originalSize >= originalBytes && filteredSize >= out.bytes(),
             "DisplaySink: GL buffers smaller than the layout passed to prepare()");
  interopBegin_.record(compute_);
  enqueueOriginalRgba(images.original, original, compute_);
  KC_CUDA_CHECK(cudaMemcpy2DAsync(filtered, filteredRow, images.filtered.data, images.filtered.pitch, filteredRow,
                                  out.height, cudaMemcpyDeviceToDevice, compute_));
  markDisplayWrites(slot);
  NvtxRange unmapRange("interop unmap");
  mapped.unmap();  // GL orders its use of the buffers after this, on the GPU
}

// The interop row of the frame's stats: its bytes, and the time of the last interop writes found
// finished (this frame's are still running when it is presented: nobody waits for them).
void CudaDisplayOutput::addInteropRow(FrameTimeline& timeline, double bytes) {
  if (interopTimed_ && cudaEventQuery(interopEnd_) == cudaSuccess) {  // else the value before stands
    float ms = 0;
    KC_CUDA_CHECK(cudaEventElapsedTime(&ms, interopBegin_, interopEnd_));
    lastInteropMs_ = ms;
  }
  timeline.setMeasured(timeline.add(kInteropRow, true, bytes, false), lastInteropMs_);
}

// After the interop writes on stream A: the end of their time, and the slot's images are read
// until `displayed_` (its next upload waits for that; the host does not).
void CudaDisplayOutput::markDisplayWrites(Frame& slot) {
  interopEnd_.record(compute_);
  interopTimed_ = true;
  slot.displayed_.record(compute_);
  slot.displayPending_ = true;
}

// Texture interop: the sink's textures for this frame, registered (once per texture), or null
// when the sink offers none or the driver refused (then buffers, from now on).
std::pair<GlRegistration*, GlRegistration*> CudaDisplayOutput::registeredTextures(DisplaySink& sink) {
  if (!textureInterop_) return {nullptr, nullptr};
  const DisplayTextures textures = sink.targetTextures();
  if (!textures.offered()) return {nullptr, nullptr};
  if (&sink != textureSink_ || textures.generation != texturesGeneration_) {
    releaseTextures();
    textureRegistrations_.clear();  // old names: GL may have given them to new textures
    textureSink_ = &sink;
    texturesGeneration_ = textures.generation;
  }
  try {
    for (const unsigned name : {textures.original, textures.filtered})
      if (!textureRegistrations_.count(name)) textureRegistrations_.emplace(name, GlRegistration::texture(name));
  } catch (const Error& e) {
    releaseTextures();
    textureRegistrations_.clear();
    textureInterop_ = false;
    pathNote_ = "buffer interop: registering the view's textures failed: " + e.message();
    return {nullptr, nullptr};
  }
  return {&textureRegistrations_.at(textures.original), &textureRegistrations_.at(textures.filtered)};
}

// Device input and result -> the view's two textures, written through surfaces by kernels on
// stream A after the frame's chain: no buffer, and no GL buffer -> texture copy.
void CudaDisplayOutput::copyIntoGlTextures(Frame& slot, const DisplayImages& images, DisplaySink& sink,
                                           const DisplayLayout& layout, GlRegistration& originalTexture,
                                           GlRegistration& filteredTexture, FrameTimeline& timeline) {
  NvtxRange range(kInteropRow);
  const FrameShape in = images.original.shape, out = images.filtered.shape;
  const double originalBytes = static_cast<double>(in.width) * in.height * sizeof(Rgba8);
  addInteropRow(timeline, static_cast<double>(in.bytes()) + originalBytes + 2.0 * static_cast<double>(out.bytes()));
  const MappedGlPair& mapped = mapTextures(sink, layout, originalTexture, filteredTexture);
  // The slot's previous surfaces: their writes finished before this frame's completion event.
  const SurfaceObject& original = slot.surfaces_[0].emplace(mapped.array(0));
  const SurfaceObject& filtered = slot.surfaces_[1].emplace(mapped.array(1));
  interopBegin_.record(compute_);
  if (in.format == PixelFormat::Rgba8)
    writeRgbaSurfaceAsync(deviceView<const Rgba8>(images.original), original, compute_);
  else writeGrayAsRgbaSurfaceAsync(deviceView<const std::uint8_t>(images.original), original, compute_);
  if (out.format == PixelFormat::Gray8)
    writeGraySurfaceAsync(deviceView<const std::uint8_t>(images.filtered), filtered, compute_);
  else writeRgbaSurfaceAsync(deviceView<const Rgba8>(images.filtered), filtered, compute_);
  markDisplayWrites(slot);
  if (sink.needsTexturesAtPresent()) releaseTextures();
}

// The sink's textures mapped for CUDA: still mapped from the frame before (a sink that does
// not draw them at once), or mapped now.
const MappedGlPair& CudaDisplayOutput::mapTextures(DisplaySink& sink, const DisplayLayout& layout,
                                                   GlRegistration& original, GlRegistration& filtered) {
  if (held_ && (held_->sink != &sink || held_->original != &original || held_->filtered != &filtered))
    releaseTextures();
  if (!held_) {
    NvtxRange range("interop map");
    held_.emplace(sink, layout, original, filtered, compute_);
  }
  return held_->mapping;
}

// GL orders its use of the textures after the unmap, on the GPU: the host goes on. The sink may
// have been shown them while they were still mapped.
void CudaDisplayOutput::releaseTextures() {
  if (!held_) return;
  NvtxRange range("interop unmap");
  DisplaySink& sink = *held_->sink;
  try {
    held_->mapping.unmap();
  } catch (...) {
    held_.reset();
    throw;
  }
  held_.reset();
  sink.texturesReleased();
}

// The original in RGBA on the host: an RGBA source frame is that already; anything else was
// converted on the device: its RGBA (widened if grey) is downloaded first.
void CudaDisplayOutput::writeCopies(Frame& slot, const DisplayImages& images, const HostFrame& filtered,
                                    DisplaySink& sink, FramePool& pool) {
  if (images.source.format == PixelFormat::Rgba8) {
    sink.writeOriginal(images.source.bytes(), images.source.pitch());
  } else {
    const FrameShape in = images.original.shape;
    const std::size_t row = static_cast<std::size_t>(in.width) * sizeof(Rgba8);
    std::uint8_t* rgba = slot.originalRgba_.reserve(row * static_cast<std::size_t>(in.height));
    enqueueOriginalRgba(images.original, rgba, compute_);
    slot.originalHost_ = pool.acquire(PixelFormat::Rgba8, in.width, in.height);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(slot.originalHost_.rgba.bytes(), slot.originalHost_.pitch(), rgba, row, row,
                                    in.height, cudaMemcpyDeviceToHost, compute_));
    KC_CUDA_CHECK(cudaStreamSynchronize(compute_));
    sink.writeOriginal(slot.originalHost_.bytes(), slot.originalHost_.pitch());
  }
  sink.writeFiltered(filtered.bytes(), filtered.pitch());
}

}  // namespace kc
