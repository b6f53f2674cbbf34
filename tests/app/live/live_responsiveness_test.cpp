// The window while the chain is slow (issue 15.6): the chain runs on a worker thread, so input is
// handled within 50 ms whatever it costs; frames the chain cannot keep up with are dropped, not
// queued (memory stays flat); the overlay's fps follows a chain change within a second. Before
// the worker, a 400 ms chain held posted events for 220 ms (median) to 580 ms, and conv box 31
// at 1280x720 for up to 19 s on a busy 2-core machine.
// The slow chain is a test-only stage ("burn=MS", slow_stage.hpp) that keeps a core busy for MS ms
// per frame: it costs the same on any machine and whatever the CPU backend's convolution becomes.
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QImage>
#include <QKeyEvent>
#include <QOpenGLContext>
#include <QSpinBox>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <unistd.h>

#include "app/backend/pipeline_factory.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/event_latency_probe.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/slow_stage.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

// Test names and CTest lines say which hand-off a case runs.
void PrintTo(LiveController::HandOff handOff, std::ostream* out) {
  *out << (handOff == LiveController::HandOff::Gl ? "shared GL textures" : "host memory");
}

namespace {

constexpr double kInputBudgetMs = 50;

// Resident set size of this process (Linux), in MiB.
double residentMiB() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// The overlay's fps: what the timing overlay prints.
double overlayFps(const GlRenderer& renderer) {
  const double ms = renderer.timings().meanFrameMs();
  return ms > 0 ? 1000.0 / ms : 0;
}

class LiveResponsiveness : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    burn_ = std::make_unique<test::BurnStageScope>();
  }
  void TearDown() override {
    controller_.reset();
    window_.reset();
    burn_.reset();
  }
  // The 1280x720 pattern at 30 frames/s through `chain` (the CPU backend unless asked).
  void open(const std::string& chain, LiveController::HandOff handOff = LiveController::HandOff::Auto,
            Backend backend = Backend::Cpu) {
    window_ = std::make_unique<MainWindow>();
    window_->filterDock()->setChain(parseFilterChain(chain));
    controller_ = std::make_unique<LiveController>(*window_, backend);
    controller_->setHandOff(handOff);
    controller_->start(QStringLiteral("pattern"));
    window_->resize(900, 500);
    window_->show();
  }
  bool framesShownReach(std::int64_t count, int timeoutMs = 30000) {
    return test::processEventsUntil([&] { return controller_->framesShown() >= count; }, timeoutMs);
  }
  GlRenderer& renderer() { return window_->view()->renderer(); }

  std::unique_ptr<test::BurnStageScope> burn_;
  std::unique_ptr<MainWindow> window_;
  std::unique_ptr<LiveController> controller_;
};

TEST_F(LiveResponsiveness, InputIsHandledPromptlyAndFramesAreDroppedWhileASlowChainRuns) {
  open("burn=400");  // 2.5 frames/s against the pattern's 30
  ASSERT_TRUE(framesShownReach(2)) << "no frames";
  test::processEventsUntil([] { return false; }, 1000);  // warm: buffers at their size
  const double residentBefore = residentMiB();
  const std::int64_t submittedBefore = controller_->framesSubmitted();
  const std::int64_t runsBefore = controller_->pipelineRuns();

  test::EventLatencyProbe probe;
  test::processEventsUntil([] { return false; }, 3000);
  probe.stopPosting();
  test::processEventsUntil([] { return false; }, 100);
  std::printf("posted-event latency over %zu events: median %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
              probe.count(), probe.quantileMs(0.5), probe.quantileMs(0.9), probe.quantileMs(0.99),
              probe.quantileMs(1.0));
  ASSERT_GT(probe.count(), 100u);
  EXPECT_LT(probe.quantileMs(0.9), kInputBudgetMs);
  // The machine itself (2 shared cores under parallel builds) stalls any thread now and then:
  // the worst case gets room for that, not for a 400 ms frame.
  EXPECT_LT(probe.quantileMs(0.99), 4 * kInputBudgetMs);

  // Two posted key presses step a spin box twice, at once (the old GUI-thread chain let them land
  // one frame later, and with a costly chain after the user had given up).
  QSpinBox spin;
  spin.setRange(0, 100);
  spin.setValue(27);
  spin.show();
  QElapsedTimer clock;
  clock.start();
  for (int i = 0; i < 2; ++i) {
    QCoreApplication::postEvent(&spin, new QKeyEvent(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier));
    QCoreApplication::postEvent(&spin, new QKeyEvent(QEvent::KeyRelease, Qt::Key_Up, Qt::NoModifier));
  }
  test::processEventsUntil([&] { return spin.value() == 29; }, 5000);
  const double stepMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
  std::printf("spin box stepped twice: %d after %.1f ms\n", spin.value(), stepMs);
  EXPECT_EQ(spin.value(), 29);
  EXPECT_LT(stepMs, 4 * kInputBudgetMs);

  // Dropped, not queued: the source delivered far more frames than the chain ran, and the
  // process did not grow by the frames it skipped (~90 frames of 3.5 MiB in these 3 s).
  const std::int64_t submitted = controller_->framesSubmitted() - submittedBefore;
  const std::int64_t runs = controller_->pipelineRuns() - runsBefore;
  std::printf("3 s: %lld frames from the source, %lld through the chain, %.1f MiB -> %.1f MiB\n",
              static_cast<long long>(submitted), static_cast<long long>(runs), residentBefore, residentMiB());
  EXPECT_GT(submitted, 2 * runs + 10);
  EXPECT_GT(controller_->framesDropped(), 0);
  EXPECT_LT(residentMiB() - residentBefore, 40.0);
}

TEST_F(LiveResponsiveness, OverlayFpsFollowsAChainChangeWithinASecond) {
  open("burn=150");  // ~6 frames/s
  ASSERT_TRUE(framesShownReach(4));
  const double slowFps = overlayFps(renderer());
  std::printf("burn=150: %.1f fps\n", slowFps);
  ASSERT_GT(slowFps, 0);
  ASSERT_LT(slowFps, 8.0);

  // Faster: the pattern's 30 frames/s, well above the slow chain's rate.
  QElapsedTimer clock;
  clock.start();
  window_->filterDock()->setChain(parseFilterChain("gray=bt709"));
  EXPECT_TRUE(test::processEventsUntil([&] { return overlayFps(renderer()) > 2.5 * slowFps; }, 1000))
      << "the overlay still says " << overlayFps(renderer()) << " fps " << clock.elapsed() << " ms after the change";
  std::printf("gray: %.1f fps after %lld ms\n", overlayFps(renderer()), static_cast<long long>(clock.elapsed()));
  test::processEventsUntil([] { return false; }, 500);
  const double fastFps = overlayFps(renderer());
  EXPECT_GT(fastFps, 2.5 * slowFps);

  // And back: the first slow frame is enough to say so.
  clock.restart();
  window_->filterDock()->setChain(parseFilterChain("burn=150"));
  EXPECT_TRUE(test::processEventsUntil([&] { return overlayFps(renderer()) < fastFps / 2.5; }, 1000))
      << "the overlay still says " << overlayFps(renderer()) << " fps " << clock.elapsed() << " ms after the change";
  EXPECT_GE(renderer().timings().meanLatencyMs(), 150.0) << "latency follows too";
}

// CUDA runs on the worker too, in its GL context shared with the view's (interop where that GL
// is on the CUDA device; under Xvfb, Mesa's GL is not, and the copy path runs): frames arrive
// and input stays prompt. Needs a GPU.
TEST_F(LiveResponsiveness, TheCudaBackendRunsOnTheWorkerToo) {
  if (!cudaBackendAvailable()) GTEST_SKIP() << "needs a CUDA device: " << cudaUnavailableReason();
  open("gray=bt709,conv=gauss:5:clamp,hist=256", LiveController::HandOff::Auto, Backend::Cuda);
  ASSERT_TRUE(framesShownReach(10));
  EXPECT_EQ(controller_->runningBackend(), Backend::Cuda);
  EXPECT_NE(renderer().lastStats().path, DisplayPath::Cpu);
  EXPECT_EQ(renderer().layout().filteredFormat, PixelFormat::Gray8);
  EXPECT_EQ(renderer().lastStats().histogramBins, 256);
  test::EventLatencyProbe probe;
  test::processEventsUntil([] { return false; }, 2000);
  probe.stopPosting();
  test::processEventsUntil([] { return false; }, 100);
  std::printf("CUDA (%s): %lld frames shown; posted-event latency median %.1f ms, p90 %.1f ms, max %.1f ms\n",
              displayPathName(renderer().lastStats().path), static_cast<long long>(controller_->framesShown()),
              probe.quantileMs(0.5), probe.quantileMs(0.9), probe.quantileMs(1.0));
  EXPECT_LT(probe.quantileMs(0.9), kInputBudgetMs);
  // A chain change reaches the GPU pipeline on the worker.
  window_->filterDock()->setChain(parseFilterChain("transpose"));
  ASSERT_TRUE(test::processEventsUntil(
      [&] { return renderer().layout().filteredWidth == renderer().layout().originalHeight; }, 10000));
  EXPECT_EQ(controller_->runningBackend(), Backend::Cuda);
}

// Both ways frames reach the view: textures from the worker's shared GL context (the default on
// both backends; CUDA-GL interop writes into the same buffers the CPU writes here), and host
// memory the window uploads (platforms without GL on other threads).
class HandOffs : public LiveResponsiveness, public ::testing::WithParamInterface<LiveController::HandOff> {};

TEST_P(HandOffs, FramesReachTheViewIntact) {
  if (GetParam() == LiveController::HandOff::Gl && !QOpenGLContext::supportsThreadedOpenGL())
    GTEST_SKIP() << "this Qt platform has no threaded GL";
  open("gray=bt601,conv=box:9:clamp", GetParam());
  renderer().setTimingOverlayVisible(false);
  renderer().setHistogramOverlayVisible(false);
  ASSERT_TRUE(framesShownReach(5));
  const QImage image = window_->grabView().convertToFormat(QImage::Format_RGB32);
  const DisplayLayout layout = renderer().layout();
  EXPECT_EQ(layout.filteredFormat, PixelFormat::Gray8);
  const RectPx filtered = letterbox(layout.filteredWidth, layout.filteredHeight,
                                    {image.width() / 2.0, 0, image.width() / 2.0, double(image.height())});
  const RectPx original =
      letterbox(layout.originalWidth, layout.originalHeight, {0, 0, image.width() / 2.0, double(image.height())});
  double greyMismatch = 0, brightness = 0, colourful = 0, count = 0;
  for (int y = static_cast<int>(filtered.y + 10); y < static_cast<int>(filtered.y + filtered.height - 10); y += 3)
    for (int x = static_cast<int>(filtered.x + 10); x < static_cast<int>(filtered.x + filtered.width - 10); x += 3) {
      const QRgb p = image.pixel(x, y);
      greyMismatch += qRed(p) != qGreen(p) || qGreen(p) != qBlue(p);
      brightness += qGray(p);
      const QRgb o = image.pixel(x - static_cast<int>(filtered.x - original.x), y);
      colourful += std::abs(qRed(o) - qBlue(o)) > 30;
      ++count;
    }
  EXPECT_EQ(greyMismatch, 0) << "the filtered half is grey";
  EXPECT_GT(brightness / count, 20) << "and not black: the pixels came through";
  EXPECT_GT(colourful / count, 0.2) << "the original half shows the colour pattern";
}

INSTANTIATE_TEST_SUITE_P(LiveResponsiveness, HandOffs,
                         ::testing::Values(LiveController::HandOff::Gl, LiveController::HandOff::Host),
                         [](const auto& info) {
                           return std::string(info.param == LiveController::HandOff::Gl ? "SharedGlTextures"
                                                                                        : "HostMemory");
                         });

}  // namespace
}  // namespace kc
