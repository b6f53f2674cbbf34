#pragma once
// General (2D) convolution of gray images with small kernels, streamed through registers: a warp
// loads its rows as 4-byte words, takes the halo from its neighbours by warp shuffles and keeps a
// ring of converted rows in registers. No shared memory, no __syncthreads.
#include "gpu/image/convolution.cuh"
#include "gpu/image/convolution_device.cuh"

namespace kc::conv_detail {

// Launches and returns true when the call fits this path: radius 1..3 (kernels 3x3..7x7) and both
// images' rows 4-byte aligned (any cudaMallocPitch or GL buffer; 8-byte aligned for 8 pixels per
// lane). Otherwise launches nothing and returns false, and the shared-memory tile kernel
// (convolution.cu) takes the call. A default shape (rowsPerWarp 0) is chosen from the image's size.
// The reference's operations in its order: identical results to convolveCpu.
bool launchGeneralGrayStream(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, BorderMode border,
                             int radius, const FilterTaps& taps, cudaStream_t stream, GrayStreamShape shape = {});

}  // namespace kc::conv_detail
