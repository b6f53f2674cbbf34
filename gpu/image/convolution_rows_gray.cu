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
// The same kernel runs the live chain's fused step (gray -> separable convolution -> histogram,
// issue 21): its source is then the RGBA frame, each lane loading its 4 pixels as one 16-byte word
// and making their grey bytes in registers with grayscaleAsync's formula, and the output bytes are
// counted into a shared histogram (8 lane slots), merged into the global counts once per block.
// The grey image never goes to memory and the histogram never reads it back.
#include "gpu/image/convolution_rows_gray.cuh"

#include "gpu/core/cuda_check.cuh"
#include "gpu/image/histogram.hpp"

namespace kc::conv_detail {

namespace {

constexpr int kLanes = 32;
constexpr int kWarps = 8;
constexpr int kRowsPerThread = 4;                     // column pass: rows per thread
constexpr int kTileHeight = kWarps * kRowsPerThread;  // 32 output rows

// Lanes at each end of a warp that only lend their pixels: a lane's halo of R pixels per side spans
// ceil(R / 4) neighbouring words. R <= 4: 1 (30 output words = 120 columns a row); R = 15: 4 (96).
template <int R>
struct RowGeometry {
  static constexpr int lendingLanes = (R + 3) / 4;
  static constexpr int groupsPerRow = kLanes - 2 * lendingLanes;  // output words per tile row
  static constexpr int tileWidth = 4 * groupsPerRow;
};

// Where the row pass's bytes come from: a grey image (4 bytes per lane and row), or an RGBA image
// made grey on the way in (16 bytes per lane and row; the grey bytes as grayscaleAsync makes them).
struct GraySource {
  ConstImageView<std::uint8_t> image;
  __device__ std::uint32_t inside(int y, int x) const {  // x: a multiple of 4, the word inside the image
    return __ldg(reinterpret_cast<const unsigned int*>(image.row(y) + x));
  }
  __device__ std::uint32_t border(int y, int x, BorderMode border) const {
    const int gy = borderIndex(y, image.height, border);
    return fetchGrayWord(gy < 0 ? nullptr : image.row(gy), x, image.width, border);
  }
};

struct RgbaGraySource {
  ConstImageView<Rgba8> image;
  GrayCoefficients c;
  __device__ std::uint32_t gray(std::uint32_t pixel) const {
    return grayFromRgb(pixel & 0xffu, (pixel >> 8) & 0xffu, (pixel >> 16) & 0xffu, c);
  }
  __device__ std::uint32_t inside(int y, int x) const {
    const uint4 p = __ldg(reinterpret_cast<const uint4*>(image.row(y) + x));
    return gray(p.x) | gray(p.y) << 8 | gray(p.z) << 16 | gray(p.w) << 24;
  }
  // As fetchGrayWord on the grey image: the border rule per pixel, zero outside for BorderMode::Zero.
  __device__ std::uint32_t border(int y, int x, BorderMode border) const {
    const int gy = borderIndex(y, image.height, border);
    if (gy < 0) return 0u;
    const Rgba8* row = image.row(gy);
    std::uint32_t word = 0u;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int gx = borderIndex(x + i, image.width, border);
      if (gx >= 0) word |= gray(*reinterpret_cast<const std::uint32_t*>(row + gx)) << (8 * i);
    }
    return word;
  }
};

// The output's histogram, counted by the kernel that writes it. Counters per grey value and lane
// slot in shared memory (a constant image spreads over 8 slots instead of queueing on one counter),
// merged per value into `counts` (bins of histogramBin) by one thread each, where non-zero.
constexpr int kHistogramSlots = 8;

__device__ __forceinline__ float4 fma4(float w, float4 v, float4 acc) {
  return make_float4(fmaf(w, v.x, acc.x), fmaf(w, v.y, acc.y), fmaf(w, v.z, acc.z), fmaf(w, v.w, acc.w));
}

template <int R, class Source, bool kCountHistogram>
__global__ void __launch_bounds__(kLanes* kWarps)
    separableGrayShuffleKernel(Source in, ImageView<std::uint8_t> out, BorderMode border,
                               const __grid_constant__ FilterTaps taps, HistogramTarget histogram) {
  constexpr int kTaps = 2 * R + 1;
  constexpr int kInputRows = kTileHeight + 2 * R;
  constexpr int kRowsPerWarp = (kInputRows + kWarps - 1) / kWarps;
  constexpr int kLend = RowGeometry<R>::lendingLanes;
  constexpr int kGroupsPerRow = RowGeometry<R>::groupsPerRow;
  constexpr int kTileWidth = RowGeometry<R>::tileWidth;
  __shared__ float4 rowPass[kInputRows][kGroupsPerRow];
  __shared__ std::uint32_t valueCounts[kCountHistogram ? 256 * kHistogramSlots : 1];
  if constexpr (kCountHistogram) {
    const int thread = threadIdx.y * kLanes + threadIdx.x;
    for (int i = thread; i < 256 * kHistogramSlots; i += kLanes * kWarps) valueCounts[i] = 0u;
  }  // the barrier before the column pass orders these before the counts

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
  const bool inside =
      firstLaneX >= 0 && firstLaneX + 4 * kLanes <= in.image.width && y0 >= R && y0 - R + kInputRows <= in.image.height;
  if (inside) {
#pragma unroll
    for (int m = 0; m < kRowsPerWarp; ++m) {
      const int sy = min(warp + m * kWarps, kInputRows - 1);  // rows past the tile: a harmless re-load
      words[m] = in.inside(y0 - R + sy, laneX);
    }
  } else {
#pragma unroll
    for (int m = 0; m < kRowsPerWarp; ++m) {
      const int sy = warp + m * kWarps;
      words[m] = sy < kInputRows ? in.border(y0 - R + sy, laneX, border) : 0u;
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

  // 3. Column pass: column group `lane`, output rows warp * 4 .. warp * 4 + 3 of the tile. Without a
  //    histogram the lanes past the tile's groups leave; with one, every thread stays for the merge.
  const bool storesGroup = lane < kGroupsPerRow;
  if (!kCountHistogram && !storesGroup) return;
  const int firstRow = warp * kRowsPerThread;
  const int group = storesGroup ? lane : kGroupsPerRow - 1;  // a lane past them reads a real group, stores nothing
  float4 acc[kRowsPerThread], window[kRowsPerThread];
#pragma unroll
  for (int j = 0; j < kRowsPerThread; ++j) {
    acc[j] = make_float4(0.f, 0.f, 0.f, 0.f);
    window[j] = rowPass[firstRow + j][group];
  }
#pragma unroll
  for (int k = 0; k < kTaps; ++k) {
    const float w = taps.w[kColumnTapsOffset + k];
#pragma unroll
    for (int j = 0; j < kRowsPerThread; ++j) acc[j] = fma4(w, window[j], acc[j]);
    if (k + 1 < kTaps) {
#pragma unroll
      for (int j = 0; j + 1 < kRowsPerThread; ++j) window[j] = window[j + 1];
      window[kRowsPerThread - 1] = rowPass[firstRow + kRowsPerThread + k][group];
    }
  }
  const int x = x0 + 4 * lane;
  if (storesGroup && x < out.width) {
#pragma unroll
    for (int j = 0; j < kRowsPerThread; ++j) {
      const int y = y0 + firstRow + j;
      if (y >= out.height) break;
      // Each byte by one cvt.rni.sat (the register kernel's sweep: fewer issue slots than clamp + add).
      const std::uint32_t packed = packByteBits(floatToByteByConversion(acc[j].x), floatToByteByConversion(acc[j].y),
                                                floatToByteByConversion(acc[j].z), floatToByteByConversion(acc[j].w));
      std::uint8_t* row = out.row(y);
      std::uint32_t* slot = valueCounts + (lane & (kHistogramSlots - 1));
      if (x + 4 <= out.width) {
        *reinterpret_cast<std::uint32_t*>(row + x) = packed;
        // A whole word (every word but a row's last): its four counts unrolled with constant shifts,
        // not a loop whose trip count the compiler cannot see.
        if constexpr (kCountHistogram) {
#pragma unroll
          for (int i = 0; i < 4; ++i) atomicAdd(slot + __byte_perm(packed, 0u, 0x4440u | i) * kHistogramSlots, 1u);
        }
      } else {
        const int pixels = out.width - x;
        for (int i = 0; i < pixels; ++i) {
          row[x + i] = static_cast<std::uint8_t>(packed >> (8 * i));
          if constexpr (kCountHistogram) atomicAdd(slot + ((packed >> (8 * i)) & 0xffu) * kHistogramSlots, 1u);
        }
      }
    }
  }
  if constexpr (kCountHistogram) {
    __syncthreads();
    const int value = threadIdx.y * kLanes + threadIdx.x;  // 256 threads: one grey value each
    std::uint32_t count = 0;
#pragma unroll
    for (int slot = 0; slot < kHistogramSlots; ++slot) count += valueCounts[value * kHistogramSlots + slot];
    if (count) atomicAdd(histogram.counts + histogramBin(static_cast<std::uint32_t>(value), histogram.bins), count);
  }
}

static_assert(kLanes * kWarps == 256, "the histogram's merge takes one thread per grey value");

template <int R, class Source>
void launch(Source in, ImageView<std::uint8_t> out, BorderMode border, const FilterTaps& taps,
            HistogramTarget histogram, cudaStream_t stream) {
  constexpr int kTileWidth = RowGeometry<R>::tileWidth;
  const dim3 grid((out.width + kTileWidth - 1) / kTileWidth, (out.height + kTileHeight - 1) / kTileHeight);
  if (histogram.counts)
    separableGrayShuffleKernel<R, Source, true>
        <<<grid, dim3(kLanes, kWarps), 0, stream>>>(in, out, border, taps, histogram);
  else
    separableGrayShuffleKernel<R, Source, false>
        <<<grid, dim3(kLanes, kWarps), 0, stream>>>(in, out, border, taps, histogram);
  KC_CUDA_CHECK_LAUNCH("separableGrayShuffleKernel");
}

// The radius as a template argument: 1..15, else false.
template <class Source>
bool launchRadius(Source in, ImageView<std::uint8_t> out, BorderMode border, int radius, const FilterTaps& taps,
                  HistogramTarget histogram, cudaStream_t stream) {
  switch (radius) {
    case 1:
      launch<1>(in, out, border, taps, histogram, stream);
      return true;
    case 2:
      launch<2>(in, out, border, taps, histogram, stream);
      return true;
    case 3:
      launch<3>(in, out, border, taps, histogram, stream);
      return true;
    case 4:
      launch<4>(in, out, border, taps, histogram, stream);
      return true;
    case 5:
      launch<5>(in, out, border, taps, histogram, stream);
      return true;
    case 6:
      launch<6>(in, out, border, taps, histogram, stream);
      return true;
    case 7:
      launch<7>(in, out, border, taps, histogram, stream);
      return true;
    case 8:
      launch<8>(in, out, border, taps, histogram, stream);
      return true;
    case 9:
      launch<9>(in, out, border, taps, histogram, stream);
      return true;
    case 10:
      launch<10>(in, out, border, taps, histogram, stream);
      return true;
    case 11:
      launch<11>(in, out, border, taps, histogram, stream);
      return true;
    case 12:
      launch<12>(in, out, border, taps, histogram, stream);
      return true;
    case 13:
      launch<13>(in, out, border, taps, histogram, stream);
      return true;
    case 14:
      launch<14>(in, out, border, taps, histogram, stream);
      return true;
    case 15:
      launch<15>(in, out, border, taps, histogram, stream);
      return true;
    default:
      return false;
  }
}

}  // namespace

namespace {

template <class Source>
bool launchCounting(Source in, ImageView<std::uint8_t> out, BorderMode border, int radius, const FilterTaps& taps,
                    std::uint32_t* histogramCounts, int histogramBins, cudaStream_t stream) {
  if (radius < 1 || radius > 15) return false;
  if (histogramCounts)
    KC_CUDA_CHECK(cudaMemsetAsync(histogramCounts, 0, sizeof(std::uint32_t) * histogramBins, stream));
  return launchRadius(in, out, border, radius, taps, {histogramCounts, histogramBins}, stream);
}

}  // namespace

bool launchSeparableGrayShuffle(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                int radius, const FilterTaps& taps, cudaStream_t stream, std::uint32_t* histogramCounts,
                                int histogramBins) {
  if (!rowsAligned(in, 4) || !rowsAligned(out, 4)) return false;
  return launchCounting(GraySource{in}, out, border, radius, taps, histogramCounts, histogramBins, stream);
}

bool launchFusedGraySeparable(ConstImageView<Rgba8> in, GrayCoefficients c, ImageView<std::uint8_t> out,
                              BorderMode border, int radius, const FilterTaps& taps, std::uint32_t* histogramCounts,
                              int histogramBins, cudaStream_t stream) {
  if (!rowsAligned(in, 16) || !rowsAligned(out, 4)) return false;
  return launchCounting(RgbaGraySource{in, c}, out, border, radius, taps, histogramCounts, histogramBins, stream);
}

}  // namespace kc::conv_detail
