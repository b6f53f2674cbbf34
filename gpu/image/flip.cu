#include "gpu/image/flip.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc {
namespace {

// One output element per thread, a 32x8 block per tile. A warp writes 32 consecutive elements and
// reads 32 consecutive ones too, only in reverse order for a horizontal flip: both are whole,
// coalesced lines, so the kernel moves bytes at the rate of a copy. Grey images go 4 pixels per
// thread (a 4-byte word each side) so a warp still moves 128 bytes per access, not 32.
constexpr int kBlockX = 32;
constexpr int kBlockY = 8;

template <class T>
__global__ void flipKernel(ConstImageView<T> in, ImageView<T> out, FlipAxis axis) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  out.at(x, y) = in.row(flipSource(y, in.height, flipsRows(axis)))[flipSource(x, in.width, flipsColumns(axis))];
}

// Grey: thread handles output bytes 4q..4q+3 of a row. When the row's width is a multiple of 4 and
// the pitches keep words aligned, the 4 source bytes of a horizontal flip are also one aligned word
// (in reverse order): one load, one byte reversal (PRMT), one store. Other rows go byte by byte.
__global__ void flipGrayKernel(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, FlipAxis axis,
                               bool wordAligned) {
  const int q = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  const int x0 = 4 * q;
  if (x0 >= out.width || y >= out.height) return;
  const std::uint8_t* source = in.row(flipSource(y, in.height, flipsRows(axis)));
  std::uint8_t* target = out.row(y);
  if (wordAligned) {
    const bool mirror = flipsColumns(axis);
    const int sourceX = mirror ? in.width - 4 - x0 : x0;
    const std::uint32_t word = *reinterpret_cast<const std::uint32_t*>(source + sourceX);
    *reinterpret_cast<std::uint32_t*>(target + x0) = mirror ? __byte_perm(word, 0, 0x0123) : word;
    return;
  }
  for (int x = x0; x < x0 + 4 && x < out.width; ++x) target[x] = source[flipSource(x, in.width, flipsColumns(axis))];
}

dim3 gridFor(int columns, int rows) { return dim3((columns + kBlockX - 1) / kBlockX, (rows + kBlockY - 1) / kBlockY); }

bool wordsAligned(const void* pointer, std::size_t pitch) {
  return reinterpret_cast<std::uintptr_t>(pointer) % 4 == 0 && pitch % 4 == 0;
}

}  // namespace

void flipAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, FlipAxis axis, cudaStream_t stream) {
  requireFlipViews(in, out, "flipAsync");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "flipAsync: image too high for one launch");
  const bool wordAligned = out.width % 4 == 0 && wordsAligned(in.data, in.pitch) && wordsAligned(out.data, out.pitch);
  flipGrayKernel<<<gridFor((out.width + 3) / 4, out.height), dim3(kBlockX, kBlockY), 0, stream>>>(in, out, axis,
                                                                                                  wordAligned);
  KC_CUDA_CHECK(cudaGetLastError());
}

void flipAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, FlipAxis axis, cudaStream_t stream) {
  requireFlipViews(in, out, "flipAsync");
  requireElementAligned(in, "flipAsync", "input");
  requireElementAligned<Rgba8>(out, "flipAsync", "output");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "flipAsync: image too high for one launch");
  flipKernel<Rgba8><<<gridFor(out.width, out.height), dim3(kBlockX, kBlockY), 0, stream>>>(in, out, axis);
  KC_CUDA_CHECK(cudaGetLastError());
}

}  // namespace kc
