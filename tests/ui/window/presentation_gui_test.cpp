// Projector mode and the demo dock in the real window (Xvfb in CI): View > Presentation scales
// the application font and the overlays (Ctrl+= / Ctrl+- / Ctrl+0), the demo dock leaves the live
// view most of the window and stacks its columns at the side, and closing the window during a
// CG run leaves nothing running a second later.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QMenu>
#include <QSet>
#include <QSettings>
#include <QStyle>
#include <QThreadPool>
#include <memory>

#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/render/overlay_fit.hpp"
#include "ui/render/overlay_painter.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/presentation_mode.hpp"
#include "ui/window/scaled_style.hpp"

namespace kc {
namespace {

QAction* actionWithShortcut(MainWindow& window, const QKeySequence& key) {
  for (QAction* action : window.viewMenu()->actions())
    if (action->shortcuts().contains(key)) return action;
  return nullptr;
}

double fontSize(const QFont& font) { return font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize(); }

TEST(OverlayScale, PanelsArePaintedScaleTimesLarger) {
  test::testApplication();
  FrameStats stats;
  stats.width = 640;
  stats.height = 480;
  stats.stages.push_back({"gray", false, 1.0, 640.0 * 480 * 4});
  stats.histogramBins = 16;
  stats.histogramChannels = 1;
  stats.histogram.assign(16, 5);
  RollingStageMeans means;
  means.add(stats);
  const QImage one = paintTimingOverlay({stats, means, "CPU", 1.0});
  const QImage two = paintTimingOverlay({stats, means, "CPU", 2.0});
  ASSERT_FALSE(one.isNull());
  EXPECT_NEAR(two.width(), 2 * one.width(), 2);
  EXPECT_NEAR(two.height(), 2 * one.height(), 2);
  const QImage histogram = paintHistogramOverlay(stats, 1.0), histogram2 = paintHistogramOverlay(stats, 2.0);
  EXPECT_NEAR(histogram2.width(), 2 * histogram.width(), 2);
  EXPECT_NEAR(histogram2.height(), 2 * histogram.height(), 2);
}

// The footer says what the timings are over: a window that is still filling, or a still's single
// (possibly cold) run, must not read as "mean of 30 frames".
TEST(OverlayScale, TheFooterCountsTheFramesTheMeansAreOver) {
  FrameStats stats;
  stats.stages.push_back({"gray", false, 1.0, 100});
  RollingStageMeans means(30);
  EXPECT_EQ(means.samples(), 0);
  means.add(stats);
  EXPECT_EQ(means.samples(), 1);
  EXPECT_EQ(timingSampleNote(means.samples(), true), QStringLiteral("1 warm run; View > Measure still"));
  EXPECT_EQ(timingSampleNote(means.samples(), true, true), QStringLiteral("cold run: the warm one follows"));
  EXPECT_EQ(timingSampleNote(means.samples(), false), QStringLiteral("1 frame"));
  for (int i = 0; i < 40; ++i) means.add(stats);
  EXPECT_EQ(means.samples(), 30) << "the window keeps the last 30";
  EXPECT_EQ(timingSampleNote(means.samples(), false), QStringLiteral("mean of 30 frames"));
  EXPECT_EQ(timingSampleNote(means.samples(), true), QStringLiteral("mean of 30 runs"));
  EXPECT_EQ(timingSampleNote(7, false), QStringLiteral("mean of 7 frames"));
}

// A 450x125 timing panel (its size at 1x) in views of the sizes the window gives it.
TEST(OverlayScale, PanelsStay1To1WhereTheyFitAndLegibleBesideTheLab) {
  EXPECT_DOUBLE_EQ(overlayDrawScale(934, 676, 450, 125, 8), 1.0) << "the default window";
  EXPECT_DOUBLE_EQ(overlayDrawScale(1920, 1080, 675, 190, 8), 1.0) << "full screen, presentation 1.5x";
  EXPECT_DOUBLE_EQ(overlayDrawScale(530, 780, 450, 125, 8), kMinLegibleOverlayScale)
      << "beside the kernel lab: half the width would be 0.55, 7 px text";
  const double narrow = overlayDrawScale(300, 780, 450, 125, 8);
  EXPECT_NEAR(narrow * 450, 300 - 16, 1e-9) << "a view narrower than the legible panel: the view's width";
  EXPECT_NEAR(overlayDrawScale(934, 150, 450, 125, 8) * 125, 75, 1e-9) << "never taller than half the view";
  EXPECT_DOUBLE_EQ(overlayDrawScale(0, 0, 450, 125, 8), 0.0);
  EXPECT_DOUBLE_EQ(overlayDrawScale(934, 676, 0, 0, 8), 1.0) << "no panel painted yet";
}

TEST(PresentationGui, ScalesTheApplicationFontAndTheOverlaysAndResets) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  QSettings().remove(QStringLiteral("view/presentationScale"));
  const QFont base = QApplication::font();
  {
    MainWindow window;
    PresentationMode* presentation = window.presentation();
    ASSERT_NE(presentation, nullptr);
    QAction* toggle = presentation->toggleAction();
    EXPECT_TRUE(window.viewMenu()->actions().contains(toggle));
    EXPECT_FALSE(toggle->isChecked());

    const int indicator = QApplication::style()->pixelMetric(QStyle::PM_IndicatorWidth);
    QDockWidget* dock = window.findChild<QDockWidget*>(QStringLiteral("filterDock"));
    ASSERT_NE(dock, nullptr);
    toggle->trigger();
    EXPECT_TRUE(toggle->isChecked());
    EXPECT_DOUBLE_EQ(presentation->scale(), 1.5);
    EXPECT_NEAR(fontSize(QApplication::font()), 1.5 * fontSize(base), 0.51);
    EXPECT_DOUBLE_EQ(window.view()->renderer().overlayScale(), 1.5);
    // Check boxes grow with the text, and the docks' titles are drawn in the larger font: QDockWidget
    // keeps its construction-time title font unless it has a font of its own that differs.
    EXPECT_NEAR(QApplication::style()->pixelMetric(QStyle::PM_IndicatorWidth), 1.5 * indicator, 1.0);
    EXPECT_TRUE(dock->testAttribute(Qt::WA_SetFont));
    EXPECT_NE(dock->font(), QApplication::font("QDockWidget"));
    EXPECT_NEAR(fontSize(dock->font()), 1.5 * fontSize(base), 0.51);

    QAction* larger = actionWithShortcut(window, QKeySequence(Qt::CTRL | Qt::Key_Equal));
    QAction* smaller = actionWithShortcut(window, QKeySequence(Qt::CTRL | Qt::Key_Minus));
    QAction* actual = actionWithShortcut(window, QKeySequence(Qt::CTRL | Qt::Key_0));
    ASSERT_TRUE(larger && smaller && actual);
    for (QAction* action : {larger, smaller}) {
      const QList<QKeySequence> keys = action->shortcuts();
      EXPECT_EQ(QSet<QKeySequence>(keys.begin(), keys.end()).size(), keys.size())
          << "a key listed twice: " << QKeySequence::listToString(keys).toStdString();
    }
    larger->trigger();
    EXPECT_DOUBLE_EQ(presentation->scale(), 1.75);
    EXPECT_DOUBLE_EQ(window.view()->renderer().overlayScale(), 1.75);
    for (int i = 0; i < 20; ++i) larger->trigger();
    EXPECT_DOUBLE_EQ(presentation->scale(), PresentationMode::kMaxScale);
    smaller->trigger();
    EXPECT_DOUBLE_EQ(presentation->scale(), PresentationMode::kMaxScale - PresentationMode::kStep);

    actual->trigger();
    EXPECT_FALSE(toggle->isChecked());
    EXPECT_DOUBLE_EQ(presentation->scale(), 1.0);
    EXPECT_EQ(QApplication::font(), base);
    EXPECT_EQ(QApplication::style()->pixelMetric(QStyle::PM_IndicatorWidth), indicator);
    EXPECT_EQ(dock->font(), QApplication::font()) << "the dock inherits again";
    EXPECT_DOUBLE_EQ(window.view()->renderer().overlayScale(), 1.0);

    // Turned on again, it comes back at the last presentation scale; Ctrl+= from 1 turns it on.
    toggle->trigger();
    EXPECT_DOUBLE_EQ(presentation->scale(), PresentationMode::kMaxScale - PresentationMode::kStep);
    toggle->trigger();
    larger->trigger();
    EXPECT_TRUE(toggle->isChecked());
    EXPECT_DOUBLE_EQ(presentation->scale(), 1.25);
  }
  EXPECT_EQ(QApplication::font(), base) << "a window that goes gives the font back";
  EXPECT_EQ(dynamic_cast<ScaledStyle*>(QApplication::style()), nullptr) << "and the style";
  QSettings().remove(QStringLiteral("view/presentationScale"));
}

TEST(DemoDockGui, OpeningItLeavesTheLiveViewMostOfTheWindowAndSideDockingStacksIt) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  DemoPanel* panel = installDemoDock(window, cpuOnlyDemoRunners(), QString());
  window.resize(1400, 820);
  window.show();
  QDockWidget* dock = demoDock(window);
  ASSERT_NE(dock, nullptr);
  EXPECT_TRUE(dock->allowedAreas().testFlag(Qt::RightDockWidgetArea));
  EXPECT_TRUE(dock->features().testFlag(QDockWidget::DockWidgetFloatable));
  dock->toggleViewAction()->trigger();
  ASSERT_TRUE(test::processEventsUntil([&] { return dock->isVisible() && dock->height() > 50; }, 5000));
  test::processEventsUntil([] { return false; }, 200);
  // Before: the panel's minimum pushed the view down to ~270 of 820 px.
  EXPECT_GE(window.view()->height(), 400) << "view " << window.view()->height() << " px, dock " << dock->height();
  EXPECT_FALSE(panel->stacked());

  window.addDockWidget(Qt::RightDockWidgetArea, dock);
  ASSERT_TRUE(test::processEventsUntil([&] { return panel->stacked(); }, 5000));
  EXPECT_GE(window.view()->width(), 500);
  window.addDockWidget(Qt::BottomDockWidgetArea, dock);
  EXPECT_TRUE(test::processEventsUntil([&] { return !panel->stacked(); }, 5000));
}

TEST(DemoDockGui, ClosingTheWindowDuringACgRunLeavesNothingRunningASecondLater) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  auto window = std::make_unique<MainWindow>();
  DemoPanel* panel = installDemoDock(*window, cpuOnlyDemoRunners(), QString());
  auto controller = std::make_unique<LiveController>(*window, Backend::Cpu);
  controller->start(QStringLiteral("pattern"));
  window->show();
  demoDock(*window)->show();
  panel->selectDemo("cg");
  // A million rows, 1e-14: minutes on the CPU if nothing stops it.
  ASSERT_TRUE(panel->form("cg")->setValue("poisson", "1000"));
  ASSERT_TRUE(panel->form("cg")->setValue("tol", "1e-14"));
  ASSERT_TRUE(panel->run());
  ASSERT_TRUE(test::processEventsUntil([&] { return panel->message().contains("iteration"); }, 120000))
      << panel->message().toStdString();

  QElapsedTimer clock;
  clock.start();
  window->close();
  // As runGui does once the last window closed: the session goes, the window with it.
  controller.reset();
  window.reset();
  EXPECT_TRUE(QThreadPool::globalInstance()->waitForDone(1000)) << "the demo was still running a second later";
  EXPECT_LT(clock.elapsed(), 1000);
}

// Larger text must not cut the filter dock's buttons off behind a horizontal scroll bar: the dock
// widens to its content, and goes back to the width it had when presentation ends.
TEST(PresentationGui, TheFilterDockWidensToItsLargerTextAndBack) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  QSettings().remove(QStringLiteral("view/presentationScale"));
  MainWindow window;
  window.show();
  auto* dock = window.findChild<QDockWidget*>(QStringLiteral("filterDock"));
  ASSERT_NE(dock, nullptr);
  auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
  ASSERT_NE(scroll, nullptr);
  auto settle = [] {
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
  };
  auto contentFits = [&] { return scroll->viewport()->width() >= scroll->widget()->minimumSizeHint().width(); };
  settle();
  const int normalWidth = dock->width();
  EXPECT_TRUE(contentFits()) << "at 1x";
  window.presentation()->toggleAction()->trigger();  // 1.5x
  settle();
  EXPECT_TRUE(contentFits()) << "dock " << dock->width() << " px, content needs "
                             << scroll->widget()->minimumSizeHint().width() << " px";
  EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible());
  window.presentation()->toggleAction()->trigger();  // back to 1x
  settle();
  EXPECT_EQ(dock->width(), normalWidth);
  QSettings().remove(QStringLiteral("view/presentationScale"));
}

}  // namespace
}  // namespace kc
