// Must-fail: the window started on a camera that is not there: it falls back to the pattern with
// the reason. Cameras that go away mid-stream are in tests/app/live/live_fallback_test.cpp.
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

namespace kc {
namespace {

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

}  // namespace
}  // namespace kc
