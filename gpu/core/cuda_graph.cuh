#pragma once
// RAII owner of an instantiated CUDA graph captured from a stream: launching the same sequence
// of kernels again costs one launch instead of one per kernel (a CG period is ~150 kernels).
// Users: the CG demo's period replays and the bench's graph-batched timing.
#include <utility>

#include "gpu/core/cuda_check.cuh"

namespace kc {

class CapturedGraph {
 public:
  // Records everything `enqueue(stream)` issues on `stream` (thread-local capture mode, so other
  // threads' CUDA calls are unaffected) and instantiates it.
  template <class Enqueue>
  CapturedGraph(cudaStream_t stream, Enqueue&& enqueue) {
    KC_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    try {
      enqueue(stream);
    } catch (...) {
      cudaGraph_t broken = nullptr;
      (void)cudaStreamEndCapture(stream, &broken);
      if (broken) (void)cudaGraphDestroy(broken);
      throw;
    }
    cudaGraph_t graph = nullptr;
    KC_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    const cudaError_t status = cudaGraphInstantiate(&exec_, graph, 0);
    (void)cudaGraphDestroy(graph);
    KC_CUDA_CHECK(status);
  }
  ~CapturedGraph() {
    if (exec_) (void)cudaGraphExecDestroy(exec_);
  }
  CapturedGraph(CapturedGraph&& other) noexcept : exec_(std::exchange(other.exec_, nullptr)) {}
  CapturedGraph& operator=(CapturedGraph&& other) noexcept {
    std::swap(exec_, other.exec_);
    return *this;
  }
  CapturedGraph(const CapturedGraph&) = delete;
  CapturedGraph& operator=(const CapturedGraph&) = delete;

  void launch(cudaStream_t stream) const { KC_CUDA_CHECK(cudaGraphLaunch(exec_, stream)); }

 private:
  cudaGraphExec_t exec_ = nullptr;
};

}  // namespace kc
