#pragma once
// The live pipeline without the window, for the bench: per frame, upload from pinned memory, the
// entry conversion a camera format needs, the app's default chain (defaultFilterChain(), each stage
// through its registered CUDA launch, as the app's pipeline does), and a copy of the result into a
// buffer standing in for the interop PBO. With one stream everything is serial; with two, frame
// i+1's upload (copy engine) overlaps frame i's kernels (SMs), so the time per frame should approach
// max(upload, compute).
#include <vector>

#include "gpu/bench/bench_context.cuh"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::bench {

// How a frame arrives, as the app's pipeline takes it (frame_ops.hpp: pipelineInputFrame).
enum class FrameEntry {
  Rgba,      // an RGBA frame: 4 bytes per pixel uploaded into the chain's input
  Nv12,      // NV12 (1.5 bytes per pixel) uploaded whole, converted to RGBA on the GPU
  Nv12Luma,  // its Y plane alone (1 byte per pixel, the default chain starts with gray), expanded to 0..255
};
const char* frameEntryName(FrameEntry entry);  // "RGBA", "NV12", "NV12 Y plane"

class PipelineRunner {
 public:
  // fuse: the chain's steps as the app's pipeline plans them (cuda_fusion.hpp; its default), or every
  // stage alone (its per-stage mode).
  PipelineRunner(ImageSize size, int streamCount, FrameEntry entry = FrameEntry::Rgba, bool fuse = true);
  ~PipelineRunner();
  PipelineRunner(const PipelineRunner&) = delete;
  PipelineRunner& operator=(const PipelineRunner&) = delete;

  void upload(int k, cudaStream_t s);   // frame buffers k: host -> device
  void compute(int k, cudaStream_t s);  // the entry conversion, the chain, the output copy
  double uploadBytes() const;           // what upload() moves
  // Milliseconds per frame over `frames` frames, frame f on stream f % streams.
  double msPerFrame(int frames);

 private:
  struct Buffers;
  ImageSize size_;
  FrameEntry entry_;
  FilterChain chain_;
  std::vector<CudaChainStep> steps_;  // the chain planned once: the timed compute() enqueues only
  std::vector<CudaStageLaunch> launches_;
  std::vector<Stream> streams_;
  std::vector<Buffers> buffers_;
};

// The median over a few runs of PipelineRunner::msPerFrame, as a row "pipeline WxH [entry] N stream(s)"
// with its fps and its ratio to max(upload, compute).
void addPipelineRow(BenchContext& ctx, ImageSize size, FrameEntry entry, double uploadMs, double computeMs,
                    int streamCount);

}  // namespace kc::bench
