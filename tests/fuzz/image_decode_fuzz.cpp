// Fuzz target: any bytes as an image file through the loader's decode path (cv::imdecode ->
// RGBA8). SourceError is the expected answer to bad input; a decoded frame must be RGBA8 of an
// allowed size.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"
#include "gpu/pipeline/frame_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<unsigned char> bytes(data, data + size);
  try {
    const kc::HostFrame frame = kc::decodeImageBytes(bytes, "<fuzz>");
    if (frame.format != kc::PixelFormat::Rgba8 || !kc::frameSizeAllowed(frame.width(), frame.height())) std::abort();
  } catch (const kc::SourceError&) {
  }
  return 0;
}
