#include "gpu/pipeline/frame_ops.hpp"

#include <chrono>

namespace kc {

double steadyNowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

HostFrame makeHostFrame(PixelFormat format, int width, int height) {
  HostFrame frame;
  frame.format = format;
  if (format == PixelFormat::Gray8)
    frame.gray = HostImage<std::uint8_t>(width, height);
  else
    frame.rgba = HostImage<Rgba8>(width, height);
  return frame;
}

HostFrame toRgbaFrame(const HostFrame& frame) {
  if (frame.format == PixelFormat::Rgba8) return frame;
  HostFrame out = makeHostFrame(PixelFormat::Rgba8, frame.width(), frame.height());
  out.index = frame.index;
  out.timestampSeconds = frame.timestampSeconds;
  for (int y = 0; y < frame.height(); ++y)
    for (int x = 0; x < frame.width(); ++x) {
      const std::uint8_t g = frame.gray.at(x, y);
      out.rgba.at(x, y) = {g, g, g, 255};
    }
  return out;
}

}  // namespace kc
