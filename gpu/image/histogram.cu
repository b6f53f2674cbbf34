#include "gpu/image/histogram.cuh"

#include <cstdint>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/image/view_checks.hpp"

namespace kc {
namespace {

// Launch shape: 1024 threads per block and only as many blocks as the GPU holds at once (two per SM
// on sm_80/90, where 2048 threads fill an SM), so each block merges into global memory once:
// resident blocks x bins global atomics in all, instead of one per pixel.
constexpr int kBlockThreads = 1024;
constexpr int kBytesPerChunk = 16;  // one uint4 load per thread per step
// The default dynamic shared-memory limit needs no opt-in on any architecture.
constexpr int kSharedBudgetBytes = 48 * 1024;

// Shared sub-histograms, one per lane slot: counter (channel, bin, slot) lives at
//   ((channel * bins + bin) << laneBits) + (lane & (slots - 1)).
// With 32 slots a warp's 32 atomics always fall in 32 different banks (bank = lane), whatever the
// pixels: a constant image (every lane hitting one bin, the worst case for a single shared
// histogram) costs no more than random noise. Warps of a block share the slots; shared atomics
// from different warps are serialised by the hardware anyway.
struct SharedHistogram {
  std::uint32_t* counters;
  int laneBits;
  int laneMask;
  __device__ __forceinline__ void add(int slotIndex) const {
    atomicAdd(&counters[(slotIndex << laneBits) + (threadIdx.x & laneMask)], 1u);
  }
};

// Gray: every byte is a pixel. RGB: every 4 bytes are a pixel, alpha ignored.
template <int kChannels>
struct Counter;
template <>
struct Counter<1> {
  static constexpr int kBytesPerPixel = 1;
  __device__ __forceinline__ static void word(const SharedHistogram& h, std::uint32_t w, int bins) {
    for (int i = 0; i < 4; ++i) h.add(histogramBin((w >> (8 * i)) & 0xffu, bins));
  }
  __device__ __forceinline__ static void pixel(const SharedHistogram& h, const unsigned char* p, int bins) {
    h.add(histogramBin(*p, bins));
  }
};
template <>
struct Counter<3> {
  static constexpr int kBytesPerPixel = 4;
  __device__ __forceinline__ static void word(const SharedHistogram& h, std::uint32_t w, int bins) {
    h.add(histogramBin(w & 0xffu, bins));
    h.add(bins + histogramBin((w >> 8) & 0xffu, bins));
    h.add(2 * bins + histogramBin((w >> 16) & 0xffu, bins));
  }
  __device__ __forceinline__ static void pixel(const SharedHistogram& h, const unsigned char* p, int bins) {
    word(h, *reinterpret_cast<const std::uint32_t*>(p), bins);
  }
};

// Work items are 16-byte chunks laid out in each row's 16-byte address grid (chunk c of row y covers
// bytes 16c - shift .. 16c - shift + 15, shift = row address % 16), so every full chunk is one aligned
// uint4 load whatever the pitch; the partial chunks at the row ends go pixel by pixel.
// Grid-stride over (row, chunk) pairs: the grid is sized to the GPU, not to the image.
template <int kChannels>
__global__ void __launch_bounds__(kBlockThreads)
    histogramKernel(const unsigned char* data, int widthBytes, int height, std::size_t pitch, int chunksPerRow,
                    int bins, int laneBits, std::uint32_t* globalCounts) {
  extern __shared__ std::uint32_t counters[];
  using C = Counter<kChannels>;
  const int counterCount = (kChannels * bins) << laneBits;
  for (int i = threadIdx.x; i < counterCount; i += blockDim.x) counters[i] = 0;
  __syncthreads();

  const SharedHistogram h{counters, laneBits, (1 << laneBits) - 1};
  // 32-bit indices (the host checks the count fits): a 64-bit division would cost more than the atomics.
  const unsigned items = static_cast<unsigned>(chunksPerRow) * static_cast<unsigned>(height);
  for (unsigned item = blockIdx.x * blockDim.x + threadIdx.x; item < items; item += gridDim.x * blockDim.x) {
    const int y = static_cast<int>(item / static_cast<unsigned>(chunksPerRow));
    const int chunk = static_cast<int>(item - static_cast<unsigned>(y) * chunksPerRow);
    const unsigned char* row = data + static_cast<std::size_t>(y) * pitch;
    const int shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) % kBytesPerChunk);
    const int x0 = chunk * kBytesPerChunk - shift;
    if (x0 >= 0 && x0 + kBytesPerChunk <= widthBytes) {
      const uint4 v = *reinterpret_cast<const uint4*>(row + x0);
      C::word(h, v.x, bins);
      C::word(h, v.y, bins);
      C::word(h, v.z, bins);
      C::word(h, v.w, bins);
    } else {
      // Row addresses are multiples of the pixel size (checked on the host), so pixels never straddle.
      const int end = min(x0 + kBytesPerChunk, widthBytes);
      for (int x = max(x0, 0); x < end; x += C::kBytesPerPixel) C::pixel(h, row + x, bins);
    }
  }
  __syncthreads();

  // Merge: one warp per bin sums its slots (consecutive words: conflict-free), one global atomic.
  const int lane = threadIdx.x % 32;
  const int slots = 1 << laneBits;
  for (int bin = threadIdx.x / 32; bin < kChannels * bins; bin += blockDim.x / 32) {
    std::uint32_t sum = lane < slots ? counters[(bin << laneBits) + lane] : 0u;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0 && sum != 0) atomicAdd(&globalCounts[bin], sum);
  }
}

// Blocks of this kernel that fit on the current GPU at once (threads and shared memory per SM).
// Device attributes are cheap to query, unlike cudaGetDeviceProperties.
int residentBlocks(std::size_t sharedBytesPerBlock) {
  int device = 0, sms = 0, threadsPerSm = 0, sharedPerSm = 0, reservedPerBlock = 0;
  KC_CUDA_CHECK(cudaGetDevice(&device));
  KC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  KC_CUDA_CHECK(cudaDeviceGetAttribute(&threadsPerSm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
  KC_CUDA_CHECK(cudaDeviceGetAttribute(&sharedPerSm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device));
  KC_CUDA_CHECK(cudaDeviceGetAttribute(&reservedPerBlock, cudaDevAttrReservedSharedMemoryPerBlock, device));
  const std::size_t byShared = static_cast<std::size_t>(sharedPerSm) / (sharedBytesPerBlock + reservedPerBlock);
  const std::size_t byThreads = static_cast<std::size_t>(threadsPerSm / kBlockThreads);
  const std::size_t perSm = byShared < byThreads ? byShared : byThreads;
  return sms * static_cast<int>(perSm > 0 ? perSm : 1);
}

template <int kChannels>
void launchHistogram(const unsigned char* data, int width, int height, std::size_t pitch, int bins,
                     std::uint32_t* deviceCounts, cudaStream_t stream, int laneSlots) {
  KC_CUDA_CHECK(cudaMemsetAsync(deviceCounts, 0, sizeof(std::uint32_t) * kChannels * bins, stream));
  if (width <= 0 || height <= 0) return;

  // As many lane slots as asked for, or (0) up to 32 within the budget: gray and RGB with <= 128 bins get 32.
  int laneBits = 5;
  if (laneSlots > 0)
    while ((1 << laneBits) > laneSlots) --laneBits;
  while (laneBits > 0 && (std::size_t(kChannels * bins) << laneBits) * sizeof(std::uint32_t) > kSharedBudgetBytes)
    --laneBits;
  const std::size_t sharedBytes = (std::size_t(kChannels * bins) << laneBits) * sizeof(std::uint32_t);

  const int widthBytes = width * Counter<kChannels>::kBytesPerPixel;
  // One more chunk per row when rows do not all start on a 16-byte boundary (shift > 0).
  const bool rowsAligned = reinterpret_cast<std::uintptr_t>(data) % kBytesPerChunk == 0 && pitch % kBytesPerChunk == 0;
  const int chunksPerRow = (widthBytes + kBytesPerChunk - 1) / kBytesPerChunk + (rowsAligned ? 0 : 1);
  const long long items = static_cast<long long>(chunksPerRow) * height;
  KC_REQUIRE(items < (1ll << 31), "histogram: image larger than 32 GiB");
  const long long blocksForWork = (items + kBlockThreads - 1) / kBlockThreads;
  const long long resident = residentBlocks(sharedBytes);
  const int blocks = static_cast<int>(blocksForWork < resident ? blocksForWork : resident);

  histogramKernel<kChannels><<<blocks, kBlockThreads, sharedBytes, stream>>>(data, widthBytes, height, pitch,
                                                                           chunksPerRow, bins, laneBits, deviceCounts);
  KC_CUDA_CHECK_LAUNCH(kChannels == 1 ? "histogramKernel<gray>" : "histogramKernel<rgb>");
}

}  // namespace

void histogramAsync(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* deviceCounts, cudaStream_t stream,
                    int laneSlots) {
  requireHistogramBins(bins, "histogramAsync");
  KC_REQUIRE(laneSlots >= 0 && laneSlots <= 32 && (laneSlots & (laneSlots - 1)) == 0,
             "histogramAsync: laneSlots must be 0 (auto) or a power of two up to 32");
  requireValidView(gray, "histogramAsync", "image");
  KC_REQUIRE(deviceCounts != nullptr, "histogramAsync: deviceCounts is null");
  launchHistogram<1>(reinterpret_cast<const unsigned char*>(gray.data), gray.width, gray.height, gray.pitch, bins,
                     deviceCounts, stream, laneSlots);
}

void histogramRgbAsync(ConstImageView<Rgba8> image, int bins, std::uint32_t* deviceCounts, cudaStream_t stream) {
  requireHistogramBins(bins, "histogramRgbAsync");
  requireValidView(image, "histogramRgbAsync", "image");
  requireElementAligned(image, "histogramRgbAsync", "image");
  KC_REQUIRE(deviceCounts != nullptr, "histogramRgbAsync: deviceCounts is null");
  launchHistogram<3>(reinterpret_cast<const unsigned char*>(image.data), image.width, image.height, image.pitch, bins,
                     deviceCounts, stream, 0);
}

namespace {
template <class Launch>
std::vector<std::uint32_t> histogramToHost(std::size_t count, Launch&& launch) {
  DeviceBuffer<std::uint32_t> deviceCounts(count);
  launch(deviceCounts.data());
  std::vector<std::uint32_t> counts(count);
  deviceCounts.downloadAsync(counts.data(), count, nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  return counts;
}
}  // namespace

std::vector<std::uint32_t> histogram(ConstImageView<std::uint8_t> gray, int bins) {
  requireHistogramBins(bins, "histogram");
  return histogramToHost(static_cast<std::size_t>(bins),
                         [&](std::uint32_t* counts) { histogramAsync(gray, bins, counts, nullptr); });
}

std::vector<std::uint32_t> histogramRgb(ConstImageView<Rgba8> image, int bins) {
  requireHistogramBins(bins, "histogramRgb");
  return histogramToHost(static_cast<std::size_t>(3 * bins),
                         [&](std::uint32_t* counts) { histogramRgbAsync(image, bins, counts, nullptr); });
}

}  // namespace kc
