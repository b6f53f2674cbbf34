#pragma once
// Where the shared data lives, and seeded random inputs of awkward sizes.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "gpu/image/host_image.hpp"

namespace kc::test {

// A file or folder of data/ ("samples/chelsea.png", "matrices"). KC_TEST_DATA_DIR in the
// environment overrides the build-time path (binaries carried away from their checkout).
inline std::filesystem::path projectData(const std::string& relative) {
  const char* override = std::getenv("KC_TEST_DATA_DIR");
  return std::filesystem::path(override && *override ? override : KC_TEST_DATA_DIR) / relative;
}
inline std::filesystem::path fixture(const std::string& relative) {
  return std::filesystem::path(KC_TEST_FIXTURES_DIR) / relative;
}

// The real photographs in data/samples (.png, .jpg), sorted; callers assert there are some.
std::vector<std::filesystem::path> samplePhotos();

// Sizes every image test runs at: degenerate, odd, not multiples of any block size.
struct Size2D {
  int width, height;
};
// KC_TEST_SMALL=1 keeps only the small ones (and the tests skip their 4K cases): the same
// checks at sizes compute-sanitizer's racecheck can get through in minutes, not hours.
inline bool smallInputsOnly() {
  const char* value = std::getenv("KC_TEST_SMALL");
  return value && *value && std::string(value) != "0";
}
inline const std::vector<Size2D>& awkwardSizes() {
  static const std::vector<Size2D> all{{1, 1}, {2, 3}, {17, 3}, {3, 17}, {33, 31}, {640, 480}, {1921, 1079}};
  static const std::vector<Size2D> small{{1, 1}, {2, 3}, {17, 3}, {3, 17}, {33, 31}, {130, 67}};
  return smallInputsOnly() ? small : all;
}
// 4K added unless KC_TEST_SMALL is set.
inline std::vector<Size2D> awkwardSizesWith4K() {
  auto sizes = awkwardSizes();
  if (!smallInputsOnly()) sizes.push_back({3840, 2160});
  return sizes;
}

// Random image with a row pitch padded by `padBytes` (padding filled with junk, so a kernel that
// reads or writes past the row end shows up).
template <class T>
HostImage<T> randomImage(int width, int height, std::uint32_t seed, std::size_t padBytes = 0) {
  HostImage<T> image(width, height, static_cast<std::size_t>(width) * sizeof(T) + padBytes);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  for (std::size_t i = 0; i < image.sizeBytes(); ++i) image.bytes()[i] = static_cast<unsigned char>(byte(rng));
  return image;
}

}  // namespace kc::test
