// General (2D) gray convolution for small kernels (3x3, 5x5, 7x7), streamed through registers.
//
// The shared-memory tile kernel (convolution.cu) converts every input byte into a float tile, then
// reads each value back once per tap through the load/store unit: at 3x3 that is ~4 shared loads and
// the tile's stores per output, and the tile must be complete (__syncthreads) before any output. Here
// nothing goes through shared memory:
//   1. a warp owns 128 output columns (4 per lane, one 32-bit word) and kRows output rows; each lane
//      loads its word of every input row it needs (kRows + 2R rows), all before the first is used,
//      so a lane has kRows + 2R loads in flight (latency, not bandwidth, limits a lone load);
//   2. the R pixels left and right of a lane's word come from its neighbours' registers by warp
//      shuffles; lanes 0 and 31 load the one word beyond the warp's span themselves;
//   3. each input row is converted to float once, when the output row that first needs it comes up,
//      and kept in a ring of 2R + 1 converted rows (registers: the loops are unrolled, so the ring's
//      rotation is only register renaming);
//   4. each output is the CPU reference's sum in its order (kx outer, ky inner, fmaf, taps from the
//      constant bank), so the result is the reference's bit for bit; 4 outputs leave as one 32-bit store.
#include "gpu/image/convolution_stream_gray.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarpsPerBlock = 4;
constexpr int kWarpColumns = 4 * kLanes;  // output columns per warp

// One input row's pixels as floats for a lane: R from the left neighbour's word, its own 4, R from the
// right neighbour's (lanes 0 and 31 take the word beyond the warp's span that they loaded themselves).
template <int R>
__device__ __forceinline__ void convertRow(std::uint32_t word, std::uint32_t edgeWord, int lane,
                                           float (&v)[4 + 2 * R]) {
  std::uint32_t left = __shfl_up_sync(0xffffffffu, word, 1);
  std::uint32_t right = __shfl_down_sync(0xffffffffu, word, 1);
  if (lane == 0) left = edgeWord;
  if (lane == kLanes - 1) right = edgeWord;
#pragma unroll
  for (int i = 0; i < R; ++i) v[i] = byteToFloat(left, 4 - R + i);
#pragma unroll
  for (int i = 0; i < 4; ++i) v[R + i] = byteToFloat(word, i);
#pragma unroll
  for (int i = 0; i < R; ++i) v[R + 4 + i] = byteToFloat(right, i);
}

template <int R, int kRows>
__global__ void __launch_bounds__(kLanes* kWarpsPerBlock)
    generalGrayStreamKernel(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                            const __grid_constant__ FilterTaps taps) {
  constexpr int kTaps = 2 * R + 1;
  constexpr int kInputRows = kRows + 2 * R;
  constexpr int kSpan = 4 + 2 * R;  // converted pixels a lane needs per row: R, its 4, R
  static_assert(R >= 1 && R <= 4, "one neighbouring word per side holds the halo up to R = 4");

  const int lane = threadIdx.x;
  const int y0 = (static_cast<int>(blockIdx.y) * kWarpsPerBlock + static_cast<int>(threadIdx.y)) * kRows;
  if (y0 >= out.height) return;  // the same for the whole warp: the shuffles below see all lanes
  const int warpX = static_cast<int>(blockIdx.x) * kWarpColumns;
  const int x = warpX + 4 * lane;
  const bool edgeLane = lane == 0 || lane == kLanes - 1;
  const int edgeX = lane == 0 ? warpX - 4 : warpX + kWarpColumns;

  // 1. Every input row's word (and the edge lanes' extra word), loaded before any is used. Inside the
  //    image (every warp but those on its border) the addresses need no border rule and no branch,
  //    so the compiler issues all 2 (kRows + 2R) loads back to back; lanes 1..30 load their own word
  //    again as their "edge" word (same cache line: no extra traffic, no divergence). On the border,
  //    rows and columns resolve through the border rule; a Zero-border row reads as zeros.
  std::uint32_t words[kInputRows], edge[kInputRows];
  const bool inside = warpX >= 4 && warpX + kWarpColumns + 4 <= in.width && y0 >= R && y0 + kRows + R <= in.height;
  if (inside) {
    const std::uint8_t* top = in.row(y0 - R);
    const int ownOrEdgeX = edgeLane ? edgeX : x;
#pragma unroll
    for (int m = 0; m < kInputRows; ++m) {
      const std::uint8_t* row = top + static_cast<std::size_t>(m) * in.pitch;
      words[m] = __ldg(reinterpret_cast<const unsigned int*>(row + x));
      edge[m] = __ldg(reinterpret_cast<const unsigned int*>(row + ownOrEdgeX));
    }
  } else {
#pragma unroll
    for (int m = 0; m < kInputRows; ++m) {
      const int gy = borderIndex(y0 - R + m, in.height, border);
      const std::uint8_t* row = gy < 0 ? nullptr : in.row(gy);
      words[m] = fetchGrayWord(row, x, in.width, border);
      edge[m] = edgeLane ? fetchGrayWord(row, edgeX, in.width, border) : 0u;
    }
  }

  // 2.-3. Row m converted: v[m][c] is image column x - R + c.
  float v[kInputRows][kSpan];
#pragma unroll
  for (int m = 0; m < 2 * R; ++m) convertRow<R>(words[m], edge[m], lane, v[m]);

#pragma unroll
  for (int j = 0; j < kRows; ++j) {
    convertRow<R>(words[j + 2 * R], edge[j + 2 * R], lane, v[j + 2 * R]);
    // 4. Output row y0 + j, pixels x .. x + 3: the reference's operations in its order.
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
    if (y < out.height && x < out.width) {
      std::uint8_t* row = out.row(y);
      if (x + 4 <= out.width) {
        *reinterpret_cast<std::uint32_t*>(row + x) = packed;
      } else {
        for (int i = 0; x + i < out.width; ++i) row[x + i] = static_cast<std::uint8_t>(packed >> (8 * i));
      }
    }
  }
}

// Rows per warp: as many as keep >= kWarpsWanted warps in the grid (4096: about 30 per SM on 132 SMs,
// enough loads in flight to cover memory latency); more rows per warp re-load fewer halo rows (2R per
// kRows). Overridable at build time for the bench's A/B runs.
#ifndef KC_CONV_STREAM_WARPS_WANTED
#define KC_CONV_STREAM_WARPS_WANTED 4096
#endif
constexpr int kWarpsWanted = KC_CONV_STREAM_WARPS_WANTED;

template <int kRows>
long long warpCount(int width, int height) {
  return static_cast<long long>((width + kWarpColumns - 1) / kWarpColumns) * ((height + kRows - 1) / kRows);
}

template <int R, int kRows>
void launch(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border, const FilterTaps& taps,
            cudaStream_t stream) {
  const int warpRows = (in.height + kRows - 1) / kRows;
  const dim3 grid((in.width + kWarpColumns - 1) / kWarpColumns, (warpRows + kWarpsPerBlock - 1) / kWarpsPerBlock);
  generalGrayStreamKernel<R, kRows><<<grid, dim3(kLanes, kWarpsPerBlock), 0, stream>>>(in, out, border, taps);
  KC_CUDA_CHECK_LAUNCH("generalGrayStreamKernel");
}

template <int R>
void launchForSize(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                   const FilterTaps& taps, cudaStream_t stream) {
  if (warpCount<16>(in.width, in.height) >= kWarpsWanted) return launch<R, 16>(in, out, border, taps, stream);
  if (warpCount<8>(in.width, in.height) >= kWarpsWanted) return launch<R, 8>(in, out, border, taps, stream);
  launch<R, 4>(in, out, border, taps, stream);
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
