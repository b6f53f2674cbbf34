// Must-fail cases of the window's own writes (issue 23, the output guard in the window): a
// snapshot, a demo's table, a saved kernel and a recording are checked, as `process`'s outputs are,
// against the files the window reads now (the shown source, the CG matrix, the lab's kernel) and
// the files it is writing (--vcam file:); a clash is one line and the file keeps its bytes. And a
// source that is the --vcam file is not shown (the finished stream would replace it at exit).
// The whole window as `kernelcam` builds it (GuiSession), CPU backend, under Xvfb.
#include <gtest/gtest.h>

#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QStatusBar>
#include <filesystem>

#include "app/gui/gui_launcher.hpp"
#include "tests/support/cli_run.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "app/record/record_controller.hpp"
#include "app/record/vcam_control.hpp"
#include "tests/support/started_session.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/notice_area.hpp"
#include "gpu/lab/kernel_template.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

const char* kImageFixture = KC_TEST_FIXTURES_DIR "/images/grey_alpha_4x3.png";
const char* kMatrixFixture = KC_TEST_FIXTURES_DIR "/matrices/spd_5x5.mtx";

class WindowOutputs : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
    image_ = dir_.file("photo.png");
    fs::copy_file(kImageFixture, image_);
    imageBytes_ = test::readAll(image_);
  }
  // `kernelcam --source image:photo.png --backend cpu [--vcam ...]`, showing frames.
  std::unique_ptr<GuiSession> open(const std::string& source, const std::string& vcam = {}) {
    GuiOptions options;
    options.source = parseSourceSpec(source);
    options.backend = Backend::Cpu;
    options.vcam = vcam;
    return test::startedSession(options, 1);  // a still shows one
  }
  static QString statusMessage(GuiSession& session) { return session.window().statusBar()->currentMessage(); }

  test::TempDir dir_;
  std::string image_, imageBytes_;
};

TEST_F(WindowOutputs, ASnapshotOverTheShownImageIsRefusedAndTheImageKept) {
  auto session = open("image:" + image_);
  EXPECT_FALSE(session->window().saveSnapshot(QString::fromStdString(image_)));
  const QString message = statusMessage(*session);
  EXPECT_TRUE(message.contains(QStringLiteral("is an input"))) << message.toStdString();
  EXPECT_FALSE(message.contains(QLatin1Char('\n'))) << "one line";
  EXPECT_EQ(test::readAll(image_), imageBytes_) << "the shown image lost its bytes";

  // Elsewhere it is written, whole.
  const std::string snapshot = dir_.file("snap.png");
  EXPECT_TRUE(session->window().saveSnapshot(QString::fromStdString(snapshot)));
  EXPECT_EQ(test::readAll(snapshot).substr(1, 3), "PNG");
}

TEST_F(WindowOutputs, ADemoTableOverTheCgMatrixIsRefusedAndTheMatrixKept) {
  const std::string matrix = dir_.file("a.mtx");
  fs::copy_file(kMatrixFixture, matrix);
  const std::string matrixBytes = test::readAll(matrix);
  auto session = open("pattern");
  session->openMatrix(QString::fromStdString(matrix));
  DemoPanel* panel = &session->demoPanel();
  QString error;
  EXPECT_FALSE(panel->saveTableCsv(QString::fromStdString(matrix), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("is an input"))) << error.toStdString();
  EXPECT_FALSE(panel->saveChartPng(QString::fromStdString(matrix), &error));
  EXPECT_EQ(test::readAll(matrix), matrixBytes) << "the CG matrix lost its bytes";
  EXPECT_TRUE(panel->saveTableCsv(QString::fromStdString(dir_.file("table.csv")), &error)) << error.toStdString();
}

TEST_F(WindowOutputs, AKernelSavedOverTheShownImageIsRefusedAndItsOwnFileIsSaved) {
  auto session = open("image:" + image_);
  KernelLabPanel* lab = &session->labPanel();
  const std::string kernel = dir_.file("k.cu");
  ASSERT_TRUE(lab->newFile(QString::fromStdString(kernel))) << lab->statusText().toStdString();
  EXPECT_FALSE(lab->saveAs(QString::fromStdString(image_)));
  EXPECT_TRUE(lab->statusText().contains(QStringLiteral("is an input"))) << lab->statusText().toStdString();
  EXPECT_EQ(test::readAll(image_), imageBytes_) << "the shown image lost its bytes";
  EXPECT_EQ(lab->path().toStdString(), kernel) << "a refused Save as leaves the editor on its file";
  // Its own file is an input of the running chain too, and is the one file it may replace.
  EXPECT_TRUE(lab->save()) << lab->statusText().toStdString();
}

TEST_F(WindowOutputs, ARecordingOverTheShownImageIsRefused) {
  auto session = open("image:" + image_);
  RecordController& recorder = session->recorder();
  EXPECT_FALSE(recorder.start(QString::fromStdString(image_), RecordContent::Filtered));
  EXPECT_TRUE(recorder.lastError().contains(QStringLiteral("is an input"))) << recorder.lastError().toStdString();
  EXPECT_FALSE(recorder.recording());
  EXPECT_EQ(test::readAll(image_), imageBytes_);
}

// Source > Send to virtual camera with a file: target is guarded as --vcam is: never the shown
// image (one line, the image keeps its bytes), and once it runs, nothing else writes its file.
TEST_F(WindowOutputs, AVirtualCameraFileStartedFromTheWindowIsGuardedLikeVcam) {
  auto session = open("image:" + image_);
  VcamControl& vcam = session->vcam();
  EXPECT_FALSE(vcam.start(QString::fromStdString("file:" + image_)));
  EXPECT_FALSE(vcam.running());
  EXPECT_TRUE(vcam.lastError().contains(QStringLiteral("is an input"))) << vcam.lastError().toStdString();
  EXPECT_FALSE(vcam.lastError().contains(QLatin1Char('\n')));
  EXPECT_TRUE(statusMessage(*session).contains(QStringLiteral("Virtual camera not started")));
  EXPECT_EQ(test::readAll(image_), imageBytes_) << "the shown image lost its bytes";
  EXPECT_FALSE(vcam.action()->isChecked());

  const std::string stream = dir_.file("stream.yuyv");
  ASSERT_TRUE(vcam.start(QString::fromStdString("file:" + stream))) << vcam.lastError().toStdString();
  EXPECT_FALSE(session->window().saveSnapshot(QString::fromStdString(stream)));
  EXPECT_TRUE(statusMessage(*session).contains(QStringLiteral("the virtual camera is writing that file")))
      << statusMessage(*session).toStdString();
  vcam.stop();
}

TEST_F(WindowOutputs, TheVcamFileIsNeitherShownNorOverwrittenBySnapshots) {
  const std::string stream = dir_.file("stream.png");  // an image now, the --vcam file: output later
  fs::copy_file(kImageFixture, stream);
  auto session = open("pattern", "file:" + stream);
  session->controller().openSource(QString::fromStdString("image:" + stream));
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("pattern")) << "the pattern stands in";
  const Notice* notice = session->window().notices()->find(QStringLiteral("source"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->details.contains(QStringLiteral("--vcam is writing that file"))) << notice->details.toStdString();

  const std::string snapshotOverStream = stream;
  EXPECT_FALSE(session->window().saveSnapshot(QString::fromStdString(snapshotOverStream)));
  EXPECT_TRUE(statusMessage(*session).contains(QStringLiteral("--vcam is writing that file")))
      << statusMessage(*session).toStdString();
}

// Issue 40, class 1: on the CPU backend `kernelcam --filters gray,kernel=k/t.cu --vcam file:k/t.cu`
// ran (the kernel stage switched off: it needs CUDA) and Ctrl+Q renamed hundreds of MB of YUYV
// over the kernel's source, exit 0; a saved chain with that stage did the same. Every file a chain
// names is an input, whether its stage runs or not: the command line is refused before any window
// opens, a chain from the settings stops the --vcam stream with a notice, and a stage added during
// the run keeps the stream from being renamed over its file when the window closes.
TEST_F(WindowOutputs, AFileTheChainNamesIsNeverTheVcamFileWhetherItsStageRunsOrNot) {
  const std::string kernel = dir_.file("t.cu");
  test::writeBytes(kernel, lab::kernelTemplate());
  const std::string kernelBytes = test::readAll(kernel);

  // The command line: refused before the window (no display needed), as process refuses it.
  QProcessEnvironment noDisplay = QProcessEnvironment::systemEnvironment();
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
    noDisplay.remove(QString::fromLatin1(name));
  noDisplay.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(dir_.path().string()));
  const test::CliRun refused =
      test::runKernelcam({"--backend", "cpu", "--source", "pattern", "--filters", test::q("gray,kernel=" + kernel),
                          "--vcam", test::q("file:" + kernel)},
                         60000, noDisplay);
  EXPECT_EQ(refused.exitCode, 2) << refused.err;
  EXPECT_NE(refused.err.find("--vcam '" + kernel + "': is an input of this run"), std::string::npos) << refused.err;

  // --filters in the window itself (GuiSession, as main.cpp builds it), and a chain from the
  // settings whose kernel stage the user switched off: no stream, a notice, the kernel kept.
  const auto expectNoStream = [&](GuiSession& session) {
    const Notice* notice = session.window().notices()->find(QStringLiteral("vcam"));
    ASSERT_NE(notice, nullptr) << "the --vcam stream is refused with a notice";
    EXPECT_TRUE(notice->explanation.contains(QStringLiteral("is an input of this run")))
        << notice->explanation.toStdString();
  };
  {
    GuiOptions options;
    options.source = parseSourceSpec("pattern");
    options.chain = parseFilterChain("gray,kernel=" + kernel);
    options.backend = Backend::Cpu;
    options.vcam = "file:" + kernel;
    auto session = test::startedSession(options, 2);
    expectNoStream(*session);
  }
  EXPECT_EQ(test::readAll(kernel), kernelBytes) << "the kernel's source became a stream";
  {
    QSettings settings;
    settings.setValue("filters/chain", QString::fromStdString("gray,kernel=" + kernel));
    settings.setValue("filters/off", QStringLiteral("1"));
  }
  {
    auto session = open("pattern", "file:" + kernel);
    expectNoStream(*session);
  }
  EXPECT_EQ(test::readAll(kernel), kernelBytes);

  // A stream to a file that does not exist yet, then a kernel stage naming it, added during the run
  // (on the CPU it is switched off at once): the stream is not renamed over it at exit.
  QSettings().remove("filters");
  const std::string later = dir_.file("later.cu");
  {
    auto session = open("pattern", "file:" + later);
    EXPECT_EQ(session->window().notices()->find(QStringLiteral("vcam")), nullptr);
    test::writeBytes(later, lab::kernelTemplate());
    session->window().filterDock()->addStage(parseStage("kernel=" + later));
    const GlRenderer& renderer = session->window().view()->renderer();
    const int shown = renderer.framesPresented();
    EXPECT_TRUE(test::processEventsUntil([&] { return renderer.framesPresented() >= shown + 2; }, 30000));
  }
  EXPECT_EQ(test::readAll(later), kernelBytes) << "the stream was renamed over a file the chain names";
}

}  // namespace
}  // namespace kc
