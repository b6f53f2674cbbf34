#pragma once
#include <cuda_runtime.h>

#include "gpu/image/channel_convert.hpp"

namespace kc {

// Enqueue what grayToRgbaCpu / bgraToRgbaCpu compute, on `stream` (distinct buffers, same size).
void grayToRgbaAsync(ConstImageView<std::uint8_t> in, ImageView<Rgba8> out, cudaStream_t stream);
void bgraToRgbaAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, cudaStream_t stream);

}  // namespace kc
