#pragma once
// Timing with CUDA events: warm-up, then `reps` back-to-back repetitions bracketed by events,
// median reported. The work gets the repetition index so it can rotate over buffer sets larger
// than the L2 cache (otherwise a 4K frame, 33 MB, is served from a 50-60 MB L2 and the "DRAM"
// bandwidth is fiction).
#include <cuda_runtime.h>

#include <cstddef>
#include <functional>

namespace kc::bench {

using BenchWork = std::function<void(cudaStream_t stream, int rep)>;

double medianMs(cudaStream_t stream, int warmup, int reps, const BenchWork& work);

// Number of buffer sets of `bytesPerSet` so that all of them together hold >= 2x the L2 (at least
// 1, at most 64: a 1 GiB copy needs no rotation, a 2 MB histogram input needs 60).
int rotationCount(std::size_t bytesPerSet, std::size_t l2Bytes);

// Keeps the GPU busy for `ms` so that the CPU can queue the timed repetitions ahead of it: the
// events then time the GPU work, not the launch rate of the CPU (which matters for 15 us kernels).
void enqueueSpin(cudaStream_t stream, double ms);

}  // namespace kc::bench
