// The CUDA backend. Two streams and a frame slot per frame in flight (the lecture's multiple-streams slide):
//   stream B (copy_)    frame N+1's native bytes -> device, straight from its page-locked pool buffer
//   stream A (compute_) frame N's entry conversion (NV12 -> RGBA, ...), kernels, histogram readback,
//                       and its download or display copy
// so frame N+1's upload overlaps frame N's kernels. This file composes the three parts and owns
// the streams and the frame slots:
//   cuda_frame_upload      host frame -> the chain's input on the device (formats, Y plane, staging)
//   cuda_stage_executor    the chain's stages, their timing rows, side outputs, failures, download
//   cuda_display_output    the finished frame -> the view (texture/buffer interop, or the copy path)
// Each slot owns its buffers (device planes and input, ping-pong work images, histogram counts,
// pinned readback) and holds its frame until the upload is done, so the frames in flight never
// share memory. Buffers grow to the largest frame seen and are kept. Every copy and kernel is
// bracketed by CUDA events (cuda_frame_timeline.cuh), and by an NVTX range named as its timing
// row; a frame's events are read only after its own completion event, never with a device-wide sync.

#include <chrono>
#include <deque>
#include <memory>
#include <optional>

#include "gpu/core/copy_roofline.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/nvtx_range.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/cuda_display_output.cuh"
#include "gpu/pipeline/cuda_frame_upload.cuh"
#include "gpu/pipeline/cuda_stage_executor.cuh"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

namespace {

// Everything one frame in flight owns.
struct FrameSlot {
  CudaFrameUpload::Frame upload;
  CudaStageExecutor::Frame run;
  CudaDisplayOutput::Frame display;
  FrameTimeline timeline;
  Event done;  // on stream A: every kernel and readback of this frame finished
  bool inFlight = false;
  std::shared_ptr<const CompiledChain> chain;
  std::int64_t index = 0;
  double timestampSeconds = 0;
  std::chrono::steady_clock::time_point enqueuedAt;

  DisplayImages images() const { return {upload.input(), run.result(), upload.source()}; }
};

class CudaFramePipeline final : public FramePipeline {
 public:
  CudaFramePipeline() : upload_(copy_, compute_), executor_(compute_), display_(currentDevice(), compute_) {
    deviceName_ = currentDeviceInfo().name;
    rooflineGBs_ = measuredCopyRooflineGBs();  // the bars' 100%: what this card's copy really reaches
    chain_ = std::make_shared<CompiledChain>();
    framePool_ = std::make_shared<FramePool>(pageLockedHostMemory());
  }

  ~CudaFramePipeline() override {
    // Frames still in flight must finish before their buffers are freed.
    for (auto& slot : slots_)
      if (slot.inFlight) (void)cudaEventSynchronize(slot.done);
    (void)cudaStreamSynchronize(compute_);  // interop writes nobody waited for use the slots' images
  }

  Backend backend() const override { return Backend::Cuda; }
  std::string deviceName() const override { return deviceName_; }

  void setChain(const FilterChain& chain) override { chain_ = compileCudaChain(chain); }
  const FilterChain& chain() const override { return chain_->stages; }
  void setFusion(bool fuse) override { executor_.setFusion(fuse); }

  FrameResult process(const HostFrame& frame) override {
    KC_REQUIRE(!frame.empty(), "FramePipeline::process: empty frame");
    const auto start = std::chrono::steady_clock::now();
    FrameSlot& slot = slots_[freeSlot()];
    enqueueUpload(slot, frame);
    enqueueStages(slot, /*download=*/true);
    FrameResult result;
    result.stats = finish(slot);
    result.output = std::move(slot.run.downloaded());
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
    enqueueStages(slots_[next], /*download=*/display_.copyPathDecided());
    live_.push_back(next);
    return presented;
  }

  // Presents every frame in flight, and unmaps the textures a sink let CUDA hold.
  std::optional<FrameStats> flushLive(DisplaySink& sink) override {
    std::optional<FrameStats> stats;
    for (; !live_.empty(); live_.pop_front()) stats = present(slots_[live_.front()], sink);
    display_.releaseTextures();
    return stats;
  }

  DisplayPath displayPath() const override { return display_.path(); }
  std::string displayPathNote() const override { return display_.note(); }
  void releaseDisplay() override { display_.releaseDisplay(); }

 private:
  static int currentDevice() {
    int device = 0;
    KC_CUDA_CHECK(cudaGetDevice(&device));
    return device;
  }

  // The frame -> the device on stream B, once the view's writes of the slot's last frame are done.
  void enqueueUpload(FrameSlot& slot, const HostFrame& frame) {
    KC_REQUIRE(!slot.inFlight, "CudaFramePipeline: frame slot still in flight");
    slot.chain = chain_;
    slot.timeline.clear();
    slot.index = frame.index;
    slot.timestampSeconds = frame.timestampSeconds;
    slot.enqueuedAt = std::chrono::steady_clock::now();
    CudaDisplayOutput::waitBeforeOverwrite(slot.display, copy_);
    upload_.enqueue(slot.upload, frame, slot.chain->stages, slot.timeline);
    slot.inFlight = true;
  }

  // The entry conversion and the chain on stream A, after the upload; then the side outputs'
  // readback and (copy path, process()) the result's download; then the slot's completion event.
  void enqueueStages(FrameSlot& slot, bool download) {
    NvtxRange range("enqueue stages");
    KC_CUDA_CHECK(cudaStreamWaitEvent(compute_, slot.upload.uploaded(), 0));
    upload_.enqueueEntryConversion(slot.upload, slot.timeline);
    executor_.enqueue(slot.run, *slot.chain, slot.upload.input(), slot.index, slot.timeline);
    if (download) enqueueDownload(slot);
    slot.done.record(compute_);
  }

  void enqueueDownload(FrameSlot& slot) {
    HostFrame& result = executor_.enqueueDownload(slot.run, *framePool_, slot.timeline);
    result.index = slot.index;
    result.timestampSeconds = slot.timestampSeconds;
  }

  // Waits for the slot's completion event (this frame only) and turns its events into stats.
  FrameStats finish(FrameSlot& slot) {
    slot.done.synchronize();
    CudaStageExecutor::settle(slot.run, slot.timeline);
    FrameStats stats;
    const FrameShape in = slot.upload.input().shape;
    stats.frameIndex = slot.index;
    stats.width = in.width;
    stats.height = in.height;
    stats.streamsInUse = 2;
    stats.path = display_.path();
    stats.rooflineGBs = rooflineGBs_;
    stats.stages = slot.timeline.timings();
    CudaStageExecutor::report(slot.run, stats);
    stats.captureSeconds = slot.timestampSeconds;
    if (slot.timestampSeconds > 0) stats.latencyMs = (steadyNowSeconds() - slot.timestampSeconds) * 1e3;
    return stats;
  }

  // The frame is done with: its source frame goes back to its pool (and the result to the caller).
  static void release(FrameSlot& slot) {
    slot.upload.release();
    slot.run.release();
    slot.display.release();
    slot.inFlight = false;
  }

  FrameStats present(FrameSlot& slot, DisplaySink& sink) {
    FrameStats stats;
    {
      NvtxRange range("wait for frame");
      stats = finish(slot);
    }
    const DisplayImages images = slot.images();
    const DisplayLayout layout =
        displayLayoutFor(slot.chain->stages, images.original.shape.width, images.original.shape.height);
    display_.prepare(sink, layout);
    const bool wroteTextures = display_.writeInterop(slot.display, images, sink, layout, slot.timeline);
    if (display_.path() == DisplayPath::CudaCopy) {
      if (!slot.run.isDownloaded()) {  // enqueued before the path was known (first frame, fallback)
        enqueueDownload(slot);
        KC_CUDA_CHECK(cudaStreamSynchronize(compute_));
      }
      display_.writeCopies(slot.display, images, slot.run.downloaded(), sink, *framePool_);
    }
    stats.stages = slot.timeline.timings();
    stats.path = display_.path();
    const auto now = std::chrono::steady_clock::now();
    stats.frameMs = lastPresent_ ? msBetween(*lastPresent_, now) : msSince(slot.enqueuedAt);
    lastPresent_ = now;
    release(slot);
    NvtxRange range("view present");
    if (wroteTextures) sink.presentTextures(stats);
    else sink.present(stats);
    return stats;
  }

  int freeSlot() const {
    for (std::size_t i = 0; i < kLiveDepth; ++i)
      if (!slots_[i].inFlight) return static_cast<int>(i);
    KC_FAIL("CudaFramePipeline", "every frame slot is in flight");
  }

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
  CudaFrameUpload upload_;
  CudaStageExecutor executor_;
  // Declared after the slots: its mappings and registrations go before the surfaces and images.
  CudaDisplayOutput display_;
  std::optional<std::chrono::steady_clock::time_point> lastPresent_;
};

}  // namespace

std::unique_ptr<FramePipeline> makeCudaPipeline() {
  if (cudaDeviceCountOrZero() == 0)
    KC_FAIL("makeCudaPipeline", "no usable CUDA device (no driver, no GPU, or CUDA_VISIBLE_DEVICES hides them)");
  return std::make_unique<CudaFramePipeline>();
}

}  // namespace kc
