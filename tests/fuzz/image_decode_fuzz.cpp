// Fuzz target: any bytes as an image file through the loader's decode path (PNG through libpng,
// JPEG through libjpeg, the rest through cv::imdecode -> RGBA8), strict and lenient. SourceError is
// the expected answer to bad input; a decoded frame must be RGBA8 of an allowed size.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"
#include "gpu/pipeline/frame_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<unsigned char> bytes(data, data + size);
  for (const bool lenient : {false, true}) {
    try {
      const kc::HostFrame frame = kc::decodeImageBytes(bytes, "<fuzz>", {lenient}).frame;
      if (frame.format != kc::PixelFormat::Rgba8 || !kc::frameSizeAllowed(frame.width(), frame.height())) std::abort();
    } catch (const kc::SourceError&) {
    }
  }
  return 0;
}
