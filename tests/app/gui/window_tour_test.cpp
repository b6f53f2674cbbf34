// The window tour (issue 20, README screenshots): the whole window as `kernelcam` builds it, on
// CUDA where the machine has it (the lent GPU under Xvfb with NVIDIA's GL: "CUDA+interop"), else
// the CPU: a 4K pattern, a real photo, the kernel lab with the template opened and edited live, an
// A/B wipe, and the CG demo on a shared matrix; then the course: an exercise's kernel on the stream as
// the heat map against kernelcam's, and its check. Each step is checked (the source shown, the display
// path, the kernel stage running on CUDA, the A/B report, the CG run converging); the window is
// grabbed after each into KC_TOUR_OUT (default: a temporary folder that goes with the test).
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <cstdio>
#include <functional>

#include <QDockWidget>
#include <QImage>
#include <QSettings>
#include <cstdlib>
#include <filesystem>

#include "app/backend/pipeline_factory.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/lab/lab_controller.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/gpu/exercises/exercise_fixtures.hpp"
#include "tests/support/scoped_environment.hpp"
#include "tests/support/test_data.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/exercise_dock.hpp"
#include "ui/lab/exercise_panel.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

class WindowTour : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
    const char* out = std::getenv("KC_TOUR_OUT");
    out_ = out && *out ? fs::path(out) : dir_.path() / "tour";
    fs::create_directories(out_);
  }
  // The window as `kernelcam` builds it, on the machine's backend, showing a WxH pattern.
  static std::unique_ptr<GuiSession> startOnPattern(int width, int height) {
    GuiOptions options;
    options.source = parseSourceSpec("pattern");
    options.patternSize = RunOptions::Size{width, height};
    options.backend = Backend::Auto;
    auto session = std::make_unique<GuiSession>(options);
    session->window().resize(1600, 1000);
    session->start();
    return session;
  }
  bool framesAdvance(GuiSession& session, int count, int timeoutMs = 60000) {
    const GlRenderer& renderer = session.window().view()->renderer();
    const std::int64_t target = renderer.framesPresented() + count;
    return test::processEventsUntil([&] { return renderer.framesPresented() >= target; }, timeoutMs);
  }
  // Runs the window's events until `done` and at least `minMs` have passed, noting when each frame
  // reached the screen: the frames per second over that time and the longest wait between two.
  struct FrameFlow {
    double fps = 0;
    double longestGapMs = 0;
  };
  FrameFlow watchFrames(GuiSession& session, const std::function<bool()>& done, int minMs, int timeoutMs) {
    const GlRenderer& renderer = session.window().view()->renderer();
    QElapsedTimer clock;
    clock.start();
    const std::int64_t first = renderer.framesPresented();
    std::int64_t seen = first;
    double lastMs = 0;
    FrameFlow flow;
    test::processEventsUntil(
        [&] {
          const double now = static_cast<double>(clock.nsecsElapsed()) / 1e6;
          if (renderer.framesPresented() != seen) {
            seen = renderer.framesPresented();
            flow.longestGapMs = std::max(flow.longestGapMs, now - lastMs);
            lastMs = now;
          }
          return done() && now >= minMs;
        },
        timeoutMs);
    const double totalMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    flow.longestGapMs = std::max(flow.longestGapMs, totalMs - lastMs);
    flow.fps = static_cast<double>(seen - first) * 1000.0 / totalMs;
    return flow;
  }
  void grab(GuiSession& session, const char* name) {
    test::processEventsUntil([] { return false; }, 300);  // the overlay's next repaint
    const QImage shot = session.window().grab().toImage();
    ASSERT_FALSE(shot.isNull());
    ASSERT_TRUE(shot.save(QString::fromStdString((out_ / name).string()), "PNG")) << name;
  }

  test::TempDir dir_;
  fs::path out_;
};

TEST_F(WindowTour, PatternPhotoLabAbAndCgOnTheMachinesBackend) {
  const bool cuda = cudaBackendAvailable();
  const std::unique_ptr<GuiSession> started = startOnPattern(3840, 2160);
  GuiSession& session = *started;
  MainWindow& window = session.window();
  ASSERT_TRUE(framesAdvance(session, 10)) << "no frames from the 4K pattern";
  EXPECT_EQ(window.view()->renderer().lastStats().width, 3840);
  const QString path = window.statusDisplayPath();
  if (cuda) {
    EXPECT_TRUE(path.startsWith(QStringLiteral("CUDA"))) << path.toStdString();
  }
  grab(session, "tour-1-pattern-4k.png");

  // A real photo.
  const fs::path photo = test::projectData("samples/seeding_by_Clements_Engelhardt.jpg");
  if (fs::exists(photo)) {
    session.controller().openSource(QStringLiteral("image:") + QString::fromStdString(photo.string()));
    ASSERT_TRUE(test::processEventsUntil(
        [&] {
          return session.controller().sourceSpec().endsWith(QStringLiteral(".jpg")) &&
                 window.view()->renderer().lastStats().width != 3840;
        },
        30000))
        << session.controller().sourceSpec().toStdString();
    grab(session, "tour-2-photo.png");
  } else {
    std::printf("[ tour ] %s missing: the photo step is left out\n", photo.string().c_str());
  }
  session.controller().openSource(QStringLiteral("pattern"));
  ASSERT_TRUE(framesAdvance(session, 3));

  // The kernel lab: the template, edited live (more levels): on CUDA the stage runs it.
  QDockWidget* labDock = kernelLabDock(window);
  ASSERT_NE(labDock, nullptr);
  labDock->show();
  KernelLabPanel& lab = session.labPanel();
  const std::string kernel = dir_.file("posterize.cu");
  ASSERT_TRUE(lab.newFile(QString::fromStdString(kernel))) << lab.statusText().toStdString();
  QString text = lab.editor()->toPlainText();
  text.replace(QStringLiteral("int 2..32 = 6"), QStringLiteral("int 2..32 = 3"));
  lab.editor()->setPlainText(text);
  FilterDock& dock = *window.filterDock();
  auto kernelStage = [&] {
    for (int i = 0; i < dock.stageCount(); ++i)
      if (dock.stageAt(i).id() == "kernel") return i;
    return -1;
  };
  ASSERT_TRUE(test::processEventsUntil([&] { return kernelStage() >= 0; }, 30000)) << lab.statusText().toStdString();
  if (cuda) {
    ASSERT_TRUE(test::processEventsUntil([&] { return dock.stageEnabled(kernelStage()); }, 30000))
        << lab.runProblemText().toStdString();
    ASSERT_TRUE(framesAdvance(session, 5));
    EXPECT_TRUE(lab.runProblemText().isEmpty()) << lab.runProblemText().toStdString();
  }
  grab(session, "tour-3-lab-live-edit.png");

  // A/B wipe: the built-in grey against the lab's kernel (CUDA), or two built-in chains (CPU).
  if (cuda) lab.setAbChains(QStringLiteral("gray=lab"), QStringLiteral("kernel=") + QString::fromStdString(kernel));
  else lab.setAbChains(QStringLiteral("gray=lab"), QStringLiteral("gray=bt709"));
  lab.setAbView(AbView::Wipe);
  lab.setAbEnabled(true);
  ASSERT_TRUE(test::processEventsUntil([&] { return session.lab().abRunning(); }, 30000));
  ASSERT_TRUE(framesAdvance(session, 5));
  EXPECT_EQ(window.viewMode(), ViewMode::Split);
  grab(session, "tour-4-ab-wipe.png");
  lab.setAbEnabled(false);
  labDock->hide();

  // The CG demo on a study matrix, on the machine's backend.
  const fs::path matrix = test::projectData("matrices/bcsstk11.mtx.gz");
  ASSERT_TRUE(fs::exists(matrix)) << matrix << " (data/matrices is part of the repository)";
  session.openMatrix(QString::fromStdString(matrix.string()));
  DemoPanel& demos = session.demoPanel();
  ASSERT_TRUE(demos.run());
  ASSERT_TRUE(test::processEventsUntil([&] { return !demos.running(); }, 120000));
  EXPECT_FALSE(demos.lastRunFailed()) << demos.message().toStdString();
  EXPECT_GT(demos.results()->rowCount(), 0);
  grab(session, "tour-5-cg-demo.png");
}

// The course in the window as `kernelcam` builds it: Lab > Exercises, the grayscale exercise with a
// student's kernel that swaps x and y, on the stream as the A/B heat map against kernelcam's
// reference (CUDA runs the student's kernel), then Check with its goals. On the CPU the stream
// cannot run the kernel: the shots show the statement and what Check says there.
TEST_F(WindowTour, AnExerciseOnTheStreamAsAHeatMapAndItsCheck) {
  const bool cuda = cudaBackendAvailable();
  const test::ScopedEnvironment data("XDG_DATA_HOME", (dir_.path() / "data").string().c_str());
  const std::unique_ptr<GuiSession> started = startOnPattern(1280, 720);
  GuiSession& session = *started;
  MainWindow& window = session.window();
  ASSERT_TRUE(framesAdvance(session, 5));
  auto* exercises = window.findChild<ExercisePanel*>();
  ASSERT_NE(exercises, nullptr) << "Lab > Exercises";
  exerciseDock(window)->show();
  kernelLabDock(window)->show();
  ASSERT_TRUE(exercises->choose("grayscale")) << exercises->statusText().toStdString();
  KernelLabPanel& lab = session.labPanel();
  lab.editor()->setPlainText(
      QString::fromStdString(test::fixtureKernel(test::exerciseFixtures("grayscale") / "wrong_swapped.cu").text));
  ASSERT_TRUE(lab.save()) << lab.statusText().toStdString();
  if (cuda) {
    ASSERT_TRUE(test::processEventsUntil([&] { return session.lab().abRunning(); }, 60000))
        << lab.runProblemText().toStdString();
    ASSERT_TRUE(framesAdvance(session, 10));
    EXPECT_TRUE(lab.runProblemText().isEmpty()) << lab.runProblemText().toStdString();
  }
  grab(session, "tour-6-exercise-heatmap.png");
  // The live view keeps its frame rate while a check runs (the check is on threads of its own and
  // in the lab's processes, never on the GUI thread): no wait between frames like the check's length.
  const FrameFlow before = watchFrames(
      session, [] { return true; }, 1000, 1000);
  ASSERT_GT(before.fps, 0) << "no frames before the check";
  exercises->check();
  QElapsedTimer checkClock;
  checkClock.start();
  const FrameFlow during = watchFrames(
      session, [&] { return !exercises->checking(); }, 1000, 300000);
  ASSERT_FALSE(exercises->checking()) << "the check did not end";
  const double allowedGapMs = std::max(cuda ? 250.0 : 500.0, 4 * 1000.0 / before.fps);
  EXPECT_LE(during.longestGapMs, allowedGapMs)
      << "the view stalled while the check ran (" << before.fps << " frames/s before, " << during.fps << " during)";
  EXPECT_GE(during.fps, (cuda ? 0.5 : 0.3) * before.fps) << before.fps << " frames/s before the check";
  std::printf(
      "[ tour ] frames/s before the check %.1f, during it %.1f; longest wait between frames %.0f ms "
      "(the check and the watch after it %.0f ms)\n",
      before.fps, during.fps, during.longestGapMs, static_cast<double>(checkClock.elapsed()));
  const exercises::CheckReport* report = exercises->lastReport();
  if (cuda) {
    ASSERT_NE(report, nullptr) << exercises->statusText().toStdString();
    EXPECT_TRUE(report->ran);
    EXPECT_FALSE(report->correct) << "x and y swapped is wrong on every input that is not square";
    EXPECT_EQ(report->levelReached, 0);
  }
  grab(session, "tour-7-exercise-check.png");
}

}  // namespace
}  // namespace kc
