// The CUDA frame pipeline against the CPU reference pipeline (the stages' reference loops in sequence).
// Exact for gray/hist/transpose; convolution within one grey level (float sums may round
// differently on the separable path).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "tests/support/test_data.hpp"
#include "gpu/image/channel_convert.hpp"
#include "gpu/image/yuv_convert.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/gpu_test_support.hpp"

namespace {

kc::HostFrame randomFrame(int width, int height, std::uint32_t seed, std::int64_t index = 0) {
  kc::HostFrame frame;
  frame.format = kc::PixelFormat::Rgba8;
  frame.rgba = kc::test::randomImage<kc::Rgba8>(width, height, seed, /*padBytes=*/12);
  frame.index = index;
  return frame;
}

bool chainHasConv(const kc::FilterChain& chain) {
  for (const auto& s : chain)
    if (s.id() == "conv") return true;
  return false;
}

// Largest per-byte difference between two frames of the same shape (-1 if the shapes differ).
int maxDifference(const kc::HostFrame& a, const kc::HostFrame& b) {
  if (a.format != b.format || a.width() != b.width() || a.height() != b.height()) return -1;
  const std::size_t rowBytes = static_cast<std::size_t>(a.width()) * kc::bytesPerPixel(a.format);
  int worst = 0;
  for (int y = 0; y < a.height(); ++y)
    for (std::size_t i = 0; i < rowBytes; ++i)
      worst = std::max(worst, std::abs(int(a.bytes()[y * a.pitch() + i]) - int(b.bytes()[y * b.pitch() + i])));
  return worst;
}

void expectSameResult(const kc::FilterChain& chain, const kc::FrameResult& gpu, const kc::FrameResult& cpu,
                      kc::PixelFormat inputFormat = kc::PixelFormat::Rgba8) {
  const int tolerance = chainHasConv(chain) ? 1 : 0;
  const int diff = maxDifference(gpu.output, cpu.output);
  ASSERT_GE(diff, 0) << "output shape or format differs: GPU " << gpu.output.width() << "x" << gpu.output.height()
                     << ", CPU " << cpu.output.width() << "x" << cpu.output.height();
  EXPECT_LE(diff, tolerance);
  EXPECT_EQ(gpu.stats.histogramBins, cpu.stats.histogramBins);
  EXPECT_EQ(gpu.stats.histogramChannels, cpu.stats.histogramChannels);
  if (diff == 0) {
    EXPECT_EQ(gpu.stats.histogram, cpu.stats.histogram);
  } else {  // a conv before the hist rounded differently somewhere: the counts still cover every pixel
    std::uint64_t gpuSum = 0, cpuSum = 0;
    for (auto c : gpu.stats.histogram) gpuSum += c;
    for (auto c : cpu.stats.histogram) cpuSum += c;
    EXPECT_EQ(gpuSum, cpuSum);
  }
  // Every step of the chain has its row, in order, after the upload: a stage's, or a fused run's
  // ("gray lab + conv gauss 5x5 + hist 256"; the pipeline fuses by default).
  const kc::FrameShape in{gpu.stats.width, gpu.stats.height, inputFormat};
  const auto steps = kc::planCudaChain(chain, in, /*fuse=*/true);
  ASSERT_GE(gpu.stats.stages.size(), steps.size() + 1);
  EXPECT_EQ(gpu.stats.stages[0].name, "upload");
  for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(gpu.stats.stages[i + 1].name, steps[i].label);
}

const char* kChains[] = {
    "gray=lab",
    "gray=bt709,hist=256",
    "hist=16",
    "transpose",
    "gray=bt601,transpose,hist=7",
    "conv=gauss:5:clamp",
    "gray,conv=sobelx:3:reflect,hist=64",
    "gray,conv=box:3,conv=sharpen:3:zero,transpose,transpose,gray",
    "conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:reflect,transpose,hist=256",
    "gray,conv=gauss:5,transpose,hist=256",
    "flip=h",
    "flip=v,gray,flip=hv,hist=32",
    "gray,flip=h,transpose,flip=v",
};

TEST(CudaPipeline, MatchesCpuPipelineOnAwkwardSizes) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  EXPECT_EQ(gpu->backend(), kc::Backend::Cuda);
  std::uint32_t seed = 1;
  for (const char* text : kChains) {
    const auto chain = kc::parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    for (const auto& size : kc::test::awkwardSizes()) {
      SCOPED_TRACE(std::string(text) + " at " + std::to_string(size.width) + "x" + std::to_string(size.height));
      const kc::HostFrame frame = randomFrame(size.width, size.height, seed++);
      expectSameResult(chain, gpu->process(frame), cpu->process(frame));
    }
  }
}

TEST(CudaPipeline, MatchesCpuPipelineAt4K) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  for (const char* text : {"gray,conv=gauss:5,transpose,hist=256", "conv=box:3,hist=32", "flip=h,gray,flip=hv"}) {
    SCOPED_TRACE(std::string(text) + " at 3840x2160");
    const auto chain = kc::parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    const kc::HostFrame frame = randomFrame(3840, 2160, 99);
    expectSameResult(chain, gpu->process(frame), cpu->process(frame));
  }
}

// Fused (the default) and unfused, the same chain gives the same frame and histogram bit for bit;
// the fused run has one timing row where the unfused one has a row per stage.
TEST(CudaPipeline, FusedStagesGiveTheFramesOfTheStagesOneByOne) {
  KC_REQUIRE_CUDA_DEVICE();
  auto fused = kc::makeCudaPipeline();
  auto unfused = kc::makeCudaPipeline();
  unfused->setFusion(false);
  std::uint32_t seed = 700;
  for (const char* text :
       {"gray=lab,conv=gauss:5:clamp,hist=256", "gray=bt601,conv=box:3:reflect",
        "gray,conv=gauss:31:zero,hist=16,transpose", "conv=gauss:5,hist=64", "gray,conv=sharpen:3,hist=256"}) {
    const auto chain = kc::parseFilterChain(text);
    fused->setChain(chain);
    unfused->setChain(chain);
    auto sizes = kc::test::awkwardSizesWith4K();
    for (const auto& size : sizes) {
      SCOPED_TRACE(std::string(text) + " at " + std::to_string(size.width) + "x" + std::to_string(size.height));
      for (bool grey : {false, true}) {
        kc::HostFrame frame = randomFrame(size.width, size.height, seed++);
        if (grey) {  // the chain from a grey frame: gray is a no-op, conv + hist fuse
          frame.format = kc::PixelFormat::Gray8;
          frame.gray = kc::test::randomImage<std::uint8_t>(size.width, size.height, seed++, 5);
        }
        const kc::FrameResult a = fused->process(frame);
        const kc::FrameResult b = unfused->process(frame);
        EXPECT_EQ(maxDifference(a.output, b.output), 0);
        EXPECT_EQ(a.stats.histogram, b.stats.histogram);
        EXPECT_EQ(a.stats.histogramBins, b.stats.histogramBins);
        std::size_t stageRows = 0;
        for (const auto& row : b.stats.stages) stageRows += !row.isCopy && row.name != "upload";
        EXPECT_GE(stageRows, chain.size() - (grey ? 1 : 0)) << "unfused: a row per stage that ran";
      }
    }
  }
  // The default chain at 4K: one row for its three stages.
  fused->setChain(kc::defaultFilterChain());
  const kc::FrameResult r = fused->process(randomFrame(3840, 2160, 1));
  bool found = false;
  for (const auto& row : r.stats.stages) found = found || row.name == "gray lab + conv gauss 5x5 + hist 256";
  EXPECT_TRUE(found) << "no fused row";
}

TEST(CudaPipeline, SizeChangesBetweenFrames) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  const auto chain = kc::parseFilterChain("gray,conv=box:5,transpose,hist=256");
  gpu->setChain(chain);
  cpu->setChain(chain);
  const kc::test::Size2D sizes[] = {{640, 480}, {17, 3}, {1921, 1079}, {640, 480}, {1, 1}, {3, 17}};
  std::uint32_t seed = 500;
  for (const auto& size : sizes) {
    SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
    const kc::HostFrame frame = randomFrame(size.width, size.height, seed++);
    expectSameResult(chain, gpu->process(frame), cpu->process(frame));
  }
}

TEST(CudaPipeline, GreyInputFrames) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  const auto chain = kc::parseFilterChain("gray,conv=sobely:3,transpose,hist=256");
  gpu->setChain(chain);
  cpu->setChain(chain);
  kc::HostFrame frame;
  frame.format = kc::PixelFormat::Gray8;
  frame.gray = kc::test::randomImage<std::uint8_t>(333, 77, 7, 5);
  expectSameResult(chain, gpu->process(frame), cpu->process(frame), kc::PixelFormat::Gray8);
}

// A DisplaySink without GL: buffer names 0, so the pipeline takes the copy path and writes the
// pixels here. That exercises the two-stream live path end to end.
class RecordingSink final : public kc::DisplaySink {
 public:
  bool prepare(const kc::DisplayLayout& layout) override {
    const bool changed = !(layout == layout_);
    layout_ = layout;
    ++prepares;
    return changed;
  }
  unsigned originalBuffer() const override { return 0; }
  unsigned filteredBuffer() const override { return 0; }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override {
    original = copyRows(pixels, pitch, layout_.originalWidth * 4, layout_.originalHeight);
  }
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override {
    filtered = copyRows(pixels, pitch, layout_.filteredWidth * kc::bytesPerPixel(layout_.filteredFormat),
                        layout_.filteredHeight);
  }
  void present(const kc::FrameStats& stats) override { presented.push_back(stats); }

  std::vector<std::uint8_t> original, filtered;
  std::vector<kc::FrameStats> presented;
  int prepares = 0;

 private:
  static std::vector<std::uint8_t> copyRows(const std::uint8_t* pixels, std::size_t pitch, std::size_t rowBytes,
                                            int height) {
    std::vector<std::uint8_t> rows(rowBytes * height);
    for (int y = 0; y < height; ++y) std::copy_n(pixels + y * pitch, rowBytes, rows.data() + y * rowBytes);
    return rows;
  }
  kc::DisplayLayout layout_;
};

std::vector<std::uint8_t> tightBytes(const kc::HostFrame& frame) {
  const std::size_t rowBytes = static_cast<std::size_t>(frame.width()) * kc::bytesPerPixel(frame.format);
  std::vector<std::uint8_t> rows(rowBytes * frame.height());
  for (int y = 0; y < frame.height(); ++y)
    std::copy_n(frame.bytes() + y * frame.pitch(), rowBytes, rows.data() + y * rowBytes);
  return rows;
}

TEST(CudaPipeline, LiveFramesComeOutInOrderThroughTwoStreams) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  const auto chain = kc::parseFilterChain("gray=bt709,transpose,hist=256");  // exact stages only
  gpu->setChain(chain);
  cpu->setChain(chain);
  RecordingSink sink;
  std::vector<kc::HostFrame> frames;
  const kc::test::Size2D sizes[] = {{640, 480}, {640, 480}, {1921, 1079}, {33, 31}, {33, 31}};
  for (int i = 0; i < 5; ++i) frames.push_back(randomFrame(sizes[i].width, sizes[i].height, 1000 + i, i));

  // Frame i-1 is presented (sink and stats) as the frame it should be.
  auto expectPresented = [&](const std::optional<kc::FrameStats>& stats, int i) {
    SCOPED_TRACE("presenting frame " + std::to_string(i));
    ASSERT_TRUE(stats.has_value());
    EXPECT_EQ(stats->frameIndex, i);
    EXPECT_EQ(stats->streamsInUse, 2);
    const kc::FrameResult expected = cpu->process(frames[static_cast<std::size_t>(i)]);
    EXPECT_EQ(sink.original, tightBytes(frames[static_cast<std::size_t>(i)]));
    EXPECT_EQ(sink.filtered, tightBytes(expected.output));
    EXPECT_EQ(stats->histogram, expected.stats.histogram);
    ASSERT_EQ(sink.presented.size(), static_cast<std::size_t>(i + 1));
    EXPECT_EQ(sink.presented.back().frameIndex, i);
  };
  // Two frames stay in flight: the oldest is presented when a third is submitted.
  EXPECT_FALSE(gpu->submitLive(frames[0], sink).has_value()) << "the first frame is still in flight";
  EXPECT_FALSE(gpu->submitLive(frames[1], sink).has_value()) << "two frames are in flight before one is presented";
  for (int i = 2; i < 5; ++i) expectPresented(gpu->submitLive(frames[static_cast<std::size_t>(i)], sink), i - 2);
  // The flush presents the two left, in order, and returns the last one's stats.
  expectPresented(gpu->flushLive(sink), 4);
  EXPECT_EQ(sink.presented[3].frameIndex, 3);
  EXPECT_FALSE(gpu->flushLive(sink).has_value());
  // Without a GL context the pipeline must have chosen the copy path and said why.
  EXPECT_EQ(gpu->displayPath(), kc::DisplayPath::CudaCopy);
  EXPECT_FALSE(gpu->displayPathNote().empty());
}

// ---- Camera formats: uploaded as they are, converted on the GPU as the frame's first op ----

// A frame of `format` in the pipeline's page-locked pool (or, foreign, in plain memory), every
// plane random bytes (any byte is a valid sample: out-of-range ones must clamp alike).
kc::HostFrame nativeFrame(kc::FramePool& pool, kc::PixelFormat format, int w, int h, kc::YuvEncoding encoding,
                          std::uint32_t seed) {
  kc::HostFrame frame = pool.acquire(format, w, h, encoding);
  std::mt19937 rng(seed);
  auto fill = [&](auto& image) {
    for (int y = 0; y < image.height(); ++y) {
      auto* row = reinterpret_cast<std::uint8_t*>(image.view().row(y));
      for (std::size_t i = 0; i < image.view().rowBytes(); ++i) row[i] = static_cast<std::uint8_t>(rng());
    }
  };
  if (format == kc::PixelFormat::Gray8) fill(frame.gray);
  else if (!kc::isYuv(format)) fill(frame.rgba);
  else
    for (int p = 0; p < kc::yuvPlaneCount(kc::yuvLayout(format)); ++p) fill(frame.yuv.planes[p]);
  return frame;
}

// What the chain starts from, computed with the references alone (no OpenCV): the oracle the GPU's
// entry conversion must match bit for bit.
kc::HostFrame referenceEntry(const kc::HostFrame& frame, const kc::FilterChain& chain) {
  if (frame.format == kc::PixelFormat::Gray8 || frame.format == kc::PixelFormat::Rgba8) return frame;
  const bool luma = kc::startsFromLumaPlane(frame, chain);
  kc::HostFrame out =
      kc::makeHostFrame(luma ? kc::PixelFormat::Gray8 : kc::PixelFormat::Rgba8, frame.width(), frame.height());
  if (luma) kc::lumaToGrayCpu(frame.yuv.planes[0].view(), frame.yuv.encoding.range, out.gray.view());
  else if (frame.format == kc::PixelFormat::Bgra8) kc::bgraToRgbaCpu(frame.rgba.view(), out.rgba.view());
  else kc::yuvToRgbaCpu(frame.yuvPlanes(), frame.yuv.encoding, out.rgba.view());
  return out;
}

constexpr kc::PixelFormat kNativeFormats[] = {kc::PixelFormat::Nv12, kc::PixelFormat::I420, kc::PixelFormat::Yv12,
                                              kc::PixelFormat::Yuyv, kc::PixelFormat::Uyvy, kc::PixelFormat::Bgra8,
                                              kc::PixelFormat::Gray8};

TEST(CudaPipeline, CameraFormatsConvertOnTheGpuLikeTheReferences) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  kc::FramePool plain;  // foreign frames: staged through a host copy, same results
  std::uint32_t seed = 3000;
  const char* chains[] = {"gray=lab,conv=gauss:5:clamp,hist=256", "hist=16", "flip=h,gray,transpose", "transpose"};
  for (const char* text : chains) {
    const auto chain = kc::parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    for (kc::PixelFormat format : kNativeFormats)
      for (const auto& size : kc::test::awkwardSizes())
        for (const kc::YuvEncoding encoding :
             {kc::YuvEncoding{}, kc::YuvEncoding{kc::YuvMatrix::Bt709, kc::YuvRange::Full}}) {
          if (!kc::isYuv(format) && encoding != kc::YuvEncoding{}) continue;
          SCOPED_TRACE(std::string(text) + " " + kc::pixelFormatName(format) +
                       (encoding.range == kc::YuvRange::Full ? " bt709 full " : " bt601 limited ") +
                       std::to_string(size.width) + "x" + std::to_string(size.height));
          kc::FramePool& pool = seed % 3 ? *gpu->framePool() : plain;
          const kc::HostFrame frame = nativeFrame(pool, format, size.width, size.height, encoding, seed++);
          const kc::FrameResult got = gpu->process(frame);
          const kc::FrameResult want = cpu->process(referenceEntry(frame, chain));
          const int diff = maxDifference(got.output, want.output);
          ASSERT_GE(diff, 0) << "output shape or format differs";
          EXPECT_LE(diff, chainHasConv(chain) ? 1 : 0);
          EXPECT_EQ(got.stats.histogramBins, want.stats.histogramBins);
          if (diff == 0) {
            EXPECT_EQ(got.stats.histogram, want.stats.histogram);
          }
          // upload, then the entry conversion (none for grey and the full-range Y plane), then the stages.
          const std::string entry = kc::entryConversionName(frame, chain);
          ASSERT_GE(got.stats.stages.size(), 2u);
          EXPECT_EQ(got.stats.stages[0].name, "upload");
          if (!entry.empty()) {
            EXPECT_EQ(got.stats.stages[1].name, entry);
          }
          const std::size_t first = entry.empty() ? 1 : 2;
          // The chain's steps as planned for what it starts from (a Y plane's conv + hist run fused).
          const kc::HostFrame entered = referenceEntry(frame, chain);
          const auto steps = kc::planCudaChain(chain, {size.width, size.height, entered.format}, /*fuse=*/true);
          for (std::size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(got.stats.stages[first + i].name, steps[i].label);
          // A grey chain on a YUV frame with a Y plane uploads that plane alone.
          const double uploaded = kc::startsFromLumaPlane(frame, chain) ? static_cast<double>(size.width) * size.height
                                                                        : static_cast<double>(frame.pixelBytes());
          EXPECT_EQ(got.stats.stages[0].bytes, uploaded);
        }
  }
}

TEST(CudaPipeline, FourKNv12AndItsYPlane) {
  KC_REQUIRE_CUDA_DEVICE();
  if (kc::test::smallInputsOnly()) GTEST_SKIP() << "KC_TEST_SMALL: no 4K case";
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  for (const char* text : {"gray=lab,conv=gauss:5:clamp,hist=256", "conv=box:3,hist=32"}) {
    SCOPED_TRACE(text);
    const auto chain = kc::parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    const kc::HostFrame frame = nativeFrame(*gpu->framePool(), kc::PixelFormat::Nv12, 3840, 2160, {}, 77);
    const kc::FrameResult got = gpu->process(frame);
    EXPECT_LE(maxDifference(got.output, cpu->process(referenceEntry(frame, chain)).output), 1);
  }
}

TEST(CudaPipeline, LiveCameraFramesShowTheirOriginalInRgba) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  auto cpu = kc::makeCpuReferencePipeline();
  RecordingSink sink;
  for (const char* text : {"gray=bt709,hist=256", "hist=16,transpose"}) {
    SCOPED_TRACE(text);
    const auto chain = kc::parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    std::vector<kc::HostFrame> frames;
    for (int i = 0; i < 4; ++i) {
      frames.push_back(nativeFrame(*gpu->framePool(), i % 2 ? kc::PixelFormat::Yuyv : kc::PixelFormat::Nv12, 66, 34, {},
                                   static_cast<std::uint32_t>(4000 + i)));
      frames.back().index = i;
    }
    for (int i = 0; i < 4; ++i) {
      // Each frame on its own (submitted, then flushed), so that the sink holds every one of them.
      EXPECT_FALSE(gpu->submitLive(frames[static_cast<std::size_t>(i)], sink).has_value());
      const auto stats = gpu->flushLive(sink);
      ASSERT_TRUE(stats.has_value());
      const kc::HostFrame& shown = frames[static_cast<std::size_t>(i)];
      const kc::HostFrame entry = referenceEntry(shown, chain);
      // The view's original side: the converted frame, or the Y plane widened to RGBA for a grey chain.
      kc::HostFrame original = kc::makeHostFrame(kc::PixelFormat::Rgba8, 66, 34);
      if (entry.format == kc::PixelFormat::Gray8) kc::grayToRgbaCpu(entry.gray.view(), original.rgba.view());
      else original = entry;
      EXPECT_EQ(sink.original, tightBytes(original));
      EXPECT_EQ(sink.filtered, tightBytes(cpu->process(entry).output));
    }
  }
}

// Side outputs are what the stage records declare (StageDefinition::sideOutput): the pipeline
// hands its histogram buffer to a stage that declares one and to no other, and reads counts back
// only when such a stage wrote some.
bool gProbeGotHistogram = false;
void probeLaunch(const kc::StageSpec&, const kc::CudaStageIo& io) { gProbeGotHistogram = io.histogram != nullptr; }

kc::StageDefinition sideOutputProbe(kc::SideOutput declared) {
  kc::StageDefinition probe;
  probe.id = "side_output_probe";
  probe.configure = [](const kc::StageSpec&) { return std::make_shared<kc::StageConfig>(); };
  probe.applyCpu = [](const kc::StageSpec&, const kc::CpuStageIo&) {};
  probe.producesImage = false;
  probe.sideOutput = declared;
  return probe;
}

TEST(CudaPipeline, OnlyAStageThatDeclaresAHistogramGetsTheHistogramBuffer) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  const kc::HostFrame frame = randomFrame(33, 17, 4);
  for (const kc::SideOutput declared : {kc::SideOutput::None, kc::SideOutput::Histogram}) {
    const bool expected = declared == kc::SideOutput::Histogram;
    SCOPED_TRACE(expected ? "declares a histogram" : "declares none");
    kc::stageRegistry().add(sideOutputProbe(declared));
    kc::stageRegistry().setCudaLaunch("side_output_probe", probeLaunch);
    gpu->setChain(kc::parseFilterChain("side_output_probe,hist=16"));
    gProbeGotHistogram = !expected;
    const kc::FrameResult withHist = gpu->process(frame);
    EXPECT_EQ(gProbeGotHistogram, expected);
    EXPECT_EQ(withHist.stats.histogramBins, 16);  // the hist stage declares its own
    // A declared histogram that nothing wrote: no readback, no histogram in the stats.
    gpu->setChain(kc::parseFilterChain("side_output_probe"));
    const kc::FrameResult alone = gpu->process(frame);
    EXPECT_EQ(alone.stats.histogramBins, 0);
    for (const kc::StageTiming& row : alone.stats.stages) EXPECT_NE(row.name, "histogram readback");
    kc::stageRegistry().remove("side_output_probe");
  }
}

TEST(CudaPipeline, RejectsBadChainsAndEmptyFrames) {
  KC_REQUIRE_CUDA_DEVICE();
  auto gpu = kc::makeCudaPipeline();
  // A stage with no CUDA implementation is refused when the chain is set, not when a frame runs.
  kc::StageDefinition cpuOnly;
  cpuOnly.id = "cpu_only_test_stage";
  cpuOnly.configure = [](const kc::StageSpec&) { return std::make_shared<kc::StageConfig>(); };
  cpuOnly.applyCpu = [](const kc::StageSpec&, const kc::CpuStageIo&) {};
  kc::stageRegistry().add(cpuOnly);
  const kc::FilterChain chain = kc::parseFilterChain("gray,cpu_only_test_stage");
  try {
    gpu->setChain(chain);
    ADD_FAILURE() << "accepted a stage without a CUDA launch";
  } catch (const kc::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("cpu_only_test_stage stage has no CUDA implementation"), std::string::npos)
        << e.what();
  }
  kc::stageRegistry().remove("cpu_only_test_stage");
  EXPECT_THROW(gpu->process(kc::HostFrame{}), kc::InvalidArgument);
}

}  // namespace
