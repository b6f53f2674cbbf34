#include "gpu/lab/cuda/guard_check.cuh"

#include "gpu/core/cuda_check.cuh"
#include "gpu/lab/guard_report.hpp"

namespace kc::lab {
namespace {

constexpr int kThreads = 256;

// One block per row of the plane; a guard row is checked whole, a frame row right of its bytes.
__global__ void countGuardWritesKernel(const unsigned char* base, std::size_t pitch, std::size_t rowBytes, int height,
                                       int guardRows, unsigned long long* count) {
  const int row = static_cast<int>(blockIdx.x);
  const bool guardRow = row < guardRows || row >= guardRows + height;
  const unsigned char* bytes = base + static_cast<std::size_t>(row) * pitch;
  unsigned changed = 0;
  for (std::size_t x = (guardRow ? 0 : rowBytes) + threadIdx.x; x < pitch; x += kThreads)
    changed += bytes[x] != kGuardByte;
  for (int offset = 16; offset > 0; offset /= 2) changed += __shfl_down_sync(0xffffffffu, changed, offset);
  if ((threadIdx.x & 31) == 0 && changed) atomicAdd(count, static_cast<unsigned long long>(changed));
}

}  // namespace

void countGuardWrites(const unsigned char* base, std::size_t pitch, std::size_t rowBytes, int height, int guardRows,
                      unsigned long long* count, cudaStream_t stream) {
  KC_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof *count, stream));
  const unsigned rows = static_cast<unsigned>(height + 2 * guardRows);
  countGuardWritesKernel<<<rows, kThreads, 0, stream>>>(base, pitch, rowBytes, height, guardRows, count);
  KC_CUDA_CHECK_LAUNCH("countGuardWritesKernel");
}

void loadGuardCheck() {
  cudaFuncAttributes attributes{};
  KC_CUDA_CHECK(cudaFuncGetAttributes(&attributes, countGuardWritesKernel));
}

}  // namespace kc::lab
