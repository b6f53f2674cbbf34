// Tiled convolution. One block of 32x8 threads computes a tile of outputs; it first loads the tile
// plus a halo of the radius r into shared memory (as float, converted once per pixel, borders
// resolved while loading), then every thread computes a vertical strip of outputs from shared
// memory with a sliding register window.
//
// The filter lives in constant memory as a __grid_constant__ kernel parameter (FilterTaps,
// convolution_device.cuh): it travels with the launch, so calls on several streams never share it.
//
// General path: the same operations in the same order as convolveCpu (kx outer, ky inner, fmaf),
// so it matches the CPU reference bit for bit. Separable path: a row pass into a second shared
// buffer, then a column pass; one kernel, no global intermediate, rounding once at the end
// (within one level of the 2D result).
#include <algorithm>
#include <optional>
#include <type_traits>

#include "gpu/core/cuda_check.cuh"
#include "gpu/image/convolution.cuh"
#include "gpu/image/convolution_device.cuh"
#include "gpu/image/convolution_rows_gray.cuh"
#include "gpu/image/convolution_stream_gray.cuh"
#include "gpu/image/histogram.hpp"
#include "gpu/image/view_checks.hpp"

namespace kc {

namespace {

using namespace conv_detail;

// ---- pixel traits: what a pixel is in shared memory and how it goes in and out ----
template <class T>
struct ConvPixel;

template <>
struct ConvPixel<std::uint8_t> {
  using Value = float;
  // 64x64 outputs per 256 threads: 16 per thread (2 columns x 8 rows) amortise the halo and the
  // sliding window's refills; the r = 15 tile is 94 x 95 floats = 35 KB.
  static constexpr int kColumnsPerThread = 2;
  static constexpr int kRowsPerThread = 8;
  __device__ static Value zero() { return 0.f; }
  __device__ static Value fma(float w, Value v, Value acc) { return fmaf(w, v, acc); }
  __device__ static std::uint8_t store(Value acc, Value /*centre*/) { return floatToByte(acc); }
};

template <>
struct ConvPixel<Rgba8> {
  using Value = float4;  // r, g, b, alpha carried in w for the pass-through
  // 32x32 outputs: a float4 tile is 4x the bytes, and three channels give 3x the FMAs per load.
  static constexpr int kColumnsPerThread = 1;
  static constexpr int kRowsPerThread = 4;
  __device__ static Value zero() { return make_float4(0.f, 0.f, 0.f, 0.f); }
  __device__ static Value load(Rgba8 p) {
    const std::uint32_t w = *reinterpret_cast<const std::uint32_t*>(&p);
    return make_float4(byteToFloat(w, 0), byteToFloat(w, 1), byteToFloat(w, 2), byteToFloat(w, 3));
  }
  __device__ static Value fma(float w, Value v, Value acc) {
    return make_float4(fmaf(w, v.x, acc.x), fmaf(w, v.y, acc.y), fmaf(w, v.z, acc.z), acc.w);
  }
  __device__ static Rgba8 store(Value acc, Value centre) {
    return Rgba8{floatToByte(acc.x), floatToByte(acc.y), floatToByte(acc.z), static_cast<std::uint8_t>(centre.w)};
  }
};

constexpr int kBlockX = 32;  // one warp across: tile rows are read and written coalesced
constexpr int kBlockY = 8;
constexpr int kBlockThreads = kBlockX * kBlockY;
// Global loads each thread issues before it waits for the first: the tile load is latency-bound
// (a few hundred ns per round trip), so bytes in flight per SM set its bandwidth (Little's law).
constexpr int kLoadsInFlight = 4;

template <class T>
struct TileShape {
  static constexpr int width = kBlockX * ConvPixel<T>::kColumnsPerThread;
  static constexpr int height = kBlockY * ConvPixel<T>::kRowsPerThread;
  // Odd strides: lanes reading down a column (the separable row pass) hit distinct banks.
  KC_HD static constexpr int stride(int radius) { return width + 2 * radius + 1; }
  KC_HD static constexpr int rows(int radius) { return height + 2 * radius; }
  static constexpr int rowPassStride = width + 1;
};

// Where a tile's top-left halo corner lies in the image.
struct TileOrigin {
  int x0, y0;
};
template <class T>
__device__ TileOrigin tileOrigin(int radius) {
  return {static_cast<int>(blockIdx.x) * TileShape<T>::width - radius,
          static_cast<int>(blockIdx.y) * TileShape<T>::height - radius};
}

// Gray tile + halo -> shared floats, borders resolved here so the compute loops never branch on them.
// Each tile row is read as 4-byte words on that row's own 4-byte address grid (rows need not be
// aligned: any pitch works), kLoadsInFlight words per thread before any is used. One byte per load
// moved 32 bytes per warp per round trip, which held the tile pass to ~300 GB/s.
__device__ void loadTile(ConstImageView<std::uint8_t> in, BorderMode border, int radius, float* tile) {
  using Shape = TileShape<std::uint8_t>;
  const TileOrigin o = tileOrigin<std::uint8_t>(radius);
  const int cols = Shape::width + 2 * radius;
  const int stride = Shape::stride(radius);
  const int wordsPerRow = (cols + 3) / 4 + 1;  // + 1: a row not 4-byte aligned straddles one more word
  const int items = Shape::rows(radius) * wordsPerRow;
  const int thread = threadIdx.y * kBlockX + threadIdx.x;
  for (int base = thread; base < items; base += kBlockThreads * kLoadsInFlight) {
    std::uint32_t words[kLoadsInFlight];
    int tileRow[kLoadsInFlight], firstColumn[kLoadsInFlight];
#pragma unroll
    for (int b = 0; b < kLoadsInFlight; ++b) {
      const int item = base + b * kBlockThreads;
      if (item >= items) break;
      tileRow[b] = item / wordsPerRow;
      const int gy = borderIndex(o.y0 + tileRow[b], in.height, border);
      const std::uint8_t* row = gy < 0 ? nullptr : in.row(gy);
      const int shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) % 4);
      // Word k of this row starts at image column floor4(x0 + shift) - shift + 4k.
      const int x = floorToMultipleOf4(o.x0 + shift) - shift + 4 * (item - tileRow[b] * wordsPerRow);
      firstColumn[b] = x - o.x0;
      words[b] = fetchGrayWord(row, x, in.width, border);
    }
#pragma unroll
    for (int b = 0; b < kLoadsInFlight; ++b) {
      if (base + b * kBlockThreads >= items) break;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int sx = firstColumn[b] + i;
        if (sx >= 0 && sx < cols) tile[tileRow[b] * stride + sx] = byteToFloat(words[b], i);
      }
    }
  }
}

// RGBA tile + halo: one 4-byte pixel per load, kLoadsInFlight per thread before any is used.
__device__ void loadTile(ConstImageView<Rgba8> in, BorderMode border, int radius, float4* tile) {
  using Shape = TileShape<Rgba8>;
  const TileOrigin o = tileOrigin<Rgba8>(radius);
  const int cols = Shape::width + 2 * radius;
  const int stride = Shape::stride(radius);
  const int items = Shape::rows(radius) * cols;
  const int thread = threadIdx.y * kBlockX + threadIdx.x;
  for (int base = thread; base < items; base += kBlockThreads * kLoadsInFlight) {
    Rgba8 pixels[kLoadsInFlight];
#pragma unroll
    for (int b = 0; b < kLoadsInFlight; ++b) {
      const int item = base + b * kBlockThreads;
      if (item >= items) break;
      const int sy = item / cols;
      const int gy = borderIndex(o.y0 + sy, in.height, border);
      const int gx = borderIndex(o.x0 + item - sy * cols, in.width, border);
      pixels[b] = (gy < 0 || gx < 0) ? Rgba8{0, 0, 0, 0} : in.at(gx, gy);
    }
#pragma unroll
    for (int b = 0; b < kLoadsInFlight; ++b) {
      const int item = base + b * kBlockThreads;
      if (item >= items) break;
      const int sy = item / cols;
      tile[sy * stride + item - sy * cols] = ConvPixel<Rgba8>::load(pixels[b]);
    }
  }
}

template <int kRadius>
__device__ int radiusOf(int runtimeRadius) {
  return kRadius >= 0 ? kRadius : runtimeRadius;
}

// Accumulates one kernel column (taps[ky * tapStride], ky = 0..n-1) into kRows vertically adjacent
// outputs, reading src[j * stride] down the column: kRows + n - 1 shared loads for kRows * n FMAs.
// With a compile-time radius the loop unrolls and the window shift is only register renaming.
template <class T, int kRadius, int kRows>
__device__ void accumulateColumn(const typename ConvPixel<T>::Value* src, int stride, const float* taps, int tapStride,
                                 int n, typename ConvPixel<T>::Value (&acc)[kRows]) {
  using P = ConvPixel<T>;
  typename P::Value window[kRows];
#pragma unroll
  for (int j = 0; j < kRows; ++j) window[j] = src[j * stride];
#pragma unroll
  for (int ky = 0; ky < (kRadius >= 0 ? 2 * kRadius + 1 : n); ++ky) {
    const float w = taps[ky * tapStride];
#pragma unroll
    for (int j = 0; j < kRows; ++j) acc[j] = P::fma(w, window[j], acc[j]);
    if (ky + 1 < n) {
#pragma unroll
      for (int j = 0; j + 1 < kRows; ++j) window[j] = window[j + 1];
      window[kRows - 1] = src[(kRows + ky) * stride];
    }
  }
}

template <class T, int kRows>
__device__ void storeStrip(ImageView<T> out, int x, int y, const typename ConvPixel<T>::Value (&acc)[kRows],
                           const typename ConvPixel<T>::Value* centre, int stride) {
#pragma unroll
  for (int j = 0; j < kRows; ++j)
    if (x < out.width && y + j < out.height) out.at(x, y + j) = ConvPixel<T>::store(acc[j], centre[j * stride]);
}

extern __shared__ float4 dynamicShared[];  // float4: 16-byte aligned for the RGBA tiles

// General 2D path: launch grid = tiles over the image, block = 32x8, dynamic shared = the tile.
template <class T, int kRadius>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    convolve2dKernel(ConstImageView<T> in, ImageView<T> out, BorderMode border, int runtimeRadius,
                     const __grid_constant__ FilterTaps taps) {
  using P = ConvPixel<T>;
  using Value = typename P::Value;
  constexpr int kRows = P::kRowsPerThread;
  const int r = radiusOf<kRadius>(runtimeRadius);
  const int n = 2 * r + 1;
  const int stride = TileShape<T>::stride(r);
  Value* tile = reinterpret_cast<Value*>(dynamicShared);
  loadTile(in, border, r, tile);
  __syncthreads();

  const float* weights = taps.w;
  const int firstRow = threadIdx.y * kRows;
#pragma unroll 1  // one strip at a time: unrolling would only double the code and the live registers
  for (int c = 0; c < P::kColumnsPerThread; ++c) {
    const int sx = threadIdx.x + c * kBlockX;
    Value acc[kRows];
#pragma unroll
    for (int j = 0; j < kRows; ++j) acc[j] = P::zero();
#pragma unroll
    for (int kx = 0; kx < (kRadius >= 0 ? 2 * kRadius + 1 : n); ++kx)
      accumulateColumn<T, kRadius, kRows>(tile + firstRow * stride + sx + kx, stride, weights + kx, n, n, acc);
    storeStrip<T, kRows>(out, blockIdx.x * TileShape<T>::width + sx, blockIdx.y * TileShape<T>::height + firstRow, acc,
                         tile + (firstRow + r) * stride + sx + r, stride);
  }
}

// Separable path: tile -> row pass (all tile rows, halo rows included) -> column pass -> round once.
template <class T, int kRadius>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    convolveSeparableKernel(ConstImageView<T> in, ImageView<T> out, BorderMode border, int runtimeRadius,
                            const __grid_constant__ FilterTaps taps) {
  using P = ConvPixel<T>;
  using Value = typename P::Value;
  constexpr int kRows = P::kRowsPerThread;
  constexpr int kSegment = 8;  // row-pass outputs per work item: n + 7 loads for 8n FMAs
  constexpr int kRowStride = TileShape<T>::rowPassStride;
  static_assert(TileShape<T>::width % kSegment == 0);
  const int r = radiusOf<kRadius>(runtimeRadius);
  const int n = 2 * r + 1;
  const int stride = TileShape<T>::stride(r);
  const int rows = TileShape<T>::rows(r);
  Value* tile = reinterpret_cast<Value*>(dynamicShared);
  Value* rowPass = tile + rows * stride;
  loadTile(in, border, r, tile);
  __syncthreads();

  const float* rowTaps = taps.w;
  const float* columnTaps = rowTaps + kColumnTapsOffset;
  // Row pass: consecutive lanes take consecutive tile rows (odd strides: no bank conflicts).
  const int items = rows * (TileShape<T>::width / kSegment);
  for (int item = threadIdx.y * kBlockX + threadIdx.x; item < items; item += kBlockX * kBlockY) {
    const int sy = item % rows;
    const int sx = (item / rows) * kSegment;
    Value acc[kSegment];
#pragma unroll
    for (int i = 0; i < kSegment; ++i) acc[i] = P::zero();
    // A row is a column with stride 1: the same sliding window, turned on its side.
    accumulateColumn<T, kRadius, kSegment>(tile + sy * stride + sx, 1, rowTaps, 1, n, acc);
#pragma unroll
    for (int i = 0; i < kSegment; ++i) rowPass[sy * kRowStride + sx + i] = acc[i];
  }
  __syncthreads();

  const int firstRow = threadIdx.y * kRows;
#pragma unroll 1  // one strip at a time: unrolling would only double the code and the live registers
  for (int c = 0; c < P::kColumnsPerThread; ++c) {
    const int sx = threadIdx.x + c * kBlockX;
    Value acc[kRows];
#pragma unroll
    for (int j = 0; j < kRows; ++j) acc[j] = P::zero();
    accumulateColumn<T, kRadius, kRows>(rowPass + firstRow * kRowStride + sx, kRowStride, columnTaps, 1, n, acc);
    storeStrip<T, kRows>(out, blockIdx.x * TileShape<T>::width + sx, blockIdx.y * TileShape<T>::height + firstRow, acc,
                         tile + (firstRow + r) * stride + sx + r, stride);
  }
}

template <class T>
std::size_t sharedBytes(int radius, bool separable) {
  const std::size_t values = static_cast<std::size_t>(TileShape<T>::rows(radius)) *
                             (TileShape<T>::stride(radius) + (separable ? TileShape<T>::rowPassStride : 0));
  return values * sizeof(typename ConvPixel<T>::Value);
}

template <class T>
void launchTileKernel(void (*kernel)(ConstImageView<T>, ImageView<T>, BorderMode, int, FilterTaps),
                      ConstImageView<T> in, ImageView<T> out, BorderMode border, int radius, const FilterTaps& taps,
                      bool separable, cudaStream_t stream) {
  const std::size_t smem = sharedBytes<T>(radius, separable);
  // Above 48 KB a kernel must opt in (RGBA and separable tiles at large radii; H100/H200 allow 227 KB).
  if (smem > 48 * 1024)
    KC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  const dim3 block(kBlockX, kBlockY);
  const dim3 grid((in.width + TileShape<T>::width - 1) / TileShape<T>::width,
                  (in.height + TileShape<T>::height - 1) / TileShape<T>::height);
  kernel<<<grid, block, smem, stream>>>(in, out, border, radius, taps);
  KC_CUDA_CHECK_LAUNCH(separable ? "convolveSeparableKernel" : "convolve2dKernel");
}

template <class T, int kRadius>
void launchConvolution(ConstImageView<T> in, ImageView<T> out, BorderMode border, int radius, const FilterTaps& taps,
                       bool separable, cudaStream_t stream) {
  launchTileKernel<T>(separable ? convolveSeparableKernel<T, kRadius> : convolve2dKernel<T, kRadius>, in, out, border,
                      radius, taps, separable, stream);
}

// Gray 2D filters of radius 5..15 (11x11..31x31) with the radius known at compile time: the tap loops
// unroll, each tap is one FMA with its weight from the constant bank and the window shifts by register
// renaming (the runtime-radius loop adds loop, index and tap-address work to every FMA). Separable gray filters of
// these radii go to the shuffle kernel (convolution_rows_gray.cu), so only the general kernel is instantiated here.
template <int kRadius>
void launchGrayGeneral(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                       const FilterTaps& taps, cudaStream_t stream) {
  launchTileKernel<std::uint8_t>(convolve2dKernel<std::uint8_t, kRadius>, in, out, border, kRadius, taps, false,
                                 stream);
}

bool dispatchGrayGeneralLargeRadius(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                    int radius, const FilterTaps& taps, cudaStream_t stream) {
  switch (radius) {
    case 5:
      launchGrayGeneral<5>(in, out, border, taps, stream);
      return true;
    case 6:
      launchGrayGeneral<6>(in, out, border, taps, stream);
      return true;
    case 7:
      launchGrayGeneral<7>(in, out, border, taps, stream);
      return true;
    case 8:
      launchGrayGeneral<8>(in, out, border, taps, stream);
      return true;
    case 9:
      launchGrayGeneral<9>(in, out, border, taps, stream);
      return true;
    case 10:
      launchGrayGeneral<10>(in, out, border, taps, stream);
      return true;
    case 11:
      launchGrayGeneral<11>(in, out, border, taps, stream);
      return true;
    case 12:
      launchGrayGeneral<12>(in, out, border, taps, stream);
      return true;
    case 13:
      launchGrayGeneral<13>(in, out, border, taps, stream);
      return true;
    case 14:
      launchGrayGeneral<14>(in, out, border, taps, stream);
      return true;
    case 15:
      launchGrayGeneral<15>(in, out, border, taps, stream);
      return true;
    default:
      return false;
  }
}

// The common small radii get unrolled, register-windowed code; larger ones share one runtime loop.
template <class T>
void dispatchRadius(ConstImageView<T> in, ImageView<T> out, BorderMode border, int radius, const FilterTaps& taps,
                    bool separable, cudaStream_t stream) {
  switch (radius) {
    case 0:
      return launchConvolution<T, 0>(in, out, border, radius, taps, separable, stream);
    case 1:
      return launchConvolution<T, 1>(in, out, border, radius, taps, separable, stream);
    case 2:
      return launchConvolution<T, 2>(in, out, border, radius, taps, separable, stream);
    case 3:
      return launchConvolution<T, 3>(in, out, border, radius, taps, separable, stream);
    case 4:
      return launchConvolution<T, 4>(in, out, border, radius, taps, separable, stream);
    default:
      return launchConvolution<T, -1>(in, out, border, radius, taps, separable, stream);
  }
}

template <class T>
void requireConvolutionCall(ConstImageView<T> in, ImageView<T> out, const ConvKernel& kernel) {
  validateKernel(kernel);
  requireValidView(in, "convolveAsync", "input");
  requireValidView<T>(out, "convolveAsync", "output");
  requireSameSize<T, T>(in, out, "convolveAsync");
  if (in.empty()) return;
  requireElementAligned(in, "convolveAsync", "input");
  requireElementAligned<T>(out, "convolveAsync", "output");
  requireDistinct<T, T>(in, out, "convolveAsync");
}

FilterTaps generalTaps(const ConvKernel& kernel) {
  FilterTaps taps{};
  std::copy(kernel.weights.begin(), kernel.weights.end(), taps.w);
  return taps;
}

FilterTaps separableTaps(const SeparableKernel& factors) {
  FilterTaps taps{};
  std::copy(factors.row.begin(), factors.row.end(), taps.w);
  std::copy(factors.column.begin(), factors.column.end(), taps.w + kColumnTapsOffset);
  return taps;
}

template <class T>
void convolveImpl(ConstImageView<T> in, ImageView<T> out, const ConvKernel& kernel, BorderMode border,
                  cudaStream_t stream, ConvPath path) {
  requireConvolutionCall(in, out, kernel);
  if (in.empty()) return;

  std::optional<SeparableKernel> factors;
  if (path != ConvPath::General) factors = separateKernel(kernel);
  KC_REQUIRE(path != ConvPath::Separable || factors.has_value(),
             "convolveAsync: ConvPath::Separable forced but the kernel is not rank one");
  const bool separable = factors.has_value();
  const FilterTaps taps = separable ? separableTaps(*factors) : generalTaps(kernel);
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    if (separable && launchSeparableGrayShuffle(in, out, border, kernel.size / 2, taps, stream)) return;
    if (!separable && launchGeneralGrayStream(in, out, border, kernel.size / 2, taps, stream)) return;
    if (!separable && dispatchGrayGeneralLargeRadius(in, out, border, kernel.size / 2, taps, stream)) return;
  }
  dispatchRadius<T>(in, out, border, kernel.size / 2, taps, separable, stream);
}

}  // namespace

void convolveAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                   BorderMode border, cudaStream_t stream, ConvPath path) {
  convolveImpl(in, out, kernel, border, stream, path);
}
void convolveAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border,
                   cudaStream_t stream, ConvPath path) {
  convolveImpl(in, out, kernel, border, stream, path);
}

bool grayConvolveAsync(ConstImageView<Rgba8> in, GrayWeights weights, ImageView<std::uint8_t> out,
                       const ConvKernel& kernel, BorderMode border, HistogramTarget histogram, cudaStream_t stream) {
  validateKernel(kernel);
  requireValidView(in, "grayConvolveAsync", "input");
  requireValidView<std::uint8_t>(out, "grayConvolveAsync", "output");
  requireSameSize<Rgba8, std::uint8_t>(in, out, "grayConvolveAsync");
  if (histogram.counts) requireHistogramBins(histogram.bins, "grayConvolveAsync");
  if (in.empty()) return false;
  requireElementAligned(in, "grayConvolveAsync", "input");
  requireElementAligned<std::uint8_t>(out, "grayConvolveAsync", "output");
  requireDistinct<Rgba8, std::uint8_t>(in, out, "grayConvolveAsync");
  const std::optional<SeparableKernel> factors = separateKernel(kernel);
  if (!factors) return false;
  return launchFusedGraySeparable(in, grayCoefficients(weights), out, border, kernel.size / 2, separableTaps(*factors),
                                  histogram.counts, histogram.bins, stream);
}

bool convolveCountingAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                           BorderMode border, HistogramTarget histogram, cudaStream_t stream) {
  requireConvolutionCall(in, out, kernel);
  requireHistogramBins(histogram.bins, "convolveCountingAsync");
  KC_REQUIRE(histogram.counts, "convolveCountingAsync: no histogram counts");
  if (in.empty()) return false;
  const std::optional<SeparableKernel> factors = separateKernel(kernel);
  if (!factors) return false;
  return launchSeparableGrayShuffle(in, out, border, kernel.size / 2, separableTaps(*factors), stream, histogram.counts,
                                    histogram.bins);
}

bool convolveGrayStreamAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                             BorderMode border, cudaStream_t stream, GrayStreamShape shape) {
  requireConvolutionCall(in, out, kernel);
  if (in.empty()) return true;
  return launchGeneralGrayStream(in, out, border, kernel.size / 2, generalTaps(kernel), stream, shape);
}

void convolve(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel, BorderMode border,
              ConvPath path) {
  convolveAsync(in, out, kernel, border, nullptr, path);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}
void convolve(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border,
              ConvPath path) {
  convolveAsync(in, out, kernel, border, nullptr, path);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}

}  // namespace kc
