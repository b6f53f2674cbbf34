// The CPU backend's fast paths (applyCpu: OpenCV, stages/*_opencv.cpp) against each stage's
// reference loop (applyReference), as the GPU kernels are tested against the same references:
// exact for grey, histogram, transpose and flip, within one level for convolution (float sums in
// another order), alpha always exact. Every stage, grey and RGBA inputs with padded rows, every
// border mode, awkward sizes up to 4K, the real photographs; outputs poisoned before each run
// (two different poisons, so a pixel neither run writes shows up as a difference).
#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include <map>
#include <random>
#include <sstream>

#include "tests/support/test_data.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/opencv_views.hpp"

namespace kc {
namespace {

constexpr unsigned char kFastPoison = 0xCD, kReferencePoison = 0x5A;

// Levels the fast path may differ by, per stage id (0 for any stage not listed).
int toleranceOf(const StageSpec& stage) { return stage.id() == "conv" ? 1 : 0; }

// Rows padded by `padPixels` (whole pixels: an RGBA row must start 4-byte aligned).
HostFrame frameOf(PixelFormat format, int width, int height, int padPixels) {
  HostFrame frame;
  frame.format = format;
  const std::size_t pitch = static_cast<std::size_t>(width + padPixels) * bytesPerPixel(format);
  if (format == PixelFormat::Gray8) frame.gray = HostImage<std::uint8_t>(width, height, pitch);
  else frame.rgba = HostImage<Rgba8>(width, height, pitch);
  return frame;
}

HostFrame randomFrame(PixelFormat format, int width, int height, std::uint32_t seed) {
  HostFrame frame;
  frame.format = format;
  if (format == PixelFormat::Gray8) frame.gray = test::randomImage<std::uint8_t>(width, height, seed, 5);
  else frame.rgba = test::randomImage<Rgba8>(width, height, seed, 12);
  return frame;
}

cv::Mat matOf(const HostFrame& frame) {
  return frame.format == PixelFormat::Gray8 ? test::matOf(frame.gray.view(), CV_8UC1)
                                            : test::matOf(frame.rgba.view(), CV_8UC4);
}

struct StageRun {
  HostFrame out;
  FrameStats stats;
};

// One stage on `in` through applyCpu or applyReference, into an output poisoned with `poison`
// (pixels, row padding and the histogram).
StageRun runStage(const StageSpec& stage, const HostFrame& in, bool reference, unsigned char poison) {
  const FrameShape shape = stageOutputShape(stage, {in.width(), in.height(), in.format});
  StageRun run;
  if (stage.definition->producesImage) {
    run.out = frameOf(shape.format, shape.width, shape.height, 3);
    (shape.format == PixelFormat::Gray8 ? run.out.gray.fillBytes(poison) : run.out.rgba.fillBytes(poison));
  }
  run.stats.histogramBins = 999;
  run.stats.histogram.assign(5, 0xDEADBEEF);
  const auto& apply = reference ? stage.definition->applyReference : stage.definition->applyCpu;
  apply(stage, {in, run.out, run.stats});
  return run;
}

std::string describe(const std::string& text, const HostFrame& in) {
  std::ostringstream s;
  s << text << " on " << (in.format == PixelFormat::Gray8 ? "grey " : "RGBA ") << in.width() << "x" << in.height();
  return s.str();
}

// applyCpu == applyReference on `in` within the stage's tolerance; alpha and histograms exact.
void expectFastMatchesReference(const std::string& text, const HostFrame& in) {
  const StageSpec stage = parseStage(text);
  if (stageIsNoOp(stage, {in.width(), in.height(), in.format})) return;
  SCOPED_TRACE(describe(text, in));
  const StageRun fast = runStage(stage, in, false, kFastPoison);
  const StageRun reference = runStage(stage, in, true, kReferencePoison);
  EXPECT_EQ(fast.stats.histogramBins, reference.stats.histogramBins);
  EXPECT_EQ(fast.stats.histogramChannels, reference.stats.histogramChannels);
  EXPECT_EQ(fast.stats.histogram, reference.stats.histogram);
  if (!stage.definition->producesImage) return;
  ASSERT_EQ(fast.out.format, reference.out.format);
  const cv::Mat a = matOf(fast.out), b = matOf(reference.out);
  cv::Mat diff;
  cv::absdiff(a, b, diff);
  std::vector<cv::Mat> channels;
  cv::split(diff, channels);
  const int tolerance = toleranceOf(stage);
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const bool alpha = c == 3;
    const double worst = cv::norm(channels[c], cv::NORM_INF);
    EXPECT_LE(worst, alpha ? 0 : tolerance) << (alpha ? "alpha" : "channel " + std::to_string(c)) << ": "
                                            << cv::countNonZero(channels[c]) << " values differ";
  }
}

const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8};

std::vector<std::string> convTexts(const std::vector<int>& sizes) {
  std::vector<std::string> texts;
  for (const char* border : {"clamp", "zero", "reflect"})
    for (int n : sizes) {
      const std::string tail = std::to_string(n) + ":" + border;
      for (const char* preset : {"gauss", "box", "sharpen", "emboss", "identity"})
        texts.push_back(std::string("conv=") + preset + ":" + tail);
      if (n >= 3 && n <= 5)  // sobel and laplacian: weights in the thousands beyond 5 (see convolution.hpp)
        for (const char* preset : {"sobelx", "sobely", "laplacian"})
          texts.push_back(std::string("conv=") + preset + ":" + tail);
    }
  return texts;
}

// A non-separable custom kernel (cv::filter2D's path) whose weights sum to 1.
std::string customConvText(int n, const char* border, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-0.5f, 1.f);
  std::vector<float> weights(static_cast<std::size_t>(n) * n);
  float sum = 0;
  for (float& w : weights) sum += w = weight(rng);
  std::ostringstream s;
  s << "conv=custom:" << n << ":";
  for (std::size_t i = 0; i < weights.size(); ++i) s << (i ? " " : "") << weights[i] / sum;
  s << ":" << border;
  return s.str();
}

TEST(CpuFastPath, EveryBuiltInStageHasOneNextToItsBareOpenCvCall) {
#ifndef KC_HAVE_OPENCV
  GTEST_SKIP() << "kernelcam_ref built without OpenCV (KC_WITH_OPENCV=OFF): applyCpu is the reference";
#else
  for (const char* id : {"gray", "conv", "hist", "transpose", "flip"}) {
    const StageDefinition* definition = stageRegistry().find(id);
    ASSERT_NE(definition, nullptr) << id;
    EXPECT_TRUE(definition->applyCpu && definition->applyReference) << id;
    EXPECT_TRUE(definition->cpuBaseline) << id << " has no bare OpenCV call for the bench";
  }
#endif
}

TEST(CpuFastPath, EveryStagesBenchCasesAtAwkwardSizes) {
  std::uint32_t seed = 1;
  for (const StageDefinition* definition : stageRegistry().all())
    for (const std::string& text : definition->benchCases)
      for (const auto& size : test::awkwardSizes())
        for (PixelFormat format : kFormats)
          expectFastMatchesReference(text, randomFrame(format, size.width, size.height, seed++));
}

TEST(CpuFastPath, GreyIsExactForEveryRgbTriple) {
  HostFrame all = frameOf(PixelFormat::Rgba8, 4096, 4096, 0);
  for (int i = 0; i < (1 << 24); ++i)
    all.rgba.view().data[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8),
                               static_cast<std::uint8_t>(i >> 16), static_cast<std::uint8_t>(i * 7)};
  for (const char* text : {"gray=lab", "gray=bt601", "gray=bt709"}) expectFastMatchesReference(text, all);
}

TEST(CpuFastPath, GreyHistogramTransposeFlipAtEverySize) {
  std::uint32_t seed = 100;
  for (const auto& size : test::awkwardSizesWith4K())
    for (PixelFormat format : kFormats) {
      const HostFrame in = randomFrame(format, size.width, size.height, seed++);
      for (const char* text :
           {"gray=lab", "gray=bt709", "hist=256", "hist=7", "hist=1", "transpose", "flip=h", "flip=v", "flip=hv"})
        expectFastMatchesReference(text, in);
    }
}

TEST(CpuFastPath, HistogramOfFlatAndTwoLevelImages) {
  // Long runs of one value: the case the sub-tables are there for, and easy to count wrong.
  HostFrame flat = frameOf(PixelFormat::Gray8, 1921, 1079, 3);
  flat.gray.fillBytes(200);
  HostFrame stripes = frameOf(PixelFormat::Rgba8, 333, 77, 1);
  for (int y = 0; y < 77; ++y)
    for (int x = 0; x < 333; ++x) stripes.rgba.at(x, y) = x % 2 ? Rgba8{0, 255, 128, 9} : Rgba8{255, 0, 127, 9};
  for (const char* text : {"hist=256", "hist=16", "hist=1"}) {
    expectFastMatchesReference(text, flat);
    expectFastMatchesReference(text, stripes);
  }
}

TEST(CpuFastPath, ConvolutionPresetsAndBordersOnSmallImages) {
  std::uint32_t seed = 200;
  const std::vector<std::string> texts = convTexts({1, 3, 5, 9, 15, 31});
  for (const test::Size2D size : {test::Size2D{1, 1}, {2, 3}, {17, 3}, {3, 17}, {33, 31}})
    for (PixelFormat format : kFormats) {
      const HostFrame in = randomFrame(format, size.width, size.height, seed++);
      for (const std::string& text : texts) expectFastMatchesReference(text, in);
      for (const char* border : {"clamp", "zero", "reflect"})
        for (int n : {3, 5, 9, 31}) expectFastMatchesReference(customConvText(n, border, seed++), in);
    }
}

TEST(CpuFastPath, ConvolutionOnLargeImages) {
  // The reference is slow (about 180 ms per 5x5 grey 1080p frame): small kernels only here.
  std::uint32_t seed = 300;
  for (PixelFormat format : kFormats) {
    const HostFrame in = randomFrame(format, 640, 480, seed++);
    for (const std::string& text : convTexts({3, 5})) expectFastMatchesReference(text, in);
    expectFastMatchesReference(customConvText(5, "reflect", seed++), in);
    expectFastMatchesReference(customConvText(15, "zero", seed++), in);  // cv::filter2D goes through the DFT
  }
  for (PixelFormat format : kFormats) {
    const HostFrame in = randomFrame(format, 1921, 1079, seed++);
    for (const char* text : {"conv=gauss:5:clamp", "conv=box:3:zero", "conv=sharpen:3:reflect"})
      expectFastMatchesReference(text, in);
  }
  if (test::smallInputsOnly()) return;
  expectFastMatchesReference("conv=gauss:5:reflect", randomFrame(PixelFormat::Gray8, 3840, 2160, seed++));
}

// The stripes on the thread pool add up to the one-call result: applyCpu == the bare OpenCV call
// (cpuBaseline) bit for bit, colour channels (the bare call filters alpha too), every border mode.
TEST(CpuFastPath, ConvolutionStripesEqualTheBareOpenCvCall) {
  std::uint32_t seed = 500;
  std::vector<std::string> texts = convTexts({3, 9});
  texts.push_back(customConvText(5, "reflect", seed++));
  texts.push_back(customConvText(3, "zero", seed++));
  for (PixelFormat format : kFormats) {
    const HostFrame in = randomFrame(format, 1921, 1079, seed++);
    for (const std::string& text : texts) {
      const StageSpec stage = parseStage(text);
      if (!stage.definition->cpuBaseline) GTEST_SKIP() << "no OpenCV fast path in this build";
      SCOPED_TRACE(describe(text, in));
      const StageRun fast = runStage(stage, in, false, kFastPoison);
      HostFrame bare = frameOf(in.format, in.width(), in.height(), 3);
      FrameStats stats;
      stage.definition->cpuBaseline(stage, {in, bare, stats}).run();
      cv::Mat diff;
      cv::absdiff(matOf(fast.out), matOf(bare), diff);
      std::vector<cv::Mat> channels;
      cv::split(diff, channels);
      for (int c = 0; c < std::min<int>(3, static_cast<int>(channels.size())); ++c)
        EXPECT_EQ(cv::countNonZero(channels[c]), 0) << "channel " << c;
    }
  }
}

// The photographs, grey and RGBA (cropped: the reference convolution is slow on 16 MP).
TEST(CpuFastPath, RealImages) {
  const auto images = test::samplePhotos();
  ASSERT_FALSE(images.empty()) << "no photos in " << test::projectData("samples")
                               << " (data/samples is part of the repository)";
  for (const auto& path : images) {
    HostFrame rgba;
    rgba.format = PixelFormat::Rgba8;
    rgba.rgba = test::readRgbaImage(path);
    const int w = std::min(rgba.width(), 1600), h = std::min(rgba.height(), 1200);
    HostFrame crop = frameOf(PixelFormat::Rgba8, w, h, 3);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        crop.rgba.at(x, y) = rgba.rgba.at((rgba.width() - w) / 2 + x, (rgba.height() - h) / 2 + y);
    SCOPED_TRACE(path.filename().string());
    const StageRun gray = runStage(parseStage("gray=bt709"), crop, true, 0);
    const HostFrame* inputs[] = {&crop, &gray.out};
    for (const HostFrame* in : inputs)
      for (const char* text :
           {"gray=lab", "gray=bt601", "gray=bt709", "conv=gauss:5:clamp", "conv=sharpen:3:zero",
            "conv=emboss:3:reflect", "conv=sobelx:3:clamp", "hist=256", "hist=16", "transpose", "flip=h", "flip=hv"})
        expectFastMatchesReference(text, *in);
  }
}

// ---- the CPU pipeline: fast path against the reference pipeline, buffers reused safely ----

int maxDifference(const HostFrame& a, const HostFrame& b) {
  if (a.format != b.format || a.width() != b.width() || a.height() != b.height()) return -1;
  return static_cast<int>(cv::norm(matOf(a), matOf(b), cv::NORM_INF));
}

TEST(CpuPipeline, FastMatchesReferenceAcrossSizeAndChainChanges) {
  auto fast = makeCpuPipeline();
  auto reference = makeCpuReferencePipeline();
  const char* chains[] = {"gray=bt709,conv=gauss:5:clamp,transpose,hist=256", "conv=box:3:zero,flip=h,hist=16",
                          "hist=64", "gray,gray,transpose,transpose,flip=v", "flip=hv,conv=sharpen:3:reflect,gray=lab"};
  const test::Size2D sizes[] = {{640, 480}, {640, 480}, {17, 3}, {1921, 1079}, {1, 1}, {640, 480}};
  std::uint32_t seed = 400;
  for (const char* text : chains) {
    const FilterChain chain = parseFilterChain(text);
    fast->setChain(chain);
    reference->setChain(chain);
    const bool hasConv = std::string(text).find("conv") != std::string::npos;
    FrameResult first;
    HostFrame firstExpected;
    for (std::size_t i = 0; i < std::size(sizes); ++i) {
      const auto& size = sizes[i];
      SCOPED_TRACE(std::string(text) + " at " + std::to_string(size.width) + "x" + std::to_string(size.height));
      HostFrame frame = randomFrame(i % 2 ? PixelFormat::Gray8 : PixelFormat::Rgba8, size.width, size.height, seed++);
      frame.index = static_cast<std::int64_t>(i);
      const HostFrame before = frame;
      FrameResult got = fast->process(frame);
      const FrameResult want = reference->process(frame);
      EXPECT_LE(maxDifference(got.output, want.output), hasConv ? 1 : 0);
      EXPECT_GE(maxDifference(got.output, want.output), 0) << "shape or format differs";
      if (!hasConv) {
        EXPECT_EQ(got.stats.histogram, want.stats.histogram);
      }
      EXPECT_EQ(got.stats.stages.size(), chain.size());
      EXPECT_EQ(got.output.index, frame.index);
      EXPECT_EQ(maxDifference(frame, before), 0) << "the input frame was written to";
      if (i == 0) {
        first = std::move(got);
        firstExpected = want.output;
      }
    }
    // The first frame's result still holds its pixels: later frames did not write into it.
    EXPECT_LE(maxDifference(first.output, firstExpected), hasConv ? 1 : 0);
  }
}

// Frames share their pixels (host_frame.hpp): a chain that changes nothing hands the input back
// without copying it.
TEST(CpuPipeline, ChainThatChangesNothingHandsBackTheInputShared) {
  auto pipeline = makeCpuPipeline();
  pipeline->setChain(parseFilterChain("gray,hist=8"));
  const HostFrame frame = randomFrame(PixelFormat::Gray8, 33, 31, 9);
  const std::uint64_t copies = hostFrameCopies();
  const FrameResult result = pipeline->process(frame);
  EXPECT_EQ(maxDifference(result.output, frame), 0);
  EXPECT_EQ(result.output.bytes(), frame.bytes());
  EXPECT_EQ(hostFrameCopies(), copies);
  EXPECT_EQ(result.stats.histogramBins, 8);
}

}  // namespace
}  // namespace kc
