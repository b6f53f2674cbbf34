// histogramAsync / histogramRgbAsync == the CPU references exactly, for 1..256 bins, awkward sizes and
// 4K, pitched images and offset views (rows at every 16-byte alignment), constant images (every
// pixel in one bin: the worst case for atomics) and the real photographs.
#include <gtest/gtest.h>

#include <vector>

#include "tests/support/test_data.hpp"
#include "tests/support/device_test_images.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/grayscale.hpp"
#include "gpu/image/histogram.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/load_image.hpp"

namespace {

using kc::test::Layout;

const int kBinCounts[] = {1, 7, 16, 256};

std::vector<std::uint32_t> runGray(kc::ConstImageView<std::uint8_t> image, int bins, cudaStream_t stream,
                                   int laneSlots = 0) {
  kc::DeviceBuffer<std::uint32_t> counts(bins);
  counts.fillBytes(kc::test::kPoison, stream);  // the call must zero it itself
  kc::histogramAsync(image, bins, counts.data(), stream, laneSlots);
  std::vector<std::uint32_t> host(bins);
  counts.downloadAsync(host.data(), host.size(), stream);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

std::vector<std::uint32_t> runRgb(kc::ConstImageView<kc::Rgba8> image, int bins, cudaStream_t stream) {
  kc::DeviceBuffer<std::uint32_t> counts(3 * bins);
  counts.fillBytes(kc::test::kPoison, stream);
  kc::histogramRgbAsync(image, bins, counts.data(), stream);
  std::vector<std::uint32_t> host(3 * bins);
  counts.downloadAsync(host.data(), host.size(), stream);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

void checkGray(const kc::HostImage<std::uint8_t>& host, Layout layout) {
  SCOPED_TRACE(testing::Message() << "gray " << host.width() << "x" << host.height() << " " << kc::test::name(layout));
  kc::Stream stream;
  kc::test::TestDeviceImage<std::uint8_t> image(host.width(), host.height(), layout);
  image.upload(host);
  SCOPED_TRACE(kc::test::describe(image.view()));
  for (int bins : kBinCounts) {
    SCOPED_TRACE(testing::Message() << bins << " bins");
    std::vector<std::uint32_t> expected(bins);
    kc::histogramCpu(host.view(), bins, expected.data());
    EXPECT_EQ(runGray(image.view(), bins, stream), expected);
  }
}

void checkRgb(const kc::HostImage<kc::Rgba8>& host, Layout layout) {
  SCOPED_TRACE(testing::Message() << "rgb " << host.width() << "x" << host.height() << " " << kc::test::name(layout));
  kc::Stream stream;
  kc::test::TestDeviceImage<kc::Rgba8> image(host.width(), host.height(), layout);
  image.upload(host);
  SCOPED_TRACE(kc::test::describe(image.view()));
  for (int bins : kBinCounts) {
    SCOPED_TRACE(testing::Message() << bins << " bins");
    std::vector<std::uint32_t> expected(3 * bins);
    kc::histogramRgbCpu(host.view(), bins, expected.data());
    EXPECT_EQ(runRgb(image.view(), bins, stream), expected);
  }
}

std::vector<kc::test::Size2D> sizesWith4K() { return kc::test::awkwardSizesWith4K(); }

TEST(Histogram, GrayMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 1;
  for (const auto& s : sizesWith4K())
    for (Layout layout : {Layout::Pitched, Layout::Offset})
      checkGray(kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++), layout);
}

TEST(Histogram, RgbMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 100;
  for (const auto& s : sizesWith4K())
    for (Layout layout : {Layout::Pitched, Layout::Offset})
      checkRgb(kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++), layout);
}

TEST(Histogram, ConstantImagesCountEveryPixelInOneBin) {
  KC_REQUIRE_CUDA_DEVICE();
  for (unsigned char value : {0, 128, 255}) {
    SCOPED_TRACE(testing::Message() << "value " << int(value));
    kc::HostImage<std::uint8_t> gray(3840, 2160);
    gray.fillBytes(value);
    checkGray(gray, Layout::Pitched);
    kc::HostImage<kc::Rgba8> rgba(1921, 1079);
    rgba.fillBytes(value);
    checkRgb(rgba, Layout::Offset);
    // And the count itself, not only agreement with the CPU.
    const auto counts = runGray(kc::uploadImage(gray).view(), 256, nullptr);
    EXPECT_EQ(counts[value], 3840u * 2160u);
  }
}

// Every privatisation granularity counts the same: random noise (spread over the bins) and a
// constant image (every lane on one bin: the worst case for few slots), odd and 4K sizes.
TEST(Histogram, EveryLaneSlotCountMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  kc::HostImage<std::uint8_t> constant(1921, 1079);
  constant.fillBytes(77);
  const kc::HostImage<std::uint8_t> inputs[] = {kc::test::randomImage<std::uint8_t>(17, 3, 5),
                                                kc::test::randomImage<std::uint8_t>(1921, 1079, 6),
                                                kc::test::randomImage<std::uint8_t>(3840, 2160, 7), constant};
  for (const auto& host : inputs) {
    const auto device = kc::uploadImage(host);
    for (int bins : kBinCounts) {
      std::vector<std::uint32_t> expected(bins);
      kc::histogramCpu(host.view(), bins, expected.data());
      for (int slots : {1, 2, 4, 8, 16, 32}) {
        SCOPED_TRACE(testing::Message() << host.width() << "x" << host.height() << ", " << bins << " bins, " << slots
                                        << " lane slots");
        EXPECT_EQ(runGray(device.view(), bins, stream, slots), expected);
      }
    }
  }
  EXPECT_THROW(runGray(kc::uploadImage(constant).view(), 256, stream, 3), kc::InvalidArgument);
  EXPECT_THROW(runGray(kc::uploadImage(constant).view(), 256, stream, 64), kc::InvalidArgument);
}

TEST(Histogram, MatchesCpuOnRealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto paths = kc::test::sharedImages();
  if (paths.empty()) GTEST_SKIP() << "no images in " << kc::test::sharedData("images");
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    const auto rgba = kc::test::loadRgbaImage(path);
    checkRgb(rgba, Layout::Pitched);
    kc::HostImage<std::uint8_t> gray(rgba.width(), rgba.height());
    kc::grayscaleCpu(rgba.view(), gray.view(), kc::GrayWeights::BT601);
    checkGray(gray, Layout::Offset);
  }
}

TEST(Histogram, SynchronousWrappersMatchCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto gray = kc::test::randomImage<std::uint8_t>(640, 480, 5);
  std::vector<std::uint32_t> expected(16);
  kc::histogramCpu(gray.view(), 16, expected.data());
  EXPECT_EQ(kc::histogram(kc::uploadImage(gray).view(), 16), expected);
  const auto rgba = kc::test::randomImage<kc::Rgba8>(640, 480, 6);
  std::vector<std::uint32_t> expectedRgb(3 * 256);
  kc::histogramRgbCpu(rgba.view(), 256, expectedRgb.data());
  EXPECT_EQ(kc::histogramRgb(kc::uploadImage(rgba).view(), 256), expectedRgb);
}

TEST(Histogram, RejectsBadArgumentsAndZeroesForEmptyImages) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::DeviceImage<std::uint8_t> gray(16, 16);
  kc::DeviceBuffer<std::uint32_t> counts(3 * 256);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 0, counts.data(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 257, counts.data(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 16, nullptr, nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogram(gray.view(), -3), kc::InvalidArgument);
  kc::ImageView<const std::uint8_t> noData{nullptr, 16, 16, 16};
  EXPECT_THROW(kc::histogramAsync(noData, 16, counts.data(), nullptr), kc::InvalidArgument);
  kc::DeviceImage<kc::Rgba8> rgba(4, 4);
  kc::ImageView<const kc::Rgba8> misaligned{
      reinterpret_cast<const kc::Rgba8*>(reinterpret_cast<const unsigned char*>(rgba.view().data) + 2), 3, 4,
      rgba.pitch()};
  EXPECT_THROW(kc::histogramRgbAsync(misaligned, 16, counts.data(), nullptr), kc::InvalidArgument);

  EXPECT_EQ(runGray(kc::ImageView<const std::uint8_t>{}, 16, nullptr), std::vector<std::uint32_t>(16, 0u));
  EXPECT_EQ(runRgb(kc::ImageView<const kc::Rgba8>{}, 4, nullptr), std::vector<std::uint32_t>(12, 0u));
}

}  // namespace
