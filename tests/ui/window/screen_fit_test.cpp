// The window's size from the screen (screen_fit.hpp) for the screens of issue 39: a classroom's
// 1280x720 projector, 1024x768 and 1366x768 laptops, a 1920x1080 desktop, each with a task bar.
// The window itself on each screen is tests/app/gui/window_on_screen_test.cpp.
#include <gtest/gtest.h>

#include "ui/window/screen_fit.hpp"

namespace kc {
namespace {

// The screens, less a 32 px panel at the top (GNOME's) where the window may not go.
const QRect kScreens[] = {{0, 32, 1024, 736}, {0, 32, 1280, 688}, {0, 32, 1366, 736}, {0, 32, 1920, 1048}};

TEST(ScreenFit, TheFirstWindowTakesMostOfAnyScreenAndFitsItWithItsFrame) {
  for (const QRect& screen : kScreens) {
    const QRect window = firstWindowGeometry(screen);
    EXPECT_TRUE(fitsOnScreen(window, screen)) << screen.width() << "x" << screen.height();
    EXPECT_TRUE(screen.contains(window.marginsAdded(kFrameAllowance)));
    EXPECT_GE(window.width(), 0.85 * screen.width());
    EXPECT_GE(window.height(), 0.85 * screen.height());
    if (screen.width() <= 1366)
      EXPECT_EQ(window.size(), screen.marginsRemoved(kFrameAllowance).size()) << "a small screen: all of it";
    EXPECT_NEAR(window.center().x(), screen.center().x(), 2) << "centred";
  }
  // The old fixed 1400x820 fitted none of the three small screens.
  for (const QRect& screen : {kScreens[0], kScreens[1], kScreens[2]})
    EXPECT_FALSE(fitsOnScreen(QRect(0, 32, 1400, 820), screen));
}

TEST(ScreenFit, ASavedGeometryComesBackOnlyWhileItFits) {
  const QRect desktop = firstWindowGeometry(kScreens[3]);
  EXPECT_TRUE(fitsOnScreen(desktop, kScreens[3], QMargins()));
  EXPECT_FALSE(fitsOnScreen(desktop, kScreens[1], QMargins())) << "the desktop's window on the projector";
  EXPECT_FALSE(fitsOnScreen(QRect(), kScreens[1], QMargins())) << "nothing saved";
  EXPECT_FALSE(fitsOnScreen(QRect(1200, 100, 600, 400), kScreens[1], QMargins())) << "off the right edge";
}

TEST(ScreenFit, AWindowLargerThanTheScreenIsBroughtInside) {
  const QRect projector = kScreens[1];
  const QRect kept = keptOnScreen(QRect(300, 200, 1400, 820), projector);
  EXPECT_TRUE(fitsOnScreen(kept, projector));
  EXPECT_EQ(kept.size(), projector.marginsRemoved(kFrameAllowance).size());
  const QRect moved = keptOnScreen(QRect(1000, 600, 800, 500), projector);
  EXPECT_TRUE(fitsOnScreen(moved, projector));
  EXPECT_EQ(moved.size(), QSize(800, 500)) << "a window that fits is moved, not shrunk";
  const QRect fits(100, 100, 800, 500);
  EXPECT_EQ(keptOnScreen(fits, projector), fits);
}

}  // namespace
}  // namespace kc
