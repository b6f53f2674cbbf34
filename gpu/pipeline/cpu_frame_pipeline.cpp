// The CPU backend: the chain through each stage's CPU path (applyCpu: OpenCV's SIMD code and
// thread pool where the build has OpenCV, else the reference loop), each stage timed with the
// steady clock. It is the app's backend where no CUDA device exists. Per frame it allocates only
// the result it hands back: the input is read where it is, and the stages between write into two
// buffers kept from frame to frame. makeCpuReferencePipeline runs the reference loops instead
// (applyReference): the oracle the CUDA pipeline is tested against.
#include <chrono>

#include "gpu/core/cpu_name.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

#ifdef KC_HAVE_OPENCV
#include <opencv2/core/utility.hpp>
#endif

namespace kc {

namespace {

// OpenCV starts its thread pool on the first parallel call. Left to the first frame, that start
// (~3 ms on a 2-core machine) was timed as the first parallel stage's work: a still image's one
// run, and `process` on one image, showed "gray 2.9 ms" for a 0.02 ms stage. Started here, it
// belongs to setting the backend up.
void startCpuThreadPool() {
#ifdef KC_HAVE_OPENCV
  cv::parallel_for_(cv::Range(0, cv::getNumThreads()), [](const cv::Range&) {});
#endif
}

class CpuFramePipeline final : public FramePipeline {
 public:
  explicit CpuFramePipeline(bool reference) : reference_(reference) {
    if (!reference_) startCpuThreadPool();
  }

  Backend backend() const override { return Backend::Cpu; }
  std::string deviceName() const override { return device_; }

  void setChain(const FilterChain& chain) override {
    chain_ = chain;
    labels_ = stageLabels(chain_);
  }
  const FilterChain& chain() const override { return chain_; }

  FrameResult process(const HostFrame& frame) override {
    KC_REQUIRE(!frame.empty(), "FramePipeline::process: empty frame");
    const auto start = std::chrono::steady_clock::now();
    FrameResult result;
    FrameStats& stats = result.stats;
    stats.frameIndex = frame.index;
    stats.width = frame.width();
    stats.height = frame.height();
    stats.path = DisplayPath::Cpu;
    stats.streamsInUse = 1;
    stats.stages.reserve(chain_.size());

    // Camera formats convert at entry (frame_ops.hpp), timed like a stage; grey and RGBA frames
    // are read where they are.
    const auto entryStart = std::chrono::steady_clock::now();
    const HostFrame input = pipelineInputFrame(frame, chain_);
    if (std::string entry = entryConversionName(frame, chain_); !entry.empty())
      stats.stages.push_back(
          {std::move(entry), false, msSince(entryStart), static_cast<double>(frame.pixelBytes() + input.pixelBytes())});
    const HostFrame* image = &input;  // the image the next stage reads
    for (std::size_t i = 0; i < chain_.size(); ++i) {
      const StageSpec& stage = chain_[i];
      const FrameShape in{image->width(), image->height(), image->format};
      StageTiming timing;
      timing.name = labels_[i];
      timing.bytes = stageBytes(stage, in);
      const auto stageStart = std::chrono::steady_clock::now();
      if (!stageIsNoOp(stage, in)) image = applyStage(stage, static_cast<int>(i), *image, stats);
      timing.ms = msSince(stageStart);
      stats.stages.push_back(std::move(timing));
    }
    stats.frameMs = msSince(start);
    stats.captureSeconds = frame.timestampSeconds;
    if (frame.timestampSeconds > 0) stats.latencyMs = (steadyNowSeconds() - frame.timestampSeconds) * 1e3;
    // The result leaves with its buffer (the next frame makes a new one); a chain that changed
    // nothing hands on the input, which shares its pixels (host_frame.hpp): no copy either way.
    if (image == &input) {
      result.output = input;
    } else {
      HostFrame& last = image == &work_[0] ? work_[0] : work_[1];
      result.output = std::move(last);
      last = HostFrame{};  // empty now: the next frame makes its buffer anew
    }
    result.output.index = frame.index;
    result.output.timestampSeconds = frame.timestampSeconds;
    return result;
  }

  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override {
    const auto start = std::chrono::steady_clock::now();
    const HostFrame original = toRgbaFrame(frame);  // the view's original side: RGBA shared, grey widened
    FrameResult result = process(frame);            // converts at entry itself (a grey chain: the Y plane)
    sink.prepare(displayLayoutFor(chain_, original.width(), original.height()));
    sink.writeOriginal(original.bytes(), original.pitch());
    sink.writeFiltered(result.output.bytes(), result.output.pitch());
    result.stats.frameMs = msSince(start);
    sink.present(result.stats);
    return std::move(result.stats);
  }

  // Nothing is ever in flight: submitLive presents each frame before it returns.
  std::optional<FrameStats> flushLive(DisplaySink&) override { return std::nullopt; }
  DisplayPath displayPath() const override { return DisplayPath::Cpu; }

 private:
  // Runs one stage on `in` through its registry record. Returns the image the next stage reads:
  // `in` again for a stage that only measures (it fills `stats`), else the work buffer it wrote.
  // A stage without a CPU implementation (needsCuda) is the frame's failure and leaves a black
  // image of its output's shape, so the rest of the chain runs as the shapes say.
  const HostFrame* applyStage(const StageSpec& stage, int index, const HostFrame& in, FrameStats& stats) {
    const auto& apply = reference_ ? stage.definition->applyReference : stage.definition->applyCpu;
    if (!apply) stats.failures.push_back({index, formatStage(stage), needsCudaMessage(stage)});
    if (!stage.definition->producesImage) {
      if (apply) apply(stage, {in, noImage_, stats});
      return &in;
    }
    HostFrame& out =
        workBuffer(&in == &work_[0] ? 1 : 0, stageOutputShape(stage, {in.width(), in.height(), in.format}));
    if (apply) apply(stage, {in, out, stats});
    else if (out.format == PixelFormat::Gray8) out.gray.fillBytes(0);
    else out.rgba.fillBytes(0);
    return &out;
  }

  // Work buffer `which`, made `shape` (allocated only when its shape changes, or after the
  // previous frame's result took it).
  HostFrame& workBuffer(int which, FrameShape shape) {
    HostFrame& buffer = work_[which];
    if (buffer.format != shape.format || buffer.width() != shape.width || buffer.height() != shape.height)
      buffer = makeHostFrame(shape.format, shape.width, shape.height);
    return buffer;
  }

  bool reference_ = false;
  std::string device_ = cpuModelName();
  FilterChain chain_;
  std::vector<std::string> labels_;
  HostFrame work_[2];  // ping-pong between stages, kept from frame to frame
  HostFrame noImage_;  // the `out` of stages that produce no image
};

}  // namespace

std::unique_ptr<FramePipeline> makeCpuPipeline() { return std::make_unique<CpuFramePipeline>(false); }
std::unique_ptr<FramePipeline> makeCpuReferencePipeline() { return std::make_unique<CpuFramePipeline>(true); }

}  // namespace kc
