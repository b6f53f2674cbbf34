// The A/B view's arithmetic: max |A-B|, PSNR, the share of differing pixels and the heat map,
// checked against values worked out by hand; grey against RGBA; frames that cannot be compared.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_data.hpp"
#include "gpu/lab/frame_compare.hpp"
#include "tests/gpu/lab/compared_frames.hpp"

namespace {

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::compareFrames;

using namespace kc::test;

TEST(FrameCompare, IdenticalFramesHaveInfinitePsnr) {
  const HostFrame a = rgba(kc::test::randomImage<kc::Rgba8>(17, 3, 1, 12));
  const auto c = compareFrames(a, a);
  ASSERT_TRUE(c.comparable);
  EXPECT_TRUE(c.identical());
  EXPECT_EQ(c.channels, 3);
  EXPECT_EQ(c.differingPixels, 0);
  EXPECT_TRUE(std::isinf(c.psnrDb()));
  EXPECT_EQ(kc::lab::describeComparison(c), "identical (max |A-B| 0)");
}

TEST(FrameCompare, OneGreyPixelOffByTen) {
  HostFrame a = grey(4, 5, 100), b = grey(4, 5, 100);
  b.gray.view().at(3, 4) = 110;
  const auto c = compareFrames(a, b);
  EXPECT_EQ(c.channels, 1);
  EXPECT_EQ(c.maxAbsDiff, 10);
  EXPECT_EQ(c.differingPixels, 1);
  EXPECT_EQ(c.pixels, 20);
  EXPECT_DOUBLE_EQ(c.meanSquaredError, 100.0 / 20);                     // one 10^2 over 20 samples
  EXPECT_NEAR(c.psnrDb(), 10 * std::log10(255.0 * 255.0 / 5.0), 1e-9);  // 41.14 dB
  EXPECT_EQ(kc::lab::describeComparison(c), "max |A-B| 10, PSNR 41.1 dB, 5% of pixels differ");
}

TEST(FrameCompare, RgbChannelsCountAlphaDoesNot) {
  kc::HostImage<kc::Rgba8> image(1, 1);
  image.view().at(0, 0) = {10, 20, 30, 255};
  HostFrame a = rgba(image);
  image.view().at(0, 0) = {13, 20, 26, 0};  // alpha differs by 255: ignored
  const auto c = compareFrames(a, rgba(image));
  EXPECT_EQ(c.maxAbsDiff, 4);
  EXPECT_DOUBLE_EQ(c.meanSquaredError, (9.0 + 0 + 16) / 3);
}

TEST(FrameCompare, GreyAgainstRgbaComparesEachChannelWithTheGreyValue) {
  kc::HostImage<kc::Rgba8> image(2, 1);
  image.view().at(0, 0) = {50, 50, 50, 255};
  image.view().at(1, 0) = {50, 52, 47, 255};
  const auto c = compareFrames(grey(2, 1, 50), rgba(image));
  EXPECT_EQ(c.channels, 3);
  EXPECT_EQ(c.maxAbsDiff, 3);
  EXPECT_EQ(c.differingPixels, 1);
}

TEST(FrameCompare, HeatMapRunsFromBlackThroughRedAndYellowToWhite) {
  EXPECT_EQ(kc::lab::heatColour(0, 30).r, 0);
  const kc::Rgba8 red = kc::lab::heatColour(10, 30);  // a third of the scale
  EXPECT_EQ(red.r, 255);
  EXPECT_EQ(red.g, 0);
  const kc::Rgba8 yellow = kc::lab::heatColour(20, 30);
  EXPECT_EQ(yellow.r, 255);
  EXPECT_EQ(yellow.g, 255);
  EXPECT_EQ(yellow.b, 0);
  const kc::Rgba8 white = kc::lab::heatColour(200, 30);  // past the scale: white
  EXPECT_EQ(white.b, 255);

  HostFrame a = grey(3, 2, 7), b = grey(3, 2, 7);
  b.gray.view().at(2, 1) = 37;
  const HostFrame heat = kc::lab::differenceHeatMap(a, b, 30);
  ASSERT_EQ(heat.format, PixelFormat::Rgba8);
  ASSERT_EQ(heat.width(), 3);
  ASSERT_EQ(heat.height(), 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) {
      const kc::Rgba8 p = heat.rgba.view().at(x, y);
      const bool hot = x == 2 && y == 1;
      EXPECT_EQ(p.r, hot ? 255 : 0) << x << "," << y;
      EXPECT_EQ(p.b, hot ? 255 : 0) << x << "," << y;
      EXPECT_EQ(p.a, 255);
    }
}

TEST(FrameCompare, SpeedUpSaysWhichWay) {
  EXPECT_EQ(kc::lab::speedUpText(0.9, 0.3), "B is 3.00x faster");
  EXPECT_EQ(kc::lab::speedUpText(0.2, 0.5), "B is 2.50x slower");
  EXPECT_EQ(kc::lab::speedUpText(0, 0.5), "");
}

}  // namespace
