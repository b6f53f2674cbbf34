#include "gpu/image/grayscale.cuh"

#include <cstdint>
#include <utility>

#include "gpu/core/cuda_check.cuh"
#include "gpu/image/view_checks.hpp"

namespace kc {
namespace {

// Each thread converts 4 pixels: one 16-byte load (4 RGBA pixels) -> one 4-byte store.
// Groups are laid out in the output row's 4-byte grid: group g covers x = 4g - shift .. 4g - shift + 3,
// where shift = (output row address) % 4, so every full group's store is aligned. The load is
// vectorised when the input address of the group is 16-byte aligned as well (always so for
// cudaMallocPitch images); otherwise, and for the partial groups at both row ends, pixels go one by one.
constexpr int kPixelsPerThread = 4;
constexpr int kBlockX = 64;  // 64 threads x 4 pixels = 256 pixels = 1 KiB loaded per warp-row pair
constexpr int kBlockY = 4;   // 256 threads: enough warps per SM to hide DRAM latency

// Memory byte 0,1,2 are weighted by c.r, c.g, c.b (the host swaps r/b weights for BGRA).
__device__ __forceinline__ std::uint32_t grayOfWord(std::uint32_t pixel, GrayCoefficients c) {
  return grayFromRgb(pixel & 0xffu, (pixel >> 8) & 0xffu, (pixel >> 16) & 0xffu, c);
}

__global__ void __launch_bounds__(kBlockX* kBlockY)
    grayscaleKernel(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayCoefficients c, int groupsPerRow) {
  const int group = blockIdx.x * blockDim.x + threadIdx.x;
  if (group >= groupsPerRow) return;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < in.height; y += gridDim.y * blockDim.y) {
    const Rgba8* inRow = in.row(y);
    std::uint8_t* outRow = out.row(y);
    const int shift = static_cast<int>(reinterpret_cast<std::uintptr_t>(outRow) % kPixelsPerThread);
    const int x0 = group * kPixelsPerThread - shift;
    const bool full = x0 >= 0 && x0 + kPixelsPerThread <= in.width;
    if (full && reinterpret_cast<std::uintptr_t>(inRow + x0) % 16 == 0) {
      const uint4 p = *reinterpret_cast<const uint4*>(inRow + x0);
      const std::uint32_t packed =
          grayOfWord(p.x, c) | grayOfWord(p.y, c) << 8 | grayOfWord(p.z, c) << 16 | grayOfWord(p.w, c) << 24;
      *reinterpret_cast<std::uint32_t*>(outRow + x0) = packed;
    } else {
      const int begin = max(x0, 0);
      const int end = min(x0 + kPixelsPerThread, in.width);
      for (int x = begin; x < end; ++x)
        outRow[x] = static_cast<std::uint8_t>(grayOfWord(*reinterpret_cast<const std::uint32_t*>(inRow + x), c));
    }
  }
}

}  // namespace

void grayscaleAsync(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights, ChannelOrder order,
                    cudaStream_t stream) {
  requireValidView(in, "grayscaleAsync", "input");
  requireValidView<std::uint8_t>(out, "grayscaleAsync", "output");
  requireSameSize<Rgba8, std::uint8_t>(in, out, "grayscaleAsync");
  requireElementAligned(in, "grayscaleAsync", "input");
  if (in.empty()) return;
  GrayCoefficients c = grayCoefficients(weights);
  if (order == ChannelOrder::BGRA) std::swap(c.r, c.b);  // memory byte 0 is blue

  // +3: the shift of up to 3 pixels can add one partial group per row.
  const int groupsPerRow = (in.width + kPixelsPerThread - 1 + 3) / kPixelsPerThread;
  const dim3 block(kBlockX, kBlockY);
  const int rowBlocks = (in.height + kBlockY - 1) / kBlockY;
  const dim3 grid((groupsPerRow + kBlockX - 1) / kBlockX, rowBlocks < 65535 ? rowBlocks : 65535);
  grayscaleKernel<<<grid, block, 0, stream>>>(in, out, c, groupsPerRow);
  KC_CUDA_CHECK_LAUNCH("grayscaleKernel");
}

void grayscale(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights, ChannelOrder order) {
  grayscaleAsync(in, out, weights, order, nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}

}  // namespace kc
