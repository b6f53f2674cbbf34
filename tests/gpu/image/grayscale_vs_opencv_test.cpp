// grayscaleCpu against OpenCV: cvtColor for BT.601 (same Q15 coefficients, round half up), and for
// every weight set an independent float formula built with cv::transform.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_data.hpp"
#include "tests/support/opencv_views.hpp"
#include "gpu/image/grayscale.hpp"

namespace {

using kc::ChannelOrder;
using kc::GrayWeights;

const char* name(GrayWeights w) { return w == GrayWeights::Lab ? "Lab" : w == GrayWeights::BT601 ? "BT601" : "BT709"; }
const char* name(ChannelOrder o) { return o == ChannelOrder::RGBA ? "RGBA" : "BGRA"; }

kc::HostImage<std::uint8_t> grayOf(const kc::HostImage<kc::Rgba8>& in, GrayWeights w, ChannelOrder order) {
  kc::HostImage<std::uint8_t> out(in.width(), in.height(), in.width() + 5);
  out.fillBytes(0xCD);
  kc::grayscaleCpu(in.view(), out.view(), w, order);
  return out;
}

// (wr*R + wg*G + wb*B + 16384) / 32768 floored, computed in float by OpenCV: every intermediate is an
// integer below 2^24, so float is exact and this shares no code with grayFromRgb.
cv::Mat independentGray(const cv::Mat& rgba8, GrayWeights w, ChannelOrder order) {
  const kc::GrayCoefficients c = kc::grayCoefficients(w);
  const float first = static_cast<float>(order == ChannelOrder::RGBA ? c.r : c.b);
  const float third = static_cast<float>(order == ChannelOrder::RGBA ? c.b : c.r);
  const cv::Matx<float, 1, 5> weights(first, static_cast<float>(c.g), third, 0.f, 16384.f);
  cv::Mat asFloat, sum;
  rgba8.convertTo(asFloat, CV_32FC4);
  cv::transform(asFloat, sum, weights);
  cv::Mat gray(rgba8.rows, rgba8.cols, CV_8UC1);
  for (int y = 0; y < sum.rows; ++y)
    for (int x = 0; x < sum.cols; ++x)
      gray.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(std::floor(sum.at<float>(y, x) / 32768.f));
  return gray;
}

void expectSame(const cv::Mat& expected, const kc::HostImage<std::uint8_t>& actual) {
  const cv::Mat got = kc::test::matOf(actual.view(), CV_8UC1);
  ASSERT_EQ(expected.size(), got.size());
  EXPECT_EQ(cv::countNonZero(expected != got), 0);
}

void checkAllVariants(const kc::HostImage<kc::Rgba8>& in) {
  const cv::Mat mat = kc::test::matOf(in.view(), CV_8UC4);
  for (ChannelOrder order : {ChannelOrder::RGBA, ChannelOrder::BGRA}) {
    SCOPED_TRACE(name(order));
    cv::Mat cvGray;
    cv::cvtColor(mat, cvGray, order == ChannelOrder::RGBA ? cv::COLOR_RGBA2GRAY : cv::COLOR_BGRA2GRAY);
    expectSame(cvGray, grayOf(in, GrayWeights::BT601, order));
    for (GrayWeights w : {GrayWeights::Lab, GrayWeights::BT601, GrayWeights::BT709}) {
      SCOPED_TRACE(name(w));
      expectSame(independentGray(mat, w, order), grayOf(in, w, order));
    }
  }
}

TEST(GrayscaleCpu, MatchesOpenCvOnRandomImages) {
  std::uint32_t seed = 1;
  for (const auto& s : kc::test::awkwardSizes()) {
    const std::size_t pad = 4 * (seed % 5);
    const auto in = kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++, pad);
    SCOPED_TRACE(testing::Message() << s.width << "x" << s.height << " pitch " << in.pitch());
    checkAllVariants(in);
  }
}

TEST(GrayscaleCpu, ExtremesRoundAsStated) {
  kc::HostImage<kc::Rgba8> in(3, 1);
  in.at(0, 0) = {255, 255, 255, 255};
  in.at(1, 0) = {0, 0, 0, 0};
  in.at(2, 0) = {255, 0, 0, 0};
  const auto lab = grayOf(in, GrayWeights::Lab, ChannelOrder::RGBA);
  EXPECT_EQ(lab.at(0, 0), 252);  // Lab weights sum to 0.99
  EXPECT_EQ(lab.at(1, 0), 0);
  EXPECT_EQ(lab.at(2, 0), (6881 * 255 + 16384) >> 15);
  EXPECT_EQ(grayOf(in, GrayWeights::BT601, ChannelOrder::RGBA).at(0, 0), 255);
  EXPECT_EQ(grayOf(in, GrayWeights::BT709, ChannelOrder::RGBA).at(0, 0), 255);
  // BGRA: the first byte is blue.
  EXPECT_EQ(grayOf(in, GrayWeights::BT601, ChannelOrder::BGRA).at(2, 0), (3735 * 255 + 16384) >> 15);
}

// Every RGB triple once (a 4096x4096 image), so OpenCV's SIMD and scalar paths are both covered.
TEST(GrayscaleCpu, Bt601MatchesCvtColorOnEveryRgbTriple) {
  kc::HostImage<kc::Rgba8> all(4096, 4096);
  for (int i = 0; i < (1 << 24); ++i)
    all.at(i % 4096, i / 4096) = {static_cast<std::uint8_t>(i & 255), static_cast<std::uint8_t>((i >> 8) & 255),
                                  static_cast<std::uint8_t>(i >> 16), 255};
  for (ChannelOrder order : {ChannelOrder::RGBA, ChannelOrder::BGRA}) {
    SCOPED_TRACE(name(order));
    cv::Mat cvGray;
    cv::cvtColor(kc::test::matOf(all.view(), CV_8UC4), cvGray,
                 order == ChannelOrder::RGBA ? cv::COLOR_RGBA2GRAY : cv::COLOR_BGRA2GRAY);
    expectSame(cvGray, grayOf(all, GrayWeights::BT601, order));
  }
}

TEST(GrayscaleCpu, MatchesOpenCvOnRealImages) {
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    checkAllVariants(kc::test::readRgbaImage(path));
  }
}

TEST(GrayscaleCpu, RejectsBadViews) {
  kc::HostImage<kc::Rgba8> in(4, 4);
  kc::HostImage<std::uint8_t> out(4, 3);
  EXPECT_THROW(kc::grayscaleCpu(in.view(), out.view(), GrayWeights::BT601), kc::InvalidArgument);
  kc::ImageView<std::uint8_t> noData{nullptr, 4, 4, 4};
  EXPECT_THROW(kc::grayscaleCpu(in.view(), noData, GrayWeights::BT601), kc::InvalidArgument);
  kc::HostImage<std::uint8_t> out4(4, 4);
  auto shortPitch = out4.view();
  shortPitch.pitch = 3;
  EXPECT_THROW(kc::grayscaleCpu(in.view(), shortPitch, GrayWeights::BT601), kc::InvalidArgument);
  kc::grayscaleCpu(kc::ImageView<const kc::Rgba8>{}, kc::ImageView<std::uint8_t>{},
                   GrayWeights::BT601);  // empty: no-op
}

}  // namespace
