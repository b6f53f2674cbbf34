#include "gpu/pipeline/cuda_stage_executor.cuh"

#include <atomic>

#include "gpu/core/nvtx_range.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc {

std::shared_ptr<const CompiledChain> compileCudaChain(const FilterChain& chain) {
  auto compiled = std::make_shared<CompiledChain>();
  compiled->stages = chain;
  for (const auto& stage : chain) {
    const CudaStageLaunch launch = stageRegistry().cudaLaunch(stage.id());
    if (!launch) throw InvalidArgument("the " + stage.id() + " stage has no CUDA implementation");
    compiled->launches.push_back(launch);
    compiled->capturable = compiled->capturable && stage.definition->capturable;
  }
  compiled->labels = stageLabels(chain);
  static std::atomic<std::uint64_t> compiles{0};
  compiled->id = ++compiles;
  return compiled;
}

void CudaStageExecutor::enqueue(Frame& slot, const CompiledChain& chain, const DeviceFrame& input,
                                std::int64_t frameIndex, FrameTimeline& timeline) {
  slot.isDownloaded_ = false;
  slot.startFrom(input);
  slot.failures_.clear();
  slot.settlers_.clear();
  if (!graphs_ || !chain.capturable || !enqueueAsGraph(slot, chain, input, frameIndex, timeline))
    enqueueSteps(slot, chain, input, frameIndex, timeline);
  enqueueSideOutputReadback(slot, timeline);
}

bool CudaStageExecutor::enqueueAsGraph(Frame& slot, const CompiledChain& chain, const DeviceFrame& input,
                                       std::int64_t frameIndex, FrameTimeline& timeline) {
  Frame::Replay& replay = slot.replay_;
  const std::size_t firstRow = timeline.size();
  const int firstMark = timeline.nextMark();
  if (!replay.matches(chain, input, fuse_, firstRow, firstMark)) {  // a new key: directly, buffers allocated
    replay = {};
    replay.chain = chain.id;
    replay.input = input;
    replay.fuse = fuse_;
    replay.firstRow = firstRow;
    replay.firstMark = firstMark;
    return false;
  }
  if (replay.failed) return false;
  if (!replay.graph) {  // the key's second frame: capture it
    try {
      replay.graph.emplace(compute_, [&](cudaStream_t) { enqueueSteps(slot, chain, input, frameIndex, timeline); });
    } catch (const std::exception&) {  // a launch that cannot be captured: this key runs directly
      replay.failed = true;
      timeline.truncate(firstRow);
      slot.startFrom(input);
      return false;
    }
    replay.rows = timeline.rowsFrom(firstRow);
    replay.resultWork = slot.resultWork_;
    replay.result = slot.result_;
    replay.histogram = slot.histogram_;
  } else {
    timeline.addRows(replay.rows);
    slot.resultWork_ = replay.resultWork;
    slot.result_ = replay.result;
    slot.histogram_ = replay.histogram;
  }
  NvtxRange range("chain graph");
  replay.graph->launch(compute_);
  return true;
}

void CudaStageExecutor::enqueueSteps(Frame& slot, const CompiledChain& chain, const DeviceFrame& input,
                                     std::int64_t frameIndex, FrameTimeline& timeline) {
  for (const CudaChainStep& step : planFor(chain, input.shape)) {
    if (step.fusion && enqueueFused(slot, chain, step, timeline)) continue;
    const std::size_t end = step.first + step.count;  // a fusion that did not fit: its stages one by one
    FrameShape shape = step.in;
    for (std::size_t i = step.first; i < end; ++i) {
      enqueueStage(slot, chain, i, shape, frameIndex, timeline);
      shape = stageOutputShape(chain.stages[i], shape);
    }
  }
}

const std::vector<CudaChainStep>& CudaStageExecutor::planFor(const CompiledChain& chain, FrameShape in) {
  if (plan_.chain != chain.id || !(plan_.in == in) || plan_.fuse != fuse_)
    plan_ = {chain.id, in, fuse_, planCudaChain(chain.stages, in, fuse_)};
  return plan_.steps;
}

// The output image of a step that makes one: the ping-pong image the current result is not in.
DeviceFrame CudaStageExecutor::nextImage(Frame& slot, FrameShape shape) {
  const int target = slot.resultWork_ == 0 ? 1 : 0;
  return pitchedFrame(slot.work_[target].reserve(deviceImageBytes(shape)), shape);
}

void CudaStageExecutor::takeResult(Frame& slot, const DeviceFrame& out) {
  slot.resultWork_ = slot.resultWork_ == 0 ? 1 : 0;
  slot.result_ = out;
}

bool CudaStageExecutor::enqueueFused(Frame& slot, const CompiledChain& chain, const CudaChainStep& step,
                                     FrameTimeline& timeline) {
  const int row = timeline.add(step.label, false, step.bytes, true);
  NvtxRange range(step.label);
  CudaStageIo io;
  io.in = slot.result_;
  io.out = step.producesImage ? nextImage(slot, step.out) : DeviceFrame{};
  io.stream = compute_;
  if (step.histogram) io.histogram = &slot.histogram_;
  timeline.start(row, compute_);
  if (!step.fusion->launch(chain.stages, step.first, step.count, io)) {
    timeline.dropLast(step.label);
    return false;
  }
  timeline.stop(row, compute_);
  if (step.producesImage) takeResult(slot, io.out);
  return true;
}

void CudaStageExecutor::enqueueStage(Frame& slot, const CompiledChain& chain, std::size_t i, FrameShape shape,
                                     std::int64_t frameIndex, FrameTimeline& timeline) {
  const StageSpec& stage = chain.stages[i];
  const bool noOp = stageIsNoOp(stage, shape);
  const int row = timeline.add(chain.labels[i], false, stageBytes(stage, shape), !noOp);
  if (noOp) return;
  NvtxRange range(chain.labels[i]);
  CudaStageIo io;
  io.in = slot.result_;
  io.out = stage.definition->producesImage ? nextImage(slot, stageOutputShape(stage, shape)) : DeviceFrame{};
  io.stream = compute_;
  // Only a stage that declares the histogram gets it; each overwrites it: the last one is reported.
  if (stage.definition->sideOutput == SideOutput::Histogram) io.histogram = &slot.histogram_;
  StageLaunchReport report;
  io.frameIndex = frameIndex;
  io.report = &report;
  timeline.start(row, compute_);
  chain.launches[i](stage, io);
  timeline.stop(row, compute_);
  timeline.setMeasured(row, report.measuredMs);
  if (!report.failure.empty()) blankFailedStage(slot, stage, static_cast<int>(i), report.failure, io.out);
  if (report.settle) slot.settlers_.push_back({static_cast<int>(i), row, formatStage(stage), std::move(report.settle)});
  if (io.out.data) takeResult(slot, io.out);
}

// A stage that failed (a user kernel that faulted): its output is black for this frame, the
// rest of the chain runs, and the frame reports why (FrameStats::failures).
void CudaStageExecutor::blankFailedStage(Frame& slot, const StageSpec& stage, int index, const std::string& why,
                                         const DeviceFrame& out) {
  slot.failures_.push_back({index, formatStage(stage), why});
  if (out.data)
    KC_CUDA_CHECK(cudaMemset2DAsync(out.data, out.pitch, 0, out.shape.rowBytes(), out.shape.height, compute_));
}

void CudaStageExecutor::settle(Frame& slot, FrameTimeline& timeline) {
  for (Frame::Settler& settler : slot.settlers_) {
    StageLaunchReport late;
    settler.settle(late);
    if (late.measuredMs >= 0) timeline.setMeasured(settler.row, late.measuredMs);
    if (!late.failure.empty()) slot.failures_.push_back({settler.stageIndex, settler.stage, late.failure});
  }
  slot.settlers_.clear();
}

// The counts a histogram stage wrote (none ran: nothing to read) -> pinned host memory.
void CudaStageExecutor::enqueueSideOutputReadback(Frame& slot, FrameTimeline& timeline) {
  if (slot.histogram_.bins <= 0) return;
  const std::size_t bytes = sizeof(std::uint32_t) * slot.histogram_.bins * slot.histogram_.channels;
  const int row = timeline.add("histogram readback", true, static_cast<double>(bytes), true);
  timeline.start(row, compute_);
  KC_CUDA_CHECK(cudaMemcpyAsync(slot.histogramHost_.data(), slot.histogramCounts_.data(), bytes, cudaMemcpyDeviceToHost,
                                compute_));
  timeline.stop(row, compute_);
}

HostFrame& CudaStageExecutor::enqueueDownload(Frame& slot, FramePool& pool, FrameTimeline& timeline) {
  NvtxRange range("download");
  const FrameShape shape = slot.result_.shape;
  const std::size_t rowBytes = shape.rowBytes();
  slot.host_ = pool.acquire(shape.format, shape.width, shape.height);
  std::uint8_t* target = shape.format == PixelFormat::Gray8 ? slot.host_.gray.bytes() : slot.host_.rgba.bytes();
  const int row = timeline.add("download", true, static_cast<double>(shape.bytes()), true);
  timeline.start(row, compute_);
  KC_CUDA_CHECK(cudaMemcpy2DAsync(target, slot.host_.pitch(), slot.result_.data, slot.result_.pitch, rowBytes,
                                  shape.height, cudaMemcpyDeviceToHost, compute_));
  timeline.stop(row, compute_);
  slot.isDownloaded_ = true;
  return slot.host_;
}

void CudaStageExecutor::report(const Frame& slot, FrameStats& stats) {
  if (slot.histogram_.bins > 0) {
    stats.histogramBins = slot.histogram_.bins;
    stats.histogramChannels = slot.histogram_.channels;
    stats.histogram.assign(slot.histogramHost_.data(),
                           slot.histogramHost_.data() + slot.histogram_.bins * slot.histogram_.channels);
  }
  stats.failures = slot.failures_;
}

}  // namespace kc
