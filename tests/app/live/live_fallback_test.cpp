// The window's controller when its camera misbehaves, simulated through the LiveSource interface:
// no camera at all, a camera unplugged mid-stream (falls back to the pattern with a notice that
// stays and keeps rendering; back to the camera when it returns), a camera switching format
// mid-stream (follows the new size).
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

TEST_F(LiveFallback, CameraGoneFromTheListFallsBackAndAnotherSourceIsKept) {
  controller_->start(QStringLiteral("camera:0"));
  ASSERT_TRUE(framesAdvance(2));
  controller_->camerasChanged(0);  // QMediaDevices: the camera left the list
  EXPECT_EQ(controller_->sourceSpec(), QStringLiteral("pattern"));
  ASSERT_NE(sourceNotice(), nullptr);
  // The user chose the pattern meanwhile: a camera coming back does not take over.
  controller_->openSource(QStringLiteral("pattern"));
  EXPECT_EQ(sourceNotice(), nullptr);
  controller_->camerasChanged(1);
  EXPECT_EQ(controller_->sourceSpec(), QStringLiteral("pattern"));
}

TEST_F(LiveFallback, CameraFormatChangeMidStreamIsFollowed) {
  controller_->start(QStringLiteral("camera:0"));
  ASSERT_TRUE(framesAdvance(3));
  script_->width = 41;  // odd sizes: no block size divides them
  script_->height = 31;
  ASSERT_TRUE(test::processEventsUntil(
      [&] { return shownWidth() == 41 && window_->view()->renderer().layout().originalHeight == 31; }, 30000));
  ASSERT_TRUE(framesAdvance(3));
  EXPECT_EQ(controller_->sourceSpec(), QStringLiteral("camera:0")) << "a format change is not a failure";
}

}  // namespace
}  // namespace kc
