#include "gpu/core/file_kind.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace kc {

const std::vector<std::string>& fileKindSuffixes(FileKind kind) {
  // What OpenCV's imgcodecs and videoio (FFmpeg) read on Debian.
  static const std::vector<std::string> image = {"png",  "jpg",  "jpeg", "bmp", "tif",
                                                 "tiff", "webp", "ppm",  "pgm", "pnm"};
  static const std::vector<std::string> video = {"mp4", "mkv", "avi",  "mov", "webm",
                                                 "m4v", "mpg", "mpeg", "ogv", "wmv"};
  static const std::vector<std::string> matrix = {"mtx", "mtx.gz"};  // data/matrices: NAME.mtx.gz
  static const std::vector<std::string> none;
  switch (kind) {
    case FileKind::Image:
      return image;
    case FileKind::Video:
      return video;
    case FileKind::Matrix:
      return matrix;
    case FileKind::Unsupported:
      break;
  }
  return none;
}

std::string lowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

FileKind fileKindOf(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  std::string name(slash == std::string_view::npos ? path : path.substr(slash + 1));
  std::transform(name.begin(), name.end(), name.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  // "nos2.mtx.gz" ends in ".mtx.gz"; a name that is only the suffix (".mtx") is no file of the kind.
  const auto endsWith = [&](const std::string& suffix) {
    return name.size() > suffix.size() + 1 &&
           name.compare(name.size() - suffix.size() - 1, std::string::npos, "." + suffix) == 0;
  };
  for (FileKind kind : {FileKind::Image, FileKind::Video, FileKind::Matrix}) {
    const std::vector<std::string>& suffixes = fileKindSuffixes(kind);
    if (std::any_of(suffixes.begin(), suffixes.end(), endsWith)) return kind;
  }
  return FileKind::Unsupported;
}

}  // namespace kc
