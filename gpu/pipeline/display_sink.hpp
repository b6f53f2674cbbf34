#pragma once
// The hand-over between the pipeline (gpu/, app/) and the view's renderer (ui/): the original RGBA
// frame and the filtered frame (grey or RGBA, possibly transposed), written by CUDA straight into
// the view's two textures (interop) or into two GL pixel buffers (host writes, buffer interop).
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
    return originalWidth == o.originalWidth && originalHeight == o.originalHeight && filteredWidth == o.filteredWidth &&
           filteredHeight == o.filteredHeight && filteredFormat == o.filteredFormat;
  }
  bool operator!=(const DisplayLayout& o) const { return !(*this == o); }
};

// The two textures the view draws, for CUDA to write directly (texture interop): no buffer, and
// no buffer -> texture copy on the GPU. `generation` changes whenever the sink re-created textures,
// so that registrations of old names (GL may reuse a name) are dropped.
struct DisplayTextures {
  unsigned original = 0;  // GL_RGBA8
  unsigned filtered = 0;  // GL_R8 for a grey layout, GL_RGBA8 otherwise
  unsigned generation = 0;
  bool offered() const { return original != 0 && filtered != 0; }
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

  // Texture interop, after prepare(): the textures the next frame goes into, free to be
  // overwritten now (the view no longer draws them); none (the default) when this sink has no
  // textures of its own, and the pipeline writes the buffers instead.
  virtual DisplayTextures targetTextures() { return {}; }
  // After the pipeline wrote targetTextures(): show them, with the stats. Unmapped by then unless
  // the sink said it does not use them with GL at once (below).
  virtual void presentTextures(const FrameStats& stats) { present(stats); }
  // Texture interop: whether GL may use the textures right after presentTextures(). Handing
  // them between CUDA and GL (map + unmap) costs about 0.33 ms of GPU time on an H100/H200
  // whatever their size: more than a 4K grey frame's upload (0.15 ms). A sink that draws only
  // after FramePipeline::flushLive (the headless view) answers false: the pipeline then keeps
  // them mapped from one frame to the next, and unmaps them in flushLive, or before a prepare()
  // that may re-make them. texturesReleased() follows every unmap of the textures.
  virtual bool needsTexturesAtPresent() const { return true; }
  virtual void texturesReleased() {}
};

}  // namespace kc
