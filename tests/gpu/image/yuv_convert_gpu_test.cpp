// yuvToRgbaAsync == yuvToRgbaCpu and lumaToGrayAsync == lumaToGrayCpu bit for bit, for every
// layout and encoding, at awkward sizes (odd ones: the chroma rule at the edges) and 4K, with the
// planes and the output in pitched and offset views (rows at every alignment), the output poisoned
// first and the bytes around it checked untouched. Also the channel conversions (grey -> RGBA,
// BGRA -> RGBA) against theirs.
#include <gtest/gtest.h>

#include "tests/support/test_data.hpp"
#include "tests/support/yuv_test_images.hpp"
#include "tests/support/device_test_images.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/channel_convert.cuh"
#include "gpu/image/yuv_convert.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace {

using kc::test::HostYuv;
using kc::test::Layout;
using kc::test::TestDeviceImage;

// The picture's planes on the device in `layout`.
struct DeviceYuv {
  std::vector<TestDeviceImage<std::uint8_t>> planes;
  kc::YuvPlanes view;

  DeviceYuv(const HostYuv& host, Layout layout) {
    view.layout = host.layout;
    view.width = host.width;
    view.height = host.height;
    for (int p = 0; p < kc::yuvPlaneCount(host.layout); ++p) {
      planes.emplace_back(host.planes[p].width(), host.planes[p].height(), layout);
      planes.back().upload(host.planes[p]);
      view.plane[p] = planes.back().view();
    }
  }
};

void checkYuv(const HostYuv& host, kc::YuvEncoding encoding, Layout layout) {
  SCOPED_TRACE(kc::test::describe(host.layout) + " " + kc::test::describe(encoding) + " " + std::to_string(host.width) +
               "x" + std::to_string(host.height) + " " + kc::test::name(layout));
  kc::Stream stream;
  const DeviceYuv in(host, layout);
  TestDeviceImage<kc::Rgba8> out(host.width, host.height, layout == Layout::Pitched ? Layout::Pitched : Layout::Offset);
  out.poison();
  kc::yuvToRgbaAsync(in.view, encoding, out.view(), stream);
  stream.synchronize();
  kc::HostImage<kc::Rgba8> expected(host.width, host.height);
  kc::yuvToRgbaCpu(host.view(), encoding, expected.view());
  EXPECT_TRUE(kc::samePixels<kc::Rgba8>(out.download().view(), expected.view()));
  EXPECT_TRUE(out.outsideUntouched());
}

TEST(YuvConvert, MatchesCpuForEveryLayoutAndEncoding) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 1;
  auto sizes = kc::test::awkwardSizesWith4K();
  sizes.push_back({5, 1});
  for (const auto& s : sizes)
    for (kc::YuvLayout layoutOfPlanes : kc::test::kAllLayouts)
      for (kc::YuvEncoding encoding : kc::test::kAllEncodings) {
        const bool big = s.width * s.height > 2'000'000;
        if (big && encoding != kc::test::kAllEncodings[0] && encoding != kc::test::kAllEncodings[3]) continue;
        HostYuv host(layoutOfPlanes, s.width, s.height);
        // Random bytes, not only legal ones: out-of-range samples must clamp the same way too.
        if (seed % 2) kc::test::fillLegal(host, encoding.range, seed);
        ++seed;
        checkYuv(host, encoding, Layout::Pitched);
        if (!big) checkYuv(host, encoding, Layout::Offset);
      }
}

TEST(YuvConvert, LumaToGrayMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  std::uint32_t seed = 50;
  for (const auto& s : kc::test::awkwardSizesWith4K())
    for (kc::YuvRange range : {kc::YuvRange::Limited, kc::YuvRange::Full})
      for (Layout layout : {Layout::Pitched, Layout::Offset}) {
        SCOPED_TRACE(std::to_string(s.width) + "x" + std::to_string(s.height) + " " + kc::test::name(layout));
        const auto luma = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++, 3);
        TestDeviceImage<std::uint8_t> in(s.width, s.height, layout), out(s.width, s.height, layout);
        in.upload(luma);
        out.poison();
        kc::lumaToGrayAsync(kc::ConstImageView<std::uint8_t>(in.view()), range, out.view(), stream);
        stream.synchronize();
        kc::HostImage<std::uint8_t> expected(s.width, s.height);
        kc::lumaToGrayCpu(luma.view(), range, expected.view());
        EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.download().view(), expected.view()));
        EXPECT_TRUE(out.outsideUntouched());
      }
}

TEST(ChannelConvert, MatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  std::uint32_t seed = 80;
  for (const auto& s : kc::test::awkwardSizesWith4K())
    for (Layout layout : {Layout::Pitched, Layout::Offset}) {
      SCOPED_TRACE(std::to_string(s.width) + "x" + std::to_string(s.height) + " " + kc::test::name(layout));
      const auto gray = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++, 3);
      const auto bgra = kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++, 8);
      TestDeviceImage<std::uint8_t> grayIn(s.width, s.height, layout);
      TestDeviceImage<kc::Rgba8> bgraIn(s.width, s.height, layout), out(s.width, s.height, layout);
      grayIn.upload(gray);
      bgraIn.upload(bgra);
      kc::HostImage<kc::Rgba8> expected(s.width, s.height);

      out.poison();
      kc::grayToRgbaAsync(kc::ConstImageView<std::uint8_t>(grayIn.view()), out.view(), stream);
      stream.synchronize();
      kc::grayToRgbaCpu(gray.view(), expected.view());
      EXPECT_TRUE(kc::samePixels<kc::Rgba8>(out.download().view(), expected.view()));
      EXPECT_TRUE(out.outsideUntouched());

      out.poison();
      kc::bgraToRgbaAsync(kc::ConstImageView<kc::Rgba8>(bgraIn.view()), out.view(), stream);
      stream.synchronize();
      kc::bgraToRgbaCpu(bgra.view(), expected.view());
      EXPECT_TRUE(kc::samePixels<kc::Rgba8>(out.download().view(), expected.view()));
      EXPECT_TRUE(out.outsideUntouched());
    }
}

TEST(YuvConvert, RejectsBadPlanesWithoutLaunching) {
  KC_REQUIRE_CUDA_DEVICE();
  HostYuv host(kc::YuvLayout::I420, 16, 8);
  const DeviceYuv in(host, Layout::Pitched);
  TestDeviceImage<kc::Rgba8> out(16, 8, Layout::Pitched);
  kc::YuvPlanes planes = in.view;
  planes.plane[2] = {};
  EXPECT_THROW(kc::yuvToRgbaAsync(planes, {}, out.view(), nullptr), kc::InvalidArgument);
  TestDeviceImage<kc::Rgba8> wrong(16, 9, Layout::Pitched);
  EXPECT_THROW(kc::yuvToRgbaAsync(in.view, {}, wrong.view(), nullptr), kc::InvalidArgument);
}

}  // namespace
