// Must-fail: recording into a folder that cannot be written: one line in the window and no
// recording. Recordings that work are in tests/app/record/record_gui_test.cpp.
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

TEST_F(RecordGui, AFolderThatCannotBeWrittenIsOneLineAndNoRecording) {
  auto session = open();
  RecordController& recorder = session->recorder();
  EXPECT_FALSE(recorder.start(QString::fromStdString(dir_.file("missing/x.mp4")), RecordContent::Filtered));
  EXPECT_FALSE(recorder.recording());
  EXPECT_TRUE(recorder.lastError().contains(QStringLiteral("cannot write (no such folder")))
      << recorder.lastError().toStdString();
  EXPECT_FALSE(recorder.lastError().contains(QLatin1Char('\n')));
}

}  // namespace
}  // namespace kc
