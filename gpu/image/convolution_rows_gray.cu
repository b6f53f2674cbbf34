// Separable gray convolution, lean enough to be bound by memory rather than by instruction issue.
//
// The tile kernel (convolution.cu) spends ~70 instructions per output pixel at 5x5 (Nsight Compute
// on the H100: issue slots 70% busy, DRAM 11%): it converts and stores every input byte into a
// shared float tile, reads each value back once per tap, and moves bytes one at a time. Here, per
// block of 8 warps and a tile of (up to) 120 x 32 outputs:
//   1. each warp loads its tile rows as 4-byte words, one word per lane, all rows before any use;
//   2. row pass in registers: a lane converts its 4 pixels, takes R more from each neighbouring lane
//      (__shfl_up/down_sync) and computes 4 outputs; the ceil(R/4) lanes at each end only lend their
//      pixels, so a warp row yields 30 words = 120 outputs up to R = 4 (24 words at R = 15). Results
//      go to shared memory as float4;
//   3. column pass: each thread slides a window of float4 down 4 rows of one 4-column group and
//      writes 4 output bytes with one 32-bit store.
#include "gpu/image/convolution_rows_gray.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarps = 8;
constexpr int kRowsPerThread = 4;                    // column pass: rows per thread
constexpr int kTileHeight = kWarps * kRowsPerThread; // 32 output rows

// Lanes at each end of a warp that only lend their pixels: a lane's halo of R pixels per side spans
// ceil(R / 4) neighbouring words. R <= 4: 1 (30 output words = 120 columns a row); R = 15: 4 (96).
template <int R>
struct RowGeometry {
  static constexpr int lendingLanes = (R + 3) / 4;
  static constexpr int groupsPerRow = kLanes - 2 * lendingLanes;  // output words per tile row
  static constexpr int tileWidth = 4 * groupsPerRow;
};

__device__ __forceinline__ float4 fma4(float w, float4 v, float4 acc) {
  return make_float4(fmaf(w, v.x, acc.x), fmaf(w, v.y, acc.y), fmaf(w, v.z, acc.z), fmaf(w, v.w, acc.w));
}

template <int R>
__global__ void __launch_bounds__(kLanes* kWarps)
    separableGrayShuffleKernel(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                               const __grid_constant__ FilterTaps taps) {
  constexpr int kTaps = 2 * R + 1;
  constexpr int kInputRows = kTileHeight + 2 * R;
  constexpr int kRowsPerWarp = (kInputRows + kWarps - 1) / kWarps;
  constexpr int kLend = RowGeometry<R>::lendingLanes;
  constexpr int kGroupsPerRow = RowGeometry<R>::groupsPerRow;
  constexpr int kTileWidth = RowGeometry<R>::tileWidth;
  __shared__ float4 rowPass[kInputRows][kGroupsPerRow];

  const int lane = threadIdx.x;
  const int warp = threadIdx.y;
  const int x0 = blockIdx.x * kTileWidth;  // first output column: a multiple of 4
  const int y0 = blockIdx.y * kTileHeight;
  const int firstLaneX = x0 - 4 * kLend;    // image column of lane 0's word
  const int laneX = firstLaneX + 4 * lane;  // image column of this lane's word

  // 1. Every row this warp owns, loaded before the first is used (latency, not bandwidth, limits a load).
  std::uint32_t words[kRowsPerWarp];
  // Inside the image (every block but those on its border) the addresses need no border rule and no
  // branch, so all of a thread's loads issue back to back; on the border each row and word resolves
  // through the border rule (a branchy path that serialises the loads, taken by few blocks).
  const bool inside = firstLaneX >= 0 && firstLaneX + 4 * kLanes <= in.width && y0 >= R &&
                      y0 - R + kInputRows <= in.height;
  if (inside) {
    const std::uint8_t* top = in.row(y0 - R) + laneX;
#pragma unroll
    for (int m = 0; m < kRowsPerWarp; ++m) {
      const int sy = min(warp + m * kWarps, kInputRows - 1);  // rows past the tile: a harmless re-load
      words[m] = __ldg(reinterpret_cast<const unsigned int*>(top + static_cast<std::size_t>(sy) * in.pitch));
    }
  } else {
#pragma unroll
    for (int m = 0; m < kRowsPerWarp; ++m) {
      const int sy = warp + m * kWarps;
      words[m] = 0u;
      if (sy < kInputRows) {
        const int gy = borderIndex(y0 - R + sy, in.height, border);
        words[m] = fetchGrayWord(gy < 0 ? nullptr : in.row(gy), laneX, in.width, border);
      }
    }
  }

  // 2. Row pass. v[R .. R+3] are this lane's pixels, v[0 .. R-1] the left lane's last R,
  //    v[R+4 .. 2R+3] the right lane's first R. Beyond 4 pixels the halo comes lane to lane: the
  //    left side fills from its inner end outwards, the right side from its inner end too, so each
  //    shuffle passes on a value the neighbour already has.
#pragma unroll
  for (int m = 0; m < kRowsPerWarp; ++m) {
    const int sy = warp + m * kWarps;
    if (sy >= kInputRows) break;  // the same for the whole warp: the shuffles below see all lanes
    float v[4 + 2 * R];
#pragma unroll
    for (int i = 0; i < 4; ++i) v[R + i] = byteToFloat(words[m], i);
#pragma unroll
    for (int i = R - 1; i >= 0; --i) v[i] = __shfl_up_sync(0xffffffffu, v[4 + i], 1);
#pragma unroll
    for (int i = 0; i < R; ++i) v[R + 4 + i] = __shfl_down_sync(0xffffffffu, v[R + i], 1);
    float o[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      float acc = 0.f;
#pragma unroll
      for (int k = 0; k < kTaps; ++k) acc = fmaf(taps.w[k], v[i + k], acc);
      o[i] = acc;
    }
    if (lane >= kLend && lane < kLend + kGroupsPerRow) rowPass[sy][lane - kLend] = make_float4(o[0], o[1], o[2], o[3]);
  }
  __syncthreads();

  // 3. Column pass: column group `lane`, output rows warp * 4 .. warp * 4 + 3 of the tile.
  if (lane >= kGroupsPerRow) return;
  const int firstRow = warp * kRowsPerThread;
  float4 acc[kRowsPerThread], window[kRowsPerThread];
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j) {
    acc[j] = make_float4(0.f, 0.f, 0.f, 0.f);
    window[j] = rowPass[firstRow + j][lane];
  }
#pragma unroll
  for (int k = 0; k < kTaps; ++k) {
    const float w = taps.w[kColumnTapsOffset + k];
#pragma unroll
    for (int j = 0; j < kRowsPerThread; ++j) acc[j] = fma4(w, window[j], acc[j]);
    if (k + 1 < kTaps) {
#pragma unroll
      for (int j = 0; j + 1 < kRowsPerThread; ++j) window[j] = window[j + 1];
      window[kRowsPerThread - 1] = rowPass[firstRow + kRowsPerThread + k][lane];
    }
  }
  const int x = x0 + 4 * lane;
  if (x >= out.width) return;
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j) {
    const int y = y0 + firstRow + j;
    if (y >= out.height) break;
    const std::uint32_t packed = floatToByteBits(acc[j].x) | floatToByteBits(acc[j].y) << 8 |
                                 floatToByteBits(acc[j].z) << 16 | floatToByteBits(acc[j].w) << 24;
    std::uint8_t* row = out.row(y);
    if (x + 4 <= out.width) {
      *reinterpret_cast<std::uint32_t*>(row + x) = packed;
    } else {
      for (int i = 0; x + i < out.width; ++i) row[x + i] = static_cast<std::uint8_t>(packed >> (8 * i));
    }
  }
}

template <int R>
void launch(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border, const FilterTaps& taps,
            cudaStream_t stream) {
  constexpr int kTileWidth = RowGeometry<R>::tileWidth;
  const dim3 grid((in.width + kTileWidth - 1) / kTileWidth, (in.height + kTileHeight - 1) / kTileHeight);
  separableGrayShuffleKernel<R><<<grid, dim3(kLanes, kWarps), 0, stream>>>(in, out, border, taps);
  KC_CUDA_CHECK_LAUNCH("separableGrayShuffleKernel");
}

}  // namespace

bool launchSeparableGrayShuffle(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                int radius, const FilterTaps& taps, cudaStream_t stream) {
  if (!rowsAligned(in, 4) || !rowsAligned(out, 4)) return false;
  switch (radius) {
    case 1: launch<1>(in, out, border, taps, stream); return true;
    case 2: launch<2>(in, out, border, taps, stream); return true;
    case 3: launch<3>(in, out, border, taps, stream); return true;
    case 4: launch<4>(in, out, border, taps, stream); return true;
    case 5: launch<5>(in, out, border, taps, stream); return true;
    case 6: launch<6>(in, out, border, taps, stream); return true;
    case 7: launch<7>(in, out, border, taps, stream); return true;
    case 8: launch<8>(in, out, border, taps, stream); return true;
    case 9: launch<9>(in, out, border, taps, stream); return true;
    case 10: launch<10>(in, out, border, taps, stream); return true;
    case 11: launch<11>(in, out, border, taps, stream); return true;
    case 12: launch<12>(in, out, border, taps, stream); return true;
    case 13: launch<13>(in, out, border, taps, stream); return true;
    case 14: launch<14>(in, out, border, taps, stream); return true;
    case 15: launch<15>(in, out, border, taps, stream); return true;
    default: return false;
  }
}

}  // namespace kc::conv_detail
