// Must-fail: a damaged PNG opened in the window: a notice with the reason, and the pattern runs.
// Stills that open are in tests/app/live/still_image_test.cpp.
#include <gtest/gtest.h>

#include <QAction>
#include <QEventLoop>
#include <QLabel>
#include <QTimer>
#include <filesystem>
#include <sys/resource.h>

#include "app/live/live_controller.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "tests/app/live/still_window.hpp"

namespace kc {
namespace {

using namespace kc::test;

// The window opens images through the same decode as `process`: damage the CLI refuses is the
// source notice's reason here, and the window goes on with the pattern.
TEST(StillImage, DamagedPngIsANoticeWithTheReasonAndThePatternRuns) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  test::TempDir dir;
  const std::string path = writeDamagedPng(dir);
  MainWindow window;
  LiveController controller(window, Backend::Cpu);
  controller.start(QString::fromStdString("image:" + path));
  window.show();
  EXPECT_EQ(controller.sourceSpec(), QStringLiteral("pattern"));
  const Notice* notice = window.notices()->find(QStringLiteral("source"));
  ASSERT_NE(notice, nullptr);
  EXPECT_EQ(notice->summary, QStringLiteral("Cannot open damaged.png \u2014 showing the test pattern"));
  EXPECT_TRUE(notice->details.contains(QStringLiteral("corrupt PNG data (libpng: \"tEXt: CRC error\"")))
      << notice->details.toStdString();
  EXPECT_FALSE(notice->details.contains(QLatin1Char('\n'))) << notice->details.toStdString();
  ASSERT_TRUE(test::processEventsUntil([&] { return controller.framesShown() >= 2; }, 30000)) << "the pattern runs";
}

}  // namespace
}  // namespace kc
