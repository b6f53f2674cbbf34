// The demo dock in the real window (Xvfb in CI): Ctrl+D's action opens it, and the live view
// keeps presenting frames while a demo runs; Run and Cancel stay where they are when a run starts
// and ends. KC_SCREENSHOT_DEMO=path saves the window after a CG run, for the docs.
#include <gtest/gtest.h>

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

QAction* demoToggle(MainWindow& window) {
  for (QAction* action : window.viewMenu()->actions())
    if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_D)) return action;
  return nullptr;
}

TEST(DemoPanelGui, CtrlDOpensTheDockAndTheViewKeepsRenderingDuringARun) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  DemoRunners runners = cpuOnlyDemoRunners();
  std::atomic<bool> release{false};
  runners.run = [&](const demos::DemoRequest& request, const demos::DemoAdmission& admit) {
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return demos::runDemo(request, admit);
  };
  DemoPanel* panel = installDemoDock(window, runners, QStringLiteral(KC_TEST_DATA_DIR "/matrices"));
  LiveController controller(window, Backend::Cpu);
  controller.start(QStringLiteral("pattern"));
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(test::processEventsUntil([&] { return window.view()->renderer().framesPresented() >= 2; }, 30000));

  QDockWidget* dock = demoDock(window);
  ASSERT_NE(dock, nullptr);
  EXPECT_FALSE(dock->isVisible());
  QAction* toggle = demoToggle(window);
  ASSERT_NE(toggle, nullptr);
  toggle->trigger();
  EXPECT_TRUE(dock->isVisible());

  panel->selectDemo("reduce");
  ASSERT_TRUE(panel->form("reduce")->setValue("n", "1000"));
  ASSERT_TRUE(panel->run());
  const std::int64_t before = window.view()->renderer().framesPresented();
  EXPECT_TRUE(
      test::processEventsUntil([&] { return window.view()->renderer().framesPresented() >= before + 3; }, 30000))
      << "the live view stalled while the demo ran";
  EXPECT_TRUE(panel->running());
  release = true;
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel->running(); }, 30000));
  EXPECT_FALSE(panel->lastRunFailed()) << panel->message().toStdString();
  EXPECT_EQ(panel->results()->rowCount(), 1);

  if (const char* path = std::getenv("KC_SCREENSHOT_DEMO")) {
    panel->selectDemo("cg");
    ASSERT_TRUE(panel->form("cg")->setValue("poisson", "48"));
    ASSERT_TRUE(panel->form("cg")->setValue("precond", "jacobi"));
    ASSERT_TRUE(panel->run());
    ASSERT_TRUE(test::processEventsUntil([&] { return !panel->running(); }, 60000));
    test::processEventsUntil([] { return false; }, 1500);
    window.grab().save(QString::fromLocal8Bit(path));
  }
  toggle->trigger();
  EXPECT_FALSE(dock->isVisible());
}

// Issue 25: the buttons jumped ~40 px up when a run started (the progress bar and the second
// message line appeared below them), and back when it ended.
TEST(DemoPanelGui, RunAndCancelStayPutWhenARunStartsAndEnds) {
  test::testApplication();
  DemoRunners runners = cpuOnlyDemoRunners();
  std::atomic<bool> release{false};
  runners.run = [&](const demos::DemoRequest& request, const demos::DemoAdmission& admit) {
    request.control.counting(2).beginVersion(1, "CPU reference (1 thread)");
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return demos::runDemo(request, admit);
  };
  DemoPanel panel(runners);
  panel.resize(1100, 300);
  panel.show();
  panel.selectDemo("reduce");
  ASSERT_TRUE(panel.form("reduce")->setValue("n", "1000"));
  test::processEventsUntil([] { return false; }, 100);
  const auto where = [&](const QWidget* button) { return button->mapTo(&panel, QPoint(0, 0)); };
  const QPoint run = where(panel.runButton()), cancel = where(panel.cancelButton());

  ASSERT_TRUE(panel.run());
  auto* progress = panel.findChild<QProgressBar*>(QStringLiteral("demoProgress"));
  ASSERT_NE(progress, nullptr);
  // Running: the progress bar shows, the message has its second line (the version running).
  ASSERT_TRUE(test::processEventsUntil(
      [&] { return progress->isVisible() && panel.message().contains(QStringLiteral("version 1 of 2")); }, 10000))
      << panel.message().toStdString();
  test::processEventsUntil([] { return false; }, 100);
  EXPECT_EQ(where(panel.runButton()).y(), run.y()) << "Run moved when the run started";
  EXPECT_EQ(where(panel.cancelButton()), cancel);

  release = true;
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 30000));
  test::processEventsUntil([] { return false; }, 100);
  EXPECT_FALSE(progress->isVisible());
  EXPECT_EQ(where(panel.runButton()).y(), run.y()) << "Run moved when the run ended";
  EXPECT_EQ(where(panel.cancelButton()), cancel);
}

}  // namespace
}  // namespace kc
