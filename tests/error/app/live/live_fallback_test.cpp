// Must-fail: the window started on a camera that is not there, or whose camera is unplugged
// mid-stream: it falls back to the pattern with a notice that says why. Cameras that change their
// list or format are in tests/app/live/live_fallback_test.cpp.
#include <gtest/gtest.h>

#include <QCameraDevice>
#include <QMediaDevices>
#include <QToolButton>
#include <atomic>
#include <chrono>
#include <memory>

#include "app/sources/camera_backend.hpp"
#include "app/live/live_controller.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/pattern_source.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "tests/app/live/fallback_window.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST(LiveNoCamera, MissingCameraFallsBackToThePatternWithTheReason) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  // Without a multimedia backend (the GPU machine's pack) there is no camera, and QMediaDevices would abort.
  if (cameraBackendAvailable() && !QMediaDevices::videoInputs().isEmpty()) GTEST_SKIP() << "this machine has a camera";
  MainWindow window;
  LiveController controller(window, Backend::Cpu);  // the real opener: CameraSource
  controller.start(QStringLiteral("camera:0"));
  EXPECT_EQ(controller.sourceSpec(), QStringLiteral("pattern"));
  const Notice* notice = window.notices()->find(QStringLiteral("source"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->summary.endsWith(QStringLiteral("showing the test pattern"))) << notice->summary.toStdString();
  EXPECT_TRUE(notice->details.contains(QStringLiteral("camera:0: no camera"))) << notice->details.toStdString();
  ASSERT_NE(window.notices()->widget(QStringLiteral("source")), nullptr);
  EXPECT_EQ(window.notices()->widget(QStringLiteral("source"))->text(), notice->summary);
}

TEST_F(LiveFallback, CameraUnpluggedMidStreamFallsBackToThePattern) {
  controller_->start(QStringLiteral("camera:0"));
  ASSERT_TRUE(framesAdvance(3));
  EXPECT_EQ(shownWidth(), 64);
  script_->unplugged = true;
  ASSERT_TRUE(test::processEventsUntil([&] { return controller_->sourceSpec() == QStringLiteral("pattern"); }, 30000));
  const Notice* notice = sourceNotice();
  ASSERT_NE(notice, nullptr) << "a notice says why the pattern shows";
  EXPECT_EQ(notice->summary.toStdString(), "Camera disconnected \u2014 showing the test pattern");
  EXPECT_TRUE(notice->details.contains(QStringLiteral("the camera was lost"))) << notice->details.toStdString();
  ASSERT_TRUE(framesAdvance(3)) << "the pattern keeps the view alive";
  EXPECT_EQ(shownWidth(), 1280);  // the pattern's default size
  EXPECT_EQ(controller_->wantedSpec(), QStringLiteral("camera:0")) << "the pattern only stands in for the camera";
  ASSERT_NE(sourceNotice(), nullptr) << "the notice stays (it is no timed message)";

  // Plugged back in: the camera list changes and the camera asked for returns, the notice goes.
  script_->unplugged = false;
  controller_->camerasChanged(1);
  EXPECT_EQ(controller_->sourceSpec(), QStringLiteral("camera:0"));
  EXPECT_EQ(sourceNotice(), nullptr);
  ASSERT_TRUE(framesAdvance(3));
  EXPECT_EQ(shownWidth(), 64);
}

}  // namespace
}  // namespace kc
