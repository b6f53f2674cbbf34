// grayConvolveAsync and convolveCountingAsync, the live chain's fused step (issue 21), against the
// calls they replace run one after another on the GPU (grayscaleAsync, convolveAsync, histogramAsync):
// bit for bit, output and counts, at the awkward sizes, around the 120 x 32 tile, at 4K and on the real
// photographs; every grey weighting and border, radii 1 to 15, 256 and 16 bins; outputs and counts
// poisoned before each run. And where the call does not fit (a kernel that is not separable, rows not
// aligned) it launches nothing and says so.
#include <gtest/gtest.h>

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/convolution.cuh"
#include "gpu/image/convolution_names.hpp"
#include "gpu/image/device_image.cuh"
#include "gpu/image/grayscale.cuh"
#include "gpu/image/histogram.cuh"
#include "tests/support/device_test_images.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/load_image.hpp"
#include "tests/support/test_data.hpp"

namespace {

using namespace kc;

struct Outcome {
  HostImage<std::uint8_t> image;
  std::vector<std::uint32_t> counts;  // empty: no histogram asked
};

void expectSame(const Outcome& fused, const Outcome& oneByOne) {
  EXPECT_TRUE(samePixels<std::uint8_t>(fused.image.view(), oneByOne.image.view())) << "the images differ";
  EXPECT_EQ(fused.counts, oneByOne.counts);
}

Outcome download(const DeviceImage<std::uint8_t>& out, const DeviceBuffer<std::uint32_t>* counts, int bins,
                 cudaStream_t stream) {
  Outcome outcome;
  if (counts) {
    outcome.counts.resize(static_cast<std::size_t>(bins));
    counts->downloadAsync(outcome.counts.data(), outcome.counts.size(), stream);
  }
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  outcome.image = downloadImage(out);
  return outcome;
}

// RGBA -> [gray -> conv -> hist]: fused, then the three calls; bins 0: no histogram.
void checkGrayConv(const HostImage<Rgba8>& host, GrayWeights weights, const ConvKernel& kernel, BorderMode border,
                   int bins) {
  SCOPED_TRACE(testing::Message() << host.width() << "x" << host.height() << " kernel " << kernel.size << " border "
                                  << static_cast<int>(border) << " weights " << static_cast<int>(weights) << " bins "
                                  << bins);
  Stream stream;
  const DeviceImage<Rgba8> in = uploadImage(host);
  DeviceImage<std::uint8_t> out(host.width(), host.height()), gray(host.width(), host.height());
  DeviceBuffer<std::uint32_t> counts(kMaxHistogramBins);
  out.fillBytes(test::kPoison, stream);
  counts.fillBytes(test::kPoison, stream);
  const HistogramTarget target{bins ? counts.data() : nullptr, bins};
  ASSERT_TRUE(grayConvolveAsync(in.view(), weights, out.view(), kernel, border, target, stream));
  const Outcome fused = download(out, bins ? &counts : nullptr, bins, stream);

  out.fillBytes(test::kPoison, stream);
  counts.fillBytes(test::kPoison, stream);
  grayscaleAsync(in.view(), gray.view(), weights, ChannelOrder::RGBA, stream);
  convolveAsync(gray.view(), out.view(), kernel, border, stream);
  HistogramSync sync;
  if (bins) histogramAsync(out.view(), bins, counts.data(), sync.words(), stream);
  expectSame(fused, download(out, bins ? &counts : nullptr, bins, stream));
}

// Grey -> [conv -> hist]: convolveCountingAsync, then the two calls.
void checkConvCount(const HostImage<std::uint8_t>& host, const ConvKernel& kernel, BorderMode border, int bins) {
  SCOPED_TRACE(testing::Message() << "grey " << host.width() << "x" << host.height() << " kernel " << kernel.size
                                  << " bins " << bins);
  Stream stream;
  const DeviceImage<std::uint8_t> in = uploadImage(host);
  DeviceImage<std::uint8_t> out(host.width(), host.height());
  DeviceBuffer<std::uint32_t> counts(kMaxHistogramBins);
  out.fillBytes(test::kPoison, stream);
  counts.fillBytes(test::kPoison, stream);
  ASSERT_TRUE(convolveCountingAsync(in.view(), out.view(), kernel, border, {counts.data(), bins}, stream));
  const Outcome fused = download(out, &counts, bins, stream);
  out.fillBytes(test::kPoison, stream);
  counts.fillBytes(test::kPoison, stream);
  convolveAsync(in.view(), out.view(), kernel, border, stream);
  HistogramSync sync;
  histogramAsync(out.view(), bins, counts.data(), sync.words(), stream);
  expectSame(fused, download(out, &counts, bins, stream));
}

const BorderMode kBorders[] = {BorderMode::Clamp, BorderMode::Reflect, BorderMode::Zero};

TEST(GrayConvFusionGpu, EqualsGrayThenConvThenHistBitForBit) {
  KC_REQUIRE_CUDA_DEVICE();
  std::vector<test::Size2D> sizes = test::awkwardSizesWith4K();
  sizes.insert(sizes.end(), {{120, 32}, {121, 33}, {239, 65}});
  std::uint32_t seed = 2100;
  for (const auto& size : sizes) {
    const auto in = test::randomImage<Rgba8>(size.width, size.height, seed++, 12);
    const bool large = size.width * size.height > 640 * 480;
    for (BorderMode border : kBorders) {
      checkGrayConv(in, GrayWeights::Lab, makePresetKernel(ConvPreset::Gaussian, 5), border, 256);
      if (large) continue;
      checkGrayConv(in, GrayWeights::BT601, makePresetKernel(ConvPreset::Gaussian, 3), border, 16);
      checkGrayConv(in, GrayWeights::BT709, makePresetKernel(ConvPreset::Box, 7), border, 0);
      checkGrayConv(in, GrayWeights::Lab, makePresetKernel(ConvPreset::Gaussian, 31), border, 256);
    }
  }
}

TEST(GrayConvFusionGpu, ConvCountingEqualsConvThenHist) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 2200;
  for (const auto& size : test::awkwardSizesWith4K()) {
    const auto in = test::randomImage<std::uint8_t>(size.width, size.height, seed++, 8);
    checkConvCount(in, makePresetKernel(ConvPreset::Gaussian, 5), BorderMode::Clamp, 256);
    checkConvCount(in, makePresetKernel(ConvPreset::Box, 9), BorderMode::Reflect, 7);
  }
}

// A constant image puts every pixel in one bin: the lane slots' worst case, and the merge's.
TEST(GrayConvFusionGpu, ConstantAndRealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  HostImage<Rgba8> constant(1921, 1079);
  for (int y = 0; y < constant.height(); ++y)
    for (int x = 0; x < constant.width(); ++x) constant.view().at(x, y) = Rgba8{200, 100, 50, 255};
  checkGrayConv(constant, GrayWeights::Lab, makePresetKernel(ConvPreset::Gaussian, 5), BorderMode::Clamp, 256);
  const auto photos = test::samplePhotos();
  ASSERT_FALSE(photos.empty()) << "no photos in " << test::projectData("samples")
                               << " (data/samples is part of the repository)";
  for (const auto& path : photos) {
    SCOPED_TRACE(path.string());
    checkGrayConv(test::loadRgbaImage(path), GrayWeights::Lab, makePresetKernel(ConvPreset::Gaussian, 5),
                  BorderMode::Clamp, 256);
  }
}

// Calls the fused kernel does not fit launch nothing (the output keeps its poison) and return false.
TEST(GrayConvFusionGpu, DeclinesWhatItCannotDo) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto host = test::randomImage<Rgba8>(64, 16, 7);
  const DeviceImage<Rgba8> in = uploadImage(host);
  DeviceImage<std::uint8_t> out(64, 16);
  out.fillBytes(test::kPoison);
  const ConvKernel sharpen = makePresetKernel(ConvPreset::Sharpen, 3);  // not separable
  EXPECT_FALSE(grayConvolveAsync(in.view(), GrayWeights::Lab, out.view(), sharpen, BorderMode::Clamp, {}, nullptr));
  // Rows 4 bytes (one pixel) off the 16-byte grid.
  test::TestDeviceImage<Rgba8> offset(64, 16, test::Layout::WordOffset);
  offset.upload(host);
  EXPECT_FALSE(grayConvolveAsync(offset.view(), GrayWeights::Lab, out.view(), makePresetKernel(ConvPreset::Gaussian, 5),
                                 BorderMode::Clamp, {}, nullptr));
  KC_CUDA_CHECK(cudaDeviceSynchronize());
  const HostImage<std::uint8_t> untouched = downloadImage(out);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 64; ++x) ASSERT_EQ(untouched.view().at(x, y), test::kPoison) << x << "," << y;
}

}  // namespace
