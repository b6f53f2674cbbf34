#pragma once
// PNG and JPEG files decoded with stb_image, for the code that has no OpenCV: the bench's photo rows
// and gpu_tests (the GPU machine builds both without Qt or OpenCV). The one place kernelcam compiles
// stb_image; available where <stb/stb_image.h> is installed (Debian's libstb-dev; on the GPU
// machine scripts/device/pack-dev.sh carries it). Plain C++.
#include <cstdint>
#include <string>
#include <vector>

namespace kc {

// False when built without <stb/stb_image.h>: stbImageSize finds nothing and stbDecode throws.
bool stbDecodeAvailable();

struct StbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * channels, tightly packed
};

// The image's size without decoding it; false when stb_image cannot read the file.
bool stbImageSize(const std::string& path, int* width, int* height);

// `channels` 1 (grey: stb's luma) or 4 (RGBA; alpha 255 where the file has none). Throws kc::Error
// naming the file and stb_image's reason when it cannot be decoded.
StbImage stbDecode(const std::string& path, int channels);

}  // namespace kc
