#pragma once
// Host-visible pieces of the CG kernels: the device CSR view, the block size, and the
// run-time -> compile-time dispatch over the CSR group width. Safe to include from .cpp files.
#include <cuda_runtime.h>

#include <string>
#include <type_traits>

#include "gpu/core/error.hpp"

namespace kc::cg {

// A CSR matrix in device memory (0-based, 32-bit indices).
template <class T>
struct DeviceCsrView {
  int rows = 0;
  int cols = 0;
  const int* rowPtr = nullptr;
  const int* colIdx = nullptr;
  const T* values = nullptr;
};

namespace device {

// 256 threads: 8 warps, 8 blocks fill an SM's 2048 threads; every CG kernel uses this size so
// the block sums below can size their shared memory at compile time.
constexpr int kBlock = 256;
// gridFor() launches up to 8 blocks per SM and every block does the same grid-stride share, so
// all 8 must be resident at once or a second, mostly idle wave follows: 2048 threads / SM need
// <= 32 registers per thread, which the launch bounds ask of the compiler (checked: no spills).
constexpr int kMinBlocksPerSm = 2048 / kBlock;

// Calls f(std::integral_constant<int, L>{}) for L = lanes in {1, 2, 4, 8, 16, 32}: one compiled
// kernel per group width, chosen at run time.
template <class F>
void withLanes(int lanes, F&& f) {
  switch (lanes) {
    case 1:
      f(std::integral_constant<int, 1>{});
      break;
    case 2:
      f(std::integral_constant<int, 2>{});
      break;
    case 4:
      f(std::integral_constant<int, 4>{});
      break;
    case 8:
      f(std::integral_constant<int, 8>{});
      break;
    case 16:
      f(std::integral_constant<int, 16>{});
      break;
    case 32:
      f(std::integral_constant<int, 32>{});
      break;
    default:
      throw kc::InvalidArgument("CSR SpMV: lanes per row must be 1, 2, 4, 8, 16 or 32, got " + std::to_string(lanes));
  }
}

}  // namespace device
}  // namespace kc::cg
