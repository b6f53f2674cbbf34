// The CUDA backend. Two streams and two frame slots (the lecture's multiple-streams slide):
//   stream B (copy_)    frame N+1's native bytes -> device, straight from its page-locked pool buffer
//   stream A (compute_) frame N's entry conversion (NV12 -> RGBA, ...), kernels, histogram readback,
//                       and its download or display copy
// so frame N+1's upload overlaps frame N's kernels. Sources fill frames from this pipeline's pool
// (page-locked memory, frame_pool.hpp): the upload reads them where they lie, so nothing copies a
// frame on the host. A frame from anywhere else is first copied into pinned staging (counted: see
// hostFrameCopies()). A camera's YUV frame is uploaded as it is and converted on the GPU; when the
// chain starts with the gray stage, only its Y plane is uploaded (frame_ops.hpp: pipelineInputFrame,
// which the CPU backend follows too). Each slot owns its buffers (device planes and input, ping-pong
// work images, histogram counts, pinned readback) and holds its frame until the upload is done, so
// the two frames in flight never share memory. Buffers grow to the largest frame seen and are kept.
// Every copy and kernel is bracketed by CUDA events, and by an NVTX range named as its timing row;
// a frame's events are read only after its own completion event, never with a device-wide sync.

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <memory>

#include "gpu/core/copy_roofline.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/nvtx_range.hpp"
#include "gpu/core/stream.cuh"
#include "gpu/image/channel_convert.cuh"
#include "gpu/image/histogram.hpp"
#include "gpu/image/yuv_convert.cuh"
#include "gpu/interop/gl_registration.cuh"
#include "gpu/interop/surface_write.cuh"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc {

namespace {

// 256-byte rows keep every row start aligned for 16-byte vector loads and whole 128-byte lines.
constexpr std::size_t kPitchAlignment = 256;
std::size_t alignedPitch(std::size_t rowBytes) {
  return (rowBytes + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
}
std::size_t deviceImageBytes(FrameShape shape) {
  return alignedPitch(shape.rowBytes()) * static_cast<std::size_t>(shape.height);
}

// Device bytes that grow to the largest request and are kept (raw, so one buffer serves both the
// w x h and the transposed h x w image of a chain).
class GrowingDeviceBytes {
 public:
  std::uint8_t* reserve(std::size_t bytes) {
    if (bytes > buffer_.bytes()) buffer_ = DeviceBuffer<std::uint8_t>(bytes);
    return buffer_.data();
  }
  std::uint8_t* data() const { return buffer_.data(); }

 private:
  DeviceBuffer<std::uint8_t> buffer_;
};

class GrowingPinnedBytes {
 public:
  std::uint8_t* reserve(std::size_t bytes) {
    if (bytes > buffer_.bytes()) buffer_ = PinnedBuffer<std::uint8_t>(bytes);
    return buffer_.data();
  }

 private:
  PinnedBuffer<std::uint8_t> buffer_;
};

// The pool's memory: page-locked, so the copy engine reads frames where the sources wrote them.
class PinnedHostMemory final : public HostMemory {
 public:
  void* allocate(std::size_t bytes) override { return detail::allocatePinned(bytes, __FILE__, __LINE__); }
  void release(void* data) noexcept override { detail::freePinned(data); }
  bool pageLocked() const override { return true; }
  const char* name() const override { return "page-locked"; }
};

// Whether the copy engine can read `pointer` directly (pinned by cudaMallocHost or cudaHostRegister).
bool pageLocked(const void* pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

// A grey or RGBA frame's first byte, to write into.
std::uint8_t* writableBytes(HostFrame& frame) {
  return frame.format == PixelFormat::Gray8 ? frame.gray.bytes() : frame.rgba.bytes();
}

template <class T>
ImageView<T> deviceView(std::uint8_t* base, FrameShape shape) {
  return {reinterpret_cast<T*>(base), shape.width, shape.height, alignedPitch(shape.rowBytes())};
}

// The chain with each stage's CUDA launch looked up once (setChain), shared by the frames
// enqueued with it: a chain change never touches a frame already in flight.
struct CompiledChain {
  FilterChain stages;
  std::vector<CudaStageLaunch> launches;
  std::vector<std::string> labels;
};

struct TimedOp {
  std::string name;
  bool isCopy = false;
  double bytes = 0;
  int mark = -1;  // index of its start event in FrameSlot::marks (stop = mark + 1); -1: not timed (no-op)
  double measuredMs = -1;  // >= 0: the stage timed itself (StageLaunchReport), the events are not read
};

// How a frame becomes the chain's input on the device (frame_ops.hpp: pipelineInputFrame).
enum class Entry {
  Direct,      // grey or RGBA, or the Y plane of full range: uploaded straight into the input
  Bgra,        // uploaded to `planes`, reordered into the input
  Yuv,         // all planes uploaded to `planes`, converted into the RGBA input
  LumaLimited  // the Y plane alone uploaded to `planes`, expanded into the grey input
};

// One host plane to upload: where it is, its rows.
struct HostPlane {
  const std::uint8_t* data;
  std::size_t pitch, rowBytes;
  int rows;
};

// The stats row of the copies or writes into the view's GL objects.
constexpr const char* kInteropRow = "interop copy";

// Everything one frame in flight owns.
struct FrameSlot {
  HostFrame source;            // the frame being uploaded: held (its pool buffer lent) until presented
  GrowingPinnedBytes staging;  // frames not in page-locked memory are copied here first (a counted host copy)
  GrowingDeviceBytes planes;   // the native planes before the entry conversion
  GrowingDeviceBytes input;    // what the chain starts from: grey or RGBA
  GrowingDeviceBytes originalRgba;  // copy display path, grey input: the original widened for the view
  GrowingDeviceBytes work[2];  // ping-pong images of the chain
  DeviceBuffer<std::uint32_t> histogramCounts{3 * kMaxHistogramBins};
  PinnedBuffer<std::uint32_t> histogramHost{3 * kMaxHistogramBins};
  HostFrame result;            // the result on the host (process(), the copy display path): a pool frame
  HostFrame originalHost;      // copy display path, input not the source's RGBA: the original in RGBA
  std::vector<Event> marks;    // start/stop pairs of the timed ops
  Event uploaded;              // on stream B: the input is on the device
  Event done;                  // on stream A: every kernel and readback of this frame finished
  // Interop, on stream A after `done`: the writes into the view that read this slot's images. The
  // host does not wait for them; the slot's next upload does (on stream B), and its surfaces stay
  // until the slot's next frame reaches the view (by then `done` has passed them).
  Event displayed;
  bool displayPending = false;
  std::optional<SurfaceObject> surfaces[2];

  bool inFlight = false;
  bool downloaded = false;
  std::shared_ptr<const CompiledChain> chain;
  std::vector<TimedOp> ops;
  Entry entry = Entry::Direct;
  std::string entryName;        // "convert nv12", "luma nv12", "convert bgra"
  double entryBytes = 0;        // bytes the conversion reads + writes
  YuvPlanes devicePlanes;       // Entry::Yuv: the planes on the device
  PixelFormat sourceFormat = PixelFormat::Rgba8;
  YuvEncoding encoding;
  FrameShape inShape, outShape;
  int resultWork = -1;  // work[] index holding the result; -1 = the input itself
  DeviceHistogram histogram;  // what the chain's last hist stage wrote into histogramCounts
  std::vector<StageFailure> failures;
  std::int64_t index = 0;
  double timestampSeconds = 0;
  std::chrono::steady_clock::time_point enqueuedAt;

  std::uint8_t* resultData() const { return resultWork < 0 ? input.data() : work[resultWork].data(); }
  int addOp(std::string name, bool isCopy, double bytes, bool timed) {
    TimedOp op{std::move(name), isCopy, bytes, -1};
    if (timed) {
      op.mark = 0;
      for (const auto& o : ops)
        if (o.mark >= 0) op.mark += 2;
      while (marks.size() < static_cast<std::size_t>(op.mark + 2)) marks.emplace_back();
    }
    ops.push_back(std::move(op));
    return ops.back().mark;
  }
};

class CudaFramePipeline final : public FramePipeline {
 public:
  CudaFramePipeline() {
    KC_CUDA_CHECK(cudaGetDevice(&device_));
    const DeviceInfo info = currentDeviceInfo();
    deviceName_ = info.name;
    rooflineGBs_ = measuredCopyRooflineGBs();  // the bars' 100%: what this card's copy really reaches
    chain_ = std::make_shared<CompiledChain>();
    framePool_ = std::make_shared<FramePool>(std::make_shared<PinnedHostMemory>());
  }

  ~CudaFramePipeline() override {
    // Frames still in flight must finish before their buffers are freed.
    for (auto& slot : slots_)
      if (slot.inFlight) (void)cudaEventSynchronize(slot.done);
    (void)cudaStreamSynchronize(compute_);  // interop writes nobody waited for use the slots' images
  }

  Backend backend() const override { return Backend::Cuda; }
  std::string deviceName() const override { return deviceName_; }

  void setChain(const FilterChain& chain) override {
    auto compiled = std::make_shared<CompiledChain>();
    compiled->stages = chain;
    for (const auto& stage : chain) {
      const CudaStageLaunch launch = stageRegistry().cudaLaunch(stage.id());
      if (!launch) throw InvalidArgument("the " + stage.id() + " stage has no CUDA implementation");
      compiled->launches.push_back(launch);
    }
    compiled->labels = stageLabels(chain);
    chain_ = std::move(compiled);
  }
  const FilterChain& chain() const override { return chain_->stages; }

  FrameResult process(const HostFrame& frame) override {
    KC_REQUIRE(!frame.empty(), "FramePipeline::process: empty frame");
    const auto start = std::chrono::steady_clock::now();
    FrameSlot& slot = slots_[freeSlot()];
    enqueueUpload(slot, frame);
    enqueueStages(slot, /*download=*/true);
    FrameResult result;
    result.stats = finish(slot);
    result.output = std::move(slot.result);
    release(slot);
    result.stats.frameMs = msSince(start);
    return result;
  }

  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override {
    KC_REQUIRE(!frame.empty(), "FramePipeline::submitLive: empty frame");
    const int next = freeSlot();
    enqueueUpload(slots_[next], frame);
    // Frame N+1's upload (stream B) now overlaps frame N's kernels (stream A), enqueued last call.
    std::optional<FrameStats> presented;
    if (live_.size() >= kLiveDepth - 1) {
      presented = present(slots_[live_.front()], sink);
      live_.pop_front();
    }
    enqueueStages(slots_[next], /*download=*/path_ == DisplayPath::CudaCopy && pathDecided_);
    live_.push_back(next);
    return presented;
  }

  // Presents every frame in flight, and unmaps the textures a sink let CUDA hold.
  std::optional<FrameStats> flushLive(DisplaySink& sink) override {
    std::optional<FrameStats> stats;
    for (; !live_.empty(); live_.pop_front()) stats = present(slots_[live_.front()], sink);
    releaseTextures();
    return stats;
  }

  DisplayPath displayPath() const override { return path_; }
  std::string displayPathNote() const override { return pathNote_; }

  void releaseDisplay() override {
    dropRegistrations();
    textureSink_ = nullptr;  // the next sink registers afresh, even at the same address
    sink_ = nullptr;
  }

 private:
  // The planes to upload for `frame` and what the chain starts from, by pipelineInputFrame's rules.
  std::vector<HostPlane> choosePlanes(FrameSlot& slot, const HostFrame& frame) {
    const int w = frame.width(), h = frame.height();
    slot.sourceFormat = frame.format;
    slot.entryName = entryConversionName(frame, slot.chain->stages);
    if (frame.format == PixelFormat::Gray8 || frame.format == PixelFormat::Rgba8 || frame.format == PixelFormat::Bgra8) {
      slot.entry = frame.format == PixelFormat::Bgra8 ? Entry::Bgra : Entry::Direct;
      slot.inShape = {w, h, frame.format == PixelFormat::Gray8 ? PixelFormat::Gray8 : PixelFormat::Rgba8};
      return {{frame.bytes(), frame.pitch(), slot.inShape.rowBytes(), h}};
    }
    slot.encoding = frame.yuv.encoding;
    const FrameImage<std::uint8_t>& luma = frame.yuv.planes[0];
    if (startsFromLumaPlane(frame, slot.chain->stages)) {
      slot.entry = frame.yuv.encoding.range == YuvRange::Full ? Entry::Direct : Entry::LumaLimited;
      slot.inShape = {w, h, PixelFormat::Gray8};
      return {{luma.bytes(), luma.pitch(), static_cast<std::size_t>(w), h}};
    }
    slot.entry = Entry::Yuv;
    slot.inShape = {w, h, PixelFormat::Rgba8};
    const YuvLayout layout = yuvLayout(frame.format);
    std::vector<HostPlane> planes;
    for (int p = 0; p < yuvPlaneCount(layout); ++p) {
      const PlaneSize size = yuvPlaneSize(layout, w, h, p);
      planes.push_back({frame.yuv.planes[p].bytes(), frame.yuv.planes[p].pitch(),
                        static_cast<std::size_t>(size.widthBytes), size.height});
    }
    return planes;
  }

  // The frame's planes -> the device on stream B: into the input itself, or into `planes` for the
  // entry conversion that enqueueStages runs first. Straight from the frame's memory when it is
  // page-locked (a pool frame); through pinned staging (one host copy, counted) otherwise.
  void enqueueUpload(FrameSlot& slot, const HostFrame& frame) {
    KC_REQUIRE(!slot.inFlight, "CudaFramePipeline: frame slot still in flight");
    slot.chain = chain_;
    slot.ops.clear();
    slot.downloaded = false;
    slot.resultWork = -1;
    slot.histogram = {slot.histogramCounts.data(), 0, 0};
    slot.failures.clear();
    slot.index = frame.index;
    slot.timestampSeconds = frame.timestampSeconds;
    slot.enqueuedAt = std::chrono::steady_clock::now();
    if (std::exchange(slot.displayPending, false)) KC_CUDA_CHECK(cudaStreamWaitEvent(copy_, slot.displayed, 0));
    std::vector<HostPlane> planes = choosePlanes(slot, frame);
    slot.outShape = chainOutputShape(slot.chain->stages, slot.inShape);
    slot.source = frame;  // keeps the frame's buffer out of its pool until the upload has read it

    std::size_t uploadBytes = 0;
    for (const HostPlane& plane : planes) uploadBytes += plane.rowBytes * static_cast<std::size_t>(plane.rows);
    bool pinned = true;
    for (const HostPlane& plane : planes) pinned = pinned && pageLocked(plane.data);
    if (!pinned) {
      NvtxRange range("staging copy");
      std::uint8_t* staging = slot.staging.reserve(uploadBytes);
      for (HostPlane& plane : planes) {
        copyPlaneRows({plane.data, static_cast<int>(plane.rowBytes), plane.rows, plane.pitch},
                      {staging, static_cast<int>(plane.rowBytes), plane.rows, plane.rowBytes});
        plane = {staging, plane.rowBytes, plane.rowBytes, plane.rows};
        staging += plane.rowBytes * static_cast<std::size_t>(plane.rows);
      }
      countHostFrameCopy();
    }

    std::uint8_t* input = slot.input.reserve(deviceImageBytes(slot.inShape));
    // Device destinations: the input itself, or the planes, each pitched.
    std::vector<std::pair<std::uint8_t*, std::size_t>> targets;
    if (slot.entry == Entry::Direct) {
      targets.push_back({input, alignedPitch(slot.inShape.rowBytes())});
    } else {
      std::size_t total = 0;
      for (const HostPlane& plane : planes) total += alignedPitch(plane.rowBytes) * static_cast<std::size_t>(plane.rows);
      std::uint8_t* base = slot.planes.reserve(total);
      for (const HostPlane& plane : planes) {
        targets.push_back({base, alignedPitch(plane.rowBytes)});
        base += alignedPitch(plane.rowBytes) * static_cast<std::size_t>(plane.rows);
      }
      if (slot.entry == Entry::Yuv) {
        YuvPlanes& device = slot.devicePlanes;
        device.layout = yuvLayout(frame.format);
        device.width = frame.width();
        device.height = frame.height();
        for (int p = 0; p < 3; ++p)
          device.plane[p] = p < static_cast<int>(planes.size())
                                ? ConstImageView<std::uint8_t>{targets[p].first, static_cast<int>(planes[p].rowBytes),
                                                               planes[p].rows, targets[p].second}
                                : ConstImageView<std::uint8_t>{};
      }
    }
    slot.entryBytes = static_cast<double>(uploadBytes + slot.inShape.bytes());

    NvtxRange range("upload");
    const int mark = slot.addOp("upload", true, static_cast<double>(uploadBytes), true);
    slot.marks[mark].record(copy_);
    for (std::size_t p = 0; p < planes.size(); ++p)
      KC_CUDA_CHECK(cudaMemcpy2DAsync(targets[p].first, targets[p].second, planes[p].data, planes[p].pitch,
                                      planes[p].rowBytes, planes[p].rows, cudaMemcpyHostToDevice, copy_));
    slot.marks[mark + 1].record(copy_);
    slot.uploaded.record(copy_);
    slot.inFlight = true;
  }

  // The entry conversion on stream A, the frame's first op after the upload (none for grey, RGBA,
  // and the Y plane of full range).
  void enqueueEntryConversion(FrameSlot& slot) {
    if (slot.entry == Entry::Direct) return;
    NvtxRange range(slot.entryName);
    const int mark = slot.addOp(slot.entryName, false, slot.entryBytes, true);
    slot.marks[mark].record(compute_);
    const FrameShape in = slot.inShape;
    switch (slot.entry) {
      case Entry::Yuv:
        yuvToRgbaAsync(slot.devicePlanes, slot.encoding, deviceView<Rgba8>(slot.input.data(), in), compute_);
        break;
      case Entry::Bgra:
        bgraToRgbaAsync(deviceView<const Rgba8>(slot.planes.data(), in), deviceView<Rgba8>(slot.input.data(), in),
                        compute_);
        break;
      case Entry::LumaLimited:
        lumaToGrayAsync(deviceView<const std::uint8_t>(slot.planes.data(), in), slot.encoding.range,
                        deviceView<std::uint8_t>(slot.input.data(), in), compute_);
        break;
      case Entry::Direct: break;
    }
    slot.marks[mark + 1].record(compute_);
  }

  // The entry conversion and the chain on stream A, after the upload; then the histogram readback
  // and (copy path, process()) the result's download; then the slot's completion event.
  void enqueueStages(FrameSlot& slot, bool download) {
    NvtxRange range("enqueue stages");
    KC_CUDA_CHECK(cudaStreamWaitEvent(compute_, slot.uploaded, 0));
    enqueueEntryConversion(slot);
    const CompiledChain& chain = *slot.chain;
    FrameShape shape = slot.inShape;
    for (std::size_t i = 0; i < chain.stages.size(); ++i) {
      const StageSpec& stage = chain.stages[i];
      const bool noOp = stageIsNoOp(stage, shape);
      const int mark = slot.addOp(chain.labels[i], false, stageBytes(stage, shape), !noOp);
      if (noOp) continue;
      NvtxRange range(chain.labels[i]);
      const FrameShape outShape = stageOutputShape(stage, shape);
      std::uint8_t* in = slot.resultData();
      const int target = slot.resultWork == 0 ? 1 : 0;
      std::uint8_t* out =
          stage.definition->producesImage ? slot.work[target].reserve(deviceImageBytes(outShape)) : nullptr;
      CudaStageIo io;
      io.in = {in, shape, alignedPitch(shape.rowBytes())};
      io.out = {out, outShape, alignedPitch(outShape.rowBytes())};
      io.stream = compute_;
      io.histogram = &slot.histogram;  // every hist stage overwrites it: the last one is reported
      StageLaunchReport report;
      io.frameIndex = slot.index;
      io.report = &report;
      slot.marks[mark].record(compute_);
      chain.launches[i](stage, io);
      slot.marks[mark + 1].record(compute_);
      slot.ops.back().measuredMs = report.measuredMs;
      if (!report.failure.empty()) blankFailedStage(slot, static_cast<int>(i), report.failure, io.out);
      if (out) slot.resultWork = target;
      shape = outShape;
    }
    if (slot.histogram.bins > 0) {
      const std::size_t bytes = sizeof(std::uint32_t) * slot.histogram.bins * slot.histogram.channels;
      const int mark = slot.addOp("histogram readback", true, static_cast<double>(bytes), true);
      slot.marks[mark].record(compute_);
      KC_CUDA_CHECK(cudaMemcpyAsync(slot.histogramHost.data(), slot.histogramCounts.data(), bytes,
                                    cudaMemcpyDeviceToHost, compute_));
      slot.marks[mark + 1].record(compute_);
    }
    if (download) enqueueDownload(slot, compute_);
    slot.done.record(compute_);
  }

  // A stage that failed (a user kernel that faulted): its output is black for this frame, the
  // rest of the chain runs, and the frame reports why (FrameStats::failures).
  void blankFailedStage(FrameSlot& slot, int index, const std::string& why, const DeviceFrame& out) {
    slot.failures.push_back({index, formatStage(slot.chain->stages[static_cast<std::size_t>(index)]), why});
    if (out.data)
      KC_CUDA_CHECK(cudaMemset2DAsync(out.data, out.pitch, 0, out.shape.rowBytes(), out.shape.height, compute_));
  }

  // The result -> a frame of this pipeline's pool (page-locked, so the copy is asynchronous and
  // the frame is handed out as it is: no host copy).
  void enqueueDownload(FrameSlot& slot, cudaStream_t stream) {
    NvtxRange range("download");
    const std::size_t rowBytes = slot.outShape.rowBytes();
    slot.result = framePool_->acquire(slot.outShape.format, slot.outShape.width, slot.outShape.height);
    slot.result.index = slot.index;
    slot.result.timestampSeconds = slot.timestampSeconds;
    const int mark = slot.addOp("download", true, static_cast<double>(slot.outShape.bytes()), true);
    slot.marks[mark].record(stream);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(writableBytes(slot.result), slot.result.pitch(),
                                    slot.resultData(), alignedPitch(rowBytes), rowBytes, slot.outShape.height,
                                    cudaMemcpyDeviceToHost, stream));
    slot.marks[mark + 1].record(stream);
    slot.downloaded = true;
  }

  // Waits for the slot's completion event (this frame only) and turns its events into stats.
  FrameStats finish(FrameSlot& slot) {
    slot.done.synchronize();
    FrameStats stats;
    stats.frameIndex = slot.index;
    stats.width = slot.inShape.width;
    stats.height = slot.inShape.height;
    stats.streamsInUse = 2;
    stats.path = path_;
    stats.rooflineGBs = rooflineGBs_;
    for (const auto& op : slot.ops) stats.stages.push_back(timing(slot, op));
    if (slot.histogram.bins > 0) {
      stats.histogramBins = slot.histogram.bins;
      stats.histogramChannels = slot.histogram.channels;
      stats.histogram.assign(slot.histogramHost.data(),
                             slot.histogramHost.data() + slot.histogram.bins * slot.histogram.channels);
    }
    stats.captureSeconds = slot.timestampSeconds;
    if (slot.timestampSeconds > 0) stats.latencyMs = (steadyNowSeconds() - slot.timestampSeconds) * 1e3;
    stats.failures = slot.failures;
    return stats;
  }

  // The frame is done with: its source frame goes back to its pool (and the result to the caller).
  static void release(FrameSlot& slot) {
    slot.source = {};
    slot.result = {};
    slot.originalHost = {};
    slot.inFlight = false;
  }

  static StageTiming timing(const FrameSlot& slot, const TimedOp& op) {
    StageTiming t;
    t.name = op.name;
    t.isCopy = op.isCopy;
    t.bytes = op.bytes;
    if (op.measuredMs >= 0) {
      t.ms = op.measuredMs;
    } else if (op.mark >= 0) {
      float ms = 0;
      KC_CUDA_CHECK(cudaEventElapsedTime(&ms, slot.marks[op.mark], slot.marks[op.mark + 1]));
      t.ms = ms;
    }
    return t;
  }

  // Interop is decided once per sink (one sink per GL context): cudaGLGetDevices on the current
  // context. Buffer registrations are dropped whenever the sink re-creates its buffers, and made
  // again only if a frame goes through them (registeredBuffers): texture interop never needs them.
  void choosePath(DisplaySink& sink, bool buffersRecreated) {
    if (&sink != sink_ || !pathDecided_) {
      sink_ = &sink;
      registrationOriginal_ = {};
      registrationFiltered_ = {};
      std::string why;
      if (glContextIsOnCudaDevice(device_, &why)) {
        path_ = DisplayPath::CudaInterop;
        pathNote_.clear();
      } else {
        path_ = DisplayPath::CudaCopy;
        pathNote_ = "copy path: " + why;
      }
      pathDecided_ = true;
      buffersRecreated = true;
    }
    if (buffersRecreated) {
      registrationOriginal_ = {};
      registrationFiltered_ = {};
    }
  }

  // Buffer interop: the sink's two buffers, registered once per set of buffers. Throws kc::Error
  // when the driver refuses (present() then falls back to the copy path).
  void registerBuffers(DisplaySink& sink) {
    if (registrationOriginal_.registered() && registrationFiltered_.registered()) return;
    registrationOriginal_ = GlRegistration::buffer(sink.originalBuffer());
    registrationFiltered_ = GlRegistration::buffer(sink.filteredBuffer());
  }

  void fallBackToCopy(const std::string& why) {
    dropRegistrations();
    path_ = DisplayPath::CudaCopy;
    pathNote_ = "copy path: " + why;
  }

  // Unmaps what CUDA holds of the sink's GL objects and forgets every registration of them (the
  // objects are about to go, or interop is given up). An unmap failure is not reported: the
  // mapping is gone either way, and a fallback's reason is the first failure.
  void dropRegistrations() {
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
  void enqueueOriginalRgba(FrameSlot& slot, void* target, cudaStream_t stream) {
    const FrameShape in = slot.inShape;
    const ImageView<Rgba8> out{static_cast<Rgba8*>(target), in.width, in.height,
                               static_cast<std::size_t>(in.width) * sizeof(Rgba8)};
    if (in.format == PixelFormat::Rgba8) {
      KC_CUDA_CHECK(cudaMemcpy2DAsync(out.data, out.pitch, slot.input.data(), alignedPitch(in.rowBytes()),
                                      in.rowBytes(), in.height, cudaMemcpyDeviceToDevice, stream));
    } else {
      grayToRgbaAsync(deviceView<const std::uint8_t>(slot.input.data(), in), out, stream);
    }
  }

  // Device input and result -> the sink's two GL buffers (mapped), on stream A after the frame's
  // chain; frame N+1's upload keeps running on stream B meanwhile.
  void copyIntoGlBuffers(FrameSlot& slot, DisplaySink& sink) {
    NvtxRange range(kInteropRow);
    registerBuffers(sink);
    const std::size_t originalRow = static_cast<std::size_t>(slot.inShape.width) * sizeof(Rgba8);
    const std::size_t originalBytes = originalRow * static_cast<std::size_t>(slot.inShape.height);
    const std::size_t filteredRow = slot.outShape.rowBytes();
    addInteropRow(slot, static_cast<double>(slot.inShape.bytes() + originalBytes + 2 * slot.outShape.bytes()));
    std::optional<NvtxRange> mapRange(std::in_place, "interop map");
    MappedGlPair mapped(registrationOriginal_, registrationFiltered_, compute_);
    mapRange.reset();
    std::size_t originalSize = 0, filteredSize = 0;
    void* original = mapped.pointer(0, &originalSize);
    void* filtered = mapped.pointer(1, &filteredSize);
    KC_REQUIRE(originalSize >= originalBytes && filteredSize >= slot.outShape.bytes(),
               "DisplaySink: GL buffers smaller than the layout passed to prepare()");
    interopBegin_.record(compute_);
    enqueueOriginalRgba(slot, original, compute_);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(filtered, filteredRow, slot.resultData(), alignedPitch(filteredRow), filteredRow,
                                    slot.outShape.height, cudaMemcpyDeviceToDevice, compute_));
    markDisplayWrites(slot);
    NvtxRange unmapRange("interop unmap");
    mapped.unmap();  // GL orders its use of the buffers after this, on the GPU
  }

  // The interop row of the frame's stats: its bytes, and the time of the last interop writes found
  // finished (this frame's are still running when it is presented: nobody waits for them).
  void addInteropRow(FrameSlot& slot, double bytes) {
    if (interopTimed_ && cudaEventQuery(interopEnd_) == cudaSuccess) {  // else the value before stands
      float ms = 0;
      KC_CUDA_CHECK(cudaEventElapsedTime(&ms, interopBegin_, interopEnd_));
      lastInteropMs_ = ms;
    }
    slot.addOp(kInteropRow, true, bytes, false);
    slot.ops.back().measuredMs = lastInteropMs_;
  }

  // After the interop writes on stream A: the end of their time, and the slot's images are read
  // until `displayed` (its next upload waits for that; the host does not).
  void markDisplayWrites(FrameSlot& slot) {
    interopEnd_.record(compute_);
    interopTimed_ = true;
    slot.displayed.record(compute_);
    slot.displayPending = true;
  }

  // Texture interop: the sink's textures for this frame, registered (once per texture), or null
  // when the sink offers none or the driver refused (then buffers, from now on).
  std::pair<GlRegistration*, GlRegistration*> registeredTextures(DisplaySink& sink) {
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
  void copyIntoGlTextures(FrameSlot& slot, DisplaySink& sink, const DisplayLayout& layout,
                          GlRegistration& originalTexture, GlRegistration& filteredTexture) {
    NvtxRange range(kInteropRow);
    const FrameShape in = slot.inShape, out = slot.outShape;
    const double originalBytes = static_cast<double>(in.width) * in.height * sizeof(Rgba8);
    addInteropRow(slot, static_cast<double>(in.bytes()) + originalBytes + 2.0 * static_cast<double>(out.bytes()));
    const MappedGlPair& mapped = mapTextures(sink, layout, originalTexture, filteredTexture);
    // The slot's previous surfaces: their writes finished before this frame's `done`.
    const SurfaceObject& original = slot.surfaces[0].emplace(mapped.array(0));
    const SurfaceObject& filtered = slot.surfaces[1].emplace(mapped.array(1));
    interopBegin_.record(compute_);
    if (in.format == PixelFormat::Rgba8)
      writeRgbaSurfaceAsync(deviceView<const Rgba8>(slot.input.data(), in), original, compute_);
    else
      writeGrayAsRgbaSurfaceAsync(deviceView<const std::uint8_t>(slot.input.data(), in), original, compute_);
    if (out.format == PixelFormat::Gray8)
      writeGraySurfaceAsync(deviceView<const std::uint8_t>(slot.resultData(), out), filtered, compute_);
    else
      writeRgbaSurfaceAsync(deviceView<const Rgba8>(slot.resultData(), out), filtered, compute_);
    markDisplayWrites(slot);
    if (sink.needsTexturesAtPresent()) releaseTextures();
  }

  // The sink's textures mapped for CUDA: still mapped from the frame before (a sink that does
  // not draw them at once), or mapped now.
  const MappedGlPair& mapTextures(DisplaySink& sink, const DisplayLayout& layout, GlRegistration& original,
                                  GlRegistration& filtered) {
    if (held_ && (held_->sink != &sink || held_->original != &original || held_->filtered != &filtered))
      releaseTextures();
    if (!held_) {
      NvtxRange range("interop map");
      held_.emplace(sink, layout, original, filtered, compute_);
    }
    return held_->mapping;
  }

  // Unmaps the textures (GL orders its use of them after this, on the GPU: the host goes on) and
  // tells the sink, which may have been shown them while they were still mapped.
  void releaseTextures() {
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

  // Copy display path: the original in RGBA on the host. An RGBA source frame is that already;
  // anything else was converted on the device: download its RGBA (widened if grey).
  std::pair<const std::uint8_t*, std::size_t> originalOnHost(FrameSlot& slot) {
    if (slot.sourceFormat == PixelFormat::Rgba8) return {slot.source.bytes(), slot.source.pitch()};
    const FrameShape in = slot.inShape;
    const std::size_t row = static_cast<std::size_t>(in.width) * sizeof(Rgba8);
    std::uint8_t* rgba = slot.originalRgba.reserve(row * static_cast<std::size_t>(in.height));
    enqueueOriginalRgba(slot, rgba, compute_);
    slot.originalHost = framePool_->acquire(PixelFormat::Rgba8, in.width, in.height);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(slot.originalHost.rgba.bytes(), slot.originalHost.pitch(), rgba, row, row,
                                    in.height, cudaMemcpyDeviceToHost, compute_));
    KC_CUDA_CHECK(cudaStreamSynchronize(compute_));
    return {slot.originalHost.bytes(), slot.originalHost.pitch()};
  }

  FrameStats present(FrameSlot& slot, DisplaySink& sink) {
    FrameStats stats;
    {
      NvtxRange range("wait for frame");
      stats = finish(slot);
    }
    const DisplayLayout layout = displayLayoutFor(slot.chain->stages, slot.inShape.width, slot.inShape.height);
    {
      NvtxRange range("view prepare");
      if (held_ && (held_->sink != &sink || held_->layout != layout)) releaseTextures();  // prepare may re-make them
      const bool recreated = sink.prepare(layout);
      choosePath(sink, recreated);
    }
    bool wroteTextures = false;
    if (path_ == DisplayPath::CudaInterop) {
      try {
        const auto [originalTexture, filteredTexture] = registeredTextures(sink);
        wroteTextures = originalTexture != nullptr;
        if (wroteTextures)
          copyIntoGlTextures(slot, sink, layout, *originalTexture, *filteredTexture);
        else
          copyIntoGlBuffers(slot, sink);
      } catch (const Error& e) {
        wroteTextures = false;
        fallBackToCopy("CUDA-GL interop failed: " + e.message());
        if (!slot.ops.empty() && slot.ops.back().name == kInteropRow) slot.ops.pop_back();
      }
    }
    if (path_ == DisplayPath::CudaCopy) {
      if (!slot.downloaded) {  // enqueued before the path was known (first frame, fallback)
        enqueueDownload(slot, compute_);
        KC_CUDA_CHECK(cudaStreamSynchronize(compute_));
      }
      const auto [original, originalPitch] = originalOnHost(slot);
      sink.writeOriginal(original, originalPitch);
      sink.writeFiltered(slot.result.bytes(), slot.result.pitch());
    }
    stats.stages.clear();
    for (const auto& op : slot.ops) stats.stages.push_back(timing(slot, op));
    stats.path = path_;
    const auto now = std::chrono::steady_clock::now();
    stats.frameMs = lastPresent_ ? msBetween(*lastPresent_, now) : msSince(slot.enqueuedAt);
    lastPresent_ = now;
    release(slot);
    NvtxRange range("view present");
    if (wroteTextures)
      sink.presentTextures(stats);
    else
      sink.present(stats);
    return stats;
  }

  int device_ = 0;
  std::string deviceName_;
  double rooflineGBs_ = 0;
  std::shared_ptr<const CompiledChain> chain_;
  Stream compute_;  // stream A
  Stream copy_;     // stream B
  // Live frames in flight: the oldest is presented when a third is submitted, so the host's wait
  // for it overlaps the next frame's chain (with two, every present waited for the whole chain of
  // the frame just enqueued: on an H100 about 0.3 ms of launch latency per frame). A source slower
  // than the GPU loses nothing: the window flushes whenever no new frame is waiting.
  static constexpr std::size_t kLiveDepth = 3;
  FrameSlot slots_[kLiveDepth];
  std::deque<int> live_;  // slots of the live frames in flight, oldest first

  int freeSlot() const {
    for (std::size_t i = 0; i < kLiveDepth; ++i)
      if (!slots_[i].inFlight) return static_cast<int>(i);
    KC_FAIL("CudaFramePipeline", "every frame slot is in flight");
  }

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
  std::optional<std::chrono::steady_clock::time_point> lastPresent_;
};

}  // namespace

std::unique_ptr<FramePipeline> makeCudaPipeline() {
  if (cudaDeviceCountOrZero() == 0)
    KC_FAIL("makeCudaPipeline", "no usable CUDA device (no driver, no GPU, or CUDA_VISIBLE_DEVICES hides them)");
  return std::make_unique<CudaFramePipeline>();
}

}  // namespace kc
