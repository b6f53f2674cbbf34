// General (2D) gray convolution for small kernels (3x3, 5x5, 7x7), streamed through registers.
//
// The shared-memory tile kernel (convolution.cu) converts every input byte into a float tile, then
// reads each value back once per tap through the load/store unit: at 3x3 that is ~4 shared loads and
// the tile's stores per output, and the tile must be complete (__syncthreads) before any output. Here
// nothing goes through shared memory:
//   1. a warp owns 120 output columns (4 per lane, one 32-bit word) and walks down a strip of rows in
//      chunks of 8; each lane loads its word of every input row a chunk needs (8 + 2R rows), and
//      issues the next chunk's loads before computing the current one, so memory and arithmetic
//      overlap inside every warp (latency, not bandwidth, limits a lone load);
//   2. the R pixels left and right of a lane's word come from its neighbours' registers by warp
//      shuffles; lanes 0 and 31 only lend their words (30 of 32 lanes output, no extra loads);
//   3. each input row is converted to float once, when the output row that first needs it comes up,
//      and kept in a ring of 2R + 1 converted rows (registers: the loops are unrolled, so the ring's
//      rotation is only register renaming);
//   4. each output is the CPU reference's sum in its order (kx outer, ky inner, fmaf, taps from the
//      constant bank), so the result is the reference's bit for bit; 4 outputs leave as one 32-bit store.
#include "gpu/image/convolution_stream_gray.cuh"

#include <algorithm>

#include "gpu/core/cuda_check.cuh"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarpsPerBlock = 4;
constexpr int kWarpColumns = 4 * (kLanes - 2);  // output columns per warp: lanes 0 and 31 only lend

// One input row's pixels as floats for a lane: R from the left neighbour's word, its own 4, R from the
// right neighbour's (lanes 0 and 31 get no neighbour on one side: they only lend their word).
template <int R>
__device__ __forceinline__ void convertRow(std::uint32_t word, float (&v)[4 + 2 * R]) {
  const std::uint32_t left = __shfl_up_sync(0xffffffffu, word, 1);
  const std::uint32_t right = __shfl_down_sync(0xffffffffu, word, 1);
#pragma unroll
  for (int i = 0; i < R; ++i) v[i] = byteToFloat(left, 4 - R + i);
#pragma unroll
  for (int i = 0; i < 4; ++i) v[R + i] = byteToFloat(word, i);
#pragma unroll
  for (int i = 0; i < R; ++i) v[R + 4 + i] = byteToFloat(right, i);
}

// kCount rows' words for a lane, from image row firstRow on (rows outside the image through the border
// rule). Inside the image the addresses need no border rule and no branch, so the compiler issues the
// kCount loads back to back and nothing waits for them until a register is read. On the border each
// word resolves byte by byte (a branchy path that serialises its loads; few warps take it).
template <int kCount>
__device__ __forceinline__ void loadRows(ConstImageView<std::uint8_t> in, BorderMode border, int firstRow,
                                         bool insideColumns, int x, std::uint32_t (&words)[kCount]) {
  if (insideColumns && firstRow >= 0 && firstRow + kCount <= in.height) {
    const std::uint8_t* top = in.row(firstRow) + x;
#pragma unroll
    for (int m = 0; m < kCount; ++m)
      words[m] = __ldg(reinterpret_cast<const unsigned int*>(top + static_cast<std::size_t>(m) * in.pitch));
  } else {
#pragma unroll
    for (int m = 0; m < kCount; ++m) {
      const int gy = borderIndex(firstRow + m, in.height, border);
      words[m] = fetchGrayWord(gy < 0 ? nullptr : in.row(gy), x, in.width, border);
    }
  }
}

constexpr int kChunkRows = 8;  // output rows computed from one set of loaded words

// Output rows y0 .. y0 + kChunkRows - 1 from the words of input rows y0 - R .. y0 + kChunkRows - 1 + R.
template <int R>
__device__ __forceinline__ void computeChunk(const std::uint32_t (&words)[kChunkRows + 2 * R], bool storing,
                                             const FilterTaps& taps, ImageView<std::uint8_t> out, int x, int y0) {
  constexpr int kTaps = 2 * R + 1;
  constexpr int kSpan = 4 + 2 * R;  // converted pixels a lane needs per row: R, its 4, R
  // Row m converted: v[m][c] is image column x - R + c; converted when the first output row needing it
  // comes up (a ring of 2R + 1 live rows: unrolled, its rotation is register renaming).
  float v[kChunkRows + 2 * R][kSpan];
#pragma unroll
  for (int m = 0; m < 2 * R; ++m) convertRow<R>(words[m], v[m]);
#pragma unroll
  for (int j = 0; j < kChunkRows; ++j) {
    convertRow<R>(words[j + 2 * R], v[j + 2 * R]);
    // Output row y0 + j, pixels x .. x + 3: the reference's operations in its order.
    std::uint32_t packed = 0u;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      float acc = 0.f;
#pragma unroll
      for (int kx = 0; kx < kTaps; ++kx)
#pragma unroll
        for (int ky = 0; ky < kTaps; ++ky) acc = fmaf(taps.w[ky * kTaps + kx], v[j + ky][i + kx], acc);
      packed |= floatToByteBits(acc) << (8 * i);
    }
    const int y = y0 + j;
    if (storing && y < out.height && x < out.width) {
      std::uint8_t* row = out.row(y);
      if (x + 4 <= out.width) {
        *reinterpret_cast<std::uint32_t*>(row + x) = packed;
      } else {
        for (int i = 0; x + i < out.width; ++i) row[x + i] = static_cast<std::uint8_t>(packed >> (8 * i));
      }
    }
  }
}

// A warp walks down a strip of `chunks` x 8 output rows of its 128 columns. Before computing a chunk it
// issues the loads of the next chunk's rows, so each warp keeps memory busy while it computes, and the
// grid is sized to be resident in one wave (no "all load, then all compute" phases, no half-empty tail).
// Blocks per SM the registers must allow: 6 at 3x3 (24 warps, <= 85 registers), 4 at 5x5, 3 at 7x7.
template <int R>
__global__ void __launch_bounds__(kLanes* kWarpsPerBlock, R == 1 ? 6 : R == 2 ? 4 : 3)
    generalGrayStreamKernel(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                            int chunks, const __grid_constant__ FilterTaps taps) {
  static_assert(R >= 1 && R <= 4, "one neighbouring word per side holds the halo up to R = 4");
  constexpr int kInputRows = kChunkRows + 2 * R;
  const int lane = threadIdx.x;
  const int warpIndex = static_cast<int>(blockIdx.y) * kWarpsPerBlock + static_cast<int>(threadIdx.y);
  int y0 = warpIndex * chunks * kChunkRows;
  if (y0 >= out.height) return;  // the same for the whole warp: the shuffles see all lanes
  const int firstLaneX = static_cast<int>(blockIdx.x) * kWarpColumns - 4;  // lane 0 lends, lanes 1..30 output
  const int x = firstLaneX + 4 * lane;
  const bool storing = lane >= 1 && lane <= kLanes - 2;
  const bool insideColumns = firstLaneX >= 0 && firstLaneX + 4 * kLanes <= in.width;

  std::uint32_t words[kInputRows];
  loadRows<kInputRows>(in, border, y0 - R, insideColumns, x, words);
#pragma unroll 1
  for (int c = 0; c < chunks && y0 < out.height; ++c, y0 += kChunkRows) {
    std::uint32_t next[kChunkRows] = {};
    if (c + 1 < chunks && y0 + kChunkRows < out.height)
      loadRows<kChunkRows>(in, border, y0 + kChunkRows + R, insideColumns, x, next);
    computeChunk<R>(words, storing, taps, out, x, y0);
#pragma unroll
    for (int m = 0; m < 2 * R; ++m) words[m] = words[kChunkRows + m];
#pragma unroll
    for (int m = 0; m < kChunkRows; ++m) words[2 * R + m] = next[m];
  }
}

// Warps in the grid: about one resident wave (132 SMs x ~21 warps on an H100/H200 at this kernel's
// registers); an image with more 8-row chunks than that gives each warp several, walked in turn.
// Overridable at build time for the bench's A/B runs.
#ifndef KC_CONV_STREAM_WARPS_WANTED
#define KC_CONV_STREAM_WARPS_WANTED 2816
#endif
constexpr long long kWarpsWanted = KC_CONV_STREAM_WARPS_WANTED;

template <int R>
void launchForSize(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                   const FilterTaps& taps, cudaStream_t stream) {
  const long long spans = (in.width + kWarpColumns - 1) / kWarpColumns;
  const long long chunkRows = (in.height + kChunkRows - 1) / kChunkRows;
  const int chunks = static_cast<int>(std::max(1LL, (spans * chunkRows + kWarpsWanted - 1) / kWarpsWanted));
  const long long warpRows = (chunkRows + chunks - 1) / chunks;
  const dim3 grid(static_cast<unsigned>(spans), static_cast<unsigned>((warpRows + kWarpsPerBlock - 1) / kWarpsPerBlock));
  generalGrayStreamKernel<R><<<grid, dim3(kLanes, kWarpsPerBlock), 0, stream>>>(in, out, border, chunks, taps);
  KC_CUDA_CHECK_LAUNCH("generalGrayStreamKernel");
}

}  // namespace

bool launchGeneralGrayStream(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                             int radius, const FilterTaps& taps, cudaStream_t stream) {
  if (!rowsAligned4(in) || !rowsAligned4(out)) return false;
  switch (radius) {
    case 1: launchForSize<1>(in, out, border, taps, stream); return true;
    case 2: launchForSize<2>(in, out, border, taps, stream); return true;
    case 3: launchForSize<3>(in, out, border, taps, stream); return true;
    default: return false;
  }
}

}  // namespace kc::conv_detail
