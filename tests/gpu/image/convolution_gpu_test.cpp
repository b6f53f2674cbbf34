// GPU convolution against the CPU reference (itself checked against cv::filter2D in cpu_tests).
// General path: bit-exact by design (same fmaf order). Separable path: within one level.
// Real photographs are covered by the CPU tests (OpenCV loads them there); here random images.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>
#include <vector>

#include "tests/support/test_data.hpp"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/convolution.cuh"
#include "gpu/image/convolution_names.hpp"
#include "gpu/image/device_image.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace kc {
namespace {

constexpr BorderMode kBorders[] = {BorderMode::Clamp, BorderMode::Zero, BorderMode::Reflect};
constexpr unsigned char kPoison = 0xCD;

const char* pathName(ConvPath path) {
  return path == ConvPath::General ? "general" : path == ConvPath::Separable ? "separable" : "auto";
}

ConvKernel randomKernel(int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-0.5f, 1.f);
  ConvKernel kernel{size, std::vector<float>(static_cast<std::size_t>(size) * size)};
  float sum = 0;
  for (float& w : kernel.weights) sum += w = weight(rng);
  for (float& w : kernel.weights) w /= sum;
  return kernel;
}

// A rank-one kernel column * row^T with asymmetric random factors: a left/right or up/down mix-up in a
// separable path shows (a symmetric Gaussian would hide it).
ConvKernel randomSeparableKernel(int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-0.3f, 1.f);
  std::vector<float> row(size), column(size);
  for (float& w : row) w = weight(rng);
  for (float& w : column) w = weight(rng);
  ConvKernel kernel{size, std::vector<float>(static_cast<std::size_t>(size) * size)};
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) kernel.weights[static_cast<std::size_t>(y) * size + x] = column[y] * row[x];
  return kernel;
}

// A device image with a chosen (padded) pitch, so odd pitches are exercised, not only cudaMallocPitch's.
template <class T>
struct PaddedDeviceImage {
  PaddedDeviceImage(int width, int height, std::size_t padBytes)
      : pitch(static_cast<std::size_t>(width) * sizeof(T) + padBytes),
        bytes(std::max<std::size_t>(1, pitch * static_cast<std::size_t>(height))) {}
  ImageView<T> view(int width, int height) const { return {reinterpret_cast<T*>(bytes.data()), width, height, pitch}; }
  std::size_t pitch;
  DeviceBuffer<unsigned char> bytes;
};

struct Diff {
  int max = 0;
  long long count = 0;
  bool alphaExact = true;
  bool paddingUntouched = true;
};

int byteDiff(std::uint8_t a, std::uint8_t b) { return std::abs(int(a) - int(b)); }

template <class T>
Diff compare(const HostImage<T>& gpu, const HostImage<T>& cpu, const HostImage<T>& in) {
  Diff d;
  for (int y = 0; y < gpu.height(); ++y) {
    for (int x = 0; x < gpu.width(); ++x) {
      const T g = gpu.at(x, y), c = cpu.at(x, y);
      int diff = 0;
      if constexpr (std::is_same_v<T, Rgba8>) {
        diff = std::max({byteDiff(g.r, c.r), byteDiff(g.g, c.g), byteDiff(g.b, c.b)});
        d.alphaExact &= g.a == in.at(x, y).a;
      } else {
        diff = byteDiff(g, c);
      }
      d.max = std::max(d.max, diff);
      d.count += diff != 0;
    }
    const auto* row = reinterpret_cast<const unsigned char*>(gpu.view().row(y));
    for (std::size_t b = gpu.view().rowBytes(); b < gpu.pitch(); ++b) d.paddingUntouched &= row[b] == kPoison;
  }
  return d;
}

// Runs the GPU on a padded-pitch copy of `in` with a poisoned, padded output and compares with the CPU.
template <class T>
void expectGpuMatchesCpu(const HostImage<T>& in, const ConvKernel& kernel, BorderMode border, ConvPath path,
                         const std::string& what, bool alignedRows = false, std::size_t rowAlignment = 4) {
  std::ostringstream label;
  label << in.width() << "x" << in.height()
        << (alignedRows ? " rows aligned to " + std::to_string(rowAlignment) : " odd pitch") << " kernel "
        << kernel.size << " " << what << " border " << toString(border) << " path " << pathName(path);
  SCOPED_TRACE(label.str());
  const int w = in.width(), h = in.height();
  // Odd pitches by default (rows on no common alignment); alignedRows: every row 4-byte aligned, as from
  // cudaMallocPitch, which the gray separable path's 4-byte loads and stores need (4 bytes of padding).
  const std::size_t rowBytes = in.view().rowBytes();
  const std::size_t alignPad = (rowAlignment - rowBytes % rowAlignment) % rowAlignment + rowAlignment;
  const std::size_t pad = alignedRows ? alignPad : sizeof(T) == 1 ? 3 : 12;
  PaddedDeviceImage<T> dIn(w, h, pad), dOut(w, h, alignedRows ? alignPad : pad + sizeof(T));
  KC_CUDA_CHECK(cudaMemcpy2D(dIn.bytes.data(), dIn.pitch, in.bytes(), in.pitch(), in.view().rowBytes(), h,
                             cudaMemcpyHostToDevice));
  dOut.bytes.fillBytes(kPoison);
  convolve(ConstImageView<T>(dIn.view(w, h)), dOut.view(w, h), kernel, border, path);
  HostImage<T> gpu(w, h, dOut.pitch);
  KC_CUDA_CHECK(cudaMemcpy(gpu.bytes(), dOut.bytes.data(), gpu.sizeBytes(), cudaMemcpyDeviceToHost));

  HostImage<T> cpu(w, h);
  convolveCpu(in.view(), cpu.view(), kernel, border);
  const Diff d = compare(gpu, cpu, in);
  ::testing::Test::RecordProperty("max_diff", d.max);
  EXPECT_LE(d.max, 1) << d.count << " of " << static_cast<long long>(w) * h << " pixels differ";
  if (path == ConvPath::General)
    EXPECT_EQ(d.count, 0) << "the general path does the CPU's operations in its order: it should be exact";
  else if (d.count) std::cout << "  [info] " << label.str() << ": " << d.count << " pixels off by " << d.max << "\n";
  EXPECT_TRUE(d.alphaExact) << "alpha must be copied from the input";
  EXPECT_TRUE(d.paddingUntouched) << "the kernel wrote into the row padding";
}

template <class T>
void runSizeSweep(std::uint32_t seed) {
  struct Case {
    test::Size2D size;
    std::vector<int> kernelSizes;
  };
  // Big kernels on small images only: the CPU reference is O(n^2) per pixel.
  const std::vector<Case> cases{{{1, 1}, {1, 3, 31}},
                                {{2, 3}, {1, 3, 5, 31}},
                                {{17, 3}, {3, 5, 9, 15}},
                                {{3, 17}, {3, 7, 11}},
                                {{33, 31}, {1, 3, 5, 7, 9, 11, 13, 15, 21, 31}},
                                {{130, 67}, {3, 5, 9, 17}},
                                {{640, 480}, {3, 9}},
                                {{1921, 1079}, {5}}};
  for (const auto& c : cases) {
    if (test::smallInputsOnly() && c.size.width * c.size.height > 130 * 67) continue;
    const auto in = test::randomImage<T>(c.size.width, c.size.height, seed++, 5 * sizeof(T));
    for (int n : c.kernelSizes)
      for (BorderMode border : kBorders) {
        expectGpuMatchesCpu(in, randomKernel(n, seed++), border, ConvPath::Auto, "random");
        const ConvKernel gauss = makePresetKernel(ConvPreset::Gaussian, n);
        expectGpuMatchesCpu(in, gauss, border, ConvPath::General, "gauss");
        expectGpuMatchesCpu(in, gauss, border, ConvPath::Separable, "gauss");
      }
  }
}

TEST(ConvolutionGpu, GrayMatchesCpuAcrossSizesBordersAndPaths) {
  KC_REQUIRE_CUDA_DEVICE();
  runSizeSweep<std::uint8_t>(1);
}

TEST(ConvolutionGpu, RgbaMatchesCpuAndCopiesAlpha) {
  KC_REQUIRE_CUDA_DEVICE();
  runSizeSweep<Rgba8>(1000);
}

TEST(ConvolutionGpu, PresetsAt4K) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto gray = test::randomImage<std::uint8_t>(3840, 2160, 5);
  expectGpuMatchesCpu(gray, makePresetKernel(ConvPreset::Gaussian, 5), BorderMode::Reflect, ConvPath::Auto, "gauss");
  expectGpuMatchesCpu(gray, makePresetKernel(ConvPreset::Sharpen, 3), BorderMode::Clamp, ConvPath::Auto, "sharpen");
  expectGpuMatchesCpu(gray, makePresetKernel(ConvPreset::SobelX, 3), BorderMode::Zero, ConvPath::Separable, "sobelx");
  const auto rgba = test::randomImage<Rgba8>(3840, 2160, 6);
  expectGpuMatchesCpu(rgba, makePresetKernel(ConvPreset::Box, 3), BorderMode::Clamp, ConvPath::Auto, "box");
  expectGpuMatchesCpu(rgba, makePresetKernel(ConvPreset::Emboss, 3), BorderMode::Reflect, ConvPath::Auto, "emboss");
}

TEST(ConvolutionGpu, EveryPresetSmall) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto in = test::randomImage<Rgba8>(71, 37, 9, 4);
  for (ConvPreset preset : {ConvPreset::Box, ConvPreset::Gaussian, ConvPreset::Sharpen, ConvPreset::SobelX,
                            ConvPreset::SobelY, ConvPreset::Laplacian, ConvPreset::Emboss, ConvPreset::Identity})
    for (int n : {3, 5, 9}) {
      // Sobel 9's weights reach thousands: separable and 2D float sums may then part by more than a level.
      if (n == 9 && (preset == ConvPreset::SobelX || preset == ConvPreset::SobelY)) continue;
      expectGpuMatchesCpu(in, makePresetKernel(preset, n), BorderMode::Reflect, ConvPath::Auto, toString(preset));
    }
  expectGpuMatchesCpu(in, ConvKernel{7, std::vector<float>(49, 0.f)}, BorderMode::Clamp, ConvPath::Auto, "all-zero");
}

// The gray separable path for 4-byte-aligned rows (radius 1..4: registers and warp shuffles): sizes
// around its 120 x 32 tile, narrower than one word, every border, asymmetric kernels.
TEST(ConvolutionGpu, SeparableGrayAlignedRowsMatchCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 900;
  const std::vector<test::Size2D> sizes{{1, 1},    {2, 3},    {3, 17},   {17, 3},
                                        {120, 32}, {121, 33}, {239, 65}, {1921, 1079}};
  for (const auto& size : sizes) {
    if (test::smallInputsOnly() && size.width * size.height > 239 * 65) continue;
    const auto in = test::randomImage<std::uint8_t>(size.width, size.height, seed++, 8);
    for (int n : {3, 5, 7, 9})
      for (BorderMode border : kBorders) {
        expectGpuMatchesCpu(in, randomSeparableKernel(n, seed++), border, ConvPath::Separable, "random separable",
                            true);
        expectGpuMatchesCpu(in, makePresetKernel(ConvPreset::Gaussian, n), border, ConvPath::Auto, "gauss", true);
      }
  }
  if (test::smallInputsOnly()) return;
  const auto in4k = test::randomImage<std::uint8_t>(3840, 2160, seed++);
  expectGpuMatchesCpu(in4k, makePresetKernel(ConvPreset::Gaussian, 5), BorderMode::Clamp, ConvPath::Auto, "gauss",
                      true);
  expectGpuMatchesCpu(in4k, randomSeparableKernel(9, seed++), BorderMode::Reflect, ConvPath::Separable, "random", true);
}

// The gray general path for 4-byte-aligned rows and radius 1..3 (registers and warp shuffles, no shared
// memory) in the shape convolveAsync picks: sizes around its 128-column warp span and its 2 rows per
// warp, narrower than one word, every border, random (not separable) kernels and Gaussians forced onto
// the general path; 4K with rows 4-byte aligned (4 pixels per lane) and 8-byte aligned (8 pixels per
// lane, the shape for frames of 4 Mpx and more). Bit-exact with the CPU reference.
TEST(ConvolutionGpu, GeneralGrayAlignedRowsMatchCpuExactly) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 1900;
  const std::vector<test::Size2D> sizes{{1, 1},    {2, 3},    {3, 17},   {17, 3},      {119, 9},
                                        {128, 16}, {129, 17}, {257, 65}, {1921, 1079}, {3000, 1500}};
  for (const auto& size : sizes) {
    if (test::smallInputsOnly() && size.width * size.height > 257 * 65) continue;
    const auto in = test::randomImage<std::uint8_t>(size.width, size.height, seed++, 8);
    for (int n : {3, 5, 7})
      for (BorderMode border : kBorders) {
        expectGpuMatchesCpu(in, randomKernel(n, seed++), border, ConvPath::Auto, "random", true);
        expectGpuMatchesCpu(in, makePresetKernel(ConvPreset::Gaussian, n), border, ConvPath::General, "gauss", true);
      }
  }
  if (test::smallInputsOnly()) return;
  const auto in4k = test::randomImage<std::uint8_t>(3840, 2160, seed++);
  for (int n : {3, 5, 7}) {
    expectGpuMatchesCpu(in4k, randomKernel(n, seed++), BorderMode::Reflect, ConvPath::General, "random", true);
    expectGpuMatchesCpu(in4k, randomKernel(n, seed++), BorderMode::Zero, ConvPath::General, "random", true, 8);
  }
}

// Every launch shape of that register kernel (rows per warp 2..16, 4 or 8 pixels per lane), not only the
// one convolveAsync picks for a size: rows 8-byte aligned so the 8-pixel shapes run too, sizes around
// their 256-column span and their row counts, poisoned outputs, bit-exact with the CPU reference.
TEST(ConvolutionGpu, EveryGrayStreamShapeMatchesCpuExactly) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 2600;
  std::vector<test::Size2D> sizes{{1, 1}, {17, 3}, {255, 5}, {257, 33}, {521, 67}};
  if (!test::smallInputsOnly()) sizes.push_back({1921, 1079});
  for (const auto& size : sizes) {
    const int w = size.width, h = size.height;
    const auto in = test::randomImage<std::uint8_t>(w, h, seed++, 8);
    const std::size_t pad = (8 - static_cast<std::size_t>(w) % 8) % 8 + 8;  // pitch a multiple of 8
    PaddedDeviceImage<std::uint8_t> dIn(w, h, pad), dOut(w, h, pad);
    KC_CUDA_CHECK(cudaMemcpy2D(dIn.bytes.data(), dIn.pitch, in.bytes(), in.pitch(), in.view().rowBytes(), h,
                               cudaMemcpyHostToDevice));
    for (int n : {3, 5, 7}) {
      const ConvKernel kernel = randomKernel(n, seed++);
      for (BorderMode border : kBorders) {
        HostImage<std::uint8_t> cpu(w, h);
        convolveCpu(in.view(), cpu.view(), kernel, border);
        for (const GrayStreamShape shape : grayStreamShapes()) {
          SCOPED_TRACE(::testing::Message()
                       << w << "x" << h << " kernel " << n << " border " << toString(border) << " rows/warp "
                       << shape.rowsPerWarp << " px/lane " << shape.pixelsPerLane);
          dOut.bytes.fillBytes(kPoison);
          ASSERT_TRUE(convolveGrayStreamAsync(ConstImageView<std::uint8_t>(dIn.view(w, h)), dOut.view(w, h), kernel,
                                              border, nullptr, shape));
          KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
          HostImage<std::uint8_t> gpu(w, h, dOut.pitch);
          KC_CUDA_CHECK(cudaMemcpy(gpu.bytes(), dOut.bytes.data(), gpu.sizeBytes(), cudaMemcpyDeviceToHost));
          const Diff d = compare(gpu, cpu, in);
          EXPECT_EQ(d.count, 0) << d.count << " pixels differ (max " << d.max << ")";
          EXPECT_TRUE(d.paddingUntouched) << "the kernel wrote into the row padding";
        }
      }
    }
  }
}

// The 8-pixel shapes need 8-byte-aligned rows; on 4-byte-aligned ones the call says no and launches nothing.
TEST(ConvolutionGpu, EightPixelShapesDeclineRowsNotEightByteAligned) {
  KC_REQUIRE_CUDA_DEVICE();
  const int w = 64, h = 8;
  PaddedDeviceImage<std::uint8_t> dIn(w, h, 4), dOut(w, h, 4);  // pitch 68: 4- but not 8-byte aligned
  dIn.bytes.fillBytes(7);
  dOut.bytes.fillBytes(kPoison);
  const ConvKernel kernel = randomKernel(3, 5);
  EXPECT_FALSE(convolveGrayStreamAsync(ConstImageView<std::uint8_t>(dIn.view(w, h)), dOut.view(w, h), kernel,
                                       BorderMode::Clamp, nullptr, GrayStreamShape{4, 8}));
  EXPECT_TRUE(convolveGrayStreamAsync(ConstImageView<std::uint8_t>(dIn.view(w, h)), dOut.view(w, h), kernel,
                                      BorderMode::Clamp, nullptr, GrayStreamShape{4, 4}));
  EXPECT_FALSE(convolveGrayStreamAsync(ConstImageView<std::uint8_t>(dIn.view(w, h)), dOut.view(w, h),
                                       randomKernel(9, 6), BorderMode::Clamp, nullptr, GrayStreamShape{4, 4}))
      << "radius 4 is not this kernel's";
  KC_CUDA_CHECK(cudaDeviceSynchronize());
}

// Large radii: separable gray filters up to 31x31 on the shuffle kernel (up to 4 lending lanes a side)
// and general gray filters of radius 5..15 on the compile-time-radius tile kernel.
TEST(ConvolutionGpu, LargeRadiiMatchCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 2900;
  const std::vector<test::Size2D> sizes{{1, 1}, {17, 3}, {97, 40}, {250, 70}};
  for (const auto& size : sizes) {
    const auto in = test::randomImage<std::uint8_t>(size.width, size.height, seed++, 8);
    for (int n : {11, 15, 17, 23, 31})
      for (BorderMode border : kBorders) {
        expectGpuMatchesCpu(in, randomSeparableKernel(n, seed++), border, ConvPath::Separable, "random separable",
                            true);
        expectGpuMatchesCpu(in, randomKernel(n, seed++), border, ConvPath::General, "random", n % 4 == 3);
      }
  }
}

// Two streams, two filters, many calls in flight: each output must be computed with its own filter.
TEST(ConvolutionGpu, ConcurrentStreamsKeepTheirOwnFilters) {
  KC_REQUIRE_CUDA_DEVICE();
  const int w = 1921, h = 1079;
  const auto in = test::randomImage<std::uint8_t>(w, h, 77);
  const ConvKernel filters[2] = {makePresetKernel(ConvPreset::Gaussian, 9), makePresetKernel(ConvPreset::Sharpen, 5)};
  HostImage<std::uint8_t> expected[2] = {HostImage<std::uint8_t>(w, h), HostImage<std::uint8_t>(w, h)};
  for (int f = 0; f < 2; ++f) convolveCpu(in.view(), expected[f].view(), filters[f], BorderMode::Reflect);

  const DeviceImage<std::uint8_t> dIn = uploadImage(in);
  Stream streams[2];
  constexpr int kCalls = 24;  // many launches in flight on both streams at once
  std::vector<DeviceImage<std::uint8_t>> outs;
  for (int i = 0; i < kCalls; ++i) {
    outs.emplace_back(w, h);
    outs.back().fillBytes(kPoison);
  }
  KC_CUDA_CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < kCalls; ++i)
    convolveAsync(ConstImageView<std::uint8_t>(dIn.view()), outs[i].view(), filters[i % 2], BorderMode::Reflect,
                  streams[i % 2], i % 4 < 2 ? ConvPath::General : ConvPath::Auto);
  streams[0].synchronize();
  streams[1].synchronize();
  for (int i = 0; i < kCalls; ++i) {
    SCOPED_TRACE("call " + std::to_string(i));
    const HostImage<std::uint8_t> got = downloadImage(outs[i]);
    long long differing = 0;
    int maxDiff = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int d = byteDiff(got.at(x, y), expected[i % 2].at(x, y));
        maxDiff = std::max(maxDiff, d);
        differing += d != 0;
      }
    EXPECT_LE(maxDiff, 1) << differing << " pixels differ";
  }
}

TEST(ConvolutionGpuErrors, BadCallsThrowCleanly) {
  KC_REQUIRE_CUDA_DEVICE();
  DeviceImage<std::uint8_t> a(16, 16), b(16, 16), c(15, 16);
  const ConvKernel sharpen = makePresetKernel(ConvPreset::Sharpen, 3);
  EXPECT_THROW(
      convolve(ConstImageView<std::uint8_t>(a.view()), b.view(), sharpen, BorderMode::Zero, ConvPath::Separable),
      InvalidArgument);
  EXPECT_THROW(convolve(ConstImageView<std::uint8_t>(a.view()), c.view(), sharpen, BorderMode::Zero), InvalidArgument);
  EXPECT_THROW(convolve(ConstImageView<std::uint8_t>(a.view()), a.view(), sharpen, BorderMode::Zero), InvalidArgument);
  EXPECT_THROW(convolve(ConstImageView<std::uint8_t>(a.view()), b.view(), ConvKernel{4, std::vector<float>(16, 1.f)},
                        BorderMode::Zero),
               InvalidArgument);
  // Nothing was launched by the failed calls, and a good call still works afterwards.
  EXPECT_NO_THROW(convolve(ConstImageView<std::uint8_t>(a.view()), b.view(), sharpen, BorderMode::Zero));
}

}  // namespace
}  // namespace kc
