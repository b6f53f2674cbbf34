#pragma once
// The frame pipeline: runs a filter chain on frames, on the CPU or on CUDA. Plain C++ interface
// (no CUDA types) so the app can hold either backend; no Qt.
#include <memory>
#include <optional>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/pipeline/display_sink.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct FrameResult {
  HostFrame output;  // the chain's result (grey/RGBA, transposed if the chain says so)
  FrameStats stats;  // per-stage timings and the histogram
};

class FramePipeline {
 public:
  virtual ~FramePipeline() = default;
  virtual Backend backend() const = 0;         // Cuda or Cpu, never Auto (its name: toString)
  virtual std::string deviceName() const = 0;  // GPU name, or the CPU's
  virtual void setChain(const FilterChain& chain) = 0;
  virtual const FilterChain& chain() const = 0;
  // On (the default): stages that a CUDA fusion runs as one launch (gray + separable conv + hist) do
  // so, with one timing row for them; off: every stage runs alone and has its own row (the overlay's
  // per-stage timings). The output is the same either way. The CPU backend runs stages one by one.
  virtual void setFusion(bool /*fuse*/) {}

  // Where sources should take their frames from (FrameSource::setFramePool): page-locked memory on
  // CUDA, which the upload reads without a staging copy; plain aligned memory on the CPU. Any frame
  // is accepted, but one from elsewhere costs the CUDA backend a host copy.
  const std::shared_ptr<FramePool>& framePool() const { return framePool_; }

  // One frame to completion, result on the host (CLI `process`, tests). Stages run in chain order.
  // Every pixel format of host_frame.hpp is accepted: converted at entry (pipelineInputFrame).
  virtual FrameResult process(const HostFrame& frame) = 0;

  // Live path, with a GL context current: enqueue `frame`; the frame before it (its upload
  // overlapped this one's on the second stream) is written to `sink` (CUDA-GL interop where the
  // GL context is on the CUDA device, else a host copy) and presented. Returns its stats, or
  // nothing for the very first frame. Size changes re-allocate and re-register buffers.
  virtual std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) = 0;
  // Presents the frame still in flight (end of stream / before a size or chain change).
  virtual std::optional<FrameStats> flushLive(DisplaySink& sink) = 0;
  // The sink's GL objects are about to be deleted, its context still current: drop every CUDA
  // registration of them (unregistering after the context is gone fails). The next live frame,
  // to this sink or another, registers again.
  virtual void releaseDisplay() {}
  virtual DisplayPath displayPath() const = 0;
  // Why the display path is what it is, for the status bar and logs: empty when there is nothing
  // to say, else e.g. "copy path: the GL context is not on a CUDA device (...)".
  virtual std::string displayPathNote() const { return {}; }

 protected:
  std::shared_ptr<FramePool> framePool_ = std::make_shared<FramePool>();
};

std::unique_ptr<FramePipeline> makeCpuPipeline();
// The CPU backend on each stage's reference loop (StageDefinition::applyReference), not its fast
// path: the oracle the CUDA pipeline is tested against.
std::unique_ptr<FramePipeline> makeCpuReferencePipeline();
// Only in builds with CUDA (KC_HAVE_CUDA); throws kc::Error when no usable device exists.
std::unique_ptr<FramePipeline> makeCudaPipeline();

}  // namespace kc
