// File > Record and --vcam in the window (GuiSession, under Xvfb, CPU backend, the test pattern):
// Ctrl+R's dialog starts a recording, the status bar shows it, Ctrl+R stops it, and the MP4 plays
// back with frames of the right size, for the filtered image and for the view with its overlays.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTimer>
#include <filesystem>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include "app/backend/pipeline_factory.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/record/record_controller.hpp"
#include "app/record/yuyv.hpp"
#include "tests/support/test_data.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/started_session.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "tests/support/video_read.hpp"
#include "tests/app/record/record_window.hpp"

namespace kc {
namespace {

using namespace kc::test;

namespace fs = std::filesystem;

TEST_F(RecordGui, CtrlRRecordsTheFilteredViewUntilCtrlRAgain) {
  auto session = open();
  MainWindow& window = session->window();
  QAction* record = session->recorder().action();
  // File > Record..., right after Snapshot, on Ctrl+R.
  const QList<QAction*> file = window.fileMenu()->actions();
  ASSERT_GE(file.indexOf(window.snapshotAction()), 0);
  EXPECT_EQ(file.indexOf(record), file.indexOf(window.snapshotAction()) + 1);
  EXPECT_EQ(record->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));

  // Ctrl+R: the dialog; fill it in as a user would and press Record.
  const std::string path = dir_.file("filtered.mp4");
  bool dialogSeen = false;
  QTimer::singleShot(100, [&] {
    auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    if (!dialog || dialog->objectName() != QStringLiteral("recordDialog")) return;
    dialogSeen = true;
    dialog->findChild<QLineEdit*>()->setText(QString::fromStdString(path));
    dialog->findChildren<QRadioButton*>().at(0)->setChecked(true);  // the filtered image
    dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
  });
  record->trigger();
  ASSERT_TRUE(dialogSeen) << "Ctrl+R opened no record dialog";
  ASSERT_TRUE(session->recorder().recording());
  EXPECT_EQ(record->text(), QStringLiteral("Stop &recording"));

  test::processEventsUntil([] { return false; }, 1200);  // about a second on the pattern
  QLabel* status = statusLabel(window);
  ASSERT_NE(status, nullptr);
  EXPECT_TRUE(status->isVisible());
  const QString shown = status->text();
  EXPECT_TRUE(shown.contains(QStringLiteral("REC"))) << shown.toStdString();
  EXPECT_TRUE(shown.contains(QStringLiteral("320x240"))) << shown.toStdString();
  EXPECT_TRUE(shown.contains(QStringLiteral("fps"))) << shown.toStdString();
  EXPECT_TRUE(shown.contains(QStringLiteral("0 dropped")) || shown.contains(QStringLiteral("dropped")));
  EXPECT_FALSE(fs::exists(path)) << "the file appears when the recording stops";

  record->trigger();  // Ctrl+R again: stop
  EXPECT_FALSE(session->recorder().recording());
  EXPECT_FALSE(status->isVisible());
  cv::Size size;
  const int frames = test::countVideoFrames(path, &size);
  EXPECT_GT(frames, 0);
  EXPECT_EQ(size, cv::Size(320, 240)) << "the filtered image at its own size";
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_.path()), fs::directory_iterator{}), 2)
      << "file + settings, no temporaries";
}

TEST_F(RecordGui, TheViewWithOverlaysRecordsAtTheViewsSize) {
  auto session = open();
  RecordController& recorder = session->recorder();
  const std::string path = dir_.file("view.avi");
  ASSERT_TRUE(recorder.start(QString::fromStdString(path), RecordContent::View)) << recorder.lastError().toStdString();
  test::processEventsUntil([] { return false; }, 1000);
  EXPECT_TRUE(recorder.statusText().contains(QStringLiteral("REC")));
  ASSERT_TRUE(recorder.stop()) << recorder.lastError().toStdString();
  cv::Size size;
  EXPECT_GT(test::countVideoFrames(path, &size), 0);
  const GlView* view = session->window().view();
  const qreal ratio = view->devicePixelRatioF();
  EXPECT_EQ(size.width, static_cast<int>(view->width() * ratio) & ~1);
  EXPECT_EQ(size.height, static_cast<int>(view->height() * ratio) & ~1);
  // The composite is the view: side by side, the grey result in the right half.
  cv::VideoCapture capture(path);
  cv::Mat frame;
  ASSERT_TRUE(capture.read(frame));
  const cv::Vec3b right = frame.at<cv::Vec3b>(size.height / 2, size.width * 3 / 4);
  EXPECT_LE(std::abs(right[0] - right[2]), 12) << "the filtered half is grey";
}

// Record on CUDA (issue 20): the same photo through the same integer chain on the CUDA and on the
// CPU backend, recorded as the filtered image: the chains' results are bit-exact (CUDA == CPU), and
// the encoder is deterministic, so the recorded frames are equal: tolerance 0 grey levels.
TEST_F(RecordGui, OnCudaTheRecordingEqualsTheCpuBackends) {
  if (!cudaBackendAvailable()) GTEST_SKIP() << "no usable CUDA device: " << cudaUnavailableReason();
  const fs::path photo = test::projectData("samples/chelsea.png");
  ASSERT_TRUE(fs::exists(photo)) << photo << " (data/samples is part of the repository)";
  auto recordOn = [&](Backend backend, const std::string& path) {
    GuiOptions options;
    options.source = parseSourceSpec("image:" + photo.string());
    options.chain = parseFilterChain("gray=bt601");
    options.backend = backend;
    GuiSession session(options);
    session.start();
    const GlRenderer& renderer = session.window().view()->renderer();
    EXPECT_TRUE(test::processEventsUntil([&] { return renderer.framesPresented() >= 1; }, 30000)) << "no frame";
    EXPECT_EQ(session.window().statusDisplayPath().startsWith(QStringLiteral("CUDA")), backend == Backend::Cuda)
        << session.window().statusDisplayPath().toStdString();
    RecordController& recorder = session.recorder();
    EXPECT_TRUE(recorder.start(QString::fromStdString(path), RecordContent::Filtered))
        << recorder.lastError().toStdString();
    // The still runs again with the new chain: the recording's first frame.
    session.window().filterDock()->setChain(parseFilterChain("gray=bt601,conv=box:3"));
    test::processEventsUntil([] { return false; }, 800);
    EXPECT_TRUE(recorder.stop()) << recorder.lastError().toStdString();
    cv::VideoCapture capture(path);
    cv::Mat frame;
    EXPECT_TRUE(capture.read(frame)) << "the recording plays: " << path;
    return frame;
  };
  const cv::Mat cuda = recordOn(Backend::Cuda, dir_.file("cuda.avi"));
  const cv::Mat cpu = recordOn(Backend::Cpu, dir_.file("cpu.avi"));
  ASSERT_FALSE(cuda.empty());
  ASSERT_EQ(cuda.size(), cpu.size());
  EXPECT_EQ(cv::norm(cuda, cpu, cv::NORM_INF), 0) << "recorded frames of CUDA and CPU differ";
}

TEST_F(RecordGui, VcamGetsTheFilteredStreamAsYuyv) {
  const std::string path = dir_.file("window.yuyv");
  {
    auto session = open("file:" + path);
    const GlRenderer& renderer = session->window().view()->renderer();
    const auto* shown = session->window().findChild<QLabel*>(QStringLiteral("vcamStatus"));
    ASSERT_NE(shown, nullptr) << "the status bar says where the stream goes";
    EXPECT_TRUE(shown->isVisible());
    EXPECT_TRUE(shown->text().contains(QString::fromStdString(path))) << shown->text().toStdString();
    const std::int64_t start = renderer.framesPresented();
    test::processEventsUntil([&] { return renderer.framesPresented() >= start + 5; }, 30000);
  }  // closing the window completes the stream
  ASSERT_TRUE(fs::exists(path));
  const auto bytes = fs::file_size(path);
  EXPECT_GT(bytes, 0u);
  EXPECT_EQ(bytes % yuyvFrameBytes(320, 240), 0u) << "whole 320x240 YUYV frames";
}

}  // namespace
}  // namespace kc
