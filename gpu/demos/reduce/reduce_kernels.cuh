#pragma once
// The reduction kernels, in teaching order. Each reduces any n (threads past the end contribute
// Op::identity()) and writes one Acc per block to out[blockIdx.x]; the host code in reduce.cu
// repeats or chains them until one value is left. Steps 1..6 use blocks of kBlock = 256 threads
// (a power of two, as the tree loops assume; 8 blocks fill an SM's 2048 threads).
#include <cstdint>

#include "gpu/demos/reduce/reduce_ops.cuh"

namespace kc::demos::gpu {

inline constexpr unsigned kBlock = 256;

// Step 1: interleaved addressing. `tid % (2*s) == 0` picks threads 0, 2, 4.. then 0, 4, 8..:
// every warp stays busy but with fewer and fewer active lanes (divergence), and % is slow.
template <class Op, class Src>
__global__ void reduceInterleavedDivergent(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[kBlock];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * std::size_t(kBlock) + tid;
  sh[tid] = i < n ? liftTo<Op>(in[i], i) : Op::identity();
  __syncthreads();
  for (unsigned s = 1; s < kBlock; s *= 2) {
    if (tid % (2 * s) == 0) sh[tid] = Op::combine(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// Step 2: the same tree, but thread tid works on index 2*s*tid: active threads are the first
// ones, so whole warps retire. The stride 2*s between threads now causes bank conflicts.
template <class Op, class Src>
__global__ void reduceInterleavedStrided(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[kBlock];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * std::size_t(kBlock) + tid;
  sh[tid] = i < n ? liftTo<Op>(in[i], i) : Op::identity();
  __syncthreads();
  for (unsigned s = 1; s < kBlock; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < kBlock) sh[index] = Op::combine(sh[index], sh[index + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// Step 3: sequential addressing. Thread tid combines tid and tid + s, s halving from kBlock/2:
// consecutive threads touch consecutive words (conflict-free), active threads stay contiguous.
template <class Op, class Src>
__global__ void reduceSequential(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[kBlock];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * std::size_t(kBlock) + tid;
  sh[tid] = i < n ? liftTo<Op>(in[i], i) : Op::identity();
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 0; s >>= 1) {
    if (tid < s) sh[tid] = Op::combine(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// Loads 2 elements per thread (i and i + kBlock) and combines them: a block covers 2*kBlock.
template <class Op, class Src>
__device__ __forceinline__ typename Op::Acc loadTwo(const Src* __restrict__ in, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(2 * kBlock) + threadIdx.x;
  typename Op::Acc v = i < n ? liftTo<Op>(in[i], i) : Op::identity();
  if (i + kBlock < n) v = Op::combine(v, liftTo<Op>(in[i + kBlock], i + kBlock));
  return v;
}

// Step 4: first add during load. Half as many blocks; no thread is idle in the first step.
template <class Op, class Src>
__global__ void reduceFirstAddDuringLoad(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[kBlock];
  const unsigned tid = threadIdx.x;
  sh[tid] = loadTwo<Op>(in, n);
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 0; s >>= 1) {
    if (tid < s) sh[tid] = Op::combine(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// The last 6 levels, run by warp 0 alone (needs 64 valid entries). Since Volta the lanes of a
// warp are not guaranteed to run in lockstep (independent thread scheduling), so the classic
// `volatile` version without barriers is a race: each level reads, __syncwarp(), writes,
// __syncwarp(). The barriers are cheap (one warp) and no __syncthreads() is needed.
template <class Op>
__device__ __forceinline__ void warpReduceShared(typename Op::Acc* sh, unsigned tid) {
#pragma unroll
  for (unsigned s = 32; s > 0; s >>= 1) {
    const typename Op::Acc v = Op::combine(sh[tid], sh[tid + s]);
    __syncwarp();
    sh[tid] = v;
    __syncwarp();
  }
}

// Step 5: as step 4, but the loop stops at s = 64 and warp 0 finishes without __syncthreads().
template <class Op, class Src>
__global__ void reduceLastWarpUnrolled(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[kBlock];
  const unsigned tid = threadIdx.x;
  sh[tid] = loadTwo<Op>(in, n);
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 32; s >>= 1) {
    if (tid < s) sh[tid] = Op::combine(sh[tid], sh[tid + s]);
    __syncthreads();
  }
  if (tid < 32) warpReduceShared<Op>(sh, tid);
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// The whole shared-memory tree for a compile-time block size (64..1024): every `if` on
// BlockSize disappears at compile time, leaving straight-line code.
template <class Op, unsigned BlockSize>
__device__ __forceinline__ void blockTreeUnrolled(typename Op::Acc* sh, unsigned tid) {
  static_assert(BlockSize >= 64 && BlockSize <= 1024 && (BlockSize & (BlockSize - 1)) == 0);
  if constexpr (BlockSize >= 1024) {
    if (tid < 512) sh[tid] = Op::combine(sh[tid], sh[tid + 512]);
    __syncthreads();
  }
  if constexpr (BlockSize >= 512) {
    if (tid < 256) sh[tid] = Op::combine(sh[tid], sh[tid + 256]);
    __syncthreads();
  }
  if constexpr (BlockSize >= 256) {
    if (tid < 128) sh[tid] = Op::combine(sh[tid], sh[tid + 128]);
    __syncthreads();
  }
  if constexpr (BlockSize >= 128) {
    if (tid < 64) sh[tid] = Op::combine(sh[tid], sh[tid + 64]);
    __syncthreads();
  }
  if (tid < 32) warpReduceShared<Op>(sh, tid);
}

// Step 6: step 5 with the block size a template parameter, fully unrolled.
template <class Op, class Src, unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    reduceFullyUnrolled(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[BlockSize];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * std::size_t(2 * BlockSize) + tid;
  typename Op::Acc v = i < n ? liftTo<Op>(in[i], i) : Op::identity();
  if (i + BlockSize < n) v = Op::combine(v, liftTo<Op>(in[i + BlockSize], i + BlockSize));
  sh[tid] = v;
  __syncthreads();
  blockTreeUnrolled<Op, BlockSize>(sh, tid);
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// Step 7: a fixed grid (a few blocks per SM) strides over the array; each thread combines many
// elements in a register before the tree. Launched twice: the grid, then one block on the partials.
template <class Op, class Src, unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    reduceGridStride(const Src* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  __shared__ typename Op::Acc sh[BlockSize];
  const unsigned tid = threadIdx.x;
  const std::size_t gridSize = std::size_t(2 * BlockSize) * gridDim.x;
  typename Op::Acc v = Op::identity();
  for (std::size_t i = blockIdx.x * std::size_t(2 * BlockSize) + tid; i < n; i += gridSize) {
    v = Op::combine(v, liftTo<Op>(in[i], i));
    if (i + BlockSize < n) v = Op::combine(v, liftTo<Op>(in[i + BlockSize], i + BlockSize));
  }
  sh[tid] = v;
  __syncthreads();
  blockTreeUnrolled<Op, BlockSize>(sh, tid);
  if (tid == 0) out[blockIdx.x] = sh[0];
}

// --- Step 8: warp shuffles -------------------------------------------------------------------

// Five shuffle levels reduce a warp in registers; lane 0 ends with the warp's result.
template <class Op>
__device__ __forceinline__ typename Op::Acc warpReduceShuffle(typename Op::Acc v) {
#pragma unroll
  for (unsigned offset = 16; offset > 0; offset >>= 1) v = Op::combine(v, shuffleDown(v, offset));
  return v;
}

// Warps reduce by shuffles, warp 0 reduces the BlockSize/32 warp results. Valid in thread 0.
// The leading barrier lets a block call this several times in a row (mat3min does).
template <class Op, unsigned BlockSize>
__device__ __forceinline__ typename Op::Acc blockReduceShuffle(typename Op::Acc v) {
  static_assert(BlockSize % 32 == 0 && BlockSize <= 1024);
  __shared__ typename Op::Acc warpResults[BlockSize / 32];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warpReduceShuffle<Op>(v);
  __syncthreads();
  if (lane == 0) warpResults[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < BlockSize / 32 ? warpResults[lane] : Op::identity();
    v = warpReduceShuffle<Op>(v);
  }
  return v;
}

template <class T>
struct Vec4Of;
template <>
struct Vec4Of<float> {
  using type = float4;
};
template <>
struct Vec4Of<int> {
  using type = int4;
};

// Step 8: grid-stride over 16-byte vectors (float4 / int4: a quarter of the load instructions,
// full 128-byte lines per warp request), 4 independent vector loads in flight per thread per
// iteration (bytes in flight are what hide DRAM latency), shuffles instead of a shared tree.
// The first 0..3 elements before a 16-byte boundary and the last 0..3 are loaded as scalars.
template <class Op, unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    reduceWarpShuffle(const typename Op::In* __restrict__ in, std::size_t n, typename Op::Acc* out) {
  using T = typename Op::In;
  using V = typename Vec4Of<T>::type;
  constexpr unsigned kUnroll = 4;
  const std::size_t gtid = blockIdx.x * std::size_t(BlockSize) + threadIdx.x;
  const std::size_t threads = std::size_t(BlockSize) * gridDim.x;

  const std::size_t misalignedBytes = reinterpret_cast<std::uintptr_t>(in) % 16;
  std::size_t head = misalignedBytes ? (16 - misalignedBytes) / sizeof(T) : 0;
  head = head < n ? head : n;
  const std::size_t vecCount = (n - head) / 4;
  const std::size_t tailStart = head + 4 * vecCount;
  const V* vin = reinterpret_cast<const V*>(in + head);

  typename Op::Acc v = Op::identity();
  if (gtid < head) v = Op::lift(in[gtid], gtid);
  if (gtid < n - tailStart) v = Op::combine(v, Op::lift(in[tailStart + gtid], tailStart + gtid));

  auto add4 = [&](const V& q, std::size_t k) {
    const long long base = static_cast<long long>(head + 4 * k);
    v = Op::combine(v, Op::lift(q.x, base));
    v = Op::combine(v, Op::lift(q.y, base + 1));
    v = Op::combine(v, Op::lift(q.z, base + 2));
    v = Op::combine(v, Op::lift(q.w, base + 3));
  };
  std::size_t k = gtid;
  for (; k + (kUnroll - 1) * threads < vecCount; k += kUnroll * threads) {
    V q[kUnroll];
#pragma unroll
    for (unsigned u = 0; u < kUnroll; ++u) q[u] = vin[k + u * threads];  // all loads issued first
#pragma unroll
    for (unsigned u = 0; u < kUnroll; ++u) add4(q[u], k + u * threads);
  }
  for (; k < vecCount; k += threads) add4(vin[k], k);

  v = blockReduceShuffle<Op, BlockSize>(v);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// --- The thesis's two-kernel scheme ---------------------------------------------------------

// Kernel 1: one partial per block of BlockSize elements (one element per thread, shuffles).
template <class Op, unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    reduceBlockPartials(const typename Op::In* __restrict__ in, std::size_t n, typename Op::Acc* partials) {
  const std::size_t i = blockIdx.x * std::size_t(BlockSize) + threadIdx.x;
  typename Op::Acc v = i < n ? Op::lift(in[i], i) : Op::identity();
  v = blockReduceShuffle<Op, BlockSize>(v);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
}

// Kernel 2: ONE block loops over all `count` values and writes the total. Also the second pass
// of step 8, and of mat3min, where block b reduces segment b (in + b * count) into out[b].
template <class Op, class Src, unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    reduceTotalOneBlock(const Src* __restrict__ in, std::size_t count, typename Op::Acc* out) {
  in += blockIdx.x * count;
  typename Op::Acc v = Op::identity();
  for (std::size_t i = threadIdx.x; i < count; i += BlockSize) v = Op::combine(v, liftTo<Op>(in[i], i));
  v = blockReduceShuffle<Op, BlockSize>(v);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// --- mat3min: n 3x3 int matrices as 9 planes -> element-wise minimum --------------------------

// Each thread keeps 9 running minima; the 9 loads per iteration are 9 coalesced streams (one per
// plane) and independent, so plenty of bytes are in flight. Partials are plane-major:
// partials[e * gridDim.x + block]. Then reduceTotalOneBlock with 9 blocks finishes.
template <unsigned BlockSize>
__global__ void __launch_bounds__(BlockSize)
    mat3MinPartials(const int* __restrict__ planes, std::size_t n, int* __restrict__ partials) {
  int m[9];
#pragma unroll
  for (int e = 0; e < 9; ++e) m[e] = INT_MAX;
  const std::size_t threads = std::size_t(BlockSize) * gridDim.x;
  for (std::size_t i = blockIdx.x * std::size_t(BlockSize) + threadIdx.x; i < n; i += threads) {
#pragma unroll
    for (int e = 0; e < 9; ++e) m[e] = min(m[e], planes[e * n + i]);
  }
#pragma unroll
  for (int e = 0; e < 9; ++e) {
    const int blockMin = blockReduceShuffle<MinOp<int>, BlockSize>(m[e]);
    if (threadIdx.x == 0) partials[e * gridDim.x + blockIdx.x] = blockMin;
  }
}

}  // namespace kc::demos::gpu
