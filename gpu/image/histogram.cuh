#pragma once
// Shared-memory privatised histograms (the lab's version 2): each block counts into its own
// shared sub-histogram, then merges it into the global one with one atomic per bin.
#include <cuda_runtime.h>

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/image/histogram.hpp"

namespace kc {

// The device words one histogram launch's blocks coordinate through, so that no zeroing launch has
// to run before it: the first block to start zeroes the counts and raises a flag that every block
// waits for before it merges (by then long raised); the last block to finish puts the words back to
// zero. Zero when made; a launch that completes leaves them zero. One launch at a time may use them:
// one HistogramSync per stream that counts.
constexpr int kHistogramSyncWords = 3;  // blocks started, counts zeroed, blocks finished
class HistogramSync {
 public:
  HistogramSync();  // allocates and zeroes (waits for the zeroing)
  std::uint32_t* words() const noexcept { return words_.data(); }

 private:
  DeviceBuffer<std::uint32_t> words_;
};

// deviceCounts[bins] (device memory) is overwritten on `stream` (no separate zeroing launch; `sync`
// as above, kHistogramSyncWords words). laneSlots is how many copies of each bin a block keeps (1,
// 2, 4, ... 32; 0 = as many as fit 48 KB of shared memory): 32 makes a warp's atomics conflict-free
// whatever the pixels, 1 is the lab's single shared histogram per block. The bench compares them;
// results are identical.
void histogramAsync(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* deviceCounts, std::uint32_t* sync,
                    cudaStream_t stream, int laneSlots = 0);
// deviceCounts[3*bins]: red, green, blue.
void histogramRgbAsync(ConstImageView<Rgba8> image, int bins, std::uint32_t* deviceCounts, std::uint32_t* sync,
                       cudaStream_t stream);

// Synchronous conveniences returning host vectors.
std::vector<std::uint32_t> histogram(ConstImageView<std::uint8_t> gray, int bins);
std::vector<std::uint32_t> histogramRgb(ConstImageView<Rgba8> image, int bins);

}  // namespace kc
