#include "tests/support/test_data.hpp"

#include <algorithm>

namespace kc::test {

std::vector<std::filesystem::path> samplePhotos() {
  std::vector<std::filesystem::path> images;
  const auto dir = projectData("samples");
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return images;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto ext = entry.path().extension().string();
    if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") images.push_back(entry.path());
  }
  std::sort(images.begin(), images.end());
  return images;
}

}  // namespace kc::test
