#pragma once
// The images' GL objects: the two pixel-unpack buffers the pipeline fills, the two textures they are
// copied into on the GPU, and the texture state both the images and the overlays are made with.
// Every function with a context current.
#include <cstddef>
#include <cstdint>

#include "gpu/pipeline/display_sink.hpp"
#include "ui/render/gl_objects.hpp"

namespace kc {

// For the texture bound to GL_TEXTURE_2D: linear filtering, edges clamped.
void setTextureDefaults();

// Pixel-unpack alignment must be 1: buffer rows are tightly packed (grey rows of any width).
class UnpackAlignmentScope {
 public:
  UnpackAlignmentScope();
  ~UnpackAlignmentScope();
  UnpackAlignmentScope(const UnpackAlignmentScope&) = delete;
  UnpackAlignmentScope& operator=(const UnpackAlignmentScope&) = delete;

 private:
  int saved_ = 4;
};

// The two pixel-unpack buffers a GL display sink offers the pipeline (DisplaySink::originalBuffer
// and filteredBuffer), sized for a layout, and host rows written into them (tightly packed there,
// `pitch` apart in `pixels`): the one implementation the renderer and the worker's hand-off
// (gl_frame_hand_off.hpp) share. Every member with a context current.
class DisplayPixelBuffers {
 public:
  // New buffers for `layout` (GL_STREAM_DRAW), not resized ones: the pipeline drops the CUDA
  // registrations of the old names when this returns true, and registering a fresh name is the
  // documented interop path. False, nothing done, when they were made for this layout already.
  bool prepare(const DisplayLayout& layout);
  bool ready() const { return original_ && filtered_; }
  unsigned original() const { return original_.get(); }
  unsigned filtered() const { return filtered_.get(); }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch);
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch);
  void reset();

 private:
  GlBuffer original_, filtered_;
  DisplayLayout layout_;
};
// The two textures a layout needs (RGBA original; filtered grey, read back as (g, g, g, 1), or
// RGBA), and the two pixel buffers copied into them on the GPU.
struct ImageTextures {
  GlTexture original, filtered;
};
ImageTextures makeImageTextures(const DisplayLayout& layout);
void copyBuffersToTextures(unsigned originalPbo, unsigned filteredPbo, const ImageTextures& textures,
                           const DisplayLayout& layout);

}  // namespace kc
