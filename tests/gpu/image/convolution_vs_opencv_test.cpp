// The convolution CPU reference and presets against OpenCV: cv::filter2D (anchor centre, delta 0,
// ddepth same) within one grey level; presets against getGaussianKernel / getDerivKernels / Laplacian.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <random>
#include <sstream>

#include "tests/support/test_data.hpp"
#include "gpu/core/error.hpp"
#include "gpu/image/convolution.hpp"
#include "gpu/image/convolution_names.hpp"

namespace kc {
namespace {

constexpr BorderMode kBorders[] = {BorderMode::Clamp, BorderMode::Zero, BorderMode::Reflect};

int cvBorder(BorderMode border) {
  switch (border) {
    case BorderMode::Clamp:
      return cv::BORDER_REPLICATE;
    case BorderMode::Zero:
      return cv::BORDER_CONSTANT;
    case BorderMode::Reflect:
      return cv::BORDER_REFLECT_101;
  }
  return cv::BORDER_DEFAULT;
}

template <class T>
cv::Mat asMat(ImageView<T> view, int type) {
  using Byte = std::conditional_t<std::is_const_v<T>, const void, void>;
  return cv::Mat(view.height, view.width, type, const_cast<void*>(static_cast<Byte*>(view.data)), view.pitch);
}

cv::Mat asMat(const ConvKernel& kernel) {
  return cv::Mat(kernel.size, kernel.size, CV_32F, const_cast<float*>(kernel.weights.data())).clone();
}

ConvKernel randomKernel(int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-0.5f, 1.f);
  ConvKernel kernel{size, std::vector<float>(static_cast<std::size_t>(size) * size)};
  float sum = 0;
  for (float& w : kernel.weights) sum += w = weight(rng);
  for (float& w : kernel.weights) w /= sum;  // keeps most outputs inside 0..255 so rounding is exercised
  return kernel;
}

struct Diff {
  int max = 0;
  long long count = 0;
};

// Channel-wise comparison; `channels` of each pixel compared (3 for RGBA: alpha is checked separately).
Diff compareBytes(const cv::Mat& a, const cv::Mat& b, int channels) {
  Diff d;
  const int stride = a.channels();
  for (int y = 0; y < a.rows; ++y)
    for (int x = 0; x < a.cols; ++x)
      for (int c = 0; c < channels; ++c) {
        const int diff =
            std::abs(int(a.ptr<std::uint8_t>(y)[x * stride + c]) - int(b.ptr<std::uint8_t>(y)[x * stride + c]));
        d.max = std::max(d.max, diff);
        d.count += diff != 0;
      }
  return d;
}

void expectGrayMatchesOpenCv(const HostImage<std::uint8_t>& in, const ConvKernel& kernel, BorderMode border) {
  HostImage<std::uint8_t> out(in.width(), in.height(), in.pitch());
  out.fillBytes(0xCD);
  convolveCpu(in.view(), out.view(), kernel, border);
  cv::Mat expected;
  cv::filter2D(asMat(in.view(), CV_8UC1), expected, -1, asMat(kernel), cv::Point(-1, -1), 0, cvBorder(border));
  const Diff d = compareBytes(asMat(out.view(), CV_8UC1), expected, 1);
  EXPECT_LE(d.max, 1) << d.count << " pixels differ";
}

void expectRgbaMatchesOpenCv(const HostImage<Rgba8>& in, const ConvKernel& kernel, BorderMode border) {
  HostImage<Rgba8> out(in.width(), in.height(), in.pitch());
  out.fillBytes(0xCD);
  convolveCpu(in.view(), out.view(), kernel, border);
  cv::Mat expected;
  cv::filter2D(asMat(in.view(), CV_8UC4), expected, -1, asMat(kernel), cv::Point(-1, -1), 0, cvBorder(border));
  const Diff d = compareBytes(asMat(out.view(), CV_8UC4), expected, 3);
  EXPECT_LE(d.max, 1) << d.count << " channel values differ";
  bool alphaCopied = true;
  for (int y = 0; y < in.height(); ++y)
    for (int x = 0; x < in.width(); ++x) alphaCopied &= out.at(x, y).a == in.at(x, y).a;
  EXPECT_TRUE(alphaCopied) << "alpha must pass through unchanged";
}

std::string label(int w, int h, int ksize, BorderMode border, const char* kind) {
  std::ostringstream s;
  s << w << "x" << h << " kernel " << ksize << " " << kind << " border " << toString(border);
  return s.str();
}

// Kernel sizes per image size: big kernels only on small images, to keep the runtime modest.
std::vector<int> kernelSizesFor(int width, int height) {
  const long long pixels = static_cast<long long>(width) * height;
  if (pixels > 1'000'000) return {1, 3, 5};
  if (pixels > 100'000) return {1, 3, 9};
  return {1, 3, 5, 9, 15, 31};
}

TEST(ConvolutionCpu, GrayMatchesFilter2D) {
  const std::vector<test::Size2D> sizes{{1, 1}, {2, 3}, {17, 3}, {640, 480}, {1921, 1079}};
  std::uint32_t seed = 1;
  for (const auto& size : sizes) {
    const auto in = test::randomImage<std::uint8_t>(size.width, size.height, seed++, 3);
    for (int ksize : kernelSizesFor(size.width, size.height))
      for (BorderMode border : kBorders) {
        SCOPED_TRACE(label(size.width, size.height, ksize, border, "random"));
        expectGrayMatchesOpenCv(in, randomKernel(ksize, seed++), border);
      }
  }
  // The 9x9 case on the largest image, once.
  const auto big = test::randomImage<std::uint8_t>(1921, 1079, 99);
  SCOPED_TRACE("1921x1079 gaussian 9 reflect");
  expectGrayMatchesOpenCv(big, makePresetKernel(ConvPreset::Gaussian, 9), BorderMode::Reflect);
}

TEST(ConvolutionCpu, RgbaMatchesFilter2DAndCopiesAlpha) {
  const std::vector<test::Size2D> sizes{{1, 1}, {2, 3}, {17, 3}, {640, 480}, {1921, 1079}};
  std::uint32_t seed = 100;
  for (const auto& size : sizes) {
    const auto in = test::randomImage<Rgba8>(size.width, size.height, seed++, 8);
    const long long pixels = static_cast<long long>(size.width) * size.height;
    const std::vector<int> ksizes = pixels > 1'000'000 ? std::vector<int>{3}
                                    : pixels > 100'000 ? std::vector<int>{5}
                                                       : std::vector<int>{1, 3, 9, 31};
    for (int ksize : ksizes)
      for (BorderMode border : kBorders) {
        SCOPED_TRACE(label(size.width, size.height, ksize, border, "random rgba"));
        expectRgbaMatchesOpenCv(in, randomKernel(ksize, seed++), border);
      }
  }
}

TEST(ConvolutionCpu, PresetsFilterLikeOpenCv) {
  const auto in = test::randomImage<std::uint8_t>(67, 45, 7, 1);
  // Sobel and large laplacians have weights in the thousands: float sums then differ from OpenCV's
  // (DFT for big kernels) by more than a level where they cancel, so they stay at sizes 3 and 5.
  for (ConvPreset preset : {ConvPreset::Box, ConvPreset::Gaussian, ConvPreset::Sharpen, ConvPreset::Emboss,
                            ConvPreset::Identity, ConvPreset::SobelX, ConvPreset::SobelY, ConvPreset::Laplacian})
    for (int ksize : {3, 5, 7, 15, 31}) {
      const bool bigWeights =
          preset == ConvPreset::SobelX || preset == ConvPreset::SobelY || preset == ConvPreset::Laplacian;
      if (bigWeights && ksize > 5) continue;
      for (BorderMode border : kBorders) {
        SCOPED_TRACE(label(67, 45, ksize, border, toString(preset).c_str()));
        expectGrayMatchesOpenCv(in, makePresetKernel(preset, ksize), border);
      }
    }
}

TEST(ConvolutionCpu, RealImages) {
  const auto images = test::samplePhotos();
  ASSERT_FALSE(images.empty()) << "no photos in " << test::projectData("samples")
                               << " (data/samples is part of the repository)";
  for (const auto& path : images) {
    cv::Mat bgr = cv::imread(path.string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(bgr.empty()) << "cannot read " << path;
    // The 5312x2988 photo is cropped to its centre: enough real content, a modest runtime.
    const int w = std::min(bgr.cols, 1600), h = std::min(bgr.rows, 1200);
    bgr = bgr(cv::Rect((bgr.cols - w) / 2, (bgr.rows - h) / 2, w, h)).clone();
    cv::Mat gray, rgba;
    cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(bgr, rgba, cv::COLOR_BGR2RGBA);
    HostImage<std::uint8_t> grayImage(w, h);
    HostImage<Rgba8> rgbaImage(w, h);
    for (int y = 0; y < h; ++y) {
      std::memcpy(grayImage.view().row(y), gray.ptr(y), grayImage.view().rowBytes());
      std::memcpy(rgbaImage.view().row(y), rgba.ptr(y), rgbaImage.view().rowBytes());
    }
    for (BorderMode border : kBorders) {
      SCOPED_TRACE(path.filename().string() + " border " + toString(border));
      expectGrayMatchesOpenCv(grayImage, makePresetKernel(ConvPreset::Gaussian, 5), border);
      expectGrayMatchesOpenCv(grayImage, makePresetKernel(ConvPreset::Sharpen, 3), border);
      expectRgbaMatchesOpenCv(rgbaImage, makePresetKernel(ConvPreset::Emboss, 3), border);
    }
  }
}

// ---- presets against OpenCV's own kernels ----

void expectKernelNear(const ConvKernel& ours, const cv::Mat& theirs, double relative) {
  ASSERT_EQ(theirs.rows, ours.size);
  ASSERT_EQ(theirs.cols, ours.size);
  double maxAbs = 0;
  for (int y = 0; y < ours.size; ++y)
    for (int x = 0; x < ours.size; ++x) maxAbs = std::max(maxAbs, std::abs(theirs.at<double>(y, x)));
  for (int y = 0; y < ours.size; ++y)
    for (int x = 0; x < ours.size; ++x)
      EXPECT_NEAR(ours.at(x, y), theirs.at<double>(y, x), relative * maxAbs) << "at " << x << "," << y;
}

TEST(ConvolutionPresets, GaussianIsOuterProductOfGetGaussianKernel) {
  for (int n = 1; n <= kMaxKernelSize; n += 2) {
    SCOPED_TRACE(n);
    const cv::Mat g = cv::getGaussianKernel(n, gaussianSigmaForSize(n), CV_64F);
    EXPECT_NEAR(cv::sum(g)[0], 1.0, 1e-12);
    const ConvKernel kernel = makePresetKernel(ConvPreset::Gaussian, n);
    expectKernelNear(kernel, g * g.t(), 1e-6);
    double sum = 0;
    for (float w : kernel.weights) sum += w;
    EXPECT_NEAR(sum, 1.0, 1e-5);
  }
}

TEST(ConvolutionPresets, SobelMatchesGetDerivKernels) {
  for (int n = 3; n <= kMaxKernelSize; n += 2) {
    SCOPED_TRACE(n);
    cv::Mat kx, ky;
    cv::getDerivKernels(kx, ky, 1, 0, n, false, CV_64F);
    expectKernelNear(makePresetKernel(ConvPreset::SobelX, n), ky * kx.t(), 1e-6);
    cv::getDerivKernels(kx, ky, 0, 1, n, false, CV_64F);
    expectKernelNear(makePresetKernel(ConvPreset::SobelY, n), ky * kx.t(), 1e-6);
  }
  EXPECT_THROW(makePresetKernel(ConvPreset::SobelX, 1), InvalidArgument);
}

TEST(ConvolutionPresets, LaplacianMatchesCvLaplacian) {
  // cv::Laplacian's kernel, recovered by filtering a unit impulse (correlation flips it: the kernels
  // are symmetric, so no matter).
  for (int n = 3; n <= 15; n += 2) {
    SCOPED_TRACE(n);
    cv::Mat impulse = cv::Mat::zeros(2 * n + 1, 2 * n + 1, CV_64F);
    impulse.at<double>(n, n) = 1;
    cv::Mat response;
    cv::Laplacian(impulse, response, CV_64F, n == 3 ? 1 : n, 1, 0, cv::BORDER_CONSTANT);
    const int r = n / 2;
    expectKernelNear(makePresetKernel(ConvPreset::Laplacian, n), response(cv::Rect(n - r, n - r, n, n)), 1e-6);
  }
}

TEST(ConvolutionPresets, ClassicThreeByThreesAndSums) {
  const ConvKernel sharpen = makePresetKernel(ConvPreset::Sharpen, 3);
  EXPECT_EQ(sharpen.weights, (std::vector<float>{0, -1, 0, -1, 5, -1, 0, -1, 0}));
  EXPECT_EQ(makePresetKernel(ConvPreset::Emboss, 3).weights, (std::vector<float>{-2, -1, 0, -1, 1, 1, 0, 1, 2}));
  EXPECT_EQ(makePresetKernel(ConvPreset::Identity, 1).weights, (std::vector<float>{1}));
  for (int n = 1; n <= kMaxKernelSize; n += 2) {
    SCOPED_TRACE(n);
    for (ConvPreset preset : {ConvPreset::Box, ConvPreset::Sharpen, ConvPreset::Emboss, ConvPreset::Identity}) {
      const ConvKernel k = makePresetKernel(preset, n);
      ASSERT_EQ(k.size, n);
      double sum = 0;
      for (float w : k.weights) sum += w;
      EXPECT_NEAR(sum, 1.0, 1e-4) << toString(preset);  // brightness preserving
    }
  }
  EXPECT_THROW(makePresetKernel(ConvPreset::Custom, 3), InvalidArgument);
}

// ---- separability ----

TEST(ConvolutionSeparable, RecognisesRankOneKernels) {
  for (int n = 1; n <= kMaxKernelSize; n += 2)
    for (ConvPreset preset : {ConvPreset::Box, ConvPreset::Gaussian, ConvPreset::SobelX, ConvPreset::SobelY}) {
      if (n == 1 && (preset == ConvPreset::SobelX || preset == ConvPreset::SobelY)) continue;
      SCOPED_TRACE(toString(preset) + " " + std::to_string(n));
      const ConvKernel k = makePresetKernel(preset, n);
      const auto s = separateKernel(k);
      ASSERT_TRUE(s.has_value());
      double maxAbs = 0;
      for (float w : k.weights) maxAbs = std::max(maxAbs, double(std::abs(w)));
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) EXPECT_NEAR(double(s->column[y]) * s->row[x], k.at(x, y), 1e-5 * maxAbs);
    }
  const auto g = separateKernel(makePresetKernel(ConvPreset::Gaussian, 5));
  const cv::Mat g1 = cv::getGaussianKernel(5, gaussianSigmaForSize(5), CV_64F);
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(g->row[i], g1.at<double>(i), 1e-6);  // balanced: the 1D gaussian
}

TEST(ConvolutionSeparable, RejectsRankTwoAndRandomKernels) {
  for (int n = 3; n <= kMaxKernelSize; n += 2) {
    SCOPED_TRACE(n);
    EXPECT_FALSE(separateKernel(makePresetKernel(ConvPreset::Sharpen, n)).has_value());
    EXPECT_FALSE(separateKernel(makePresetKernel(ConvPreset::Laplacian, n)).has_value());
    EXPECT_FALSE(separateKernel(makePresetKernel(ConvPreset::Emboss, n)).has_value());
    EXPECT_FALSE(separateKernel(randomKernel(n, static_cast<std::uint32_t>(n))).has_value());
  }
  // All-zero is rank zero: separable into zeros, and a valid kernel that gives black.
  ConvKernel zero{5, std::vector<float>(25, 0.f)};
  const auto s = separateKernel(zero);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->row, std::vector<float>(5, 0.f));
  const auto in = test::randomImage<std::uint8_t>(9, 7, 3);
  HostImage<std::uint8_t> out(9, 7);
  out.fillBytes(0xCD);
  convolveCpu(in.view(), out.view(), zero, BorderMode::Clamp);
  for (int y = 0; y < 7; ++y)
    for (int x = 0; x < 9; ++x) EXPECT_EQ(out.at(x, y), 0);
}

// ---- inputs that must fail cleanly ----

TEST(ConvolutionErrors, BadSizesAndWeights) {
  for (int n : {0, -1, 2, 4, 32, 33}) {
    SCOPED_TRACE(n);
    EXPECT_THROW(makePresetKernel(ConvPreset::Box, n), InvalidArgument);
    EXPECT_THROW(validateKernel(ConvKernel{n, std::vector<float>(n > 0 ? n * n : 0, 1.f)}), InvalidArgument);
  }
  EXPECT_THROW(validateKernel(ConvKernel{3, std::vector<float>(8, 1.f)}), InvalidArgument);
  ConvKernel nan{3, std::vector<float>(9, 0.1f)};
  nan.weights[4] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(validateKernel(nan), InvalidArgument);
  ConvKernel inf{3, std::vector<float>(9, 0.1f)};
  inf.weights[0] = -std::numeric_limits<float>::infinity();
  EXPECT_THROW(validateKernel(inf), InvalidArgument);
  try {
    makePresetKernel(ConvPreset::Gaussian, 4);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("odd"), std::string::npos) << e.what();
  }
  const auto in = test::randomImage<std::uint8_t>(4, 4, 1);
  HostImage<std::uint8_t> small(3, 4);
  EXPECT_THROW(convolveCpu(in.view(), small.view(), makePresetKernel(ConvPreset::Box, 3), BorderMode::Zero),
               InvalidArgument);
  HostImage<std::uint8_t> out(4, 4);
  EXPECT_THROW(convolveCpu(in.view(), out.view(), nan, BorderMode::Zero), InvalidArgument);
  // In place, or overlapping by a row: the kernel would read pixels it already wrote.
  HostImage<std::uint8_t> both(4, 5);
  const ImageView<std::uint8_t> top{both.view().data, 4, 4, 4}, shifted{both.view().data + 4, 4, 4, 4};
  const ConvKernel box = makePresetKernel(ConvPreset::Box, 3);
  EXPECT_THROW(convolveCpu(ConstImageView<std::uint8_t>(top), top, box, BorderMode::Zero), InvalidArgument);
  EXPECT_THROW(convolveCpu(ConstImageView<std::uint8_t>(top), shifted, box, BorderMode::Zero), InvalidArgument);
  const ImageView<std::uint8_t> bad{nullptr, 4, 4, 4};
  EXPECT_THROW(convolveCpu(in.view(), bad, box, BorderMode::Zero), InvalidArgument);
}

TEST(ConvolutionNames, RoundTrip) {
  for (ConvPreset p :
       {ConvPreset::Box, ConvPreset::Gaussian, ConvPreset::Sharpen, ConvPreset::SobelX, ConvPreset::SobelY,
        ConvPreset::Laplacian, ConvPreset::Emboss, ConvPreset::Identity, ConvPreset::Custom})
    EXPECT_EQ(parseConvPreset(toString(p)), p);
  for (BorderMode b : kBorders) EXPECT_EQ(parseBorderMode(toString(b)), b);
  EXPECT_EQ(toString(ConvPreset::Gaussian), "gauss");
  EXPECT_EQ(toString(BorderMode::Reflect), "reflect");
  EXPECT_FALSE(parseConvPreset("gaussian").has_value());
  EXPECT_FALSE(parseBorderMode("").has_value());
}

}  // namespace
}  // namespace kc
