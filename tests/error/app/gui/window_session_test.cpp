// Must-fail: a window started on a camera that is not there, or asked for CUDA without a device:
// the pattern (or the CPU) runs with a notice that says why, and no dialog. The session's normal
// work is in tests/app/gui/window_session_test.cpp.
#include <gtest/gtest.h>

#include <QProcessEnvironment>

#include <filesystem>

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QDockWidget>
#include <QCameraDevice>
#include <QDropEvent>
#include <QMediaDevices>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QToolButton>
#include <QUrl>

#include "app/sources/camera_backend.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/help_dialogs.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "tests/app/gui/session_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

// The banner's buttons, by the object names NoticeBanner gives them.
QAbstractButton* bannerButton(QWidget* banner, const char* name) {
  return banner ? banner->findChild<QAbstractButton*>(QString::fromLatin1(name)) : nullptr;
}

TEST_F(WindowSession, MissingCameraShowsThePatternANoticeThatStaysAndABannerOnceButNoDialog) {
  // Without a multimedia backend (the GPU machine's pack) there is no camera, and QMediaDevices would abort.
  if (cameraBackendAvailable() && !QMediaDevices::videoInputs().isEmpty()) GTEST_SKIP() << "this machine has a camera";
  GuiOptions options;
  options.backend = Backend::Cpu;
  auto session = std::make_unique<GuiSession>(options);  // nothing remembered: the first camera
  session->start();
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("pattern"));
  EXPECT_EQ(session->controller().wantedSpec(), QStringLiteral("camera:0"));
  NoticeArea* notices = session->window().notices();
  QToolButton* notice = notices->widget(QStringLiteral("source"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->text().endsWith(QStringLiteral("showing the test pattern"))) << notice->text().toStdString();

  // Nothing blocks the window: no dialog opens by itself, no modal widget takes the keyboard (Ctrl+Q).
  test::processEventsUntil([] { return false; }, 500);
  EXPECT_EQ(notices->openDialog(), nullptr) << "a dialog opened by itself";
  EXPECT_EQ(QApplication::activeModalWidget(), nullptr);
  QWidget* banner = notices->banner(QStringLiteral("source"));
  ASSERT_NE(banner, nullptr) << "the first time, a banner says it";
  EXPECT_TRUE(banner->isVisible());
  const auto* bannerText = banner->findChild<QLabel*>(QStringLiteral("noticeBannerText"));
  ASSERT_NE(bannerText, nullptr);
  EXPECT_EQ(bannerText->text(), notice->text());

  // "Why?" opens the explanation, not modal: the window still takes its shortcuts.
  QAbstractButton* why = bannerButton(banner, "noticeWhy");
  ASSERT_NE(why, nullptr);
  why->click();
  QMessageBox* dialog = notices->openDialog();
  ASSERT_NE(dialog, nullptr);
  EXPECT_EQ(dialog->text(), notice->text());
  EXPECT_FALSE(dialog->informativeText().isEmpty());
  EXPECT_EQ(dialog->windowModality(), Qt::NonModal);
  EXPECT_EQ(QApplication::activeModalWidget(), nullptr);
  dialog->done(QMessageBox::Ok);

  // "Don't show again": the banner goes, the notice stays.
  QAbstractButton* dontShow = bannerButton(banner, "noticeDontShow");
  ASSERT_NE(dontShow, nullptr);
  dontShow->click();
  test::processEventsUntil([] { return false; }, 3000);  // a timed status message would be gone by now
  EXPECT_EQ(notices->banner(QStringLiteral("source")), nullptr);
  ASSERT_TRUE(notice->isVisible()) << "the notice stays";
  session.reset();

  session = std::make_unique<GuiSession>(options);
  session->start();
  test::processEventsUntil([] { return false; }, 300);
  ASSERT_NE(session->window().notices()->widget(QStringLiteral("source")), nullptr) << "the notice, again";
  EXPECT_EQ(session->window().notices()->banner(QStringLiteral("source")), nullptr) << "but not the banner";
  EXPECT_EQ(session->window().notices()->openDialog(), nullptr) << "nor a dialog";
}

TEST_F(WindowSession, CudaAskedForWithoutADeviceRunsOnTheCpuWithANotice) {
  if (cudaBackendAvailable()) {
    // A machine with a GPU runs it as one without: this test again, in a child that sees no device.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), QStringLiteral("-1"));
    const test::CliRun child = test::runProgram(
        QCoreApplication::applicationFilePath(),
        {QStringLiteral("--gtest_filter=WindowSession.CudaAskedForWithoutADeviceRunsOnTheCpuWithANotice")}, 120000, {},
        environment);
    EXPECT_EQ(child.exitCode, 0) << child.out << child.err;
    EXPECT_NE(child.out.find("[  PASSED  ] 1 test"), std::string::npos) << child.out;
    EXPECT_EQ(child.out.find("SKIPPED"), std::string::npos) << "the child saw a device: " << child.out;
    return;
  }
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.backend = Backend::Cuda;
  auto session = std::make_unique<GuiSession>(options);
  session->start();
  const GlRenderer& renderer = session->window().view()->renderer();
  ASSERT_TRUE(test::processEventsUntil([&] { return renderer.framesPresented() >= 3; }, 30000))
      << "the view shows frames (not a black view)";
  EXPECT_EQ(session->controller().runningBackend(), Backend::Cpu);
  const Notice* notice = session->window().notices()->find(QStringLiteral("backend"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->summary.contains(QStringLiteral("CPU"))) << notice->summary.toStdString();
  EXPECT_FALSE(notice->summary.contains(QStringLiteral(".cu:"))) << notice->summary.toStdString();
  EXPECT_FALSE(notice->explanation.contains(QStringLiteral(".cu:"))) << notice->explanation.toStdString();
  QWidget* banner = session->window().notices()->banner(QStringLiteral("backend"));
  ASSERT_NE(banner, nullptr) << "the first time, a banner says it";
  EXPECT_EQ(banner->findChild<QLabel*>(QStringLiteral("noticeBannerText"))->text(), notice->summary);
  EXPECT_EQ(session->window().notices()->openDialog(), nullptr) << "and no dialog opens by itself";
}

// Issue 40, class 3: Filters > Save chain as preset saved only the stages that ran: a kernel= stage
// (switched off on the CPU: it needs CUDA) and a stage the user switched off were lost; and saving
// under a preset's name replaced it without asking, where Rename refuses a name that is taken. A
// preset now keeps the whole list, each stage at its place and the off ones off (the command line's
// --preset runs the ones that are on), and replacing one is asked.
TEST_F(WindowSession, APresetKeepsEveryStageAndReplacingOneIsAsked) {
  const std::string kernel = dir_.file("k.cu");
  test::writeBytes(kernel,
                   "// @param levels int 1..8 = 2   grey levels\n"
                   "__global__ void posterize(KcInput in, KcOutput out, KcParams params) {\n"
                   "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
                   "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
                   "}\n");
  const std::string chainText = "gray=bt709,kernel=" + kernel + ":levels=4,flip=h,hist=64";
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.chain = parseFilterChain(chainText);
  auto session = open(options);
  MainWindow& window = session->window();
  FilterDock& dock = *window.filterDock();
  ASSERT_TRUE(test::processEventsUntil([&] { return !dock.stageProblem(1).isEmpty(); }, 30000))
      << "on the CPU the kernel stage is switched off";
  dock.setStageEnabled(2, false);  // the user switches flip off
  ASSERT_EQ(formatFilterChain(dock.chain()), "gray=bt709,hist=64");

  ASSERT_TRUE(window.savePreset(QStringLiteral("mine")));
  EXPECT_EQ(setting("presets/mine").toStdString(), chainText) << "every stage, at its place";
  EXPECT_EQ(setting("presetsOff/mine"), QStringLiteral("2")) << "flip, which the user switched off";

  // Loading it brings the list back: the kernel stage (switched off again here), flip off.
  dock.setChain(defaultFilterChain());
  ASSERT_TRUE(window.loadPreset(QStringLiteral("mine")));
  ASSERT_EQ(dock.stageCount(), 4);
  EXPECT_EQ(dock.stageText(1).toStdString(), "kernel=" + kernel + ":levels=4");
  EXPECT_FALSE(dock.stageEnabled(2));

  // The same name again: asked; "no" keeps the saved preset as it was.
  QString asked;
  window.setReplacePresetQuestion([&](const QString& name) {
    asked = name;
    return false;
  });
  dock.setChain(parseFilterChain("gray"));
  EXPECT_FALSE(window.savePreset(QStringLiteral("mine")));
  EXPECT_EQ(asked, QStringLiteral("mine"));
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("exists already")))
      << window.statusBar()->currentMessage().toStdString();
  EXPECT_EQ(setting("presets/mine").toStdString(), chainText) << "kept";
  window.setReplacePresetQuestion([](const QString&) { return true; });
  ASSERT_TRUE(window.savePreset(QStringLiteral("mine")));
  EXPECT_EQ(setting("presets/mine").toStdString(), formatFilterChain(parseFilterChain("gray")));
  EXPECT_EQ(setting("presetsOff/mine"), QString()) << "no stage off any more";
}

}  // namespace
}  // namespace kc
