#include "gpu/bench/bench_photo.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "gpu/core/error.hpp"
#include "gpu/core/stb_decode.hpp"

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
  if (!stbDecodeAvailable()) {
    why = "built without stb_image (<stb/stb_image.h>; scripts/device/pack-dev.sh carries it)";
    return photo;
  }
  // The most pixels first (a 4K row is then a crop of one photo rather than a tiling), then by name.
  struct Candidate {
    std::filesystem::path path;
    long long pixels;
  };
  std::vector<Candidate> candidates;
  for (const std::filesystem::path& file : files) {
    int width = 0, height = 0;
    if (stbImageSize(file.string(), &width, &height))
      candidates.push_back({file, static_cast<long long>(width) * height});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.pixels != b.pixels ? a.pixels > b.pixels : a.path < b.path;
  });
  for (const Candidate& candidate : candidates) {
    try {
      StbImage grey = stbDecode(candidate.path.string(), 1);
      photo.name = candidate.path.filename().string();
      photo.width = grey.width;
      photo.height = grey.height;
      photo.pixels = std::move(grey.pixels);
      return photo;
    } catch (const Error&) {
      // The next candidate.
    }
  }
  why = "no PNG or JPEG in " + folder + " decodes";
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
