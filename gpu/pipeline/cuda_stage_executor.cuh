#pragma once
// The CUDA pipeline's second part: the chain's stages on the compute stream (stream A), each
// through its registered launch on device views of two ping-pong images, each bracketed by events
// (and an NVTX range) for its timing row. Side outputs are what the stage records declare
// (StageDefinition::sideOutput): a stage that declares a histogram gets the frame's histogram
// buffer, and the counts come back to the host after the chain. A stage that reports a failure
// (StageLaunchReport) has its output blanked; the rest of the chain runs.
//
// One CUDA graph per frame slot, for the chain and the input it last ran (issue 21): the second frame
// in a row with the same chain, input buffer and shape captures the chain's launches (the first ran
// them directly, so every buffer is allocated by then), and later such frames launch the graph: one
// launch instead of one per stage and timing event. Anything else (a new chain, size or buffer, fusion
// switched) runs directly and drops the graph: it is captured again on change. Its timing rows are
// event-record nodes of the graph (cuda_frame_timeline.cuh). Chains with a stage that is not
// capturable (StageDefinition::capturable: a user kernel) never use one.
#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/core/cuda_graph.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/image/histogram.cuh"
#include "gpu/pipeline/cuda_frame_timeline.cuh"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/cuda_pipeline_buffers.cuh"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pool.hpp"

namespace kc {

// The chain with each stage's CUDA launch looked up once (setChain), shared by the frames
// enqueued with it: a chain change never touches a frame already in flight.
struct CompiledChain {
  FilterChain stages;
  std::vector<CudaStageLaunch> launches;
  std::vector<std::string> labels;
  bool capturable = true;  // every stage's launch can go into a CUDA graph
  std::uint64_t id = 0;    // unique per compile: a graph is kept for this id (an address can be reused)
};

// Throws InvalidArgument naming the first stage without a CUDA implementation.
std::shared_ptr<const CompiledChain> compileCudaChain(const FilterChain& chain);

class CudaStageExecutor {
 public:
  // One frame slot's run of the chain: its images and side outputs, never shared with another slot.
  class Frame {
   public:
    // The chain's result on the device (the input itself when no stage made an image).
    const DeviceFrame& result() const { return result_; }
    // The result on the host, once enqueueDownload ran (a frame of the pipeline's pool).
    HostFrame& downloaded() { return host_; }
    bool isDownloaded() const { return isDownloaded_; }
    void release() { host_ = {}; }

   private:
    friend class CudaStageExecutor;
    // Before the chain runs (or again when its graph cannot be used): the input is the result so
    // far and no histogram has been made.
    void startFrom(const DeviceFrame& input) {
      resultWork_ = -1;
      result_ = input;
      histogram_ = {histogramCounts_.data(), histogramSync_.words(), 0, 0};
    }
    GrowingDeviceBytes work_[2];  // ping-pong images of the chain
    DeviceBuffer<std::uint32_t> histogramCounts_{3 * kMaxHistogramBins};
    HistogramSync histogramSync_;  // the slot's histogram launches run one after another on its stream
    PinnedBuffer<std::uint32_t> histogramHost_{3 * kMaxHistogramBins};
    DeviceHistogram histogram_;  // what the chain's last histogram stage wrote into histogramCounts_
    DeviceFrame result_;
    int resultWork_ = -1;  // work_[] index holding the result; -1: the input
    std::vector<StageFailure> failures_;
    struct Settler {
      int stageIndex = 0, row = 0;
      std::string stage;  // formatStage
      std::function<void(StageLaunchReport&)> settle;
    };
    std::vector<Settler> settlers_;  // stages whose outcome comes after the frame's GPU work
    HostFrame host_;
    bool isDownloaded_ = false;
    // The chain as this slot last ran it, and its graph once captured: what a launch of it leaves
    // on the host (the result's place, the histogram's shape, the timing rows) is set again by hand.
    struct Replay {
      std::uint64_t chain = 0;  // CompiledChain::id
      DeviceFrame input;
      bool fuse = true;
      std::size_t firstRow = 0;  // the timeline's rows before the chain's,
      int firstMark = 0;         // and their events: a replay's rows get the events the graph records
      std::optional<CapturedGraph> graph;
      bool failed = false;  // the capture failed once: this key runs directly
      FrameTimeline::Rows rows;
      int resultWork = -1;
      DeviceFrame result;
      DeviceHistogram histogram;
      bool matches(const CompiledChain& c, const DeviceFrame& in, bool f, std::size_t first, int mark) const {
        return chain == c.id && input.data == in.data && input.pitch == in.pitch && input.shape == in.shape &&
               fuse == f && firstRow == first && firstMark == mark;
      }
    };
    Replay replay_;
  };

  explicit CudaStageExecutor(cudaStream_t compute) : compute_(compute) {}

  // Stages that a registered fusion runs as one launch are fused (the default), or each runs alone
  // with its own timing row (cuda_fusion.hpp). Takes effect with the next enqueue.
  void setFusion(bool fuse) { fuse_ = fuse; }
  bool fusion() const { return fuse_; }
  // Graphs on (the default) or off (every frame's launches enqueued one by one; tests compare both).
  void setGraphs(bool graphs) { graphs_ = graphs; }

  // The chain on `input`, on the compute stream (which must already wait for the input), then the
  // side outputs' readback.
  void enqueue(Frame& slot, const CompiledChain& chain, const DeviceFrame& input, std::int64_t frameIndex,
               FrameTimeline& timeline);
  // The result -> a frame of `pool` (page-locked, so the copy is asynchronous and the frame is
  // handed out as it is: no host copy), on the compute stream. Returns that frame.
  HostFrame& enqueueDownload(Frame& slot, FramePool& pool, FrameTimeline& timeline);
  // After the frame's completion event: the outcome of the stages that report theirs only then
  // (StageLaunchReport::settle) into the frame's failures and `timeline`'s measured rows.
  static void settle(Frame& slot, FrameTimeline& timeline);
  // After settle: the frame's side outputs and failures into `stats`.
  static void report(const Frame& slot, FrameStats& stats);

 private:
  void enqueueSteps(Frame& slot, const CompiledChain& chain, const DeviceFrame& input, std::int64_t frameIndex,
                    FrameTimeline& timeline);
  // The chain through the slot's graph (captured now where this is the key's second frame); false
  // where it runs directly instead.
  bool enqueueAsGraph(Frame& slot, const CompiledChain& chain, const DeviceFrame& input, std::int64_t frameIndex,
                      FrameTimeline& timeline);
  // The chain's steps for an input of `in` (planCudaChain), planned again only when the chain, the
  // shape or the fusion setting changed: not once per frame.
  const std::vector<CudaChainStep>& planFor(const CompiledChain& chain, FrameShape in);
  bool enqueueFused(Frame& slot, const CompiledChain& chain, const CudaChainStep& step, FrameTimeline& timeline);
  void enqueueStage(Frame& slot, const CompiledChain& chain, std::size_t i, FrameShape shape, std::int64_t frameIndex,
                    FrameTimeline& timeline);
  static DeviceFrame nextImage(Frame& slot, FrameShape shape);
  static void takeResult(Frame& slot, const DeviceFrame& out);
  void blankFailedStage(Frame& slot, const StageSpec& stage, int index, const std::string& why, const DeviceFrame& out);
  void enqueueSideOutputReadback(Frame& slot, FrameTimeline& timeline);

  cudaStream_t compute_;  // stream A
  bool fuse_ = true;
  bool graphs_ = true;
  struct Plan {
    std::uint64_t chain = 0;  // CompiledChain::id; 0: none yet
    FrameShape in;
    bool fuse = true;
    std::vector<CudaChainStep> steps;
  };
  Plan plan_;
};

}  // namespace kc
