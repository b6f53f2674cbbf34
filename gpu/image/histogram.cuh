#pragma once
// Shared-memory privatised histograms (the lab's version 2): each block counts into its own
// shared sub-histogram, then merges it into the global one with one atomic per bin.
#include <cuda_runtime.h>

#include <vector>

#include "gpu/image/histogram.hpp"

namespace kc {

// deviceCounts[bins] (device memory) is zeroed and filled on `stream`. laneSlots is how many
// copies of each bin a block keeps (1, 2, 4, ... 32; 0 = as many as fit 48 KB of shared memory):
// 32 makes a warp's atomics conflict-free whatever the pixels, 1 is the lab's single shared
// histogram per block. The bench compares them; results are identical.
void histogramAsync(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* deviceCounts, cudaStream_t stream,
                    int laneSlots = 0);
// deviceCounts[3*bins]: red, green, blue.
void histogramRgbAsync(ConstImageView<Rgba8> image, int bins, std::uint32_t* deviceCounts, cudaStream_t stream);

// Synchronous conveniences returning host vectors.
std::vector<std::uint32_t> histogram(ConstImageView<std::uint8_t> gray, int bins);
std::vector<std::uint32_t> histogramRgb(ConstImageView<Rgba8> image, int bins);

}  // namespace kc
