#pragma once
// Separable convolution of gray images with the row pass done in registers: a warp loads one tile
// row as 4-byte words (one per lane), and each lane takes the halo it needs from its neighbours'
// registers with warp shuffles instead of from a shared-memory tile.
#include "gpu/image/convolution_device.cuh"

namespace kc::conv_detail {

// Launches and returns true when the call fits this path: radius 1..15 (kernels 3x3..31x31) and both
// images' rows 4-byte aligned (any cudaMallocPitch or GL buffer). Otherwise launches nothing and
// returns false, and the shared-memory tile kernel (convolution.cu) takes the call.
// Same operations in the same order as that kernel's separable path: identical results.
bool launchSeparableGrayShuffle(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                                int radius, const FilterTaps& taps, cudaStream_t stream);

}  // namespace kc::conv_detail
