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

namespace kc {
namespace {

using test::processEventsUntil;

const std::string kCopyKernel =
    "// @param radius int 1..7 = 2   half the box\n"
    "// @param gain float 0..2 = 1\n"
    "__global__ void copy(KcInput in, KcOutput out, KcParams params) {\n"
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
    "}\n";

// Compiles nothing: the lab's analysis and a stand-in cubin (the CPU backend never runs it).
lab::LabToolchain analysisOnly() {
  lab::LabToolchain toolchain;
  toolchain.compile = [](const lab::KernelSource& source) {
    lab::CompiledKernel kernel;
    kernel.path = source.path;
    kernel.analysis = lab::analyzeKernel(source);
    kernel.diagnostics = kernel.analysis.diagnostics;
    kernel.cubin = "cubin";
    return kernel;
  };
  return toolchain;
}

class LabWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    window_ = std::make_unique<MainWindow>();
    panel_ = installKernelLab(*window_, analysisOnly(), QString::fromStdString(dir_.file("lab")));
    panel_->scheduler()->setDelayMs(20);
    live_ = std::make_unique<LiveController>(*window_, Backend::Cpu);
    lab_ = std::make_unique<LabController>(*window_, *panel_, *live_);
    window_->resize(900, 600);
    window_->show();
    live_->start(QStringLiteral("pattern"));
  }
  void TearDown() override {
    lab_.reset();
    live_.reset();
    window_.reset();
  }
  FilterDock& dock() { return *window_->filterDock(); }
  bool framesAdvance(int count) {
    const std::int64_t target = window_->view()->renderer().framesPresented() + count;
    return processEventsUntil([&] { return window_->view()->renderer().framesPresented() >= target; }, 20000);
  }
  int indexOf(const std::string& id) {
    for (int i = 0; i < dock().stageCount(); ++i)
      if (dock().stageAt(i).id() == id) return i;
    return -1;
  }

  test::TempDir dir_;
  std::unique_ptr<MainWindow> window_;
  KernelLabPanel* panel_ = nullptr;
  std::unique_ptr<LiveController> live_;
  std::unique_ptr<LabController> lab_;
};

// Opening the lab leaves the view at least half the window: the filter chain joins the lab as a tab
// (the lab in front), and goes back to the right when the lab closes.
TEST_F(LabWindow, OpeningTheLabLeavesTheViewHalfTheWindow) {
  window_->resize(1400, 820);
  processEventsUntil([] { return false; }, 200);
  QDockWidget* lab = kernelLabDock(*window_);
  auto* filters = window_->findChild<QDockWidget*>(QStringLiteral("filterDock"));
  ASSERT_TRUE(lab && filters);
  lab->show();
  processEventsUntil([] { return false; }, 300);
  EXPECT_GE(window_->view()->width(), window_->width() / 2) << "view " << window_->view()->width();
  EXPECT_TRUE(window_->tabifiedDockWidgets(lab).contains(filters));
  EXPECT_FALSE(lab->visibleRegion().isEmpty()) << "the lab is the tab in front";
  lab->hide();
  processEventsUntil([] { return false; }, 300);
  EXPECT_EQ(window_->dockWidgetArea(filters), Qt::RightDockWidgetArea);
  EXPECT_TRUE(filters->isVisible());
}

TEST_F(LabWindow, OnTheCpuBackendTheKernelStageIsSwitchedOffWithANotice) {
  ASSERT_TRUE(framesAdvance(2));
  const std::string path = dir_.file("copy.cu");
  test::writeBytes(path, kCopyKernel);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(processEventsUntil([&] { return indexOf("kernel") >= 0; }, 10000));
  const int kernel = indexOf("kernel");
  EXPECT_EQ(formatStage(dock().stageAt(kernel)), "kernel=" + path);
  EXPECT_FALSE(dock().stageEnabled(kernel));  // the CPU backend runs the rest of the chain
  EXPECT_TRUE(panel_->runProblemText().contains(QStringLiteral("the kernel stage needs CUDA")))
      << panel_->runProblemText().toStdString();
  ASSERT_NE(window_->notices()->find(QStringLiteral("kernel-lab")), nullptr);  // the window says so too
  EXPECT_TRUE(window_->notices()->find(QStringLiteral("kernel-lab"))->summary.contains(QStringLiteral("needs CUDA")));
  EXPECT_TRUE(dock().stageEnabled(indexOf("gray")));
  ASSERT_TRUE(framesAdvance(3));  // and the view keeps going

  // Its @params are controls of the stage: a slider and a spin box each.
  dock().selectStage(kernel);
  StageEditor* editor = dock().editor();
  ASSERT_NE(editor->slider("radius"), nullptr);
  ASSERT_NE(editor->slider("gain"), nullptr);
  editor->slider("radius")->setValue(5);
  EXPECT_EQ(qobject_cast<QSpinBox*>(editor->control("radius"))->value(), 5);
  EXPECT_EQ(formatStage(dock().stageAt(kernel)), "kernel=" + path + ":radius=5");
  editor->slider("gain")->setValue(250);  // a quarter of 0..2
  EXPECT_EQ(formatStage(dock().stageAt(kernel)), "kernel=" + path + ":radius=5:gain=0.5");
  editor->slider("radius")->setValue(2);  // back at its default: left out
  EXPECT_EQ(formatStage(dock().stageAt(kernel)), "kernel=" + path + ":gain=0.5");

  // A new version of the file with another @param: the stage follows, its controls too.
  std::string changed = kCopyKernel;
  changed.replace(changed.find("gain float 0..2 = 1"), 19, "level int 0..9 = 3");
  panel_->editor()->setPlainText(QString::fromStdString(changed));
  ASSERT_TRUE(processEventsUntil([&] { return dock().editor() && dock().editor()->slider("level"); }, 10000));
  EXPECT_EQ(formatStage(dock().stageAt(kernel)), "kernel=" + path);  // gain is gone: defaults
  EXPECT_FALSE(dock().stageEnabled(kernel));  // still the CPU: it stays off
}

// A saved kernel stage whose file could not be read at start is kept in the chain, off (the
// settings' restore); once the file compiles in the editor the stage is that file's again, in its
// place (not added a second time), and on the CPU backend switched off with the reason.
TEST_F(LabWindow, ASavedKernelStageThatCouldNotBeReadComesBackWhenItsFileCompiles) {
  ASSERT_TRUE(framesAdvance(2));
  const std::string path = dir_.file("later.cu");
  const QString saved = QString::fromStdString("gray=lab,kernel=" + path + ":gain=0.5");
  const auto problems = dock().restoreSaved({saved, QString()});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems.front().index, 1);
  EXPECT_TRUE(problems.front().reason.contains(QStringLiteral("no such file")))
      << problems.front().reason.toStdString();
  EXPECT_FALSE(dock().stageUsable(1));
  test::writeBytes(path, kCopyKernel);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(processEventsUntil([&] { return dock().stageUsable(1); }, 10000));
  EXPECT_EQ(dock().stageCount(), 2);
  EXPECT_EQ(formatStage(dock().stageAt(1)), "kernel=" + path + ":gain=0.5");
  ASSERT_TRUE(processEventsUntil([&] { return dock().stageProblem(1).contains(QStringLiteral("needs CUDA")); }, 10000))
      << dock().stageProblem(1).toStdString();
  EXPECT_FALSE(dock().stageEnabled(1));
  EXPECT_EQ(dock().savedForm().chain, saved);
  EXPECT_TRUE(dock().savedForm().off.isEmpty()) << "saved as the user left it: on";
}

TEST_F(LabWindow, AFailedStageIsSwitchedOffTheOthersStayOn) {
  dock().setChain(parseFilterChain("gray=lab,flip=h,conv=gauss:3,flip=h"));
  ASSERT_TRUE(framesAdvance(1));
  FrameStats stats;
  stats.path = DisplayPath::CudaInterop;
  stats.failures = {{3, "flip=h", "kernel x: the kernel faulted (CUDA_ERROR_ILLEGAL_ADDRESS); the lab's worker process was ended (the next load starts a new one)"}};
  lab_->framePresented(stats);
  EXPECT_TRUE(dock().stageEnabled(0));
  EXPECT_TRUE(dock().stageEnabled(1));  // the same text, but not the stage that failed
  EXPECT_TRUE(dock().stageEnabled(2));
  EXPECT_FALSE(dock().stageEnabled(3));
  const Notice* notice = window_->notices()->find(QStringLiteral("kernel-lab"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->summary.contains(QStringLiteral("the kernel faulted")));
  EXPECT_TRUE(notice->summary.contains(QStringLiteral("the other stages keep running")));
  EXPECT_TRUE(panel_->runProblemText().contains(QStringLiteral("next edit")));
  // A failure naming a stage that is no longer there (the chain changed since) switches nothing off.
  stats.failures = {{0, "conv=box:5:clamp", "gone"}};
  lab_->framePresented(stats);
  EXPECT_TRUE(dock().stageEnabled(0));
  ASSERT_TRUE(framesAdvance(2));
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

TEST_F(LabWindow, AnAbSideThatNeedsCudaStopsTheAbWithTheReason) {
  const std::string path = dir_.file("copy.cu");
  test::writeBytes(path, kCopyKernel);
  ASSERT_TRUE(framesAdvance(1));
  panel_->setAbChains(QStringLiteral("gray=lab"), QString::fromStdString("kernel=" + path));
  panel_->setAbEnabled(true);
  ASSERT_TRUE(processEventsUntil([&] { return !panel_->abEnabled(); }, 20000));
  EXPECT_TRUE(window_->statusBar()->currentMessage().contains(QStringLiteral("B: the kernel stage needs CUDA")))
      << window_->statusBar()->currentMessage().toStdString();
  panel_->setAbChains(QStringLiteral("gray=lab"), QStringLiteral("nonsense"));
  panel_->setAbEnabled(true);
  ASSERT_TRUE(processEventsUntil([&] { return !panel_->abEnabled(); }, 20000));
  EXPECT_TRUE(window_->statusBar()->currentMessage().contains(QStringLiteral("unknown stage 'nonsense'")));
  ASSERT_TRUE(framesAdvance(2));  // the live view goes on
}

}  // namespace
}  // namespace kc
