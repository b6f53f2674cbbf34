#include "gpu/image/histogram.hpp"

#include <algorithm>
#include <string>

#include "gpu/image/view_checks.hpp"

namespace kc {

void requireHistogramBins(int bins, const char* function) {
  KC_REQUIRE(bins >= 1 && bins <= kMaxHistogramBins,
             std::string(function) + ": bins must be 1..256, got " + std::to_string(bins));
}

void histogramCpu(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* counts) {
  requireHistogramBins(bins, "histogramCpu");
  requireValidView(gray, "histogramCpu", "image");
  KC_REQUIRE(counts != nullptr, "histogramCpu: counts is null");
  std::fill(counts, counts + bins, 0u);
  for (int y = 0; y < gray.height; ++y)
    for (int x = 0; x < gray.width; ++x) ++counts[histogramBin(gray.at(x, y), bins)];
}

void histogramRgbCpu(ConstImageView<Rgba8> image, int bins, std::uint32_t* counts) {
  requireHistogramBins(bins, "histogramRgbCpu");
  requireValidView(image, "histogramRgbCpu", "image");
  KC_REQUIRE(counts != nullptr, "histogramRgbCpu: counts is null");
  std::fill(counts, counts + 3 * bins, 0u);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const Rgba8 p = image.at(x, y);
      ++counts[histogramBin(p.r, bins)];
      ++counts[bins + histogramBin(p.g, bins)];
      ++counts[2 * bins + histogramBin(p.b, bins)];
    }
  }
}

}  // namespace kc
