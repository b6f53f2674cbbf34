#pragma once
// The matmul kernels in teaching order. Row-major C = A * B, A MxK, B KxN; any M, N, K >= 1:
// loads past an edge read 0 (which adds nothing), stores past an edge are skipped.
// int32 multiplies and adds in uint32 (wrap-around modulo 2^32, defined in C++), float in fp32 FMA.
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace kc::demos::gpu {

template <class T>
using MatAcc = std::conditional_t<std::is_integral_v<T>, unsigned, float>;

template <class T>
__device__ __forceinline__ MatAcc<T> mulAdd(MatAcc<T> acc, T a, T b) {
  if constexpr (std::is_integral_v<T>) return acc + static_cast<unsigned>(a) * static_cast<unsigned>(b);
  else return fmaf(a, b, acc);
}

__device__ __forceinline__ std::size_t at(int row, int col, int ld) { return static_cast<std::size_t>(row) * ld + col; }

// Naive: one thread per C element; launched with 32x8 blocks so a warp covers 32 consecutive
// columns (coalesced B loads, one broadcast A load). Every operand comes from L2/DRAM.
template <class T>
__global__ void matmulNaive(const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  MatAcc<T> acc = 0;
  for (int k = 0; k < K; ++k) acc = mulAdd<T>(acc, A[at(row, k, K)], B[at(k, col, N)]);
  C[at(row, col, N)] = static_cast<T>(acc);
}

// Tiled: a TILE x TILE block loads one tile of A and one of B into shared memory per step, then
// every thread runs TILE multiply-adds from shared memory: global traffic drops by TILE.
template <class T, int TILE>
__global__ void __launch_bounds__(TILE* TILE)
    matmulTiled(const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C, int M, int N, int K) {
  __shared__ T As[TILE][TILE];
  __shared__ T Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  MatAcc<T> acc = 0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[at(row, k0 + tx, K)] : T(0);
    Bs[ty][tx] = (k0 + ty < K && col < N) ? B[at(k0 + ty, col, N)] : T(0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = mulAdd<T>(acc, As[ty][k], Bs[k][tx]);
    __syncthreads();
  }
  if (row < M && col < N) C[at(row, col, N)] = static_cast<T>(acc);
}

// Thread granularity x4: a 16x16 block computes a 16x64 tile of C; thread (ty, tx) owns columns
// tx, tx+16, tx+32, tx+48 of row ty. The A value As[ty][k] is loaded once and used 4 times.
template <class T>
__global__ void __launch_bounds__(256)
    matmulCoarsened4(const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C, int M, int N, int K) {
  constexpr int TILE = 16, COARSE = 4;
  __shared__ T As[TILE][TILE];
  __shared__ T Bs[TILE][TILE * COARSE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int colBase = blockIdx.x * TILE * COARSE + tx;
  MatAcc<T> acc[COARSE] = {};
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[at(row, k0 + tx, K)] : T(0);
#pragma unroll
    for (int c = 0; c < COARSE; ++c) {
      const int col = colBase + c * TILE;
      Bs[ty][tx + c * TILE] = (k0 + ty < K && col < N) ? B[at(k0 + ty, col, N)] : T(0);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) {
      const T a = As[ty][k];
#pragma unroll
      for (int c = 0; c < COARSE; ++c) acc[c] = mulAdd<T>(acc[c], a, Bs[k][tx + c * TILE]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int c = 0; c < COARSE; ++c) {
    const int col = colBase + c * TILE;
    if (row < M && col < N) C[at(row, col, N)] = static_cast<T>(acc[c]);
  }
}

// --- Register-blocked SGEMM ---------------------------------------------------------------------
template <class T>
struct Vec4Type;
template <>
struct Vec4Type<float> {
  using type = float4;
};
template <>
struct Vec4Type<int> {
  using type = int4;
};

inline constexpr int kRbTileM = 128, kRbTileN = 128, kRbTileK = 8, kRbThreads = 256;

// 256 threads compute a 128x128 tile of C; thread (ty, tx) = (tid / 16, tid % 16) owns the 8x8
// outputs in rows {ty*4 + i, 64 + ty*4 + i} and columns {tx*4 + j, 64 + tx*4 + j} (i, j < 4):
// the two halves 64 apart keep its float4 shared-memory reads conflict-free. Per k step a thread
// loads 2+2 float4 (16 values) for 64 FMAs. A is stored transposed (As[k][m], rows padded by 4
// so the transposing stores do not collide on banks) to make its reads float4 too. Two shared
// buffers: the next tile's global loads are issued before this tile's math and stored after
// it, so one __syncthreads() per k step suffices. `vecA/vecB/vecC` (rows a multiple of 4 long,
// 16-byte aligned) allow 16-byte global accesses; otherwise predicated scalar ones are used.
// __launch_bounds__(256, 2): at most 128 registers, two blocks (16 warps) per SM.
template <class T>
__global__ void __launch_bounds__(kRbThreads, 2)
    matmulRegisterBlocked(const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C, int M, int N, int K,
                          bool vecA, bool vecB, bool vecC) {
  using V = typename Vec4Type<T>::type;
  constexpr int BM = kRbTileM, BN = kRbTileN, BK = kRbTileK, APad = 4;
  __shared__ __align__(16) T As[2][BK][BM + APad];
  __shared__ __align__(16) T Bs[2][BK][BN];

  const int tid = threadIdx.x;
  const int rowBlock = blockIdx.y * BM, colBlock = blockIdx.x * BN;
  // Global -> shared loaders: A tile 128 rows x 8 k (each thread 4 k of one row),
  // B tile 8 k x 128 columns (each thread 4 columns of one k row).
  const int aRow = tid / 2, aK = (tid % 2) * 4;
  const int bK = tid / 32, bCol = (tid % 32) * 4;
  T aReg[4], bReg[4];

  auto loadA = [&](int k0) {
    const int r = rowBlock + aRow, k = k0 + aK;
    if (vecA && r < M && k < K) {  // K % 4 == 0 here, so k < K means k + 3 < K
      const V v = *reinterpret_cast<const V*>(A + at(r, k, K));
      aReg[0] = v.x;
      aReg[1] = v.y;
      aReg[2] = v.z;
      aReg[3] = v.w;
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j) aReg[j] = (r < M && k + j < K) ? A[at(r, k + j, K)] : T(0);
    }
  };
  auto loadB = [&](int k0) {
    const int k = k0 + bK, c = colBlock + bCol;
    if (vecB && k < K && c < N) {  // N % 4 == 0 here, so c < N means c + 3 < N
      const V v = *reinterpret_cast<const V*>(B + at(k, c, N));
      bReg[0] = v.x;
      bReg[1] = v.y;
      bReg[2] = v.z;
      bReg[3] = v.w;
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j) bReg[j] = (k < K && c + j < N) ? B[at(k, c + j, N)] : T(0);
    }
  };
  auto storeTiles = [&](int buf) {
#pragma unroll
    for (int j = 0; j < 4; ++j) As[buf][aK + j][aRow] = aReg[j];
    V b;
    b.x = bReg[0];
    b.y = bReg[1];
    b.z = bReg[2];
    b.w = bReg[3];
    *reinterpret_cast<V*>(&Bs[buf][bK][bCol]) = b;
  };

  const int ty = tid / 16, tx = tid % 16;
  MatAcc<T> acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0;

  loadA(0);
  loadB(0);
  storeTiles(0);
  __syncthreads();
  int buf = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    const bool hasNext = k0 + BK < K;
    if (hasNext) {  // in flight while the FMAs below run
      loadA(k0 + BK);
      loadB(k0 + BK);
    }
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const V a0 = *reinterpret_cast<const V*>(&As[buf][k][ty * 4]);
      const V a1 = *reinterpret_cast<const V*>(&As[buf][k][64 + ty * 4]);
      const V b0 = *reinterpret_cast<const V*>(&Bs[buf][k][tx * 4]);
      const V b1 = *reinterpret_cast<const V*>(&Bs[buf][k][64 + tx * 4]);
      const T a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const T b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = mulAdd<T>(acc[i][j], a[i], b[j]);
    }
    if (hasNext) storeTiles(buf ^ 1);  // the other buffer: nobody reads it until the barrier
    __syncthreads();
    buf ^= 1;
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBlock + (i < 4 ? ty * 4 + i : 64 + ty * 4 + (i - 4));
    if (row >= M) continue;
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      const int col = colBlock + half * 64 + tx * 4;
      const MatAcc<T>* out = &acc[i][half * 4];
      if (vecC && col < N) {
        V v;
        v.x = static_cast<T>(out[0]);
        v.y = static_cast<T>(out[1]);
        v.z = static_cast<T>(out[2]);
        v.w = static_cast<T>(out[3]);
        *reinterpret_cast<V*>(C + at(row, col, N)) = v;
      } else {
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (col + j < N) C[at(row, col + j, N)] = static_cast<T>(out[j]);
      }
    }
  }
}

}  // namespace kc::demos::gpu
