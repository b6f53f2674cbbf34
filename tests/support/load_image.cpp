#include "tests/support/load_image.hpp"

#include <cstring>

#include "gpu/core/stb_decode.hpp"

namespace kc::test {

HostImage<Rgba8> loadRgbaImage(const std::filesystem::path& path) {
  const StbImage decoded = stbDecode(path.string(), 4);
  HostImage<Rgba8> image(decoded.width, decoded.height);
  std::memcpy(image.bytes(), decoded.pixels.data(), image.sizeBytes());
  return image;
}

}  // namespace kc::test
