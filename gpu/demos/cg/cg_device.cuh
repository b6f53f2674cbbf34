#pragma once
// Device code only (include from .cu files): the building blocks shared by the CG kernels,
// the CSR row product (one thread or a group of LANES threads per row), warp/block sums in double, and the "last block
// finishes" step that turns per-block partial sums into a grid-wide result without a second launch.
#include <cuda_runtime.h>

#include "gpu/demos/cg/device_csr.cuh"

namespace kc::cg {

namespace device {

__device__ __forceinline__ double warpSum(double v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

// Sums two values over the block at once (CG needs r.r and r.z together); valid in thread 0.
// Ends with a barrier so a second call may reuse the shared slots.
__device__ __forceinline__ double2 blockSum2(double2 v) {
  __shared__ double2 warpSums[kBlock / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v.x = warpSum(v.x);
  v.y = warpSum(v.y);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < kBlock / 32 ? warpSums[lane] : make_double2(0.0, 0.0);
    v.x = warpSum(v.x);
    v.y = warpSum(v.y);
  }
  __syncthreads();
  return v;
}

// Product of one CSR row with x. LANES threads share the row (LANES = 1: the scalar CSR kernel of
// the thesis's figure 5.5, one row per thread; LANES = 32: vector CSR, one warp per row, so the
// row's values and column indices are read as one coalesced run). Every lane of the group gets
// the sum. All 32 lanes of the warp must call it (the shuffles), with row >= rows for idle ones.
template <int LANES, class T>
__device__ __forceinline__ T csrRowDot(const DeviceCsrView<T>& a, const T* __restrict__ x, int row, int laneInRow) {
  T sum = 0;
  if (row < a.rows) {
    const int end = a.rowPtr[row + 1];
    for (int k = a.rowPtr[row] + laneInRow; k < end; k += LANES) sum += a.values[k] * __ldg(&x[a.colIdx[k]]);
  }
  for (int offset = LANES / 2; offset > 0; offset >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, offset);
  return sum;
}

// Calls f(row, laneInRow) for every row of a grid-stride loop, LANES threads per row. The loop
// runs per warp (its bound is the warp's first row), so whole warps stay converged for the
// shuffles in csrRowDot; rows past the end are passed as row >= rows.
template <int LANES, class F>
__device__ __forceinline__ void forEachRow(int rows, F&& f) {
  constexpr int rowsPerWarp = 32 / LANES;
  const int lane = threadIdx.x & 31;
  const int warp = static_cast<int>((blockIdx.x * blockDim.x + threadIdx.x) >> 5);
  const int warps = static_cast<int>((gridDim.x * blockDim.x) >> 5);
  for (int first = warp * rowsPerWarp; first < rows; first += warps * rowsPerWarp)
    f(first + lane / LANES, lane % LANES);
}

// Thread 0 has just written this block's partial sum. Returns true (in every thread) in the one
// block that arrives last; that block may then read all partials. The fence makes the partial
// visible device-wide before the arrival is counted (the threadFenceReduction pattern).
__device__ __forceinline__ bool arriveLast(unsigned* arrivals) {
  __shared__ bool isLast;
  if (threadIdx.x == 0) {
    __threadfence();
    isLast = atomicAdd(arrivals, 1u) == gridDim.x - 1;
    if (isLast) *arrivals = 0;  // ready for the next kernel
  }
  __syncthreads();
  return isLast;
}

// In the last block: the sum of all blocks' partials (read from L2: L1 is not coherent).
__device__ __forceinline__ double2 sumPartials(const double2* partials, int count) {
  double2 s = make_double2(0.0, 0.0);
  for (int i = threadIdx.x; i < count; i += blockDim.x) {
    const double2 p = __ldcg(&partials[i]);
    s.x += p.x;
    s.y += p.y;
  }
  return blockSum2(s);
}

}  // namespace device
}  // namespace kc::cg
