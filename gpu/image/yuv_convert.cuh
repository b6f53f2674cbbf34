#pragma once
#include <cuda_runtime.h>

#include "gpu/image/yuv_convert.hpp"

namespace kc {

// Enqueues the conversion of a camera picture into `out` (in.width x in.height RGBA) on `stream`;
// bit for bit what yuvToRgbaCpu computes. The planes may have any pitch and alignment.
void yuvToRgbaAsync(const YuvPlanes& in, YuvEncoding encoding, ImageView<Rgba8> out, cudaStream_t stream);

// Enqueues the Y plane -> full-range grey (what lumaToGrayCpu computes).
void lumaToGrayAsync(ConstImageView<std::uint8_t> luma, YuvRange range, ImageView<std::uint8_t> out,
                     cudaStream_t stream);

}  // namespace kc
