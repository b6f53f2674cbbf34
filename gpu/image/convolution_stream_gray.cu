// General (2D) gray convolution for small kernels (3x3, 5x5, 7x7), streamed through registers.
//
// The shared-memory tile kernel (convolution.cu) converts every input byte into a float tile, then
// reads each value back once per tap through the load/store unit: at 3x3 that is ~4 shared loads and
// the tile's stores per output, and the tile must be complete (__syncthreads) before any output. Here
// nothing goes through shared memory:
//   1. a warp owns 32 * kPx output columns (kPx = 4 or 8 per lane: one 32-bit or one 64-bit word) and
//      kRows output rows; each lane loads its word of every input row it needs (kRows + 2R rows), all
//      before the first is used, so a lane has kRows + 2R loads in flight (latency, not bandwidth,
//      limits a lone load);
//   2. the R pixels left and right of a lane's word come from its neighbours' registers by warp
//      shuffles; lanes 0 and 31 load the one word beyond the warp's span themselves;
//   3. each input row is converted to float once, when the output row that first needs it comes up,
//      and kept in a ring of 2R + 1 converted rows (registers: the loops are unrolled, so the ring's
//      rotation is only register renaming);
//   4. each output is the CPU reference's sum in its order (kx outer, ky inner, fmaf, taps from the
//      constant bank), so the result is the reference's bit for bit; its byte is made by clamp + add
//      (or one cvt.rni.sat: kByCvt), four bytes go into a word by three PRMTs, and a lane's kPx outputs
//      leave as one store. Every index into a lane's arrays is a compile-time constant, so they all
//      stay in registers (a runtime index in the right-edge store once put the packed words in local memory).
// Which shape (rows per warp, pixels per lane) is fastest depends on the GPU's latency and register
// file; every shape is instantiated so that the bench can sweep them (`--only conv-shapes`) and the
// tests can check each one; convolveAsync takes the one the sweep chose (defaultShape below).
#include "gpu/image/convolution_stream_gray.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarpsPerBlock = 4;

// A lane's own pixels of one input row: kPx / 4 32-bit words, loaded as one 4- or 8-byte access.
template <int kPx>
struct LaneWords {
  static_assert(kPx == 4 || kPx == 8, "a lane loads one 32-bit or one 64-bit word per row");
  static constexpr int kWords = kPx / 4;
  std::uint32_t w[kWords];
  __device__ __forceinline__ void load(const std::uint8_t* p) {
    if constexpr (kPx == 4) {
      w[0] = __ldg(reinterpret_cast<const unsigned int*>(p));
    } else {
      const uint2 v = __ldg(reinterpret_cast<const uint2*>(p));
      w[0] = v.x;
      w[1] = v.y;
    }
  }
  __device__ __forceinline__ void fetch(const std::uint8_t* row, int x, int width, BorderMode border) {
#pragma unroll
    for (int q = 0; q < kWords; ++q) w[q] = fetchGrayWord(row, x + 4 * q, width, border);
  }
  __device__ __forceinline__ void store(std::uint8_t* p) const {
    if constexpr (kPx == 4) *reinterpret_cast<std::uint32_t*>(p) = w[0];
    else *reinterpret_cast<uint2*>(p) = make_uint2(w[0], w[1]);
  }
};

// One input row's pixels as floats for a lane: R from the left neighbour's last word, its own kPx, R
// from the right neighbour's first word (lanes 0 and 31 take the word beyond the warp's span that they
// loaded themselves).
template <int R, int kPx>
__device__ __forceinline__ void convertRow(const LaneWords<kPx>& own, std::uint32_t edgeWord, int lane,
                                           float (&v)[kPx + 2 * R]) {
  constexpr int kWords = LaneWords<kPx>::kWords;
  std::uint32_t left = __shfl_up_sync(0xffffffffu, own.w[kWords - 1], 1);
  std::uint32_t right = __shfl_down_sync(0xffffffffu, own.w[0], 1);
  if (lane == 0) left = edgeWord;
  if (lane == kLanes - 1) right = edgeWord;
#pragma unroll
  for (int i = 0; i < R; ++i) v[i] = byteToFloat(left, 4 - R + i);
#pragma unroll
  for (int i = 0; i < kPx; ++i) v[R + i] = byteToFloat(own.w[i / 4], i % 4);
#pragma unroll
  for (int i = 0; i < R; ++i) v[R + kPx + i] = byteToFloat(right, i);
}

template <int R, int kRows, int kPx, bool kByCvt>
__global__ void __launch_bounds__(kLanes* kWarpsPerBlock)
    generalGrayStreamKernel(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                            const __grid_constant__ FilterTaps taps) {
  constexpr int kTaps = 2 * R + 1;
  constexpr int kInputRows = kRows + 2 * R;
  constexpr int kSpan = kPx + 2 * R;  // converted pixels a lane needs per row: R, its kPx, R
  constexpr int kWarpColumns = kPx * kLanes;
  static_assert(R >= 1 && R <= 4, "one neighbouring word per side holds the halo up to R = 4");

  const int lane = threadIdx.x;
  const int y0 = (static_cast<int>(blockIdx.y) * kWarpsPerBlock + static_cast<int>(threadIdx.y)) * kRows;
  if (y0 >= out.height) return;  // the same for the whole warp: the shuffles below see all lanes
  const int warpX = static_cast<int>(blockIdx.x) * kWarpColumns;
  const int x = warpX + kPx * lane;
  const bool edgeLane = lane == 0 || lane == kLanes - 1;
  const int edgeX = lane == 0 ? warpX - 4 : warpX + kWarpColumns;

  // 1. Every input row's word (and the edge lanes' extra word), loaded before any is used. Inside the
  //    image (every warp but those on its border) the addresses need no border rule and no branch,
  //    so the compiler issues all 2 (kRows + 2R) loads back to back; lanes 1..30 load their own first
  //    word again as their "edge" word (same cache line: no extra traffic, no divergence). On the
  //    border, rows and columns resolve through the border rule; a Zero-border row reads as zeros.
  LaneWords<kPx> words[kInputRows];
  std::uint32_t edge[kInputRows];
  const bool inside = warpX >= 4 && warpX + kWarpColumns + 4 <= in.width && y0 >= R && y0 + kRows + R <= in.height;
  if (inside) {
    const std::uint8_t* top = in.row(y0 - R);
    const int ownOrEdgeX = edgeLane ? edgeX : x;
#pragma unroll
    for (int m = 0; m < kInputRows; ++m) {
      const std::uint8_t* row = top + static_cast<std::size_t>(m) * in.pitch;
      words[m].load(row + x);
      edge[m] = __ldg(reinterpret_cast<const unsigned int*>(row + ownOrEdgeX));
    }
  } else {
#pragma unroll
    for (int m = 0; m < kInputRows; ++m) {
      const int gy = borderIndex(y0 - R + m, in.height, border);
      const std::uint8_t* row = gy < 0 ? nullptr : in.row(gy);
      words[m].fetch(row, x, in.width, border);
      edge[m] = edgeLane ? fetchGrayWord(row, edgeX, in.width, border) : 0u;
    }
  }

  // 2.-3. Row m converted: v[m][c] is image column x - R + c.
  float v[kInputRows][kSpan];
#pragma unroll
  for (int m = 0; m < 2 * R; ++m) convertRow<R, kPx>(words[m], edge[m], lane, v[m]);

#pragma unroll
  for (int j = 0; j < kRows; ++j) {
    convertRow<R, kPx>(words[j + 2 * R], edge[j + 2 * R], lane, v[j + 2 * R]);
    // 4. Output row y0 + j, pixels x .. x + kPx - 1: the reference's operations in its order.
    std::uint32_t bytes[kPx];  // output pixel i in the low byte of bytes[i]
#pragma unroll
    for (int i = 0; i < kPx; ++i) {
      float acc = 0.f;
#pragma unroll
      for (int kx = 0; kx < kTaps; ++kx)
#pragma unroll
        for (int ky = 0; ky < kTaps; ++ky) acc = fmaf(taps.w[ky * kTaps + kx], v[j + ky][i + kx], acc);
      bytes[i] = kByCvt ? floatToByteByConversion(acc) : floatToLowByte(acc);
    }
    LaneWords<kPx> packed;
#pragma unroll
    for (int q = 0; q < LaneWords<kPx>::kWords; ++q)
      packed.w[q] = packByteBits(bytes[4 * q], bytes[4 * q + 1], bytes[4 * q + 2], bytes[4 * q + 3]);
    const int y = y0 + j;
    if (y < out.height && x < out.width) {
      std::uint8_t* row = out.row(y);
      if (x + kPx <= out.width) {
        packed.store(row + x);
      } else {
#pragma unroll
        for (int i = 0; i < kPx; ++i)
          if (x + i < out.width) row[x + i] = static_cast<std::uint8_t>(packed.w[i / 4] >> (8 * (i % 4)));
      }
    }
  }
}

template <int R, int kRows, int kPx, bool kByCvt = false>
void launch(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border, const FilterTaps& taps,
            cudaStream_t stream) {
  constexpr int kWarpColumns = kPx * kLanes;
  const int warpRows = (in.height + kRows - 1) / kRows;
  const dim3 grid((in.width + kWarpColumns - 1) / kWarpColumns, (warpRows + kWarpsPerBlock - 1) / kWarpsPerBlock);
  generalGrayStreamKernel<R, kRows, kPx, kByCvt>
      <<<grid, dim3(kLanes, kWarpsPerBlock), 0, stream>>>(in, out, border, taps);
  KC_CUDA_CHECK_LAUNCH("generalGrayStreamKernel");
}

// Every instantiated shape, by radius: rows per warp 2, 4, 8, 16 times pixels per lane 4, 8; the
// conversion-unit byte for rows 2 and 4 (the shapes the sweep found fastest).
template <int R>
bool launchShape(GrayStreamShape shape, ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                 const FilterTaps& taps, cudaStream_t stream) {
  switch ((shape.byteByConversion ? 1000 : 0) + shape.pixelsPerLane * 100 + shape.rowsPerWarp) {
    case 402:
      launch<R, 2, 4>(in, out, border, taps, stream);
      return true;
    case 404:
      launch<R, 4, 4>(in, out, border, taps, stream);
      return true;
    case 408:
      launch<R, 8, 4>(in, out, border, taps, stream);
      return true;
    case 416:
      launch<R, 16, 4>(in, out, border, taps, stream);
      return true;
    case 802:
      launch<R, 2, 8>(in, out, border, taps, stream);
      return true;
    case 804:
      launch<R, 4, 8>(in, out, border, taps, stream);
      return true;
    case 808:
      launch<R, 8, 8>(in, out, border, taps, stream);
      return true;
    case 816:
      launch<R, 16, 8>(in, out, border, taps, stream);
      return true;
    case 1402:
      launch<R, 2, 4, true>(in, out, border, taps, stream);
      return true;
    case 1404:
      launch<R, 4, 4, true>(in, out, border, taps, stream);
      return true;
    case 1802:
      launch<R, 2, 8, true>(in, out, border, taps, stream);
      return true;
    case 1804:
      launch<R, 4, 8, true>(in, out, border, taps, stream);
      return true;
    default:
      return false;
  }
}

// The shape convolveAsync takes, from the sweeps on the H200 (docs/PERFORMANCE.md, "the register
// kernel's launch shape", "Fewer instructions per output pixel"): 2 rows per warp — many short warps
// hide the loads' latency better than fewer long ones (16 rows ran 1.5-2x slower than 2 at every
// size) — and 8 pixels per lane on frames of 4 Mpx and more (4K 3x3: 15.4 us against 17.9 with 4; at
// 1080p 4 pixels win, 9.1 against 10.1 us).
constexpr long long kEightPixelsFromPixels = 4'000'000;

GrayStreamShape defaultShape(int width, int height, bool rowsAligned8) {
  const bool large = static_cast<long long>(width) * height >= kEightPixelsFromPixels;
  // The conversion unit's byte (cvt.rni.sat) won at every size and radius in the sweep (H200: 4K 3x3
  // 11.85 -> 11.36 us graph, 1080p 5.82 -> 5.63): issue slots, not that unit, bound this kernel.
  return {2, large && rowsAligned8 ? 8 : 4, true};
}

}  // namespace

bool launchGeneralGrayStream(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                             int radius, const FilterTaps& taps, cudaStream_t stream, GrayStreamShape shape) {
  if (!rowsAligned(in, 4) || !rowsAligned(out, 4)) return false;
  const bool aligned8 = rowsAligned(in, 8) && rowsAligned(out, 8);
  if (shape.rowsPerWarp == 0) shape = defaultShape(in.width, in.height, aligned8);
  if (shape.pixelsPerLane == 8 && !aligned8) return false;
  switch (radius) {
    case 1:
      return launchShape<1>(shape, in, out, border, taps, stream);
    case 2:
      return launchShape<2>(shape, in, out, border, taps, stream);
    case 3:
      return launchShape<3>(shape, in, out, border, taps, stream);
    default:
      return false;
  }
}

}  // namespace kc::conv_detail

namespace kc {

std::vector<GrayStreamShape> grayStreamShapes() {
  std::vector<GrayStreamShape> shapes;
  for (int pixels : {4, 8})
    for (int rows : {2, 4, 8, 16}) shapes.push_back({rows, pixels});
  for (int pixels : {4, 8})
    for (int rows : {2, 4}) shapes.push_back({rows, pixels, true});
  return shapes;
}

}  // namespace kc
