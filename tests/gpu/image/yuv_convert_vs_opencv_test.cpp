// The YUV conversions' CPU references against independent oracles:
//   - OpenCV's cvtColor where its conventions are ours (BT.601 limited range, even sizes): NV12,
//     I420, YV12, YUYV, UYVY -> RGBA, and RGB -> I420's luma;
//   - the ITU-R formulas in double precision (tests/support/yuv_test_images.hpp) for every matrix,
//     range and layout, at awkward sizes including odd ones (the chroma rule at the edges);
// with outputs poisoned first. Also the luma path, the two channel conversions, and bad planes.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/test_data.hpp"
#include "tests/support/yuv_test_images.hpp"
#include "tests/support/opencv_views.hpp"
#include "gpu/image/channel_convert.hpp"
#include "gpu/image/yuv_convert.hpp"

namespace {

using kc::test::HostYuv;

// Largest per-channel difference between two RGBA images of the same size.
int maxDifference(kc::ConstImageView<kc::Rgba8> a, const cv::Mat& b) {
  int worst = 0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) {
      const kc::Rgba8 p = a.at(x, y);
      const cv::Vec4b q = b.at<cv::Vec4b>(y, x);
      worst = std::max({worst, std::abs(p.r - q[0]), std::abs(p.g - q[1]), std::abs(p.b - q[2]), std::abs(p.a - q[3])});
    }
  return worst;
}

kc::HostImage<kc::Rgba8> convert(const HostYuv& yuv, kc::YuvEncoding encoding) {
  kc::HostImage<kc::Rgba8> out(yuv.width, yuv.height, yuv.width * 4 + 12);
  out.fillBytes(0xCD);
  kc::yuvToRgbaCpu(yuv.view(), encoding, out.view());
  return out;
}

// OpenCV's one-Mat layouts of a picture: 4:2:0 as 3h/2 rows of w bytes (Y, then the chroma planes
// or the interleaved pairs), 4:2:2 as h rows of w two-byte pixels.
cv::Mat openCvInput(const HostYuv& yuv, bool yv12) {
  const int w = yuv.width, h = yuv.height;
  if (kc::isPacked422(yuv.layout))
    return cv::Mat(h, w, CV_8UC2, const_cast<std::uint8_t*>(yuv.planes[0].bytes()), yuv.planes[0].pitch()).clone();
  cv::Mat all(h * 3 / 2, w, CV_8UC1);
  for (int y = 0; y < h; ++y) std::memcpy(all.ptr(y), yuv.planes[0].view().row(y), w);
  unsigned char* chroma = all.ptr(h);
  if (yuv.layout == kc::YuvLayout::Nv12) {
    for (int y = 0; y < h / 2; ++y) std::memcpy(chroma + y * w, yuv.planes[1].view().row(y), w);
    return all;
  }
  const int first = yv12 ? 2 : 1, second = yv12 ? 1 : 2;
  for (int y = 0; y < h / 2; ++y) {
    std::memcpy(chroma + y * (w / 2), yuv.planes[first].view().row(y), w / 2);
    std::memcpy(chroma + (h / 2) * (w / 2) + y * (w / 2), yuv.planes[second].view().row(y), w / 2);
  }
  return all;
}

int openCvCode(kc::YuvLayout layout, bool yv12) {
  switch (layout) {
    case kc::YuvLayout::Nv12:
      return cv::COLOR_YUV2RGBA_NV12;
    case kc::YuvLayout::I420:
      return yv12 ? cv::COLOR_YUV2RGBA_YV12 : cv::COLOR_YUV2RGBA_I420;
    case kc::YuvLayout::Yuyv:
      return cv::COLOR_YUV2RGBA_YUYV;
    case kc::YuvLayout::Uyvy:
      break;
  }
  return cv::COLOR_YUV2RGBA_UYVY;
}

const kc::test::Size2D kEvenSizes[] = {{2, 2}, {18, 4}, {34, 32}, {640, 480}, {1922, 1080}};

TEST(YuvConvertCpu, MatchesOpenCvBt601Limited) {
  const kc::YuvEncoding bt601{kc::YuvMatrix::Bt601, kc::YuvRange::Limited};
  std::uint32_t seed = 1;
  for (const auto& s : kEvenSizes)
    for (kc::YuvLayout layout : kc::test::kAllLayouts)
      for (bool yv12 : {false, true}) {
        if (yv12 && layout != kc::YuvLayout::I420) continue;
        SCOPED_TRACE(kc::test::describe(layout) + (yv12 ? " (yv12)" : "") + " " + std::to_string(s.width) + "x" +
                     std::to_string(s.height));
        HostYuv yuv(layout, s.width, s.height);
        kc::test::fillLegal(yuv, kc::YuvRange::Limited, seed++);
        cv::Mat expected;
        cv::cvtColor(openCvInput(yuv, yv12), expected, openCvCode(layout, yv12));
        // OpenCV rounds the BT.601 coefficients to 3 decimals (1.164, 1.596, ...): one level apart at most.
        EXPECT_LE(maxDifference(convert(yuv, bt601).view(), expected), 1);
      }
}

TEST(YuvConvertCpu, MatchesTheFormulasForEveryEncodingAndLayout) {
  std::uint32_t seed = 100;
  auto sizes = kc::test::awkwardSizes();
  sizes.push_back({5, 1});
  sizes.push_back({1, 6});
  for (const auto& s : sizes)
    for (kc::YuvLayout layout : kc::test::kAllLayouts)
      for (kc::YuvEncoding encoding : kc::test::kAllEncodings) {
        SCOPED_TRACE(kc::test::describe(layout) + " " + kc::test::describe(encoding) + " " + std::to_string(s.width) +
                     "x" + std::to_string(s.height));
        HostYuv yuv(layout, s.width, s.height);
        kc::test::fillLegal(yuv, encoding.range, seed++);
        const auto got = convert(yuv, encoding);
        int worst = 0;
        for (int y = 0; y < s.height; ++y)
          for (int x = 0; x < s.width; ++x) {
            const kc::Rgba8 want = kc::test::formulaPixel(kc::test::samplesAt(yuv.view(), x, y), encoding);
            const kc::Rgba8 have = got.at(x, y);
            worst = std::max({worst, std::abs(want.r - have.r), std::abs(want.g - have.g), std::abs(want.b - have.b)});
            ASSERT_EQ(have.a, 255);
          }
        EXPECT_LE(worst, 1);
      }
}

TEST(YuvConvertCpu, GreyInputsGiveGreyAndTheRangeEnds) {
  // Neutral chroma: R = G = B = Y' exactly; limited 16 and 235 are black and white.
  for (kc::YuvEncoding encoding : kc::test::kAllEncodings) {
    HostYuv yuv(kc::YuvLayout::I420, 4, 2);
    const bool limited = encoding.range == kc::YuvRange::Limited;
    for (int x = 0; x < 4; ++x) {
      yuv.planes[0].at(x, 0) = limited ? 16 : 0;
      yuv.planes[0].at(x, 1) = limited ? 235 : 255;
    }
    for (int x = 0; x < 2; ++x) yuv.planes[1].at(x, 0) = yuv.planes[2].at(x, 0) = 128;
    const auto rgba = convert(yuv, encoding);
    for (int x = 0; x < 4; ++x) {
      EXPECT_EQ(rgba.at(x, 0).r, 0);
      EXPECT_EQ(rgba.at(x, 0).b, 0);
      EXPECT_EQ(rgba.at(x, 1).g, 255);
      EXPECT_EQ(rgba.at(x, 1).b, 255);
    }
  }
}

TEST(YuvConvertCpu, EncoderLumaMatchesOpenCvAndRoundTrips) {
  const auto images = kc::test::samplePhotos();
  std::vector<kc::HostImage<kc::Rgba8>> inputs;
  inputs.push_back(kc::test::randomImage<kc::Rgba8>(640, 480, 5, 12));
  for (const auto& path : images) inputs.push_back(kc::test::readRgbaImage(path));
  for (const auto& rgba : inputs) {
    const int w = rgba.width() / 2 * 2, h = rgba.height() / 2 * 2;
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    kc::ConstImageView<kc::Rgba8> in{rgba.view().data, w, h, rgba.pitch()};
    HostYuv yuv(kc::YuvLayout::I420, w, h);
    kc::rgbaToYuvCpu(in, {}, yuv.mutableView());
    cv::Mat i420;
    cv::cvtColor(kc::test::matOf(in, CV_8UC4), i420, cv::COLOR_RGBA2YUV_I420);
    int worst = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        worst = std::max(worst, std::abs(yuv.planes[0].at(x, y) - i420.at<std::uint8_t>(y, x)));
    EXPECT_LE(worst, 1) << "luma against cv::cvtColor(RGBA2YUV_I420)";
  }
  // Flat 2x2 blocks survive 4:2:0 up to the quantisation of the ranges (a few levels).
  kc::HostImage<kc::Rgba8> blocks(34, 18);
  std::mt19937 rng(3);
  for (int y = 0; y < 18; y += 2)
    for (int x = 0; x < 34; x += 2) {
      const kc::Rgba8 c{static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                        static_cast<std::uint8_t>(rng()), 255};
      blocks.at(x, y) = blocks.at(x + 1, y) = blocks.at(x, y + 1) = blocks.at(x + 1, y + 1) = c;
    }
  for (kc::YuvLayout layout : kc::test::kAllLayouts)
    for (kc::YuvEncoding encoding : kc::test::kAllEncodings) {
      SCOPED_TRACE(kc::test::describe(layout) + " " + kc::test::describe(encoding));
      HostYuv yuv(layout, 34, 18);
      kc::rgbaToYuvCpu(blocks.view(), encoding, yuv.mutableView());
      const auto back = convert(yuv, encoding);
      int worst = 0;
      for (int y = 0; y < 18; ++y)
        for (int x = 0; x < 34; ++x) {
          const kc::Rgba8 a = blocks.at(x, y), b = back.at(x, y);
          worst = std::max({worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
        }
      EXPECT_LE(worst, encoding.range == kc::YuvRange::Limited ? 3 : 2);
    }
}

TEST(YuvConvertCpu, OddSizesUseTheEdgeSampleAndDefinePackedPadding) {
  // 3x3 NV12: the last column and row read chroma sample (1, 1); nothing beyond the planes.
  HostYuv yuv(kc::YuvLayout::Nv12, 3, 3, /*padBytes=*/0);
  kc::test::fillLegal(yuv, kc::YuvRange::Full, 9);
  const kc::YuvEncoding full{kc::YuvMatrix::Bt709, kc::YuvRange::Full};
  const auto rgba = convert(yuv, full);
  const kc::test::Samples corner{yuv.planes[0].at(2, 2), yuv.planes[1].at(2, 1), yuv.planes[1].at(3, 1)};
  const kc::Rgba8 want = kc::test::formulaPixel(corner, full), have = rgba.at(2, 2);
  EXPECT_LE(std::abs(want.r - have.r) + std::abs(want.g - have.g) + std::abs(want.b - have.b), 3);
  // An odd-width YUYV row's padding luma byte repeats the last pixel's.
  kc::HostImage<kc::Rgba8> in = kc::test::randomImage<kc::Rgba8>(3, 2, 4);
  HostYuv packed(kc::YuvLayout::Yuyv, 3, 2, 0);
  kc::rgbaToYuvCpu(in.view(), {}, packed.mutableView());
  for (int y = 0; y < 2; ++y) EXPECT_EQ(packed.planes[0].at(6, y), packed.planes[0].at(4, y));
}

TEST(YuvConvertCpu, LumaToGrayIsTheFormulasLuma) {
  kc::HostImage<std::uint8_t> luma(256, 3, 261), out(256, 3, 259);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 256; ++x) luma.at(x, y) = static_cast<std::uint8_t>(x);
  for (kc::YuvRange range : {kc::YuvRange::Limited, kc::YuvRange::Full}) {
    out.fillBytes(0xCD);
    kc::lumaToGrayCpu(luma.view(), range, out.view());
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 256; ++x) {
        const double want = range == kc::YuvRange::Limited ? (x - 16) * 255.0 / 219.0 : x;
        ASSERT_EQ(out.at(x, y), std::clamp(std::lround(want), 0L, 255L)) << "Y " << x;
      }
  }
}

TEST(ChannelConvertCpu, MatchesOpenCv) {
  for (const auto& s : kc::test::awkwardSizes()) {
    SCOPED_TRACE(std::to_string(s.width) + "x" + std::to_string(s.height));
    const auto gray = kc::test::randomImage<std::uint8_t>(s.width, s.height, 11, 5);
    const auto bgra = kc::test::randomImage<kc::Rgba8>(s.width, s.height, 12, 12);
    kc::HostImage<kc::Rgba8> out(s.width, s.height, s.width * 4 + 8);
    cv::Mat expected;
    out.fillBytes(0xCD);
    kc::grayToRgbaCpu(gray.view(), out.view());
    cv::cvtColor(kc::test::matOf(gray.view(), CV_8UC1), expected, cv::COLOR_GRAY2RGBA);
    EXPECT_EQ(maxDifference(out.view(), expected), 0);
    out.fillBytes(0xCD);
    kc::bgraToRgbaCpu(bgra.view(), out.view());
    cv::cvtColor(kc::test::matOf(bgra.view(), CV_8UC4), expected, cv::COLOR_BGRA2RGBA);
    EXPECT_EQ(maxDifference(out.view(), expected), 0);
  }
}

TEST(YuvConvertCpu, RejectsMissingOrSmallPlanes) {
  HostYuv yuv(kc::YuvLayout::Nv12, 16, 8);
  kc::HostImage<kc::Rgba8> out(16, 8);
  kc::YuvPlanes planes = yuv.view();
  planes.plane[1].height = 3;  // needs 4 rows
  EXPECT_THROW(kc::yuvToRgbaCpu(planes, {}, out.view()), kc::InvalidArgument);
  planes = yuv.view();
  planes.plane[1].data = nullptr;
  EXPECT_THROW(kc::yuvToRgbaCpu(planes, {}, out.view()), kc::InvalidArgument);
  kc::HostImage<kc::Rgba8> wrong(15, 8);
  EXPECT_THROW(kc::yuvToRgbaCpu(yuv.view(), {}, wrong.view()), kc::InvalidArgument);
}

}  // namespace
