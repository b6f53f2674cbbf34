// The window end to end on the CPU backend (CI: Xvfb + Mesa, no CUDA device): pattern source ->
// gray + box blur -> GlRenderer in the QOpenGLWidget -> grabbed framebuffer.
#include <gtest/gtest.h>

#include <QImage>
#include <cstdlib>

#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

struct RegionStats {
  double meanGrey = 0;        // BT.601 luma of the region
  double colourfulShare = 0;  // pixels whose channels differ by more than 30
  double greyMismatch = 0;    // pixels with R != G or G != B
  double edgeEnergy = 0;      // mean (luma(x+1) - luma(x))^2: a blur spreads each step, squares shrink
};

RegionStats measure(const QImage& image, RectPx rect) {
  // Stay clear of the letterbox edges, where linear filtering blends in the background.
  const int x0 = static_cast<int>(rect.x + rect.width * 0.05), x1 = static_cast<int>(rect.x + rect.width * 0.95);
  const int y0 = static_cast<int>(rect.y + rect.height * 0.05), y1 = static_cast<int>(rect.y + rect.height * 0.95);
  RegionStats stats;
  double count = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const QRgb p = image.pixel(x, y), q = image.pixel(x + 1, y);
      const double luma = 0.299 * qRed(p) + 0.587 * qGreen(p) + 0.114 * qBlue(p);
      const double next = 0.299 * qRed(q) + 0.587 * qGreen(q) + 0.114 * qBlue(q);
      stats.meanGrey += luma;
      stats.edgeEnergy += (next - luma) * (next - luma);
      const int spread = std::max({qRed(p), qGreen(p), qBlue(p)}) - std::min({qRed(p), qGreen(p), qBlue(p)});
      stats.colourfulShare += spread > 30;
      stats.greyMismatch += qRed(p) != qGreen(p) || qGreen(p) != qBlue(p);
      ++count;
    }
  stats.meanGrey /= count;
  stats.edgeEnergy /= count;
  stats.colourfulShare /= count;
  stats.greyMismatch /= count;
  return stats;
}

TEST(GuiSmoke, WindowShowsColourOriginalAndGreyBlurredResult) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  MainWindow window;
  window.filterDock()->setChain(parseFilterChain("gray=bt601,conv=box:9:clamp"));
  window.setViewMode(ViewMode::SideBySide);
  window.view()->renderer().setTimingOverlayVisible(false);  // measure the images, not the overlays
  window.view()->renderer().setHistogramOverlayVisible(false);
  LiveController controller(window, Backend::Cpu);
  controller.start(QStringLiteral("pattern"));
  window.resize(1200, 700);
  window.show();

  ASSERT_TRUE(test::processEventsUntil([&] { return window.view()->renderer().framesPresented() >= 3; }, 30000))
      << "no frames presented within 30 s";
  ASSERT_TRUE(window.view()->glReady());
  const QImage image = window.grabView().convertToFormat(QImage::Format_RGB32);
  ASSERT_FALSE(image.isNull());
  const DisplayLayout layout = window.view()->renderer().layout();
  SCOPED_TRACE(testing::Message() << "view " << image.width() << "x" << image.height() << ", original "
                                  << layout.originalWidth << "x" << layout.originalHeight);
  EXPECT_EQ(layout.filteredFormat, PixelFormat::Gray8);
  EXPECT_EQ(layout.filteredWidth, layout.originalWidth);

  const double half = image.width() / 2.0;
  const RectPx original = letterbox(layout.originalWidth, layout.originalHeight, {0, 0, half, double(image.height())});
  const RectPx filtered =
      letterbox(layout.filteredWidth, layout.filteredHeight, {half, 0, image.width() - half, double(image.height())});
  const RegionStats left = measure(image, original);
  const RegionStats right = measure(image, filtered);

  EXPECT_GT(left.colourfulShare, 0.2) << "the original half should show the colour pattern";
  EXPECT_EQ(right.greyMismatch, 0.0) << "the filtered half should be grey (R == G == B)";
  // gray (linear) and box blur (mean-preserving) keep the mean brightness ...
  EXPECT_NEAR(right.meanGrey, left.meanGrey, 6.0);
  // ... while the blur removes detail: far less change from one pixel to the next.
  EXPECT_LT(right.edgeEnergy, left.edgeEnergy * 0.5);

  // Unticking the gray stage in the dock makes the filtered half colourful.
  window.filterDock()->setStageEnabled(0, false);
  const std::int64_t before = window.view()->renderer().framesPresented();
  ASSERT_TRUE(test::processEventsUntil(
      [&] {
        return window.view()->renderer().layout().filteredFormat == PixelFormat::Rgba8 &&
               window.view()->renderer().framesPresented() > before + 1;
      },
      30000));
  const QImage colour = window.grabView().convertToFormat(QImage::Format_RGB32);
  EXPECT_GT(measure(colour, filtered).colourfulShare, 0.1);

  // Optional: the window as a picture for the docs (KC_SCREENSHOT=path).
  if (const char* path = std::getenv("KC_SCREENSHOT")) {
    window.view()->renderer().setTimingOverlayVisible(true);
    window.view()->renderer().setHistogramOverlayVisible(true);
    window.filterDock()->setChain(defaultFilterChain());
    test::processEventsUntil([] { return false; }, 2500);
    window.grab().save(QString::fromLocal8Bit(path));
  }
}

}  // namespace
}  // namespace kc
