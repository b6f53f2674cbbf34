#pragma once
// SGEMM with B copied asynchronously: the register-blocked kernel (matmul_kernels.cuh) with its B tiles
// brought in by `cp.async` several tiles ahead, and a deeper k tile.
//
// The register-blocked kernel stages each next tile of A and of B through registers, with one barrier
// per 8 k. Here:
//   - B goes global -> shared by `cp.async` (Ampere and later) kStages - 1 tiles ahead of the one being
//     multiplied, without registers: B's rows are already in the layout the FMAs read;
//   - A still goes through 4 or 8 registers a thread, because it is stored transposed (As[k][m]) so that
//     a thread reads its 8 rows' values for one k as two float4 — a copy cannot transpose, and a
//     row-major A costs twice the shared loads (measured: the all-`cp.async` version with A row-major ran
//     at 74% of cuBLAS against this kernel family's 82%);
//   - kTileK = 16 halves the barriers per FMA.
#include <cstdint>

namespace kc::demos::gpu {

inline constexpr int kPipeTileM = 128, kPipeTileN = 128, kPipeThreads = 256;
inline constexpr int kPipeAPad = 4;  // As rows padded: the transposing stores spread over the banks

template <int kTileK, int kStages>
constexpr int pipelinedSharedBytes() {
  return (2 * kTileK * (kPipeTileM + kPipeAPad) + kStages * kTileK * kPipeTileN) * static_cast<int>(sizeof(float));
}

// 16 bytes global -> shared without registers; `valid` false writes zeros (the copy reads nothing).
// cp.async exists from sm_80 (Ampere). Built for an older GPU (Turing, sm_75) the copy is an ordinary
// float4 load and store: the same program points, the same barriers, the copy done when issued — so
// the kernel stays correct there and only loses the overlap.
__device__ __forceinline__ void copyAsync16(float* shared, const float* global, bool valid) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(shared));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(address), "l"(global), "r"(valid ? 16 : 0));
#else
  *reinterpret_cast<float4*>(shared) =
      valid ? *reinterpret_cast<const float4*>(global) : make_float4(0.f, 0.f, 0.f, 0.f);
#endif
}
__device__ __forceinline__ void commitCopies() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}
template <int kPending>
__device__ __forceinline__ void waitCopies() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending));
#endif
}

// Needs K % 4 == 0, N % 4 == 0 and 16-byte-aligned A, B, C (every row's float4s aligned); any M, N, K
// otherwise (loads and copies past an edge give zeros, stores past an edge are skipped). Launched with
// kPipeThreads threads, a (ceil(N/128), ceil(M/128)) grid and pipelinedSharedBytes() of dynamic shared
// memory. Thread (ty, tx) = (tid / 16, tid % 16) owns the register-blocked kernel's 8x8 outputs.
// kMinBlocks: blocks per SM the registers are cut for (2: at most 128 a thread; 1: as many as needed).
template <int kTileK, int kStages, int kMinBlocks>
__global__ void __launch_bounds__(kPipeThreads, kMinBlocks)
    matmulPipelined(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M, int N,
                    int K) {
  static_assert(kTileK == 8 || kTileK == 16, "one or two float4 of A and of B per thread and tile");
  static_assert(kStages >= 2, "at least one B tile in flight while one is multiplied");
  constexpr int BM = kPipeTileM, BN = kPipeTileN, BK = kTileK, AStride = BM + kPipeAPad;
  constexpr int kLoads = BM * BK / 4 / kPipeThreads;  // float4 per thread per tile, A and B alike
  extern __shared__ __align__(16) float pipeShared[];
  float* const aTiles = pipeShared;                     // [2][BK][AStride], transposed
  float* const bTiles = pipeShared + 2 * BK * AStride;  // [kStages][BK][BN]

  const int tid = threadIdx.x;
  const int rowBlock = blockIdx.y * BM, colBlock = blockIdx.x * BN;

  // What this thread loads, fixed for the whole k loop; only the k offset moves from tile to tile.
  // A: row c / (BK / 4), k (c % (BK / 4)) * 4. B: k row c / 32, columns (c % 32) * 4.
  int aK[kLoads], bK[kLoads], aShared[kLoads], bShared[kLoads];
  const float* aSource[kLoads];
  const float* bSource[kLoads];
  bool aRowInside[kLoads], bColumnInside[kLoads];
#pragma unroll
  for (int j = 0; j < kLoads; ++j) {
    const int c = tid + j * kPipeThreads;
    const int aRow = c / (BK / 4);
    aK[j] = (c % (BK / 4)) * 4;
    aRowInside[j] = rowBlock + aRow < M;
    aSource[j] = A + static_cast<std::size_t>(aRowInside[j] ? rowBlock + aRow : 0) * K + aK[j];
    aShared[j] = aK[j] * AStride + aRow;
    bK[j] = c / (BN / 4);
    const int bColumn = (c % (BN / 4)) * 4;
    bColumnInside[j] = colBlock + bColumn < N;
    bSource[j] = B + static_cast<std::size_t>(bK[j]) * N + (bColumnInside[j] ? colBlock + bColumn : 0);
    bShared[j] = bK[j] * BN + bColumn;
  }
  float4 aStaged[kLoads];
  auto loadA = [&](int kt) {  // global -> registers; in flight while the current tile is multiplied
    const int k0 = kt * BK;
#pragma unroll
    for (int j = 0; j < kLoads; ++j)
      aStaged[j] = aRowInside[j] && k0 + aK[j] < K ? *reinterpret_cast<const float4*>(aSource[j] + k0)
                                                   : make_float4(0.f, 0.f, 0.f, 0.f);
  };
  auto storeA = [&](int buffer) {  // registers -> shared, transposed
    float* as = aTiles + buffer * BK * AStride;
#pragma unroll
    for (int j = 0; j < kLoads; ++j) {
      as[aShared[j]] = aStaged[j].x;
      as[aShared[j] + AStride] = aStaged[j].y;
      as[aShared[j] + 2 * AStride] = aStaged[j].z;
      as[aShared[j] + 3 * AStride] = aStaged[j].w;
    }
  };
  auto copyB = [&](int stage, int kt) {  // global -> shared, no registers
    const int k0 = kt * BK;
    float* bs = bTiles + stage * BK * BN;
#pragma unroll
    for (int j = 0; j < kLoads; ++j) {
      const bool valid = bColumnInside[j] && k0 + bK[j] < K;
      copyAsync16(bs + bShared[j], valid ? bSource[j] + static_cast<std::size_t>(k0) * N : B, valid);
    }
  };

  const int ty = tid / 16, tx = tid % 16;
  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;

  const int tiles = (K + BK - 1) / BK;
  loadA(0);
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < tiles) copyB(s, s);
    commitCopies();  // an empty group where there is no tile: one group per tile keeps the count below
  }
  storeA(0);
  for (int kt = 0; kt < tiles; ++kt) {
    waitCopies<kStages - 2>();  // B tile kt has landed (this thread's copies) ...
    __syncthreads();            // ... everyone's, A tile kt is stored, and the stages refilled next are free
    if (kt + kStages - 1 < tiles) copyB((kt + kStages - 1) % kStages, kt + kStages - 1);
    commitCopies();
    const bool hasNext = kt + 1 < tiles;
    if (hasNext) loadA(kt + 1);

    const float* as = aTiles + (kt & 1) * BK * AStride;
    const float* bs = bTiles + (kt % kStages) * BK * BN;
    // Unrolled 8 k at a time: a whole 16-k tile unrolled lets the compiler hoist too many shared loads
    // ahead of the FMAs and spill under the 128-register cap.
#pragma unroll 8
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(as + k * AStride + ty * 4);
      const float4 a1 = *reinterpret_cast<const float4*>(as + k * AStride + 64 + ty * 4);
      const float4 b0 = *reinterpret_cast<const float4*>(bs + k * BN + tx * 4);
      const float4 b1 = *reinterpret_cast<const float4*>(bs + k * BN + 64 + tx * 4);
      const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    // The other A buffer was last read in iteration kt - 1, which every thread finished before this
    // iteration's barrier.
    if (hasNext) storeA((kt + 1) & 1);
  }
  waitCopies<0>();  // no copy may still be writing shared memory when the block exits

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBlock + (i < 4 ? ty * 4 + i : 64 + ty * 4 + (i - 4));
    if (row >= M) continue;
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      const int col = colBlock + half * 64 + tx * 4;
      if (col < N)  // N % 4 == 0: col < N means col + 3 < N
        *reinterpret_cast<float4*>(C + static_cast<std::size_t>(row) * N + col) =
            make_float4(acc[i][half * 4], acc[i][half * 4 + 1], acc[i][half * 4 + 2], acc[i][half * 4 + 3]);
    }
  }
}

}  // namespace kc::demos::gpu
