// YUYV (BT.601 limited range) as the virtual camera sends it, against an independent reference:
// the floating-point BT.601 definition, and OpenCV's own YUYV decoder (the same limited range).
#include <gtest/gtest.h>

#include <cmath>
#include <opencv2/imgproc.hpp>

#include "app/record/yuyv.hpp"

namespace kc {
namespace {

// BT.601 from its definition (Kr = 0.299, Kb = 0.114), studio swing: Y 16..235, Cb/Cr 16..240.
struct Ycc {
  double y, cb, cr;
};
Ycc bt601Limited(double r, double g, double b) {
  const double luma = 0.299 * r + 0.587 * g + 0.114 * b;  // 0..255
  return {16 + 219 * luma / 255, 128 + 224 * (b - luma) / (1.772 * 255), 128 + 224 * (r - luma) / (1.402 * 255)};
}

cv::Mat randomRgba(int width, int height, unsigned seed) {
  cv::Mat rgba(height, width, CV_8UC4);
  cv::RNG rng(seed);
  rng.fill(rgba, cv::RNG::UNIFORM, 0, 256);
  return rgba;
}

TEST(Yuyv, FrameBytesRoundTheWidthUpToEven) {
  EXPECT_EQ(yuyvFrameBytes(1, 1), 4u);
  EXPECT_EQ(yuyvFrameBytes(17, 3), 18u * 2 * 3);
  EXPECT_EQ(yuyvFrameBytes(1920, 1080), 1920u * 2 * 1080);
}

TEST(Yuyv, RgbaMatchesTheBt601DefinitionForEveryPixelPair) {
  for (const cv::Size size : {cv::Size(1, 1), cv::Size(17, 3), cv::Size(64, 48), cv::Size(1921, 3)}) {
    SCOPED_TRACE(testing::Message() << size.width << "x" << size.height);
    const cv::Mat rgba = randomRgba(size.width, size.height, 7);
    std::vector<std::uint8_t> yuyv;
    toYuyv(rgba, yuyv);
    ASSERT_EQ(yuyv.size(), yuyvFrameBytes(size.width, size.height));
    int worst = 0;
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; x += 2) {
        const int x1 = std::min(x + 1, size.width - 1);
        const cv::Vec4b p0 = rgba.at<cv::Vec4b>(y, x), p1 = rgba.at<cv::Vec4b>(y, x1);
        const Ycc a = bt601Limited(p0[0], p0[1], p0[2]), b = bt601Limited(p1[0], p1[1], p1[2]);
        const std::uint8_t* pair = yuyv.data() + (static_cast<std::size_t>(y) * yuyvWidth(size.width) + x) * 2;
        worst = std::max({worst, static_cast<int>(std::abs(pair[0] - std::lround(a.y))),
                          static_cast<int>(std::abs(pair[2] - std::lround(b.y))),
                          static_cast<int>(std::abs(pair[1] - std::lround((a.cb + b.cb) / 2))),
                          static_cast<int>(std::abs(pair[3] - std::lround((a.cr + b.cr) / 2)))});
      }
    EXPECT_LE(worst, 1) << "fixed point vs the definition";
  }
}

TEST(Yuyv, ExtremesStayInsideStudioSwing) {
  cv::Mat rgba(1, 8, CV_8UC4);
  const cv::Vec4b colours[] = {{0, 0, 0, 255}, {255, 255, 255, 255}, {255, 0, 0, 255}, {0, 0, 255, 255}};
  for (int i = 0; i < 8; ++i) rgba.at<cv::Vec4b>(0, i) = colours[i / 2];
  std::vector<std::uint8_t> yuyv;
  toYuyv(rgba, yuyv);
  EXPECT_EQ(yuyv[0], 16);    // black
  EXPECT_EQ(yuyv[4], 235);   // white
  EXPECT_EQ(yuyv[5], 128);   // white has no chroma
  EXPECT_EQ(yuyv[11], 240);  // red: Cr at the top of its range
  EXPECT_EQ(yuyv[13], 240);  // blue: Cb at the top of its range
}

TEST(Yuyv, GreyIsLumaAloneAndDecodesBackToItself) {
  cv::Mat grey(3, 256, CV_8UC1);
  for (int x = 0; x < 256; ++x) grey.col(x).setTo(x);
  std::vector<std::uint8_t> yuyv;
  toYuyv(grey, yuyv);
  for (int x = 0; x < 256; ++x) {
    EXPECT_EQ(yuyv[2 * x], std::lround(16 + 219.0 * x / 255)) << x;
    EXPECT_EQ(yuyv[2 * x + 1], 128) << x;  // U and V alternate: both neutral
  }
  cv::Mat decoded;
  cv::cvtColor(cv::Mat(3, 256, CV_8UC2, yuyv.data()), decoded, cv::COLOR_YUV2GRAY_YUYV);
  // OpenCV's YUYV -> grey takes Y as it is: check the range mapping by scaling back.
  for (int x = 0; x < 256; ++x) EXPECT_NEAR((decoded.at<std::uint8_t>(1, x) - 16) * 255.0 / 219, x, 0.7) << x;
}

TEST(Yuyv, OpenCvsDecoderGivesTheImageBack) {
  // Pairs of equal pixels: no chroma is lost to 4:2:2, so what comes back is the input up to rounding.
  cv::Mat half = randomRgba(32, 16, 3);
  cv::Mat rgba;
  cv::resize(half, rgba, cv::Size(64, 16), 0, 0, cv::INTER_NEAREST);
  std::vector<std::uint8_t> yuyv;
  toYuyv(rgba, yuyv);
  cv::Mat decoded, rgb;
  cv::cvtColor(cv::Mat(16, 64, CV_8UC2, yuyv.data()), decoded, cv::COLOR_YUV2RGB_YUYV);
  cv::cvtColor(rgba, rgb, cv::COLOR_RGBA2RGB);  // YUYV has no alpha
  cv::Mat difference;
  cv::absdiff(decoded, rgb, difference);
  double worst = 0;
  cv::minMaxLoc(difference.reshape(1), nullptr, &worst);
  // Limited range quantises 256 levels into 220/225: two levels each way, plus rounding.
  EXPECT_LE(worst, 3.0);
}

TEST(Yuyv, RefusesOtherPixelTypes) {
  std::vector<std::uint8_t> yuyv;
  EXPECT_THROW(toYuyv(cv::Mat(2, 2, CV_8UC3), yuyv), std::invalid_argument);
  EXPECT_THROW(toYuyv(cv::Mat(), yuyv), std::invalid_argument);
}

}  // namespace
}  // namespace kc
