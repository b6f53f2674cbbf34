#pragma once
#include <cuda_runtime.h>

#include "gpu/image/grayscale.hpp"

namespace kc {

// in and out are device views of the same size.
void grayscaleAsync(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights, ChannelOrder order,
                    cudaStream_t stream);
// Synchronous convenience: launches on the default stream and waits.
void grayscale(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights,
               ChannelOrder order = ChannelOrder::RGBA);

}  // namespace kc
