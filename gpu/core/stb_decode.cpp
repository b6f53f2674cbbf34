#include "gpu/core/stb_decode.hpp"

#include <memory>

#include "gpu/core/error.hpp"

#if __has_include(<stb/stb_image.h>)
#define KC_HAVE_STB 1
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#define STB_IMAGE_STATIC  // private to this file: nothing else may define stb_image's functions
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#include <stb/stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif

namespace kc {

#ifdef KC_HAVE_STB

bool stbDecodeAvailable() { return true; }

bool stbImageSize(const std::string& path, int* width, int* height) {
  int channels = 0;
  return stbi_info(path.c_str(), width, height, &channels) != 0 && *width > 0 && *height > 0;
}

StbImage stbDecode(const std::string& path, int channels) {
  KC_REQUIRE(channels == 1 || channels == 4, "stbDecode: channels must be 1 or 4");
  StbImage image;
  int inFile = 0;
  const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load(path.c_str(), &image.width, &image.height, &inFile, channels), stbi_image_free);
  if (!pixels) KC_FAIL("stbi_load", path + ": " + stbi_failure_reason());
  image.pixels.assign(pixels.get(), pixels.get() + static_cast<std::size_t>(image.width) * image.height * channels);
  return image;
}

#else

bool stbDecodeAvailable() { return false; }
bool stbImageSize(const std::string&, int*, int*) { return false; }
StbImage stbDecode(const std::string& path, int) {
  KC_FAIL("stbDecode", path + ": built without stb_image (<stb/stb_image.h>; scripts/device/pack-dev.sh carries it)");
}

#endif

}  // namespace kc
