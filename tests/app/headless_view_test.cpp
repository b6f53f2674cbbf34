// renderViewPng: the window's renderer on an offscreen context (EGL; Mesa here and in CI, the
// NVIDIA GPU on the device machine), read back into a PNG.
#include <gtest/gtest.h>

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <string>

#include "app/live/headless_view.hpp"
#include "qt_test_app.hpp"
#include "ui/render/gl_renderer.hpp"

namespace kc {
namespace {

// A test-only frame: colour ramps with hard edges, so the blur and the grey conversion show.
HostFrame rampFrame(int width, int height) {
  HostFrame frame;
  frame.rgba = HostImage<Rgba8>(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      frame.rgba.at(x, y) = {static_cast<std::uint8_t>(x * 255 / width), static_cast<std::uint8_t>(y * 255 / height),
                             static_cast<std::uint8_t>((x / 16 + y / 16) % 2 ? 220 : 40), 255};
  return frame;
}

ViewRenderResult render(const std::string& path, bool overlays) {
  auto pipeline = makeCpuPipeline();
  pipeline->setChain(parseFilterChain("gray,conv=box:3,hist=64"));
  int left = 4;
  const HostFrame ramp = rampFrame(320, 200);
  FrameProvider frames = [&]() -> const HostFrame* { return left-- > 0 ? &ramp : nullptr; };
  ViewRenderOptions options;
  options.frames = 3;
  options.width = 800;
  options.height = 450;
  options.overlays = overlays;
  return renderViewPng(frames, *pipeline, path, options);
}

double meanAbsDifference(const QImage& a, const QImage& b, QRect area) {
  double sum = 0;
  for (int y = area.top(); y <= area.bottom(); ++y)
    for (int x = area.left(); x <= area.right(); ++x) {
      const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
      sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q));
    }
  return sum / (3.0 * area.width() * area.height());
}

TEST(HeadlessView, WritesSideBySidePngWithOverlays) {
  test::testApplication();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const std::string withPath = QDir(dir.path()).filePath(QStringLiteral("with.png")).toStdString();
  const std::string withoutPath = QDir(dir.path()).filePath(QStringLiteral("without.png")).toStdString();
  ViewRenderResult result;
  try {
    result = render(withPath, true);
  } catch (const Error& error) {
    if (std::string(error.what()).find("no headless GL") != std::string::npos)
      GTEST_SKIP() << "no offscreen GL context here: " << error.what();
    throw;
  }
  render(withoutPath, false);
  SCOPED_TRACE(testing::Message() << "GL: " << result.glRenderer << " via " << result.glContext);
  EXPECT_EQ(result.displayPath, "cpu");
  EXPECT_FALSE(result.glRenderer.empty());
  EXPECT_GE(result.framesPresented, 1);

  const QImage with(QString::fromStdString(withPath)), without(QString::fromStdString(withoutPath));
  ASSERT_FALSE(with.isNull());
  ASSERT_FALSE(without.isNull());
  EXPECT_EQ(with.size(), QSize(800, 450));

  // Side by side: the left frame is the colour original, the right one grey.
  const RectPx original = letterbox(320, 200, {0, 0, 400, 450});
  const RectPx filtered = letterbox(320, 200, {400, 0, 400, 450});
  const QRgb leftPixel = without.pixel(static_cast<int>(original.x + original.width * 0.9),
                                       static_cast<int>(original.y + original.height * 0.9));
  const QRgb rightPixel = without.pixel(static_cast<int>(filtered.x + filtered.width * 0.9),
                                        static_cast<int>(filtered.y + filtered.height * 0.9));
  EXPECT_NE(qRed(leftPixel), qBlue(leftPixel)) << "original should be in colour";
  EXPECT_EQ(qRed(rightPixel), qGreen(rightPixel));
  EXPECT_EQ(qGreen(rightPixel), qBlue(rightPixel));

  // The timing overlay sits at the original's top-left, the histogram at the result's bottom-right.
  const QRect timingArea(static_cast<int>(original.x) + 12, static_cast<int>(original.y) + 12, 120, 30);
  const QRect histogramArea(static_cast<int>(filtered.x + filtered.width) - 100,
                            static_cast<int>(filtered.y + filtered.height) - 40, 80, 25);
  EXPECT_GT(meanAbsDifference(with, without, timingArea), 10.0) << "timing overlay missing";
  EXPECT_GT(meanAbsDifference(with, without, histogramArea), 10.0) << "histogram overlay missing";
}

TEST(HeadlessView, RejectsBadArguments) {
  auto pipeline = makeCpuPipeline();
  FrameProvider none = []() -> const HostFrame* { return nullptr; };
  ViewRenderOptions options;
  options.frames = 0;
  EXPECT_THROW(renderViewPng(none, *pipeline, "x.png", options), InvalidArgument);
  EXPECT_THROW(renderViewPng(none, *pipeline, "", ViewRenderOptions{}), InvalidArgument);
}

TEST(Letterbox, KeepsAspectAndCentres) {
  const RectPx wide = letterbox(1920, 1080, {0, 0, 800, 800});
  EXPECT_DOUBLE_EQ(wide.width, 800);
  EXPECT_DOUBLE_EQ(wide.height, 450);
  EXPECT_DOUBLE_EQ(wide.y, 175);
  const RectPx tall = letterbox(1080, 1920, {100, 0, 800, 800});  // a transposed frame
  EXPECT_DOUBLE_EQ(tall.height, 800);
  EXPECT_DOUBLE_EQ(tall.width, 450);
  EXPECT_DOUBLE_EQ(tall.x, 100 + 175);
  EXPECT_DOUBLE_EQ(letterbox(0, 10, {0, 0, 10, 10}).width, 0);
}

}  // namespace
}  // namespace kc
