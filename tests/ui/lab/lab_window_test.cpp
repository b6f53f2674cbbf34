// The kernel lab in the window (the CPU backend, so it runs in CI under Xvfb): a kernel opened in
// the editor joins the chain, the CPU backend cannot run it, so the stage is switched off with a
// notice and the built-in stages keep running; a stage failure from the pipeline switches the
// failing stage off (the one it names, not another); A/B of two built-in chains on the live
// stream reports times, max |A-B| and PSNR and captions the view; an A/B side that needs CUDA
// stops the A/B with the reason. The kernel's @params are sliders in the dock.
#include <gtest/gtest.h>

#include <QDockWidget>

#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>

#include "app/lab/lab_controller.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "ui/window/stage_editor.hpp"
#include "tests/ui/lab/lab_window_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

using test::processEventsUntil;

// A 1400x820 window with the lab opened: the two docks.
void openTheLabInAWideWindow(MainWindow& window, QDockWidget*& lab, QDockWidget*& filters) {
  window.resize(1400, 820);
  processEventsUntil([] { return false; }, 200);
  lab = kernelLabDock(window);
  filters = window.findChild<QDockWidget*>(QStringLiteral("filterDock"));
  ASSERT_TRUE(lab && filters);
  lab->show();
  processEventsUntil([] { return false; }, 300);
}

// Opening the lab leaves the view at least half the window: the filter chain joins the lab as a tab
// (the lab in front), and goes back to the right when the lab closes.
TEST_F(LabWindow, OpeningTheLabLeavesTheViewHalfTheWindow) {
  QDockWidget *lab = nullptr, *filters = nullptr;
  ASSERT_NO_FATAL_FAILURE(openTheLabInAWideWindow(*window_, lab, filters));
  EXPECT_GE(window_->view()->width(), window_->width() / 2) << "view " << window_->view()->width();
  EXPECT_TRUE(window_->tabifiedDockWidgets(lab).contains(filters));
  EXPECT_FALSE(lab->visibleRegion().isEmpty()) << "the lab is the tab in front";
  lab->hide();
  processEventsUntil([] { return false; }, 300);
  EXPECT_EQ(window_->dockWidgetArea(filters), Qt::RightDockWidgetArea);
  EXPECT_TRUE(filters->isVisible());
}

// A window destroyed while the lab is open and the chain tabbed beside it (a test's session, or
// any end that does not close the window first): the dock's hide must not ask the half-destroyed
// window where the chain is (it crashed in QMainWindow::dockWidgetArea on the H200, 2026-11-28).
TEST_F(LabWindow, AWindowDestroyedWithTheLabOpenAndTabbedEndsCleanly) {
  QDockWidget *lab = nullptr, *filters = nullptr;
  ASSERT_NO_FATAL_FAILURE(openTheLabInAWideWindow(*window_, lab, filters));
  ASSERT_TRUE(window_->tabifiedDockWidgets(lab).contains(filters));
  // QWidget's destructor deletes the layout before it hides the window: a dock hidden then has its
  // handlers run on a window without one (where the memory is reused at once, the crash).
  QMainWindow* window = window_.get();
  bool hiddenWithoutALayout = false;
  QObject::connect(lab->toggleViewAction(), &QAction::toggled, lab, [window, &hiddenWithoutALayout](bool shown) {
    if (!shown && !window->layout()) hiddenWithoutALayout = true;
  });
  lab_.reset();
  live_.reset();
  window_.reset();  // visible, the lab in front
  EXPECT_FALSE(hiddenWithoutALayout) << "the lab's dock was hidden after the window's layout was deleted";
}

TEST_F(LabWindow, AbOfTwoBuiltInChainsOnTheLiveStream) {
  ASSERT_TRUE(framesAdvance(1));
  window_->show();
  panel_->setAbChains(QStringLiteral("gray=lab"), QStringLiteral("gray=bt709"));
  panel_->setAbView(AbView::Wipe);
  panel_->setAbEnabled(true);
  ASSERT_TRUE(framesAdvance(3));
  ASSERT_TRUE(lab_->abRunning());
  const AbReport* report = lab_->abReport();
  ASSERT_NE(report, nullptr);
  EXPECT_EQ(report->nameA, "gray lab");
  EXPECT_EQ(report->nameB, "gray bt709");
  EXPECT_GT(report->msA, 0);
  EXPECT_GT(report->msB, 0);
  ASSERT_TRUE(report->comparison.comparable);
  EXPECT_GT(report->comparison.maxAbsDiff, 0);  // the weights differ
  EXPECT_LT(report->comparison.maxAbsDiff, 20);
  EXPECT_GT(report->comparison.psnrDb(), 30);
  EXPECT_EQ(window_->viewMode(), ViewMode::Split);  // the wipe
  const ViewCaptions& captions = window_->view()->renderer().captions();
  EXPECT_EQ(captions.original.rfind("A  gray lab  ", 0), 0u) << captions.original;
  EXPECT_EQ(captions.filtered.rfind("B  gray bt709  ", 0), 0u) << captions.filtered;
  EXPECT_NE(captions.summary.find("PSNR"), std::string::npos) << captions.summary;

  // The same chain on both sides: identical. Frames already in flight under the old chains may
  // be shown first (a loaded machine shows several): wait for a report of the new ones.
  panel_->setAbChains(QStringLiteral("gray=lab"), QStringLiteral("gray=lab"));
  ASSERT_TRUE(processEventsUntil([&] { return lab_->abReport() && lab_->abReport()->nameB == "gray lab"; }, 20000));
  ASSERT_TRUE(framesAdvance(1));
  EXPECT_TRUE(lab_->abReport()->comparison.identical());
  // The heat map: B's side shows |A-B|.
  panel_->setAbChains(QStringLiteral("conv=box:3"), QStringLiteral("conv=gauss:3"));
  panel_->setAbView(AbView::HeatMap);
  ASSERT_TRUE(processEventsUntil([&] { return lab_->abReport() && lab_->abReport()->nameA != "gray lab"; }, 20000));
  ASSERT_TRUE(framesAdvance(2));
  EXPECT_EQ(window_->viewMode(), ViewMode::SideBySide);
  EXPECT_GT(lab_->abReport()->heatScale, 0);
  EXPECT_EQ(window_->view()->renderer().captions().filtered.rfind("|A-B|", 0), 0u);

  // Off: the live chain comes back, uncaptioned, in the view mode it had.
  panel_->setAbEnabled(false);
  ASSERT_TRUE(framesAdvance(3));
  EXPECT_FALSE(lab_->abRunning());
  EXPECT_TRUE(window_->view()->renderer().captions().summary.empty());
  EXPECT_EQ(window_->viewMode(), ViewMode::SideBySide);
}

}  // namespace
}  // namespace kc
