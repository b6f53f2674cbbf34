#include "app/record/yuyv.hpp"

#include "gpu/core/error.hpp"

namespace kc {

namespace {

// BT.601 limited range in 8-bit fixed point (coefficients x 256, ITU-R BT.601 / Rec. 601 studio
// swing): Y = 16 + (66 R + 129 G + 25 B) / 256, U = 128 + (-38 R - 74 G + 112 B) / 256,
// V = 128 + (112 R - 94 G - 18 B) / 256, rounded.
inline std::uint8_t lumaOf(int r, int g, int b) {
  return static_cast<std::uint8_t>(16 + ((66 * r + 129 * g + 25 * b + 128) >> 8));
}
// Chroma of a pixel pair from the sum of its two pixels (the pair's mean, without losing the half).
inline std::uint8_t blueDifferenceOfPair(int r2, int g2, int b2) {
  return static_cast<std::uint8_t>(128 + ((-38 * r2 - 74 * g2 + 112 * b2 + 256) >> 9));
}
inline std::uint8_t redDifferenceOfPair(int r2, int g2, int b2) {
  return static_cast<std::uint8_t>(128 + ((112 * r2 - 94 * g2 - 18 * b2 + 256) >> 9));
}
// Grey g is R = G = B = g: U = V = 128 exactly and Y = 16 + 219 g / 255.
inline std::uint8_t lumaOfGrey(int g) { return static_cast<std::uint8_t>(16 + (219 * g + 127) / 255); }

}  // namespace

std::size_t yuyvFrameBytes(int width, int height) {
  return static_cast<std::size_t>(yuyvWidth(width)) * 2 * static_cast<std::size_t>(height);
}

void toYuyv(const cv::Mat& image, std::vector<std::uint8_t>& out) {
  KC_REQUIRE(!image.empty() && (image.type() == CV_8UC1 || image.type() == CV_8UC4),
             "toYuyv: expected a grey (CV_8UC1) or RGBA (CV_8UC4) image");
  const int width = image.cols, height = image.rows;
  out.resize(yuyvFrameBytes(width, height));
  std::uint8_t* dst = out.data();
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* row = image.ptr<std::uint8_t>(y);
    for (int x = 0; x < width; x += 2) {
      const int x1 = x + 1 < width ? x + 1 : x;  // an odd last pixel pairs with itself
      if (image.channels() == 1) {
        dst[0] = lumaOfGrey(row[x]);
        dst[1] = 128;
        dst[2] = lumaOfGrey(row[x1]);
        dst[3] = 128;
      } else {
        const std::uint8_t* p0 = row + 4 * x;
        const std::uint8_t* p1 = row + 4 * x1;
        const int r2 = p0[0] + p1[0], g2 = p0[1] + p1[1], b2 = p0[2] + p1[2];
        dst[0] = lumaOf(p0[0], p0[1], p0[2]);
        dst[1] = blueDifferenceOfPair(r2, g2, b2);
        dst[2] = lumaOf(p1[0], p1[1], p1[2]);
        dst[3] = redDifferenceOfPair(r2, g2, b2);
      }
      dst += 4;
    }
  }
}

}  // namespace kc
