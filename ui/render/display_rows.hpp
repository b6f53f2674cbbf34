#pragma once
// Bytes per row of a display layout's two images, tightly packed, as a DisplaySink's buffers hold
// them: the host hand-off's copies (frame_hand_off.cpp) and the renderer's pixel buffers
// (image_buffers.cpp) both size and read rows with these.
#include <cstddef>

#include "gpu/pipeline/display_sink.hpp"

namespace kc {

inline std::size_t originalRowBytes(const DisplayLayout& layout) {
  return static_cast<std::size_t>(layout.originalWidth) * 4;
}
inline std::size_t filteredRowBytes(const DisplayLayout& layout) {
  return static_cast<std::size_t>(layout.filteredWidth) * bytesPerPixel(layout.filteredFormat);
}

}  // namespace kc
