#pragma once
// Real photographs for GPU tests, decoded with stb_image (gpu/core/stb_decode.hpp: gpu_tests links no OpenCV).
#include <filesystem>

#include "gpu/image/host_image.hpp"

namespace kc::test {

// RGBA in memory order R,G,B,A (alpha 255 where the file has none), tightly packed.
// Throws kc::Error naming the file and stb_image's reason when it cannot be decoded.
HostImage<Rgba8> loadRgbaImage(const std::filesystem::path& path);

}  // namespace kc::test
