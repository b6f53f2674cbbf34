#pragma once
// Separable convolution of gray images with the row pass done in registers: a warp loads one tile
// row as 4-byte words (one per lane), and each lane takes the halo it needs from its neighbours'
// registers with warp shuffles instead of from a shared-memory tile.
#include "gpu/image/convolution_device.cuh"
#include "gpu/image/grayscale.hpp"

namespace kc::conv_detail {

// Launches and returns true when the call fits this path: radius 1..15 (kernels 3x3..31x31) and both
// images' rows 4-byte aligned (any cudaMallocPitch or GL buffer). Otherwise launches nothing and
// returns false, and the shared-memory tile kernel (convolution.cu) takes the call.
// Same operations in the same order as that kernel's separable path: identical results.
// Where histogramCounts is set, the output's histogram too (histogramBins bins, zeroed first on the
// stream), equal to histogramAsync's of the output.
bool launchSeparableGrayShuffle(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                int radius, const FilterTaps& taps, cudaStream_t stream,
                                std::uint32_t* histogramCounts = nullptr, int histogramBins = 0);

// The same kernel fed by an RGBA image made grey in registers (grayscaleAsync's bytes, never stored),
// and, where histogramCounts is set, counting the output's histogram (histogramBins bins; the counts
// are zeroed first, on the stream). Bit-exact with grayscaleAsync then launchSeparableGrayShuffle then
// histogramAsync. False, launching nothing, for a radius past 15 or rows not 16-byte (in) or 4-byte
// (out) aligned.
bool launchFusedGraySeparable(ConstImageView<Rgba8> in, GrayCoefficients c, ImageView<std::uint8_t> out,
                              BorderMode border, int radius, const FilterTaps& taps, std::uint32_t* histogramCounts,
                              int histogramBins, cudaStream_t stream);

}  // namespace kc::conv_detail
