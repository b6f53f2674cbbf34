// Must-fail: kernel stages the window cannot run (on the CPU backend, a file that cannot be read, a
// stage that fails, an A/B side that needs CUDA): the stage is switched off with the reason in a
// notice, the other stages stay on. The lab window's normal work is in tests/ui/lab/lab_window_test.cpp.
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

const std::string kCopyKernel =
    "// @param radius int 1..7 = 2   half the box\n"
    "// @param gain float 0..2 = 1\n"
    "__global__ void copy(KcInput in, KcOutput out, KcParams params) {\n"
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
    "}\n";

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
  EXPECT_FALSE(dock().stageEnabled(kernel));                         // still the CPU: it stays off
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
  stats.failures = {{3, "flip=h",
                     "kernel x: the kernel faulted (CUDA_ERROR_ILLEGAL_ADDRESS); the lab's worker process was ended "
                     "(the next load starts a new one)"}};
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
