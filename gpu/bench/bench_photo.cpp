#include "gpu/bench/bench_photo.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <system_error>

#if __has_include(<stb/stb_image.h>)
#define KC_BENCH_HAVE_STB 1
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
// Static: gpu_tests defines stb_image's functions too (tests/gpu/load_image.cpp); these stay private.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#include <stb/stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif

namespace kc::bench {

namespace {

bool isPhotoFile(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg";
}

}  // namespace

GrayPhoto loadGrayPhoto(const std::string& folder, std::string& why) {
  GrayPhoto photo;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && isPhotoFile(it->path())) files.push_back(it->path());
  if (ec || files.empty()) {
    why = "no PNG or JPEG in " + folder;
    return photo;
  }
#ifdef KC_BENCH_HAVE_STB
  // The most pixels first (a 4K row is then a crop of one photo rather than a tiling), then by name.
  struct Candidate {
    std::filesystem::path path;
    long long pixels;
  };
  std::vector<Candidate> candidates;
  for (const std::filesystem::path& file : files) {
    int width = 0, height = 0, channels = 0;
    if (stbi_info(file.string().c_str(), &width, &height, &channels) && width > 0 && height > 0)
      candidates.push_back({file, static_cast<long long>(width) * height});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.pixels != b.pixels ? a.pixels > b.pixels : a.path < b.path;
  });
  for (const Candidate& candidate : candidates) {
    int width = 0, height = 0, channels = 0;
    const std::unique_ptr<stbi_uc, void (*)(void*)> grey(
        stbi_load(candidate.path.string().c_str(), &width, &height, &channels, 1), stbi_image_free);
    if (!grey || width <= 0 || height <= 0) continue;
    photo.name = candidate.path.filename().string();
    photo.width = width;
    photo.height = height;
    photo.pixels.assign(grey.get(), grey.get() + static_cast<std::size_t>(width) * height);
    return photo;
  }
  why = "no PNG or JPEG in " + folder + " decodes";
#else
  why = "built without stb_image (<stb/stb_image.h>; scripts/device/pack-dev.sh carries it)";
#endif
  return photo;
}

std::vector<std::uint8_t> tilePhoto(const GrayPhoto& photo, int width, int height) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(width) * height);
  if (photo.pixels.empty()) return out;
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* source = photo.pixels.data() + static_cast<std::size_t>(y % photo.height) * photo.width;
    std::uint8_t* row = out.data() + static_cast<std::size_t>(y) * width;
    for (int x = 0; x < width; x += photo.width) std::copy_n(source, std::min(photo.width, width - x), row + x);
  }
  return out;
}

}  // namespace kc::bench
