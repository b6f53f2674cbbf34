// The CUDA backend. Two streams and two frame slots (the lecture's multiple-streams slide):
//   stream B (copy_)    host frame -> pinned staging -> device input of frame N+1
//   stream A (compute_) frame N's kernels, its histogram readback, its download or display copy
// so frame N+1's upload overlaps frame N's kernels. Each slot owns its buffers (pinned staging,
// device input, ping-pong work images, histogram counts, pinned readback), so the two frames in
// flight never share memory. Buffers grow to the largest frame seen and are kept: a stream of
// same-size frames never allocates. Every copy and kernel is bracketed by CUDA events; a frame's
// events are read only after its own completion event, never with a device-wide sync.

#include <chrono>
#include <cstring>
#include <memory>

#include "gpu/core/copy_roofline.cuh"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/histogram.hpp"
#include "gpu/interop/gl_buffer_registration.cuh"
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
  std::uint8_t* data() const { return buffer_.data(); }

 private:
  PinnedBuffer<std::uint8_t> buffer_;
};

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
};

// Everything one frame in flight owns.
struct FrameSlot {
  GrowingPinnedBytes staging;  // pinned: the copy engine reads it directly, and the copy is truly async
  GrowingDeviceBytes input;
  GrowingDeviceBytes work[2];  // ping-pong images of the chain
  DeviceBuffer<std::uint32_t> histogramCounts{3 * kMaxHistogramBins};
  PinnedBuffer<std::uint32_t> histogramHost{3 * kMaxHistogramBins};
  GrowingPinnedBytes output;  // the result on the host (process(), the copy display path)
  std::vector<Event> marks;   // start/stop pairs of the timed ops
  Event uploaded;             // on stream B: the input is on the device
  Event done;                 // on stream A: every kernel and readback of this frame finished

  bool inFlight = false;
  bool downloaded = false;
  std::shared_ptr<const CompiledChain> chain;
  std::vector<TimedOp> ops;
  FrameShape inShape, outShape;
  int resultWork = -1;  // work[] index holding the result; -1 = the input itself
  DeviceHistogram histogram;  // what the chain's last hist stage wrote into histogramCounts
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
  }

  ~CudaFramePipeline() override {
    // Frames still in flight must finish before their buffers are freed.
    for (auto& slot : slots_)
      if (slot.inFlight) (void)cudaEventSynchronize(slot.done);
  }

  std::string backendName() const override { return "CUDA"; }
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
    FrameSlot& slot = slots_[live_ == 0 ? 1 : 0];
    enqueueUpload(slot, frame);
    enqueueStages(slot, /*download=*/true);
    FrameResult result;
    result.stats = finish(slot);
    result.output = hostResult(slot);
    slot.inFlight = false;
    result.stats.frameMs = msSince(start);
    return result;
  }

  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override {
    KC_REQUIRE(!frame.empty(), "FramePipeline::submitLive: empty frame");
    const int next = live_ < 0 ? 0 : 1 - live_;
    // The view's original buffer is RGBA: a grey frame is widened on the host (rare: sources give RGBA).
    if (frame.format == PixelFormat::Rgba8)
      enqueueUpload(slots_[next], frame);
    else
      enqueueUpload(slots_[next], toRgbaFrame(frame));
    // Frame N+1's upload (stream B) now overlaps frame N's kernels (stream A), enqueued last call.
    std::optional<FrameStats> presented;
    if (live_ >= 0) presented = present(slots_[live_], sink);
    enqueueStages(slots_[next], /*download=*/path_ == DisplayPath::CudaCopy && pathDecided_);
    live_ = next;
    return presented;
  }

  std::optional<FrameStats> flushLive(DisplaySink& sink) override {
    if (live_ < 0) return std::nullopt;
    FrameStats stats = present(slots_[live_], sink);
    live_ = -1;
    return stats;
  }

  DisplayPath displayPath() const override { return path_; }
  std::string displayPathNote() const override { return pathNote_; }

 private:
  // Host frame -> pinned staging (memcpy) -> device input on stream B.
  void enqueueUpload(FrameSlot& slot, const HostFrame& frame) {
    KC_REQUIRE(!slot.inFlight, "CudaFramePipeline: frame slot still in flight");
    slot.chain = chain_;
    slot.ops.clear();
    slot.downloaded = false;
    slot.resultWork = -1;
    slot.histogram = {slot.histogramCounts.data(), 0, 0};
    slot.index = frame.index;
    slot.timestampSeconds = frame.timestampSeconds;
    slot.enqueuedAt = std::chrono::steady_clock::now();
    slot.inShape = {frame.width(), frame.height(), frame.format};
    slot.outShape = chainOutputShape(slot.chain->stages, slot.inShape);

    const std::size_t rowBytes = slot.inShape.rowBytes();
    std::uint8_t* staging = slot.staging.reserve(slot.inShape.bytes());
    if (frame.pitch() == rowBytes) {
      std::memcpy(staging, frame.bytes(), slot.inShape.bytes());
    } else {
      for (int y = 0; y < frame.height(); ++y)
        std::memcpy(staging + y * rowBytes, frame.bytes() + y * frame.pitch(), rowBytes);
    }
    std::uint8_t* input = slot.input.reserve(deviceImageBytes(slot.inShape));
    const int mark = slot.addOp("upload", true, static_cast<double>(slot.inShape.bytes()), true);
    slot.marks[mark].record(copy_);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(input, alignedPitch(rowBytes), staging, rowBytes, rowBytes, frame.height(),
                                    cudaMemcpyHostToDevice, copy_));
    slot.marks[mark + 1].record(copy_);
    slot.uploaded.record(copy_);
    slot.inFlight = true;
  }

  // The chain on stream A, after the upload; then the histogram readback and (copy path,
  // process()) the result's download; then the slot's completion event.
  void enqueueStages(FrameSlot& slot, bool download) {
    KC_CUDA_CHECK(cudaStreamWaitEvent(compute_, slot.uploaded, 0));
    const CompiledChain& chain = *slot.chain;
    FrameShape shape = slot.inShape;
    for (std::size_t i = 0; i < chain.stages.size(); ++i) {
      const StageSpec& stage = chain.stages[i];
      const bool noOp = stageIsNoOp(stage, shape);
      const int mark = slot.addOp(chain.labels[i], false, stageBytes(stage, shape), !noOp);
      if (noOp) continue;
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
      slot.marks[mark].record(compute_);
      chain.launches[i](stage, io);
      slot.marks[mark + 1].record(compute_);
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

  void enqueueDownload(FrameSlot& slot, cudaStream_t stream) {
    const std::size_t rowBytes = slot.outShape.rowBytes();
    std::uint8_t* host = slot.output.reserve(slot.outShape.bytes());
    const int mark = slot.addOp("download", true, static_cast<double>(slot.outShape.bytes()), true);
    slot.marks[mark].record(stream);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(host, rowBytes, slot.resultData(), alignedPitch(rowBytes), rowBytes,
                                    slot.outShape.height, cudaMemcpyDeviceToHost, stream));
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
    if (slot.timestampSeconds > 0) stats.latencyMs = (steadyNowSeconds() - slot.timestampSeconds) * 1e3;
    return stats;
  }

  static StageTiming timing(const FrameSlot& slot, const TimedOp& op) {
    StageTiming t;
    t.name = op.name;
    t.isCopy = op.isCopy;
    t.bytes = op.bytes;
    if (op.mark >= 0) {
      float ms = 0;
      KC_CUDA_CHECK(cudaEventElapsedTime(&ms, slot.marks[op.mark], slot.marks[op.mark + 1]));
      t.ms = ms;
    }
    return t;
  }

  HostFrame hostResult(const FrameSlot& slot) const {
    HostFrame out = makeHostFrame(slot.outShape.format, slot.outShape.width, slot.outShape.height);
    std::memcpy(out.format == PixelFormat::Gray8 ? out.gray.bytes() : out.rgba.bytes(), slot.output.data(),
                slot.outShape.bytes());
    out.index = slot.index;
    out.timestampSeconds = slot.timestampSeconds;
    return out;
  }

  // Interop is decided once per sink (one sink per GL context): cudaGLGetDevices on the current
  // context. Registration is redone whenever the sink re-creates its buffers.
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
    if (path_ != DisplayPath::CudaInterop) return;
    if (!buffersRecreated && registrationOriginal_.registered() && registrationFiltered_.registered()) return;
    try {
      registrationOriginal_ = {};  // drop the old buffers' registrations first
      registrationFiltered_ = {};
      registrationOriginal_ = GlBufferRegistration(sink.originalBuffer());
      registrationFiltered_ = GlBufferRegistration(sink.filteredBuffer());
    } catch (const Error& e) {
      fallBackToCopy("registering the GL buffers failed: " + e.message());
    }
  }

  void fallBackToCopy(const std::string& why) {
    registrationOriginal_ = {};
    registrationFiltered_ = {};
    path_ = DisplayPath::CudaCopy;
    pathNote_ = "copy path: " + why;
  }

  // Device input and result -> the sink's two GL buffers (mapped), on stream A, which is idle
  // now that the frame is done; frame N+1's upload keeps running on stream B meanwhile.
  void copyIntoGlBuffers(FrameSlot& slot) {
    const std::size_t originalRow = slot.inShape.rowBytes();
    const std::size_t filteredRow = slot.outShape.rowBytes();
    const int mark = slot.addOp("interop copy", true,
                                2.0 * static_cast<double>(slot.inShape.bytes() + slot.outShape.bytes()), true);
    MappedGlBufferPair mapped(registrationOriginal_, registrationFiltered_, compute_);
    std::size_t originalBytes = 0, filteredBytes = 0;
    void* original = mapped.first(&originalBytes);
    void* filtered = mapped.second(&filteredBytes);
    KC_REQUIRE(originalBytes >= slot.inShape.bytes() && filteredBytes >= slot.outShape.bytes(),
               "DisplaySink: GL buffers smaller than the layout passed to prepare()");
    slot.marks[mark].record(compute_);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(original, originalRow, slot.input.data(), alignedPitch(originalRow), originalRow,
                                    slot.inShape.height, cudaMemcpyDeviceToDevice, compute_));
    KC_CUDA_CHECK(cudaMemcpy2DAsync(filtered, filteredRow, slot.resultData(), alignedPitch(filteredRow), filteredRow,
                                    slot.outShape.height, cudaMemcpyDeviceToDevice, compute_));
    slot.marks[mark + 1].record(compute_);
    mapped.unmap();
    // The copy is short (two device-to-device copies) and GL must wait for it anyway before
    // drawing; waiting here lets the stats carry its time and frees the slot for reuse.
    slot.marks[mark + 1].synchronize();
  }

  FrameStats present(FrameSlot& slot, DisplaySink& sink) {
    FrameStats stats = finish(slot);
    const bool recreated =
        sink.prepare(displayLayoutFor(slot.chain->stages, slot.inShape.width, slot.inShape.height));
    choosePath(sink, recreated);
    if (path_ == DisplayPath::CudaInterop) {
      try {
        copyIntoGlBuffers(slot);
      } catch (const Error& e) {
        fallBackToCopy("CUDA-GL interop failed: " + e.message());
        slot.ops.pop_back();  // the interop copy row, if it was added
      }
    }
    if (path_ == DisplayPath::CudaCopy) {
      if (!slot.downloaded) {  // enqueued before the path was known (first frame, fallback)
        enqueueDownload(slot, compute_);
        KC_CUDA_CHECK(cudaStreamSynchronize(compute_));
      }
      sink.writeOriginal(slot.staging.data(), slot.inShape.rowBytes());
      sink.writeFiltered(slot.output.data(), slot.outShape.rowBytes());
    }
    stats.stages.clear();
    for (const auto& op : slot.ops) stats.stages.push_back(timing(slot, op));
    stats.path = path_;
    const auto now = std::chrono::steady_clock::now();
    stats.frameMs = lastPresent_ ? std::chrono::duration<double, std::milli>(now - *lastPresent_).count()
                                 : msSince(slot.enqueuedAt);
    lastPresent_ = now;
    slot.inFlight = false;
    sink.present(stats);
    return stats;
  }

  int device_ = 0;
  std::string deviceName_;
  double rooflineGBs_ = 0;
  std::shared_ptr<const CompiledChain> chain_;
  Stream compute_;  // stream A
  Stream copy_;     // stream B
  FrameSlot slots_[2];
  int live_ = -1;  // slot of the live frame in flight, -1 when none

  DisplaySink* sink_ = nullptr;
  bool pathDecided_ = false;
  DisplayPath path_ = DisplayPath::CudaCopy;
  std::string pathNote_ = "display path not chosen yet (no frame presented)";
  GlBufferRegistration registrationOriginal_;
  GlBufferRegistration registrationFiltered_;
  std::optional<std::chrono::steady_clock::time_point> lastPresent_;
};

}  // namespace

std::unique_ptr<FramePipeline> makeCudaPipeline() {
  if (cudaDeviceCountOrZero() == 0)
    KC_FAIL("makeCudaPipeline", "no usable CUDA device (no driver, no GPU, or CUDA_VISIBLE_DEVICES hides them)");
  return std::make_unique<CudaFramePipeline>();
}

}  // namespace kc
