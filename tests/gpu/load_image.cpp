#include "load_image.hpp"

#include <cstring>
#include <memory>

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#define STB_IMAGE_IMPLEMENTATION  // the one definition of stb_image in gpu_tests
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace kc::test {

HostImage<Rgba8> loadRgbaImage(const std::filesystem::path& path) {
  int width = 0, height = 0, channelsInFile = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> pixels(stbi_load(path.string().c_str(), &width, &height, &channelsInFile, 4),
                                                   stbi_image_free);
  if (!pixels) KC_FAIL("stbi_load", path.string() + ": " + stbi_failure_reason());
  HostImage<Rgba8> image(width, height);
  std::memcpy(image.bytes(), pixels.get(), image.sizeBytes());
  return image;
}

}  // namespace kc::test
