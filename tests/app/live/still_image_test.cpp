// A still image costs nothing while nothing changes (issue 11.4): it is filtered when it opens and
// again per chain change (twice: a cold run shown at once, then the warm run the overlay times,
// issue 39), the view repaints only when something changed, and the process idles. View > Measure
// still runs the chain N times for the timing table. A damaged image is a notice, not a crash.
#include <gtest/gtest.h>

#include <QAction>
#include <QEventLoop>
#include <QLabel>
#include <QTimer>
#include <filesystem>
#include <sys/resource.h>

#include "app/live/live_controller.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/slow_stage.hpp"
#include "ui/render/overlay_painter.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "tests/app/live/still_window.hpp"

namespace kc {
namespace {

using namespace kc::test;

// Runs the event loop for `ms` without spinning (processEventsUntil polls, which costs CPU).
void idleFor(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

// CPU seconds this process (all its threads) has used.
double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::string stillImage() {
  const std::filesystem::path photo = test::projectData("samples/chelsea.png");  // 451x300
  return std::filesystem::exists(photo) ? photo.string() : test::fixture("images/grey_alpha_4x3.png").string();
}

TEST(StillImage, IsFilteredOncePerChangeAndTheWindowIdlesOtherwise) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  window.filterDock()->setChain(parseFilterChain("gray=bt709,conv=gauss:5:clamp,hist=64"));
  LiveController controller(window, Backend::Cpu);
  controller.start(QString::fromStdString("image:" + stillImage()));
  window.resize(900, 500);
  window.show();
  const GlRenderer& renderer = window.view()->renderer();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() >= 1; }, 30000)) << "no frame";
  EXPECT_TRUE(controller.showingStill());
  EXPECT_TRUE(renderer.still()) << "the overlay says it shows a still";
  ASSERT_NE(controller.measureStillAction(), nullptr);
  EXPECT_TRUE(controller.measureStillAction()->isEnabled());
  idleFor(500);  // the window's first exposes settle
  EXPECT_EQ(controller.pipelineRuns(), 2) << "a cold run and a warm one";

  // ~2 s with nothing changing: no run, no repaint, (almost) no CPU. The old loop filtered and
  // repainted the still 30 times a second.
  const std::int64_t rendered = renderer.framesRendered();
  const double cpuBefore = cpuSeconds();
  idleFor(2000);
  const double cpuUsed = cpuSeconds() - cpuBefore;
  std::printf("2 s idle on a still: %.3f s of CPU, %lld repaints, %lld runs\n", cpuUsed,
              static_cast<long long>(renderer.framesRendered() - rendered),
              static_cast<long long>(controller.pipelineRuns()));
  EXPECT_EQ(controller.pipelineRuns(), 2);
  const std::int64_t shown = controller.framesShown();
  EXPECT_LE(shown, 2);
  EXPECT_LE(renderer.framesRendered() - rendered, 1);
  EXPECT_LT(cpuUsed, 0.4) << "a generous bound: idle is a few milliseconds";
  EXPECT_GT(renderer.timings().meanFrameMs(), 0) << "the overlay keeps the last timings";

  // A chain change: a cold and a warm run, shown.
  window.filterDock()->setChain(parseFilterChain("gray=bt709,conv=box:3:clamp"));
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() > shown; }, 30000));
  idleFor(1000);
  EXPECT_EQ(controller.pipelineRuns(), 4);
  EXPECT_LE(controller.framesShown(), shown + 2);
  EXPECT_EQ(renderer.lastStats().stages.size(), 2u);
  EXPECT_FALSE(renderer.coldRun()) << "the warm run is the one shown last";

  // A view mode change repaints without filtering again.
  const std::int64_t beforeMode = renderer.framesRendered();
  window.setViewMode(ViewMode::Split);
  idleFor(300);
  EXPECT_GE(renderer.framesRendered(), beforeMode + 1);
  EXPECT_EQ(controller.pipelineRuns(), 4);

  // View > Measure still: N runs back to back, their means in the timing table.
  controller.measureStillAction()->trigger();
  ASSERT_TRUE(
      test::processEventsUntil([&] { return controller.pipelineRuns() >= 4 + LiveController::kMeasureRuns; }, 60000));
  idleFor(500);
  EXPECT_EQ(controller.pipelineRuns(), 4 + LiveController::kMeasureRuns) << "and then it idles again";
  EXPECT_GT(renderer.timings().meanFrameMs(), 0);
  EXPECT_EQ(renderer.timings().samples(), LiveController::kMeasureRuns)
      << "every measured run is in the table, shown or replaced unseen";
  EXPECT_EQ(renderer.paintedTimingSamples(), LiveController::kMeasureRuns)
      << "the overlay on screen shows the means of all of them, not those of its last repaint";
}

// A still's first run after a change is cold (a CUDA module's first launch, a thread pool's start:
// the overlay read 34 ms for a convolution that takes 30 us). Here a stage whose first run costs
// 300 ms and whose later runs cost nothing: the overlay's figure is the warm run's, and the cold
// run, while it is shown, says it is cold.
TEST(StillImage, TheOverlaysTimeIsAWarmRunsAndTheColdRunIsLabelled) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  ColdStageScope coldStage;
  MainWindow window;
  window.filterDock()->setChain(parseFilterChain("gray=bt709,cold=300"));
  LiveController controller(window, Backend::Cpu);
  controller.start(QString::fromStdString("image:" + stillImage()));
  window.resize(900, 500);
  window.show();
  GlRenderer& renderer = window.view()->renderer();
  ASSERT_TRUE(
      test::processEventsUntil([&] { return controller.pipelineRuns() >= 2 && controller.framesShown() >= 1; }, 30000));
  idleFor(500);
  EXPECT_FALSE(renderer.coldRun());
  EXPECT_EQ(renderer.timings().samples(), 1) << "the warm run alone";
  EXPECT_LT(renderer.timings().meanFrameMs(), 150) << "the cold run's 300 ms is not the figure shown";
  EXPECT_LT(renderer.timings().meanMs("cold"), 150);
  renderer.refreshOverlaysNow();
  window.view()->update();
  idleFor(300);
  EXPECT_EQ(renderer.paintedTimingSamples(), 1);

  // The cold run, while it is the one shown, is labelled so.
  FrameStats stats = renderer.lastStats();
  renderer.recordFrame(stats, true);
  EXPECT_TRUE(renderer.coldRun());
  EXPECT_EQ(timingSampleNote(1, true, true), QStringLiteral("cold run: the warm one follows"));
}

// View > Freeze frame (Ctrl+Space) holds a live source's next frame: it is then treated as a still
// (nothing runs until the chain changes, measurable); unfrozen, the stream goes on.
TEST(StillImage, FreezeHoldsALiveFrameLikeAStillUntilUnfrozen) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  window.filterDock()->setChain(parseFilterChain("gray=bt709,hist=64"));
  LiveController controller(window, Backend::Cpu);
  controller.start(QStringLiteral("pattern"));
  window.resize(900, 500);
  window.show();
  const GlRenderer& renderer = window.view()->renderer();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() >= 3; }, 30000)) << "no frames";
  QAction* freeze = controller.freezeAction();
  ASSERT_NE(freeze, nullptr);
  EXPECT_TRUE(freeze->isEnabled());
  EXPECT_FALSE(controller.measureStillAction()->isEnabled());

  freeze->trigger();
  EXPECT_TRUE(controller.frozen());
  EXPECT_TRUE(freeze->isChecked());
  EXPECT_TRUE(controller.showingStill());
  EXPECT_TRUE(renderer.still());
  EXPECT_TRUE(controller.measureStillAction()->isEnabled());
  const auto* sourceStatus = window.findChild<QLabel*>(QStringLiteral("sourceStatus"));
  ASSERT_NE(sourceStatus, nullptr);
  EXPECT_TRUE(sourceStatus->text().contains(QStringLiteral("frozen"))) << sourceStatus->text().toStdString();
  const std::int64_t shownAtFreeze = controller.framesShown();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() > shownAtFreeze; }, 30000))
      << "the held frame is shown";
  idleFor(300);
  const std::int64_t held = controller.pipelineRuns();
  idleFor(700);
  EXPECT_EQ(controller.pipelineRuns(), held) << "a held frame runs only when something changes";

  window.filterDock()->setChain(parseFilterChain("gray=bt709,conv=box:3:clamp"));
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.pipelineRuns() >= held + 2; }, 30000));
  idleFor(500);
  EXPECT_EQ(controller.pipelineRuns(), held + 2) << "a chain change runs the held frame cold, then warm";

  freeze->trigger();
  EXPECT_FALSE(controller.frozen());
  EXPECT_FALSE(controller.showingStill());
  EXPECT_FALSE(renderer.still());
  EXPECT_FALSE(controller.measureStillAction()->isEnabled());
  EXPECT_FALSE(sourceStatus->text().contains(QStringLiteral("frozen"))) << sourceStatus->text().toStdString();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.pipelineRuns() >= held + 6; }, 30000))
      << "the stream goes on";

  // Opening another source unfreezes; an image is held already, so there is nothing to freeze.
  freeze->trigger();
  EXPECT_TRUE(controller.frozen());
  controller.openSource(QString::fromStdString("image:" + stillImage()));
  EXPECT_FALSE(controller.frozen());
  EXPECT_FALSE(freeze->isChecked());
  EXPECT_FALSE(freeze->isEnabled());
  controller.setFrozen(true);
  EXPECT_FALSE(controller.frozen());
  EXPECT_FALSE(freeze->isChecked());
}

TEST(StillImage, MeasureIsOnlyForStills) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  LiveController controller(window, Backend::Cpu);
  controller.start(QStringLiteral("pattern"));
  window.show();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() >= 2; }, 30000));
  EXPECT_FALSE(controller.showingStill());
  EXPECT_FALSE(window.view()->renderer().still());
  EXPECT_FALSE(controller.measureStillAction()->isEnabled());
  controller.openSource(QString::fromStdString("image:" + stillImage()));
  EXPECT_TRUE(controller.measureStillAction()->isEnabled());
  EXPECT_TRUE(window.view()->renderer().still());
}

// --lenient in the window: the same damaged file is shown (what libpng could read), no notice.
TEST(StillImage, DamagedPngOpensWhenLenient) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  test::TempDir dir;
  const std::string path = writeDamagedPng(dir);
  MainWindow window;
  LiveController controller(window, Backend::Cpu);
  SourceOptions options = controller.sourceOptions();
  options.lenient = true;
  controller.setSourceOptions(options);
  controller.start(QString::fromStdString("image:" + path));
  window.show();
  EXPECT_EQ(controller.sourceSpec(), QString::fromStdString("image:" + path));
  EXPECT_EQ(window.notices()->find(QStringLiteral("source")), nullptr);
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() >= 1; }, 30000)) << "the image is shown";
}

}  // namespace
}  // namespace kc
