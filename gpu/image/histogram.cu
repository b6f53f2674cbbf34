#include "gpu/image/histogram.cuh"

#include <algorithm>
#include <cstdint>
#include <cuda/atomic>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/image/view_checks.hpp"

namespace kc {
namespace {

// Launch shape: blocks of 512 threads, and only as many blocks as the GPU holds at once (the
// occupancy calculator counts threads, registers and shared memory), so each block merges into
// global memory once: resident blocks x bins global atomics in all, instead of one per pixel.
// Smaller blocks than one per SM: a block's serial phases (zero, count, merge) overlap other blocks'.
constexpr int kBlockThreads = 512;
constexpr int kBytesPerChunk = 16;  // one uint4 load per chunk
// Chunks a thread loads before it counts any: the count waits on DRAM latency, so loads in flight
// per SM set the speed (one 16-byte load per thread left most of a 4K frame's time waiting).
constexpr int kDefaultChunksInFlight = 4;
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
  static constexpr int kMinBlocksPerSm = 1;
  static constexpr int kChunksInFlight = kDefaultChunksInFlight;
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
  static constexpr int kMinBlocksPerSm = 1;
  static constexpr int kChunksInFlight = kDefaultChunksInFlight;
  __device__ __forceinline__ static void word(const SharedHistogram& h, std::uint32_t w, int bins) {
    h.add(histogramBin(w & 0xffu, bins));
    h.add(bins + histogramBin((w >> 8) & 0xffu, bins));
    h.add(2 * bins + histogramBin((w >> 16) & 0xffu, bins));
  }
  __device__ __forceinline__ static void pixel(const SharedHistogram& h, const unsigned char* p, int bins) {
    word(h, *reinterpret_cast<const std::uint32_t*>(p), bins);
  }
};

// Gray with one bin per value (256 bins) and 32 lane slots, the hist stage's default: the bin is the
// byte itself, so a pixel costs a byte extract, an address and the shared atomic; the general
// counter also multiplies by the bin count, shifts twice and masks the lane (5% of the kernel's
// time on the H200). Tried and measured slower there: 4 blocks per SM with half the loads each
// (100% occupancy instead of 50%: 9.2 us instead of 7.5; the shared atomics contend more).
struct ByteCounter {
  static constexpr int kBytesPerPixel = 1;
  static constexpr int kMinBlocksPerSm = 1;
  static constexpr int kChunksInFlight = kDefaultChunksInFlight;
  __device__ __forceinline__ static void word(const SharedHistogram& h, std::uint32_t w, int /*bins*/) {
    std::uint32_t* laneSlot = h.counters + (threadIdx.x & 31u);
#pragma unroll
    for (int i = 0; i < 4; ++i) atomicAdd(laneSlot + (((w >> (8 * i)) & 0xffu) << 5), 1u);
  }
  __device__ __forceinline__ static void pixel(const SharedHistogram& h, const unsigned char* p, int /*bins*/) {
    atomicAdd(h.counters + ((static_cast<std::uint32_t>(*p) << 5) | (threadIdx.x & 31u)), 1u);
  }
};

// Work items are 16-byte chunks laid out in each row's 16-byte address grid (chunk c of row y covers
// bytes 16c - shift .. 16c - shift + 15, shift = row address % 16), so every full chunk is one aligned
// uint4 load whatever the pitch; the partial chunks at the row ends go pixel by pixel.
struct ChunkGrid {
  const unsigned char* data;
  int widthBytes;
  std::size_t pitch;
  int chunksPerRow;
  // Chunk `item`: its first byte's column (x0, may be negative) and row start.
  // 32-bit division (the host checks the count fits): a 64-bit one would cost more than the atomics.
  __device__ void locate(unsigned item, const unsigned char*& row, int& x0) const {
    const unsigned y = item / static_cast<unsigned>(chunksPerRow);
    row = data + static_cast<std::size_t>(y) * pitch;
    const int shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(row) % kBytesPerChunk);
    x0 = static_cast<int>(item - y * static_cast<unsigned>(chunksPerRow)) * kBytesPerChunk - shift;
  }
  __device__ bool full(int x0) const { return x0 >= 0 && x0 + kBytesPerChunk <= widthBytes; }
};

// The sync words (HistogramSync): blocks started, counts zeroed (0 or 1), blocks finished.
enum SyncWord { kStarted = 0, kZeroed = 1, kFinished = 2 };
static_assert(kFinished < kHistogramSyncWords, "HistogramSync holds every word");

// Thread 0 of every block, first thing: the first block to start zeroes the global counts (all its
// threads, in zeroGlobalCounts after the block's barrier, which tells them).
__device__ __forceinline__ bool isFirstBlock(std::uint32_t* sync) { return atomicAdd(&sync[kStarted], 1u) == 0; }

__device__ void zeroGlobalCounts(std::uint32_t* sync, std::uint32_t* globalCounts, int count) {
  for (int i = threadIdx.x; i < count; i += blockDim.x) globalCounts[i] = 0;
  __threadfence();  // the zeros reach the device before the flag does
  __syncthreads();
  if (threadIdx.x == 0) atomicExch(&sync[kZeroed], 1u);
}

// Thread 0, before its block's merge: the counts are zeroed. The zeroing block is running (it
// started first) and waits on nobody, so this wait ends whatever the GPU schedules; it was raised
// at the first block's start, long before anyone has counted its share.
__device__ void awaitZeroedCounts(std::uint32_t* sync) {
  cuda::atomic_ref<std::uint32_t, cuda::thread_scope_device> zeroed(sync[kZeroed]);
  while (zeroed.load(cuda::memory_order_acquire) == 0) {
  }
}

// Thread 0, last thing: the last block to finish puts the words back to zero for the next launch.
// Every block's start and wait came before its finish (the fences), so none reads them after this.
__device__ void finishBlock(std::uint32_t* sync) {
  __threadfence();
  if (atomicAdd(&sync[kFinished], 1u) == gridDim.x - 1) {
    __threadfence();
    sync[kStarted] = 0;
    sync[kZeroed] = 0;
    sync[kFinished] = 0;
  }
}

// The merge: one thread per bin, or where there are more threads than bins, `parts` neighbouring
// lanes per bin that share its slots and add up by shuffles; one global atomic per bin. Slot s of
// bin b is read at a rotation of b * parts, so that a warp's lanes read 32 different banks.
__device__ void mergeIntoGlobal(const std::uint32_t* counters, int counterBins, int laneBits,
                                std::uint32_t* globalCounts) {
  const int slots = 1 << laneBits;
  int parts = 1;
  while (parts < slots && parts * 2 * counterBins <= static_cast<int>(blockDim.x)) parts *= 2;
  const int items = counterBins * parts;
  // Every thread runs every round (whole warps shuffle); the rounds past the work add nothing.
  for (int base = 0; base < items; base += blockDim.x) {
    const int item = base + static_cast<int>(threadIdx.x);
    const int bin = item / parts;
    const int part = item % parts;
    std::uint32_t sum = 0;
    if (item < items) {
      const std::uint32_t* slot = counters + (bin << laneBits);
      for (int s = part; s < slots; s += parts) sum += slot[(s + bin * parts) & (slots - 1)];
    }
    for (int offset = parts / 2; offset > 0; offset /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, offset);
    if (item < items && part == 0 && sum != 0) atomicAdd(&globalCounts[bin], sum);
  }
}

// Grid-stride over chunks, C::kChunksInFlight loads issued before the first count.
template <int kChannels, class C = Counter<kChannels>>
__global__ void __launch_bounds__(kBlockThreads, C::kMinBlocksPerSm)
    histogramKernel(ChunkGrid grid, unsigned items, int bins, int laneBits, std::uint32_t* globalCounts,
                    std::uint32_t* sync) {
  // Dynamic shared memory only: RGB's 768 bins x 16 slots fill the whole 48 KB the launch may ask
  // for without an opt-in (a static shared flag here made that launch fail).
  extern __shared__ std::uint32_t counters[];
  const int counterCount = (kChannels * bins) << laneBits;
  for (int i = threadIdx.x; i < counterCount; i += blockDim.x) counters[i] = 0;
  const bool first = __syncthreads_or(threadIdx.x == 0 && isFirstBlock(sync));
  if (first) zeroGlobalCounts(sync, globalCounts, kChannels * bins);

  const SharedHistogram h{counters, laneBits, (1 << laneBits) - 1};
  const unsigned threads = gridDim.x * blockDim.x;
  constexpr int kInFlight = C::kChunksInFlight;
  for (unsigned base = blockIdx.x * blockDim.x + threadIdx.x; base < items; base += threads * kInFlight) {
    uint4 chunk[kInFlight];
    int x0[kInFlight];  // only this is kept: the rare partial chunk finds its row again
#pragma unroll
    for (int b = 0; b < kInFlight; ++b) {
      const unsigned item = base + b * threads;
      if (item >= items) break;
      const unsigned char* row;
      grid.locate(item, row, x0[b]);
      if (grid.full(x0[b])) chunk[b] = *reinterpret_cast<const uint4*>(row + x0[b]);
    }
#pragma unroll
    for (int b = 0; b < kInFlight; ++b) {
      const unsigned item = base + b * threads;
      if (item >= items) break;
      if (grid.full(x0[b])) {
        C::word(h, chunk[b].x, bins);
        C::word(h, chunk[b].y, bins);
        C::word(h, chunk[b].z, bins);
        C::word(h, chunk[b].w, bins);
      } else {
        // Row addresses are multiples of the pixel size (checked on the host), so pixels never straddle.
        const unsigned char* row;
        int x;
        grid.locate(item, row, x);
        const int end = min(x + kBytesPerChunk, grid.widthBytes);
        for (x = max(x, 0); x < end; x += C::kBytesPerPixel) C::pixel(h, row + x, bins);
      }
    }
  }

  if (threadIdx.x == 0) awaitZeroedCounts(sync);
  __syncthreads();  // the block has counted, and its thread 0 has seen the zeroed counts
  mergeIntoGlobal(counters, kChannels * bins, laneBits, globalCounts);
  if (threadIdx.x == 0) finishBlock(sync);
}

// Blocks of `kernel` that fit on the current GPU at once (threads, registers, shared memory).
template <class Kernel>
int residentBlocks(Kernel kernel, std::size_t sharedBytesPerBlock) {
  int perSm = 0;
  KC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, kBlockThreads, sharedBytesPerBlock));
  return currentDeviceSmCount() * (perSm > 0 ? perSm : 1);
}

template <int kChannels>
void launchHistogram(const unsigned char* data, int width, int height, std::size_t pitch, int bins,
                     std::uint32_t* deviceCounts, std::uint32_t* sync, cudaStream_t stream, int laneSlots) {
  // As many lane slots as asked for, or (0) up to 32 within the budget: gray and RGB with <= 128 bins get 32.
  int laneBits = 5;
  if (laneSlots > 0)
    while ((1 << laneBits) > laneSlots) --laneBits;
  while (laneBits > 0 && (std::size_t(kChannels * bins) << laneBits) * sizeof(std::uint32_t) > kSharedBudgetBytes)
    --laneBits;
  const std::size_t sharedBytes = (std::size_t(kChannels * bins) << laneBits) * sizeof(std::uint32_t);

  const bool empty = width <= 0 || height <= 0;
  const int widthBytes = empty ? 0 : width * Counter<kChannels>::kBytesPerPixel;
  // One more chunk per row when rows do not all start on a 16-byte boundary (shift > 0).
  const bool rowsAligned = reinterpret_cast<std::uintptr_t>(data) % kBytesPerChunk == 0 && pitch % kBytesPerChunk == 0;
  const int chunksPerRow = empty ? 1 : (widthBytes + kBytesPerChunk - 1) / kBytesPerChunk + (rowsAligned ? 0 : 1);
  const long long items = empty ? 0 : static_cast<long long>(chunksPerRow) * height;
  KC_REQUIRE(items < (1ll << 31), "histogram: image larger than 32 GiB");
  auto kernel = histogramKernel<kChannels>;
  if constexpr (kChannels == 1)
    if (bins == 256 && laneBits == 5) kernel = histogramKernel<1, ByteCounter>;
  // One chunk per thread at least: a small image still spreads over the SMs; one block at least
  // (an empty image's counts are zeroed by it).
  const long long blocksForWork = std::max(1ll, (items + kBlockThreads - 1) / kBlockThreads);
  const long long resident = residentBlocks(kernel, sharedBytes);
  const int blocks = static_cast<int>(blocksForWork < resident ? blocksForWork : resident);

  const ChunkGrid grid{data, widthBytes, pitch, chunksPerRow};
  kernel<<<blocks, kBlockThreads, sharedBytes, stream>>>(grid, static_cast<unsigned>(items), bins, laneBits,
                                                         deviceCounts, sync);
  KC_CUDA_CHECK_LAUNCH(kChannels == 1 ? "histogramKernel<gray>" : "histogramKernel<rgb>");
}

}  // namespace

HistogramSync::HistogramSync() : words_(kHistogramSyncWords) {
  words_.fillBytes(0);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));  // zero before any stream's launch reads them
}

void histogramAsync(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* deviceCounts, std::uint32_t* sync,
                    cudaStream_t stream, int laneSlots) {
  requireHistogramBins(bins, "histogramAsync");
  KC_REQUIRE(laneSlots >= 0 && laneSlots <= 32 && (laneSlots & (laneSlots - 1)) == 0,
             "histogramAsync: laneSlots must be 0 (auto) or a power of two up to 32");
  requireValidView(gray, "histogramAsync", "image");
  KC_REQUIRE(deviceCounts != nullptr, "histogramAsync: deviceCounts is null");
  KC_REQUIRE(sync != nullptr, "histogramAsync: sync is null");
  launchHistogram<1>(reinterpret_cast<const unsigned char*>(gray.data), gray.width, gray.height, gray.pitch, bins,
                     deviceCounts, sync, stream, laneSlots);
}

void histogramRgbAsync(ConstImageView<Rgba8> image, int bins, std::uint32_t* deviceCounts, std::uint32_t* sync,
                       cudaStream_t stream) {
  requireHistogramBins(bins, "histogramRgbAsync");
  requireValidView(image, "histogramRgbAsync", "image");
  requireElementAligned(image, "histogramRgbAsync", "image");
  KC_REQUIRE(deviceCounts != nullptr, "histogramRgbAsync: deviceCounts is null");
  KC_REQUIRE(sync != nullptr, "histogramRgbAsync: sync is null");
  launchHistogram<3>(reinterpret_cast<const unsigned char*>(image.data), image.width, image.height, image.pitch, bins,
                     deviceCounts, sync, stream, 0);
}

namespace {
template <class Launch>
std::vector<std::uint32_t> histogramToHost(std::size_t count, Launch&& launch) {
  DeviceBuffer<std::uint32_t> deviceCounts(count);
  HistogramSync sync;
  launch(deviceCounts.data(), sync.words());
  std::vector<std::uint32_t> counts(count);
  deviceCounts.downloadAsync(counts.data(), count, nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  return counts;
}
}  // namespace

std::vector<std::uint32_t> histogram(ConstImageView<std::uint8_t> gray, int bins) {
  requireHistogramBins(bins, "histogram");
  return histogramToHost(static_cast<std::size_t>(bins), [&](std::uint32_t* counts, std::uint32_t* sync) {
    histogramAsync(gray, bins, counts, sync, nullptr);
  });
}

std::vector<std::uint32_t> histogramRgb(ConstImageView<Rgba8> image, int bins) {
  requireHistogramBins(bins, "histogramRgb");
  return histogramToHost(static_cast<std::size_t>(3 * bins), [&](std::uint32_t* counts, std::uint32_t* sync) {
    histogramRgbAsync(image, bins, counts, sync, nullptr);
  });
}

}  // namespace kc
