#pragma once
// A natural photo's grey values for the bench's histogram rows: the contention of a real image
// (smooth regions, few bins hot) between uniform random bytes and a constant image. Decoded with
// gpu/core/stb_decode.hpp where stb_image is installed (<stb/stb_image.h>; on the GPU machine
// scripts/device/pack-dev.sh carries it), PNG and JPEG. Plain C++.
#include <cstdint>
#include <string>
#include <vector>

namespace kc::bench {

struct GrayPhoto {
  std::string name;  // the file's name, for the row's note
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height, tightly packed
};

// The PNG or JPEG in `folder` with the most pixels that decodes (ties: by name), as grey (stb's
// luma). On failure `why` says why in one line and the photo is empty (no pixels).
GrayPhoto loadGrayPhoto(const std::string& folder, std::string& why);

// The photo repeated (tiled from its top left corner) or cropped to width x height.
std::vector<std::uint8_t> tilePhoto(const GrayPhoto& photo, int width, int height);

}  // namespace kc::bench
