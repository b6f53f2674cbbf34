#pragma once
// A frame on the host: 8-bit grey or RGBA, with its pitch. Sources deliver RGBA frames; the
// chain may turn them grey (gray stage) and swap width/height (transpose stage).
#include <cstdint>
#include <vector>

#include "gpu/image/host_image.hpp"

namespace kc {

enum class PixelFormat { Gray8, Rgba8 };

inline int bytesPerPixel(PixelFormat format) { return format == PixelFormat::Gray8 ? 1 : 4; }

struct HostFrame {
  PixelFormat format = PixelFormat::Rgba8;
  HostImage<std::uint8_t> gray;  // valid when format == Gray8
  HostImage<Rgba8> rgba;         // valid when format == Rgba8
  std::int64_t index = 0;        // frame number from the source
  double timestampSeconds = 0;   // capture time (steady clock), for latency

  int width() const { return format == PixelFormat::Gray8 ? gray.width() : rgba.width(); }
  int height() const { return format == PixelFormat::Gray8 ? gray.height() : rgba.height(); }
  std::size_t pitch() const { return format == PixelFormat::Gray8 ? gray.pitch() : rgba.pitch(); }
  const unsigned char* bytes() const { return format == PixelFormat::Gray8 ? gray.bytes() : rgba.bytes(); }
  bool empty() const { return width() == 0 || height() == 0; }
};

}  // namespace kc
