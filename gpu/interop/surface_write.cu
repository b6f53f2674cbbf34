#include "gpu/interop/surface_write.cuh"

#include "gpu/core/cuda_check.cuh"
#include "gpu/image/view_checks.hpp"

namespace kc {
namespace {

// One pixel per thread, 32x8 blocks, as the channel conversions: bound by the bytes moved.
constexpr int kBlockX = 32;
constexpr int kBlockY = 8;

// surf2Dwrite's x is in bytes.
__global__ void rgbaSurfaceKernel(ConstImageView<Rgba8> in, cudaSurfaceObject_t out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= in.width || y >= in.height) return;
  const Rgba8 p = in.at(x, y);
  surf2Dwrite(make_uchar4(p.r, p.g, p.b, p.a), out, x * 4, y);
}

__global__ void grayAsRgbaSurfaceKernel(ConstImageView<std::uint8_t> in, cudaSurfaceObject_t out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= in.width || y >= in.height) return;
  const unsigned char g = in.at(x, y);
  surf2Dwrite(make_uchar4(g, g, g, 255), out, x * 4, y);
}

__global__ void graySurfaceKernel(ConstImageView<std::uint8_t> in, cudaSurfaceObject_t out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= in.width || y >= in.height) return;
  surf2Dwrite(static_cast<unsigned char>(in.at(x, y)), out, x, y);
}

template <typename T>
dim3 gridFor(const ConstImageView<T>& in, const SurfaceObject& out, int bytesPerElement, const char* what) {
  requireValidView(in, what, "input");
  KC_REQUIRE(out.width() >= in.width && out.height() >= in.height,
             std::string(what) + ": the surface is smaller than the image");
  KC_REQUIRE(out.bytesPerElement() == bytesPerElement, std::string(what) + ": the surface has " +
                                                           std::to_string(out.bytesPerElement()) +
                                                           "-byte elements, not " + std::to_string(bytesPerElement));
  KC_REQUIRE(in.height <= 65535 * kBlockY, std::string(what) + ": image too high for one launch");
  return dim3((in.width + kBlockX - 1) / kBlockX, (in.height + kBlockY - 1) / kBlockY);
}

}  // namespace

SurfaceObject::SurfaceObject(cudaArray_t array) {
  cudaResourceDesc resource{};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  cudaChannelFormatDesc format{};
  cudaExtent extent{};
  unsigned flags = 0;
  KC_CUDA_CHECK(cudaArrayGetInfo(&format, &extent, &flags, array));
  width_ = static_cast<int>(extent.width);
  height_ = static_cast<int>(extent.height);
  bytesPerElement_ = (format.x + format.y + format.z + format.w) / 8;
  KC_CUDA_CHECK(cudaCreateSurfaceObject(&surface_, &resource));
}

SurfaceObject::~SurfaceObject() {
  if (surface_) (void)cudaDestroySurfaceObject(surface_);
}

void writeRgbaSurfaceAsync(ConstImageView<Rgba8> in, const SurfaceObject& out, cudaStream_t stream) {
  const dim3 grid = gridFor(in, out, 4, "writeRgbaSurfaceAsync");
  if (in.empty()) return;
  rgbaSurfaceKernel<<<grid, dim3(kBlockX, kBlockY), 0, stream>>>(in, out.get());
  KC_CUDA_CHECK_LAUNCH("rgbaSurfaceKernel");
}

void writeGrayAsRgbaSurfaceAsync(ConstImageView<std::uint8_t> in, const SurfaceObject& out, cudaStream_t stream) {
  const dim3 grid = gridFor(in, out, 4, "writeGrayAsRgbaSurfaceAsync");
  if (in.empty()) return;
  grayAsRgbaSurfaceKernel<<<grid, dim3(kBlockX, kBlockY), 0, stream>>>(in, out.get());
  KC_CUDA_CHECK_LAUNCH("grayAsRgbaSurfaceKernel");
}

void writeGraySurfaceAsync(ConstImageView<std::uint8_t> in, const SurfaceObject& out, cudaStream_t stream) {
  const dim3 grid = gridFor(in, out, 1, "writeGraySurfaceAsync");
  if (in.empty()) return;
  graySurfaceKernel<<<grid, dim3(kBlockX, kBlockY), 0, stream>>>(in, out.get());
  KC_CUDA_CHECK_LAUNCH("graySurfaceKernel");
}

}  // namespace kc
