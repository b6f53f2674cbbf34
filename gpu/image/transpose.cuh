#pragma once
// Tiled transpose through a 32x32 shared tile padded by one element (no bank conflicts), with
// 32x8 threads per block, each thread moving 4 elements (the lab's version).
#include <cuda_runtime.h>

#include "gpu/core/cuda_check.cuh"
#include "gpu/image/transpose.hpp"

namespace kc {

void transposeAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, cudaStream_t stream);
void transposeAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, cudaStream_t stream);
void transposeAsync(ConstImageView<float> in, ImageView<float> out, cudaStream_t stream);
// The plain one-byte-per-thread tile kernel (what transposeAsync falls back to for rows that are not
// 4-byte aligned); kept callable so tests and the bench can compare it with the 4-byte version.
void transposeTileAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, cudaStream_t stream);

template <class T>
void transpose(ConstImageView<T> in, ImageView<T> out) {
  transposeAsync(in, out, nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}

}  // namespace kc
