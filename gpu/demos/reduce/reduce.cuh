#pragma once
// GPU API of the reduction demo: every version of reduce_versions.hpp for every op and type,
// CUB-style (device pointers and sizes, caller's scratch, stream last), plus mat3min.
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "gpu/core/device_buffer.cuh"
#include "gpu/demos/reduce/reduce_cpu.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"

namespace kc::demos {

// Device bytes the result slot must hold (the largest accumulator: value + int64 index).
inline constexpr std::size_t kReduceResultBytes = 16;

// Scratch `reduceAsync` needs for this call (may be 0). Depends on the current device (SM count).
std::size_t reduceScratchBytes(ReduceVersion version, ReduceOp op, ReduceType type, std::size_t n);

// Reduces n >= 1 elements of `type` at dIn (4-byte aligned) into the raw accumulator at dResult
// (kReduceResultBytes device bytes; decodeReduceResult reads it). No allocation, no sync.
void reduceAsync(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n, void* dResult,
                 void* dScratch, std::size_t scratchBytes, cudaStream_t stream);

// Decodes kReduceResultBytes bytes copied back from dResult.
ReduceValue decodeReduceResult(ReduceOp op, ReduceType type, const void* hostResultBytes);

// Holds scratch and the result slot between calls, growing only when a call needs more:
// reserve() once before a timed loop, then runAsync() allocates nothing.
class ReduceWorkspace {
 public:
  void reserve(ReduceVersion version, ReduceOp op, ReduceType type, std::size_t n);
  void runAsync(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n,
                cudaStream_t stream);
  // Copies the last result back and waits for it.
  ReduceValue result(ReduceOp op, ReduceType type, cudaStream_t stream);
  // Synchronous convenience: reserve, run, result.
  ReduceValue run(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n,
                  cudaStream_t stream = nullptr);

 private:
  DeviceBuffer<unsigned char> scratch_;
  DeviceBuffer<unsigned char> result_{kReduceResultBytes};
  PinnedBuffer<unsigned char> hostResult_{kReduceResultBytes};
};

// --- mat3min: 9 planes of n int32 (planes[e * n + i]) -> 9 minima -----------------------------
enum class Mat3MinVersion { Fused, Cub };
const char* toString(Mat3MinVersion version);
std::size_t mat3MinScratchBytes(Mat3MinVersion version, std::size_t n);
void mat3MinAsync(Mat3MinVersion version, const std::int32_t* dPlanes, std::size_t n, std::int32_t* dOut9,
                  void* dScratch, std::size_t scratchBytes, cudaStream_t stream);
// Synchronous wrapper (allocates its scratch; for tests and one-off calls).
Mat3i mat3Min(Mat3MinVersion version, const std::int32_t* dPlanes, std::size_t n, cudaStream_t stream = nullptr);

}  // namespace kc::demos
