#pragma once
// The hand-over between the pipeline (gpu/, app/) and the view's renderer (ui/): two GL pixel
// buffers, the original RGBA frame and the filtered frame (grey or RGBA, possibly transposed).
// The renderer implements this; every call happens with its GL context current.
// Rows in the buffers are tightly packed: pitch = width * bytesPerPixel (GL_UNPACK_ALIGNMENT 1).
#include <cstddef>
#include <cstdint>

#include "gpu/pipeline/frame_stats.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct DisplayLayout {
  int originalWidth = 0, originalHeight = 0;
  int filteredWidth = 0, filteredHeight = 0;
  PixelFormat filteredFormat = PixelFormat::Rgba8;
  // Written out: this header is also compiled by nvcc in C++17 mode (no defaulted operator==).
  bool operator==(const DisplayLayout& o) const {
    return originalWidth == o.originalWidth && originalHeight == o.originalHeight &&
           filteredWidth == o.filteredWidth && filteredHeight == o.filteredHeight && filteredFormat == o.filteredFormat;
  }
  bool operator!=(const DisplayLayout& o) const { return !(*this == o); }
};

class DisplaySink {
 public:
  virtual ~DisplaySink() = default;
  // (Re)creates the two buffers when the layout changed. Returns true when it did, so that
  // CUDA registrations of the old buffers must be dropped and the new ones registered.
  virtual bool prepare(const DisplayLayout& layout) = 0;
  virtual unsigned originalBuffer() const = 0;  // GL buffer names (GL_PIXEL_UNPACK_BUFFER)
  virtual unsigned filteredBuffer() const = 0;
  // Copy path: host pixels with their pitch go into the buffers (glBufferSubData).
  virtual void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) = 0;
  virtual void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) = 0;
  // The buffers hold a complete frame (via interop or the copy path): buffers -> textures, and
  // the stats for the overlays.
  virtual void present(const FrameStats& stats) = 0;
};

}  // namespace kc
