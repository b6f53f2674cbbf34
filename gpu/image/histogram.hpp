#pragma once
// Histograms of 8-bit values in `bins` equal bins over [0, 256): bin = value * bins / 256.
// bins is 1..256 (256 = one bin per grey level; the lab used 16).
#include <cstdint>

#include "gpu/image/image_view.hpp"

namespace kc {

constexpr int kMaxHistogramBins = 256;

// Where a kernel that counts a histogram beside its own work (grayConvolveAsync) puts it: `bins`
// counts on the device; counts null: no histogram.
struct HistogramTarget {
  std::uint32_t* counts = nullptr;
  int bins = 0;
};

KC_HD int histogramBin(std::uint32_t value, int bins) {
  return static_cast<int>((value * static_cast<std::uint32_t>(bins)) >> 8);
}

// Throws kc::InvalidArgument unless 1 <= bins <= 256.
void requireHistogramBins(int bins, const char* function);

// counts[bins] is overwritten.
void histogramCpu(ConstImageView<std::uint8_t> gray, int bins, std::uint32_t* counts);
// counts[3*bins]: red bins, then green, then blue (alpha ignored). Memory order is RGBA.
void histogramRgbCpu(ConstImageView<Rgba8> image, int bins, std::uint32_t* counts);

}  // namespace kc
