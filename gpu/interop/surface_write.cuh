#pragma once
// Device images -> a GL texture's storage, through a CUDA surface object (texture interop). The
// view draws these textures: writing them here spares GL its buffer -> texture copy, which on an
// H100 costs about 1.2 ms per 4K frame (docs/PERFORMANCE.md, "The app's own path").
#include <cuda_runtime.h>

#include <cstdint>

#include "gpu/image/image_view.hpp"

namespace kc {

// Owns a surface object over a CUDA array (a mapped GL texture), with the array's size and
// bytes per element. Destroy it only after the work that writes through it has finished.
class SurfaceObject {
 public:
  explicit SurfaceObject(cudaArray_t array);
  ~SurfaceObject();
  SurfaceObject(const SurfaceObject&) = delete;
  SurfaceObject& operator=(const SurfaceObject&) = delete;
  cudaSurfaceObject_t get() const noexcept { return surface_; }
  int width() const noexcept { return width_; }
  int height() const noexcept { return height_; }
  int bytesPerElement() const noexcept { return bytesPerElement_; }

 private:
  cudaSurfaceObject_t surface_ = 0;
  int width_ = 0, height_ = 0, bytesPerElement_ = 0;
};

// Each throws kc::InvalidArgument when the surface is smaller than the image or its elements are
// not what the write needs (4 bytes, RGBA8; 1 byte, R8): a surface write out of bounds traps.
// An RGBA image into an RGBA8 texture's surface.
void writeRgbaSurfaceAsync(ConstImageView<Rgba8> in, const SurfaceObject& out, cudaStream_t stream);
// A grey image into an RGBA8 texture's surface as (g, g, g, 255): what grayToRgbaAsync writes.
void writeGrayAsRgbaSurfaceAsync(ConstImageView<std::uint8_t> in, const SurfaceObject& out, cudaStream_t stream);
// A grey image into an R8 texture's surface, as it is.
void writeGraySurfaceAsync(ConstImageView<std::uint8_t> in, const SurfaceObject& out, cudaStream_t stream);

}  // namespace kc
