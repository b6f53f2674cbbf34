#include "gpu/image/channel_convert.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc {
namespace {

// One pixel per thread, 32x8 blocks: a warp writes 128 contiguous bytes. Both are copies with a
// twist, bound by the bytes they move.
constexpr int kBlockX = 32;
constexpr int kBlockY = 8;

__global__ void grayToRgbaKernel(ConstImageView<std::uint8_t> in, ImageView<Rgba8> out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  const std::uint8_t g = in.at(x, y);
  out.at(x, y) = {g, g, g, 255};
}

__global__ void bgraToRgbaKernel(ConstImageView<Rgba8> in, ImageView<Rgba8> out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  const Rgba8 p = in.at(x, y);
  out.at(x, y) = {p.b, p.g, p.r, p.a};
}

dim3 gridFor(int columns, int rows) { return dim3((columns + kBlockX - 1) / kBlockX, (rows + kBlockY - 1) / kBlockY); }

}  // namespace

void grayToRgbaAsync(ConstImageView<std::uint8_t> in, ImageView<Rgba8> out, cudaStream_t stream) {
  requireValidView(in, "grayToRgbaAsync", "input");
  requireValidView<Rgba8>(out, "grayToRgbaAsync", "output");
  requireSameSize<const std::uint8_t, Rgba8>(in, out, "grayToRgbaAsync");
  requireElementAligned<Rgba8>(out, "grayToRgbaAsync", "output");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "grayToRgbaAsync: image too high for one launch");
  grayToRgbaKernel<<<gridFor(out.width, out.height), dim3(kBlockX, kBlockY), 0, stream>>>(in, out);
  KC_CUDA_CHECK_LAUNCH("grayToRgbaKernel");
}

void bgraToRgbaAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, cudaStream_t stream) {
  requireValidView(in, "bgraToRgbaAsync", "input");
  requireValidView<Rgba8>(out, "bgraToRgbaAsync", "output");
  requireSameSize<const Rgba8, Rgba8>(in, out, "bgraToRgbaAsync");
  requireElementAligned(in, "bgraToRgbaAsync", "input");
  requireElementAligned<Rgba8>(out, "bgraToRgbaAsync", "output");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "bgraToRgbaAsync: image too high for one launch");
  bgraToRgbaKernel<<<gridFor(out.width, out.height), dim3(kBlockX, kBlockY), 0, stream>>>(in, out);
  KC_CUDA_CHECK_LAUNCH("bgraToRgbaKernel");
}

}  // namespace kc
