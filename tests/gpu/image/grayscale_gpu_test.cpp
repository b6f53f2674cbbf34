// grayscaleAsync == grayscaleCpu, bit for bit, for every weight set and channel order, at awkward
// sizes and 4K, in pitched images and in offset views with odd output pitches.
#include <gtest/gtest.h>

#include "tests/support/test_data.hpp"
#include "tests/support/device_test_images.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/grayscale.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/load_image.hpp"

namespace {

using kc::ChannelOrder;
using kc::GrayWeights;
using kc::test::Layout;

const GrayWeights kWeights[] = {GrayWeights::Lab, GrayWeights::BT601, GrayWeights::BT709};
const ChannelOrder kOrders[] = {ChannelOrder::RGBA, ChannelOrder::BGRA};

void checkGrayscale(const kc::HostImage<kc::Rgba8>& host, Layout layout) {
  SCOPED_TRACE(testing::Message() << host.width() << "x" << host.height() << " " << kc::test::name(layout));
  kc::Stream stream;
  kc::test::TestDeviceImage<kc::Rgba8> in(host.width(), host.height(), layout);
  kc::test::TestDeviceImage<std::uint8_t> out(host.width(), host.height(), layout);
  in.upload(host);
  SCOPED_TRACE("in " + kc::test::describe(in.view()) + ", out " + kc::test::describe(out.view()));
  for (ChannelOrder order : kOrders) {
    for (GrayWeights weights : kWeights) {
      SCOPED_TRACE(testing::Message() << "order " << static_cast<int>(order) << " weights "
                                      << static_cast<int>(weights));
      kc::HostImage<std::uint8_t> expected(host.width(), host.height());
      kc::grayscaleCpu(host.view(), expected.view(), weights, order);
      out.poison();
      kc::grayscaleAsync(in.view(), out.view(), weights, order, stream);
      stream.synchronize();
      EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.download().view(), expected.view()));
      EXPECT_TRUE(out.outsideUntouched());
    }
  }
}

TEST(Grayscale, MatchesCpuAtAwkwardSizesAnd4K) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto sizes = kc::test::awkwardSizesWith4K();
  std::uint32_t seed = 1;
  for (const auto& s : sizes)
    for (Layout layout : {Layout::Pitched, Layout::Offset})
      checkGrayscale(kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++), layout);
}

TEST(Grayscale, MatchesCpuOnRealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    checkGrayscale(kc::test::loadRgbaImage(path), Layout::Pitched);
  }
}

TEST(Grayscale, SynchronousWrapperMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto host = kc::test::randomImage<kc::Rgba8>(33, 31, 7);
  const auto in = kc::uploadImage(host);
  kc::DeviceImage<std::uint8_t> out(33, 31);
  out.fillBytes(kc::test::kPoison);
  kc::grayscale(in.view(), out.view(), GrayWeights::BT709, ChannelOrder::BGRA);
  kc::HostImage<std::uint8_t> expected(33, 31);
  kc::grayscaleCpu(host.view(), expected.view(), GrayWeights::BT709, ChannelOrder::BGRA);
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(out).view(), expected.view()));
}

TEST(Grayscale, RejectsBadViewsAndIgnoresEmptyOnes) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::DeviceImage<kc::Rgba8> in(8, 4);
  kc::DeviceImage<std::uint8_t> out(8, 3);
  EXPECT_THROW(kc::grayscaleAsync(in.view(), out.view(), GrayWeights::BT601, ChannelOrder::RGBA, nullptr),
               kc::InvalidArgument);
  kc::ImageView<std::uint8_t> noData{nullptr, 8, 4, 8};
  EXPECT_THROW(kc::grayscaleAsync(in.view(), noData, GrayWeights::BT601, ChannelOrder::RGBA, nullptr),
               kc::InvalidArgument);
  kc::ImageView<const kc::Rgba8> shortPitch = in.view();
  shortPitch.pitch = 8;
  kc::DeviceImage<std::uint8_t> out4(8, 4);
  EXPECT_THROW(kc::grayscaleAsync(shortPitch, out4.view(), GrayWeights::BT601, ChannelOrder::RGBA, nullptr),
               kc::InvalidArgument);
  kc::ImageView<const kc::Rgba8> misaligned{
      reinterpret_cast<const kc::Rgba8*>(reinterpret_cast<const unsigned char*>(in.view().data) + 1), 7, 4, in.pitch()};
  kc::ImageView<std::uint8_t> out7{out4.view().data, 7, 4, out4.pitch()};
  EXPECT_THROW(kc::grayscaleAsync(misaligned, out7, GrayWeights::BT601, ChannelOrder::RGBA, nullptr),
               kc::InvalidArgument);
  kc::grayscaleAsync({}, {}, GrayWeights::BT601, ChannelOrder::RGBA, nullptr);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

}  // namespace
