#pragma once
// Grayscale conversion: RGBA8/BGRA8 -> Gray8.
// Rounding rule (identical on CPU and GPU): weights are Q15 fixed point and
//   gray = (wr*R + wg*G + wb*B + 16384) >> 15     (round half up; never above 255 since wr+wg+wb <= 32768)
// BT.601 uses OpenCV 4's own cvtColor coefficients (9798, 19235, 3735 with a 15-bit shift; OpenCV 3
// used 4899, 9617, 1868 with 14 bits, and 4.x's SIMD path no longer matches that), so cvtColor is
// the oracle for it: cpu_tests check every one of the 2^24 RGB triples.
#include <cstdint>
#include <string_view>

#include "gpu/image/image_view.hpp"

namespace kc {

enum class GrayWeights { Lab, BT601, BT709 };  // Lab = the lab report's 0.21 / 0.71 / 0.07

struct GrayCoefficients {
  std::uint32_t r, g, b;  // Q15: 32768 = 1.0
};

constexpr GrayCoefficients grayCoefficients(GrayWeights weights) {
  switch (weights) {
    case GrayWeights::BT601:
      return {9798, 19235, 3735};  // 0.299 0.587 0.114 (OpenCV's RY15, GY15, BY15)
    case GrayWeights::BT709:
      return {6966, 23436, 2366};  // 0.2126 0.7152 0.0722, rounded to sum to 32768
    case GrayWeights::Lab:
      break;
  }
  return {6881, 23265, 2294};  // 0.21 0.71 0.07 (sums to 0.99: white maps to 252, as in the lab)
}

constexpr bool grayWeightsFitQ15(GrayCoefficients c) { return c.r + c.g + c.b <= 32768u; }
static_assert(grayWeightsFitQ15(grayCoefficients(GrayWeights::Lab)) &&
              grayWeightsFitQ15(grayCoefficients(GrayWeights::BT601)) &&
              grayWeightsFitQ15(grayCoefficients(GrayWeights::BT709)));

KC_HD std::uint8_t grayFromRgb(std::uint32_t r, std::uint32_t g, std::uint32_t b, GrayCoefficients c) {
  return static_cast<std::uint8_t>((c.r * r + c.g * g + c.b * b + 16384u) >> 15);
}

// CPU reference: single-threaded, obviously correct.
void grayscaleCpu(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights,
                  ChannelOrder order = ChannelOrder::RGBA);

}  // namespace kc
