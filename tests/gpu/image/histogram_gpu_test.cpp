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
  kc::HistogramSync sync;
  kc::histogramAsync(image, bins, counts.data(), sync.words(), stream, laneSlots);
  std::vector<std::uint32_t> host(bins);
  counts.downloadAsync(host.data(), host.size(), stream);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

std::vector<std::uint32_t> runRgb(kc::ConstImageView<kc::Rgba8> image, int bins, cudaStream_t stream) {
  kc::DeviceBuffer<std::uint32_t> counts(3 * bins);
  counts.fillBytes(kc::test::kPoison, stream);
  kc::HistogramSync sync;
  kc::histogramRgbAsync(image, bins, counts.data(), sync.words(), stream);
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

std::vector<std::uint32_t> syncWords(const kc::HistogramSync& sync, cudaStream_t stream) {
  std::vector<std::uint32_t> words(kc::kHistogramSyncWords, 0xdeadbeefu);
  KC_CUDA_CHECK(cudaMemcpyAsync(words.data(), sync.words(), words.size() * sizeof(std::uint32_t),
                                cudaMemcpyDeviceToHost, stream));
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return words;
}

// No zeroing launch: the kernel zeroes the counts itself, launch after launch on one set of sync
// words (poisoned counts before each, other images, bin counts and lane slots in between), and
// every launch leaves the words zero for the next.
TEST(Histogram, LaunchesNeedNoZeroingAndLeaveTheSyncWordsZero) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  kc::HistogramSync sync;
  EXPECT_EQ(syncWords(sync, stream), std::vector<std::uint32_t>(kc::kHistogramSyncWords, 0u));
  kc::DeviceBuffer<std::uint32_t> counts(3 * 256);
  std::uint32_t seed = 40;
  for (const auto& s : sizesWith4K())
    for (int bins : {256, 7})
      for (int slots : {0, 1, 8}) {
        SCOPED_TRACE(testing::Message() << s.width << "x" << s.height << ", " << bins << " bins, " << slots
                                        << " slots");
        const auto host = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++);
        const auto device = kc::uploadImage(host);
        std::vector<std::uint32_t> expected(bins);
        kc::histogramCpu(host.view(), bins, expected.data());
        counts.fillBytes(kc::test::kPoison, stream);
        kc::histogramAsync(device.view(), bins, counts.data(), sync.words(), stream, slots);
        std::vector<std::uint32_t> got(bins);
        counts.downloadAsync(got.data(), got.size(), stream);
        EXPECT_EQ(syncWords(sync, stream), std::vector<std::uint32_t>(kc::kHistogramSyncWords, 0u));
        EXPECT_EQ(got, expected);
      }
}

// Replays of a captured graph (as the live pipeline runs its chain): each replay counts again from
// zero, two launches per replay on one set of sync words.
TEST(Histogram, GraphReplaysCountFromZeroEachTime) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  kc::HistogramSync sync;
  const auto gray = kc::test::randomImage<std::uint8_t>(1921, 1079, 50);
  const auto rgba = kc::test::randomImage<kc::Rgba8>(640, 481, 51);
  const auto grayDevice = kc::uploadImage(gray);
  const auto rgbaDevice = kc::uploadImage(rgba);
  std::vector<std::uint32_t> expectedGray(256), expectedRgb(3 * 16);
  kc::histogramCpu(gray.view(), 256, expectedGray.data());
  kc::histogramRgbCpu(rgba.view(), 16, expectedRgb.data());
  kc::DeviceBuffer<std::uint32_t> grayCounts(256), rgbCounts(3 * 16);
  cudaGraph_t graph = nullptr;
  KC_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  kc::histogramAsync(grayDevice.view(), 256, grayCounts.data(), sync.words(), stream);
  kc::histogramRgbAsync(rgbaDevice.view(), 16, rgbCounts.data(), sync.words(), stream);
  KC_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  KC_CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int replay = 0; replay < 3; ++replay) {
    SCOPED_TRACE(testing::Message() << "replay " << replay);
    grayCounts.fillBytes(kc::test::kPoison, stream);
    rgbCounts.fillBytes(kc::test::kPoison, stream);
    KC_CUDA_CHECK(cudaGraphLaunch(exec, stream));
    std::vector<std::uint32_t> gotGray(256), gotRgb(3 * 16);
    grayCounts.downloadAsync(gotGray.data(), gotGray.size(), stream);
    rgbCounts.downloadAsync(gotRgb.data(), gotRgb.size(), stream);
    EXPECT_EQ(syncWords(sync, stream), std::vector<std::uint32_t>(kc::kHistogramSyncWords, 0u));
    EXPECT_EQ(gotGray, expectedGray);
    EXPECT_EQ(gotRgb, expectedRgb);
  }
  KC_CUDA_CHECK(cudaGraphExecDestroy(exec));
  KC_CUDA_CHECK(cudaGraphDestroy(graph));
}

// Two streams counting at once, each with its own sync words (one per stream that counts).
TEST(Histogram, TwoStreamsCountAtOnceWithTheirOwnSyncWords) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream first, second;
  kc::HistogramSync firstSync, secondSync;
  const auto a = kc::test::randomImage<std::uint8_t>(3840, 2160, 60);
  kc::HostImage<std::uint8_t> b(3840, 2160);
  b.fillBytes(9);
  const auto aDevice = kc::uploadImage(a), bDevice = kc::uploadImage(b);
  std::vector<std::uint32_t> expectedA(256), expectedB(256);
  kc::histogramCpu(a.view(), 256, expectedA.data());
  kc::histogramCpu(b.view(), 256, expectedB.data());
  kc::DeviceBuffer<std::uint32_t> aCounts(256), bCounts(256);
  for (int round = 0; round < 10; ++round) {
    SCOPED_TRACE(testing::Message() << "round " << round);
    aCounts.fillBytes(kc::test::kPoison, first);
    bCounts.fillBytes(kc::test::kPoison, second);
    kc::histogramAsync(aDevice.view(), 256, aCounts.data(), firstSync.words(), first);
    kc::histogramAsync(bDevice.view(), 256, bCounts.data(), secondSync.words(), second);
    std::vector<std::uint32_t> gotA(256), gotB(256);
    aCounts.downloadAsync(gotA.data(), gotA.size(), first);
    bCounts.downloadAsync(gotB.data(), gotB.size(), second);
    KC_CUDA_CHECK(cudaStreamSynchronize(first));
    KC_CUDA_CHECK(cudaStreamSynchronize(second));
    EXPECT_EQ(gotA, expectedA);
    EXPECT_EQ(gotB, expectedB);
  }
}

TEST(Histogram, MatchesCpuOnRealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
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
  kc::HistogramSync sync;
  EXPECT_THROW(kc::histogramAsync(gray.view(), 0, counts.data(), sync.words(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 257, counts.data(), sync.words(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 16, nullptr, sync.words(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramAsync(gray.view(), 16, counts.data(), nullptr, nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogram(gray.view(), -3), kc::InvalidArgument);
  kc::ImageView<const std::uint8_t> noData{nullptr, 16, 16, 16};
  EXPECT_THROW(kc::histogramAsync(noData, 16, counts.data(), sync.words(), nullptr), kc::InvalidArgument);
  kc::DeviceImage<kc::Rgba8> rgba(4, 4);
  kc::ImageView<const kc::Rgba8> misaligned{
      reinterpret_cast<const kc::Rgba8*>(reinterpret_cast<const unsigned char*>(rgba.view().data) + 2), 3, 4,
      rgba.pitch()};
  EXPECT_THROW(kc::histogramRgbAsync(misaligned, 16, counts.data(), sync.words(), nullptr), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramRgbAsync(rgba.view(), 16, counts.data(), nullptr, nullptr), kc::InvalidArgument);

  EXPECT_EQ(runGray(kc::ImageView<const std::uint8_t>{}, 16, nullptr), std::vector<std::uint32_t>(16, 0u));
  EXPECT_EQ(runRgb(kc::ImageView<const kc::Rgba8>{}, 4, nullptr), std::vector<std::uint32_t>(12, 0u));
}

}  // namespace
