// The helpers shared by tests/app/gui/window_session_test.cpp and its must-fail tests
// (tests/error/app/gui/window_session_test.cpp).
#pragma once

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

namespace kc::test {

class WindowSession : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
  }
  // A session as `kernelcam OPTIONS` makes it, started and showing frames.
  std::unique_ptr<GuiSession> open(GuiOptions options) {
    if (options.backend == Backend::Auto) options.backend = Backend::Cpu;  // the CUDA fallback has its own test
    auto session = std::make_unique<GuiSession>(options);
    session->start();
    const GlRenderer& renderer = session->window().view()->renderer();
    // One frame is all a still image gets (it is filtered again only when something changes).
    EXPECT_TRUE(test::processEventsUntil([&] { return renderer.framesPresented() >= 1; }, 30000)) << "no frames";
    closeDialogs();
    return session;
  }
  static void closeDialogs() {
    test::processEventsUntil([] { return false; }, 50);  // a dialog opened by a test's click
    for (QWidget* widget : QApplication::topLevelWidgets())
      if (auto* box = qobject_cast<QMessageBox*>(widget); box && box->isVisible()) box->done(QMessageBox::Ok);
    test::processEventsUntil([] { return false; }, 50);
  }
  static QString setting(const char* key) { return QSettings().value(key).toString(); }

  test::TempDir dir_;
};

}  // namespace kc::test
