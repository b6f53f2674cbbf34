// The helpers shared by tests/app/record/record_gui_test.cpp and its must-fail tests
// (tests/error/app/record/record_gui_test.cpp).
#pragma once

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

namespace kc::test {

namespace fs = std::filesystem;

class RecordGui : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
  }
  std::unique_ptr<GuiSession> open(const std::string& vcam = {}) {
    GuiOptions options;
    options.source = parseSourceSpec("pattern");
    options.patternSize = RunOptions::Size{320, 240};
    options.chain = parseFilterChain("gray=bt601");
    options.backend = Backend::Cpu;
    options.vcam = vcam;
    return test::startedSession(options, 2);
  }
  static QLabel* statusLabel(MainWindow& window) { return window.findChild<QLabel*>(QStringLiteral("recordStatus")); }

  test::TempDir dir_;
};

}  // namespace kc::test
