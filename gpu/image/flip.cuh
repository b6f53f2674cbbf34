#pragma once
#include <cuda_runtime.h>

#include "gpu/image/flip.hpp"

namespace kc {

// Enqueues the mirror of `in` into `out` (same size, distinct buffers) on `stream`.
void flipAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, FlipAxis axis, cudaStream_t stream);
void flipAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, FlipAxis axis, cudaStream_t stream);

}  // namespace kc
