// FrameTap, the recorder's and --vcam's source of frames on the live path (app/record/frame_tap.hpp).
// On an offscreen GL context (EGL: Mesa here and in CI, the NVIDIA GPU on the device machine): the
// filtered frames its display() hands to a sink are exactly the pipeline's results, whichever way
// they reached the sink behind it (host pixels on the CPU and CUDA copy paths, a read of the GL
// buffer with CUDA-GL interop), and the composite is what the renderer draws, upright. Without GL:
// on the frame worker's thread the tap sees every frame the pipeline presents, also those the view
// never takes, and a sink removed gets nothing more.
#include <gtest/gtest.h>

#include <GL/glew.h>

#include <chrono>
#include <opencv2/imgproc.hpp>
#include <thread>

#include "app/session/run_session.hpp"
#include "app/live/frame_worker.hpp"
#include "app/record/background_sink.hpp"
#include "app/record/frame_tap.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "gpu/core/error.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/render/frame_hand_off.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/offscreen_gl_context.hpp"
#include "ui/render/offscreen_target.hpp"

namespace kc {
namespace {

// Keeps every frame it is given (the test reads them after finish()).
class CollectingSink final : public FrameSink {
 public:
  explicit CollectingSink(std::vector<cv::Mat>* frames) : frames_(frames) {}
  void write(const cv::Mat& frame) override { frames_->push_back(frame.clone()); }
  void finish() override {}
  std::string frameSize() const override { return {}; }

 private:
  std::vector<cv::Mat>* frames_;
};

// Frame i: colour ramps moved by i, so every frame differs. Awkward size: rows are not 4-aligned in grey.
HostFrame rampFrame(int i) {
  HostFrame frame;
  frame.rgba = HostImage<Rgba8>(97, 61);
  for (int y = 0; y < 61; ++y)
    for (int x = 0; x < 97; ++x)
      frame.rgba.at(x, y) = {static_cast<std::uint8_t>(x * 2 + i * 9), static_cast<std::uint8_t>(y * 4),
                             static_cast<std::uint8_t>(((x + i) / 8 + y / 8) % 2 ? 220 : 40), 255};
  return frame;
}

constexpr char kChain[] = "gray,conv=box:3,transpose";

void expectThePipelinesResults(const std::vector<cv::Mat>& filtered, Backend backend, int count) {
  std::unique_ptr<FramePipeline> reference = RunSession(backend).newPipeline();
  reference->setChain(parseFilterChain(kChain));
  ASSERT_EQ(filtered.size(), static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const FrameResult expected = reference->process(rampFrame(i));
    const cv::Mat want = frameAsMat(expected.output);
    ASSERT_EQ(filtered[i].size(), want.size()) << "frame " << i;
    ASSERT_EQ(filtered[i].type(), want.type()) << "frame " << i;
    EXPECT_EQ(cv::norm(filtered[i], want, cv::NORM_INF), 0) << "frame " << i;
  }
}

// Every test draws on an offscreen context, current for the test's lifetime.
class FrameTapGl : public ::testing::Test {
 protected:
  void SetUp() override {
    test::testApplication();
    try {
      context_ = std::make_unique<OffscreenGlContext>();
    } catch (const Error& error) {
      GTEST_SKIP() << "no offscreen GL context here: " << error.what();
    }
  }
  std::unique_ptr<OffscreenGlContext> context_;
};

// The renderer stands in for the hand-off (both are DisplaySinks with GL buffers): the CUDA
// pipeline takes interop into its buffers where it can, the copy path elsewhere.
void expectFilteredFramesAndCompositeAreExact(Backend backend) {
  std::unique_ptr<FramePipeline> live = RunSession(backend).newPipeline();
  live->setChain(parseFilterChain(kChain));
  std::vector<cv::Mat> filtered, composite;
  GlRenderer renderer;
  renderer.initialize();
  renderer.setTimingOverlayVisible(false);  // the composite is compared with a render of the same state
  renderer.setHistogramOverlayVisible(false);
  {
    FrameTap tap;
    BackgroundSink filteredSink(std::make_unique<CollectingSink>(&filtered), 64);
    BackgroundSink compositeSink(std::make_unique<CollectingSink>(&composite), 64);
    tap.addFiltered(&filteredSink);
    tap.addComposite(&compositeSink, {160, 90});
    tap.viewPainted(renderer);  // before the first frame: nothing to record
    std::unique_ptr<DisplaySink> display = tap.display(renderer);
    // Each frame flushed before the view paints, as the window does when no newer frame waits: one
    // composite per frame, whatever the pipeline's depth (CUDA keeps two frames in flight).
    for (int i = 0; i < 5; ++i) {
      live->submitLive(rampFrame(i), *display);
      live->flushLive(*display);
      tap.viewPainted(renderer);
    }
    SCOPED_TRACE(testing::Message() << toString(live->backend()) << ", display path "
                                    << displayPathId(live->displayPath()));
    filteredSink.finish();
    compositeSink.finish();
    expectThePipelinesResults(filtered, backend, 5);

    // The last composite is the renderer drawing the last frame, the right way up.
    ASSERT_GE(composite.size(), 5u);
    OffscreenTarget target(160, 90);
    target.bind();
    renderer.render(160, 90);
    const QImage drawn = target.read().convertToFormat(QImage::Format_RGBA8888);
    const cv::Mat drawnMat(90, 160, CV_8UC4, const_cast<uchar*>(drawn.constBits()), drawn.bytesPerLine());
    EXPECT_EQ(cv::norm(composite.back(), drawnMat, cv::NORM_INF), 0);
    tap.releaseGl();
  }
  live.reset();  // CUDA drops its registrations of the renderer's buffers with the context current
  renderer.releaseGl();
}

TEST_F(FrameTapGl, CpuFilteredFramesAndCompositeAreExact) { expectFilteredFramesAndCompositeAreExact(Backend::Cpu); }

TEST_F(FrameTapGl, CudaFilteredFramesAreExactOnEveryDisplayPath) {
  if (!cudaBackendAvailable()) GTEST_SKIP() << "no usable CUDA device: " << cudaUnavailableReason();
  expectFilteredFramesAndCompositeAreExact(Backend::Cuda);
}

// CUDA-GL interop fills the hand-off's buffer on the device and never calls writeFiltered: the tap
// must read the buffer. Filled here with GL, as interop would, so the path runs without a GPU too.
TEST_F(FrameTapGl, WithoutHostPixelsTheFilteredBufferIsRead) {
  std::vector<cv::Mat> filtered;
  GlRenderer renderer;
  renderer.initialize();
  {
    FrameTap tap;
    BackgroundSink sink(std::make_unique<CollectingSink>(&filtered), 8);
    tap.addFiltered(&sink);
    std::unique_ptr<DisplaySink> display = tap.display(renderer);
    cv::Mat grey(3, 17, CV_8UC1);
    cv::randu(grey, 0, 256);
    const std::vector<std::uint8_t> original(17 * 3 * 4, 128);
    display->prepare({17, 3, 17, 3, PixelFormat::Gray8});
    EXPECT_EQ(display->filteredBuffer(), renderer.filteredBuffer())
        << "the pipeline writes into the hand-off's buffers";
    display->writeOriginal(original.data(), 17 * 4);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, display->filteredBuffer());
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, 17 * 3, grey.data);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    display->present({});
    sink.finish();
    ASSERT_EQ(filtered.size(), 1u);
    EXPECT_EQ(cv::norm(filtered[0], grey, cv::NORM_INF), 0);
    EXPECT_EQ(renderer.framesPresented(), 1) << "the frame went on to the view";
    tap.releaseGl();
  }
  renderer.releaseGl();
}

// Texture interop: CUDA writes the view's textures themselves (no buffer, no writeFiltered): the
// tap must read the filtered texture, and the renderer must draw what was written. Written here
// with GL, as the surfaces would be, so the path runs without a GPU too.
TEST_F(FrameTapGl, WithTextureInteropTheFilteredTextureIsReadAndDrawn) {
  std::vector<cv::Mat> filtered;
  GlRenderer renderer;
  renderer.initialize();
  renderer.setTimingOverlayVisible(false);
  renderer.setHistogramOverlayVisible(false);
  renderer.setViewMode(ViewMode::FilteredOnly);
  {
    FrameTap tap;
    BackgroundSink sink(std::make_unique<CollectingSink>(&filtered), 8);
    tap.addFiltered(&sink);
    std::unique_ptr<DisplaySink> display = tap.display(renderer);
    cv::Mat grey(3, 17, CV_8UC1);  // 17 columns: rows not 4-byte aligned
    cv::randu(grey, 0, 256);
    display->prepare({17, 3, 17, 3, PixelFormat::Gray8});
    const DisplayTextures textures = display->targetTextures();
    ASSERT_TRUE(textures.offered()) << "the renderer offers its own textures";
    EXPECT_EQ(display->targetTextures().filtered, textures.filtered) << "asked twice: the same textures";
    GLint alignment = 4;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, textures.filtered);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 17, 3, GL_RED, GL_UNSIGNED_BYTE, grey.data);
    glBindTexture(GL_TEXTURE_2D, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
    display->presentTextures({});
    sink.finish();
    ASSERT_EQ(filtered.size(), 1u);
    EXPECT_EQ(cv::norm(filtered[0], grey, cv::NORM_INF), 0);
    EXPECT_EQ(renderer.framesPresented(), 1) << "the frame went on to the view";

    // The view draws the written texture (filtered side only, at its own size: pixel for pixel).
    OffscreenTarget target(17, 3);
    target.bind();
    renderer.render(17, 3);
    const QImage drawn = target.read().convertToFormat(QImage::Format_RGBA8888);
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 17; ++x)
        ASSERT_EQ(qRed(drawn.pixel(x, y)), grey.at<std::uint8_t>(y, x)) << "at " << x << "," << y;
    // A new layout makes new textures, under a new generation (registrations of old names go).
    display->prepare({16, 4, 16, 4, PixelFormat::Gray8});
    EXPECT_NE(display->targetTextures().generation, textures.generation);
    tap.releaseGl();
  }
  renderer.releaseGl();
}

// A sink behind the tap that has no GL buffers and is given no host pixels: nothing to capture.
class NoPixelsSink final : public DisplaySink {
 public:
  bool prepare(const DisplayLayout&) override { return false; }
  unsigned originalBuffer() const override { return 0; }
  unsigned filteredBuffer() const override { return 0; }
  void writeOriginal(const std::uint8_t*, std::size_t) override {}
  void writeFiltered(const std::uint8_t*, std::size_t) override {}
  void present(const FrameStats&) override { ++presented; }
  int presented = 0;
};

// A frame the tap cannot capture is counted as dropped (the status bar shows it), and the frame
// still goes on to the view.
TEST(FrameTapWorker, AFrameWithoutPixelsToTakeCountsAsDropped) {
  std::vector<cv::Mat> filtered;
  FrameTap tap;
  BackgroundSink sink(std::make_unique<CollectingSink>(&filtered), 8);
  tap.addFiltered(&sink);
  NoPixelsSink next;
  std::unique_ptr<DisplaySink> display = tap.display(next);
  display->prepare({4, 2, 4, 2, PixelFormat::Gray8});
  display->present({});
  sink.finish();
  EXPECT_EQ(next.presented, 1);
  EXPECT_TRUE(filtered.empty());
  EXPECT_EQ(sink.progress().dropped, 1);
}

// Waits (a few seconds at most) until the worker ran `runs` frames.
bool waitForRuns(FrameWorker& worker, std::int64_t runs) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (worker.pipelineRuns() < runs || worker.handOff().framesPresented() < runs) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

// On the worker thread with the host hand-off (no GL anywhere): every frame the pipeline presents
// reaches the filtered sink, though the view takes none of them (latest wins replaces them).
// A sink removed gets nothing more.
TEST(FrameTapWorker, EveryPresentedFrameReachesTheSinkEvenWhenTheViewTakesNone) {
  test::testApplication();
  std::vector<cv::Mat> filtered;
  FrameTap tap;
  BackgroundSink sink(std::make_unique<CollectingSink>(&filtered), 64);
  tap.addFiltered(&sink);
  constexpr int kTapped = 6, kAfterRemove = 3;
  {
    FrameWorker worker(RunSession(Backend::Cpu).newPipeline(), std::make_unique<HostFrameHandOff>(),
                       parseFilterChain(kChain), {}, [&](DisplaySink& handOff) { return tap.display(handOff); });
    for (int i = 0; i < kTapped; ++i) {
      worker.submit(rampFrame(i));
      ASSERT_TRUE(waitForRuns(worker, i + 1)) << "frame " << i << " never ran";
    }
    EXPECT_EQ(worker.handOff().framesReplaced(), kTapped - 1) << "the view took none: each frame replaced the last";
    tap.remove(&sink);
    EXPECT_TRUE(tap.empty());
    for (int i = kTapped; i < kTapped + kAfterRemove; ++i) {
      worker.submit(rampFrame(i));
      ASSERT_TRUE(waitForRuns(worker, i + 1)) << "frame " << i << " never ran";
    }
  }
  sink.finish();
  expectThePipelinesResults(filtered, Backend::Cpu, kTapped);
  EXPECT_EQ(sink.progress().dropped, 0);
}

// A new chain shows at once: the worker runs it on the last frame it was given, with no new frame
// from the source (the kernel lab's edit-to-frame time then has no source interval in it). The
// re-run frame is the new chain's result on that frame, and nothing runs twice.
TEST(FrameTapWorker, ANewChainRunsAtOnceOnTheLastFrame) {
  test::testApplication();
  std::vector<cv::Mat> filtered;
  FrameTap tap;
  BackgroundSink sink(std::make_unique<CollectingSink>(&filtered), 64);
  tap.addFiltered(&sink);
  constexpr char kOtherChain[] = "gray,conv=box:5";
  {
    FrameWorker worker(RunSession(Backend::Cpu).newPipeline(), std::make_unique<HostFrameHandOff>(),
                       parseFilterChain(kChain), {}, [&](DisplaySink& handOff) { return tap.display(handOff); });
    worker.submit(rampFrame(3));
    ASSERT_TRUE(waitForRuns(worker, 1)) << "the frame never ran";
    worker.setChain(parseFilterChain(kOtherChain));  // no frame submitted after this
    ASSERT_TRUE(waitForRuns(worker, 2)) << "the new chain did not run on the last frame";
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(worker.pipelineRuns(), 2) << "one run per chain, nothing more";
    EXPECT_EQ(worker.framesRerun(), 1);
  }
  sink.finish();
  tap.remove(&sink);
  ASSERT_EQ(filtered.size(), 2u);
  std::unique_ptr<FramePipeline> reference = RunSession(Backend::Cpu).newPipeline();
  reference->setChain(parseFilterChain(kOtherChain));
  const FrameResult expected = reference->process(rampFrame(3));  // alive while `want` views its pixels
  const cv::Mat want = frameAsMat(expected.output);
  ASSERT_EQ(filtered[1].size(), want.size());
  EXPECT_EQ(cv::norm(filtered[1], want, cv::NORM_INF), 0) << "the re-run is the new chain on the last frame";
}

}  // namespace
}  // namespace kc
