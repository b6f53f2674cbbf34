// Separable gray convolution, lean enough to be bound by memory rather than by instruction issue.
//
// The tile kernel (convolution.cu) spends ~70 instructions per output pixel at 5x5 (Nsight Compute
// on the H100: issue slots 70% busy, DRAM 11%): it converts and stores every input byte into a
// shared float tile, reads each value back once per tap, and moves bytes one at a time. Here, per
// block of 8 warps and a tile of 120 x 32 outputs:
//   1. each warp loads its tile rows as 4-byte words, one word per lane, all rows before any use;
//   2. row pass in registers: a lane converts its 4 pixels, takes R more from each neighbouring lane
//      (__shfl_up/down_sync) and computes 4 outputs; lanes 0 and 31 only lend their pixels, so a warp
//      row yields 30 words = 120 outputs. Results go to shared memory as float4;
//   3. column pass: each thread slides a window of float4 down 4 rows of one 4-column group and
//      writes 4 output bytes with one 32-bit store.
#include "gpu/image/convolution_rows_gray.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarps = 8;
constexpr int kGroupsPerRow = kLanes - 2;            // output words per tile row
constexpr int kTileWidth = 4 * kGroupsPerRow;        // 120 output columns
constexpr int kRowsPerThread = 4;                    // column pass: rows per thread
constexpr int kTileHeight = kWarps * kRowsPerThread; // 32 output rows

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
  __shared__ float4 rowPass[kInputRows][kGroupsPerRow];

  const int lane = threadIdx.x;
  const int warp = threadIdx.y;
  const int x0 = blockIdx.x * kTileWidth;  // first output column: a multiple of 4
  const int y0 = blockIdx.y * kTileHeight;
  const int laneX = x0 - 4 + 4 * lane;     // image column of this lane's word

  // 1. Every row this warp owns, loaded before the first is used (latency, not bandwidth, limits a load).
  std::uint32_t words[kRowsPerWarp];
#pragma unroll
  for (int m = 0; m < kRowsPerWarp; ++m) {
    const int sy = warp + m * kWarps;
    words[m] = 0u;
    if (sy < kInputRows) {
      const int gy = borderIndex(y0 - R + sy, in.height, border);
      words[m] = fetchGrayWord(gy < 0 ? nullptr : in.row(gy), laneX, in.width, border);
    }
  }

  // 2. Row pass. v[R .. R+3] are this lane's pixels, v[0 .. R-1] the left lane's last R,
  //    v[R+4 .. 2R+3] the right lane's first R.
#pragma unroll
  for (int m = 0; m < kRowsPerWarp; ++m) {
    const int sy = warp + m * kWarps;
    if (sy >= kInputRows) break;  // the same for the whole warp: the shuffles below see all lanes
    float v[4 + 2 * R];
#pragma unroll
    for (int i = 0; i < 4; ++i) v[R + i] = byteToFloat(words[m], i);
#pragma unroll
    for (int i = 0; i < R; ++i) {
      v[i] = __shfl_up_sync(0xffffffffu, v[4 + i], 1);
      v[R + 4 + i] = __shfl_down_sync(0xffffffffu, v[R + i], 1);
    }
    float o[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      float acc = 0.f;
#pragma unroll
      for (int k = 0; k < kTaps; ++k) acc = fmaf(taps.w[k], v[i + k], acc);
      o[i] = acc;
    }
    if (lane >= 1 && lane <= kGroupsPerRow) rowPass[sy][lane - 1] = make_float4(o[0], o[1], o[2], o[3]);
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
  const dim3 grid((in.width + kTileWidth - 1) / kTileWidth, (in.height + kTileHeight - 1) / kTileHeight);
  separableGrayShuffleKernel<R><<<grid, dim3(kLanes, kWarps), 0, stream>>>(in, out, border, taps);
  KC_CUDA_CHECK_LAUNCH("separableGrayShuffleKernel");
}

bool rowsAligned4(const void* data, std::size_t pitch) {
  return reinterpret_cast<std::uintptr_t>(data) % 4 == 0 && pitch % 4 == 0;
}

}  // namespace

bool launchSeparableGrayShuffle(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                int radius, const FilterTaps& taps, cudaStream_t stream) {
  if (!rowsAligned4(in.data, in.pitch) || !rowsAligned4(out.data, out.pitch)) return false;
  switch (radius) {
    case 1: launch<1>(in, out, border, taps, stream); return true;
    case 2: launch<2>(in, out, border, taps, stream); return true;
    case 3: launch<3>(in, out, border, taps, stream); return true;
    case 4: launch<4>(in, out, border, taps, stream); return true;
    default: return false;
  }
}

}  // namespace kc::conv_detail
