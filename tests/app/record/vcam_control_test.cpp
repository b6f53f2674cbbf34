// Source > Send to virtual camera (vcam_control.hpp): the filtered stream goes out while it runs
// and stops on a second click, from the window as --vcam does it from the command line. A file:
// target is used here (no v4l2loopback module on the test machines): the same YUYV frames as a
// device gets. Its refusals (an input's path, a missing device) are in
// tests/error/app/gui/window_outputs_test.cpp and tests/error/app/record/.
#include <gtest/gtest.h>

#include <QAction>
#include <QStatusBar>
#include <filesystem>

#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "app/record/vcam_control.hpp"
#include "tests/app/gui/session_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST_F(WindowSession, TheVirtualCameraStartsAndStopsFromTheSourceMenu) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.patternSize = RunOptions::Size{64, 48};
  auto session = open(options);
  VcamControl& vcam = session->vcam();
  EXPECT_FALSE(vcam.running());
  const std::string stream = dir_.file("stream.yuyv");
  ASSERT_TRUE(vcam.start(QString::fromStdString("file:" + stream))) << vcam.lastError().toStdString();
  EXPECT_TRUE(vcam.running());
  EXPECT_TRUE(vcam.action()->isChecked());
  const std::int64_t shown = session->controller().framesShown();
  ASSERT_TRUE(test::processEventsUntil([&] { return session->controller().framesShown() >= shown + 10; }, 30000));
  vcam.action()->trigger();  // checked: a click stops it
  EXPECT_FALSE(vcam.running());
  EXPECT_FALSE(vcam.action()->isChecked());
  ASSERT_TRUE(std::filesystem::exists(stream)) << "put in place when it stops";
  const auto bytes = std::filesystem::file_size(stream);
  EXPECT_GT(bytes, 0u);
  EXPECT_EQ(bytes % (64 * 48 * 2), 0u) << "whole YUYV frames";
}

}  // namespace
}  // namespace kc
