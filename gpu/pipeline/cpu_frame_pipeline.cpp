// The CPU backend: the chain through the single-threaded CPU references, each stage timed with
// the steady clock. It is the correctness baseline the CUDA backend is compared with, and the
// app's fallback where no CUDA device exists (slow at camera sizes; a faster path can come later).
#include <chrono>
#include <fstream>
#include <thread>

#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

namespace {

std::string cpuName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
    }
  }
  return "CPU (" + std::to_string(std::thread::hardware_concurrency()) + " threads)";
}


// Runs one stage on `image` through its registry record (replacing the image when the stage
// produces one); a stage that only measures fills `stats`.
void applyStage(const StageSpec& stage, HostFrame& image, FrameStats& stats) {
  const FrameShape in{image.width(), image.height(), image.format};
  if (stageIsNoOp(stage, in)) return;
  if (!stage.definition->producesImage) {
    HostFrame none;
    stage.definition->applyCpu(stage, {image, none, stats});
    return;
  }
  const FrameShape outShape = stageOutputShape(stage, in);
  HostFrame out = makeHostFrame(outShape.format, outShape.width, outShape.height);
  stage.definition->applyCpu(stage, {image, out, stats});
  out.index = image.index;
  out.timestampSeconds = image.timestampSeconds;
  image = std::move(out);
}

class CpuFramePipeline final : public FramePipeline {
 public:
  std::string backendName() const override { return "CPU"; }
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

    // Camera formats convert at entry (frame_ops.hpp), timed like a stage.
    const auto entryStart = std::chrono::steady_clock::now();
    HostFrame image = pipelineInputFrame(frame, chain_);
    if (std::string entry = entryConversionName(frame, chain_); !entry.empty())
      stats.stages.push_back({std::move(entry), false, msSince(entryStart),
                              static_cast<double>(frame.pixelBytes() + image.pixelBytes())});
    for (std::size_t i = 0; i < chain_.size(); ++i) {
      const StageSpec& stage = chain_[i];
      StageTiming timing;
      timing.name = labels_[i];
      timing.bytes = stageBytes(stage, {image.width(), image.height(), image.format});
      const auto stageStart = std::chrono::steady_clock::now();
      applyStage(stage, image, stats);
      timing.ms = msSince(stageStart);
      stats.stages.push_back(std::move(timing));
    }
    stats.frameMs = msSince(start);
    if (frame.timestampSeconds > 0) stats.latencyMs = (steadyNowSeconds() - frame.timestampSeconds) * 1e3;
    result.output = std::move(image);
    result.output.index = frame.index;
    result.output.timestampSeconds = frame.timestampSeconds;
    return result;
  }

  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override {
    const auto start = std::chrono::steady_clock::now();
    const HostFrame original = toRgbaFrame(frame);  // shared when RGBA; the view's original side
    FrameResult result = process(frame);             // converts at entry itself (a grey chain: the Y plane)
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
  std::string device_ = cpuName();
  FilterChain chain_;
  std::vector<std::string> labels_;
};

}  // namespace

std::unique_ptr<FramePipeline> makeCpuPipeline() { return std::make_unique<CpuFramePipeline>(); }

}  // namespace kc
