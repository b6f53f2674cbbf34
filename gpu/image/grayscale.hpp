#pragma once
// Grayscale conversion: RGBA8/BGRA8 -> Gray8.
// Rounding rule (identical on CPU and GPU): weights are Q14 fixed point and
//   gray = (wr*R + wg*G + wb*B + 8192) >> 14     (round half up; never above 255 since wr+wg+wb <= 16384)
// BT.601 uses OpenCV's own cvtColor coefficients (4899, 9617, 1868), so cvtColor is the oracle for it.
#include <cstdint>
#include <string_view>

#include "gpu/image/image_view.hpp"

namespace kc {

enum class GrayWeights { Lab, BT601, BT709 };  // Lab = the lab report's 0.21 / 0.71 / 0.07

struct GrayCoefficients {
  std::uint32_t r, g, b;  // Q14
};

constexpr GrayCoefficients grayCoefficients(GrayWeights weights) {
  switch (weights) {
    case GrayWeights::BT601: return {4899, 9617, 1868};   // 0.299 0.587 0.114
    case GrayWeights::BT709: return {3483, 11718, 1183};  // 0.2126 0.7152 0.0722
    case GrayWeights::Lab: break;
  }
  return {3441, 11633, 1147};  // 0.21 0.71 0.07 (sums to 0.99: white maps to 252, as in the lab)
}

KC_HD std::uint8_t grayFromRgb(std::uint32_t r, std::uint32_t g, std::uint32_t b, GrayCoefficients c) {
  return static_cast<std::uint8_t>((c.r * r + c.g * g + c.b * b + 8192u) >> 14);
}

// CPU reference: single-threaded, obviously correct.
void grayscaleCpu(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights,
                  ChannelOrder order = ChannelOrder::RGBA);

}  // namespace kc
