// renderView: the window's renderer on an offscreen context (EGL; Mesa here and in CI, the
// NVIDIA GPU on the device machine), read back into a PNG.
#include <gtest/gtest.h>

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <string>

#include "app/session/run_session.hpp"
#include "app/live/headless_view.hpp"
#include "gpu/core/error.hpp"
#include "tests/support/gpu_graphics_health.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/render/gl_functions.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/offscreen_gl_context.hpp"
#include "ui/render/offscreen_target.hpp"

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

ViewRenderResult render(bool overlays) {
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
  return renderView(frames, *pipeline, options);
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
  ViewRenderResult result;
  try {
    result = render(true);
  } catch (const Error& error) {
    if (std::string(error.what()).find("no headless GL") != std::string::npos)
      GTEST_SKIP() << "no offscreen GL context here: " << error.what();
    throw;
  }
  const ViewRenderResult plain = render(false);
  SCOPED_TRACE(testing::Message() << "GL: " << result.glRenderer << " via " << result.glContext);
  EXPECT_EQ(result.displayPath, "cpu");
  EXPECT_FALSE(result.glRenderer.empty());
  EXPECT_GE(result.framesPresented, 1);

  const QImage &with = result.image, &without = plain.image;
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

// The headless view lets CUDA keep its textures mapped from frame to frame and unmap them only in
// flushLive (DisplaySink::needsTexturesAtPresent): what it draws must still be exactly the last
// frame, also across a change of size while they were held (prepare re-makes the textures). The
// CPU pipeline's view of the same frames is the reference: same chain results (bit-exact), same
// renderer, so the same pixels. The CUDA pipeline then draws a second view (a new context and
// renderer: releaseDisplay must have dropped the first one's registrations) and runs a frame with
// no view at all (no error left behind by the first view's objects).
TEST(HeadlessView, CudaViewWithTexturesHeldUntilFlushEqualsTheCpuView) {
  test::testApplication();
  if (!cudaBackendAvailable()) GTEST_SKIP() << "no usable CUDA device: " << cudaUnavailableReason();
  if (const std::string stalled = test::stalledInteropReason(); !stalled.empty()) FAIL() << stalled;
  // Six distinct frames: three of 320x200, then three of 97x61 (odd: rows not 4-aligned in grey).
  std::vector<HostFrame> frames;
  for (int i = 0; i < 6; ++i) {
    HostFrame frame = i < 3 ? rampFrame(320, 200) : rampFrame(97, 61);
    for (int y = 0; y < frame.height(); ++y)
      for (int x = 0; x < frame.width(); ++x)
        frame.rgba.at(x, y).b = static_cast<std::uint8_t>(frame.rgba.at(x, y).b + 37 * i);
    frames.push_back(std::move(frame));
  }
  auto renderWith = [&](FramePipeline& pipeline, ViewRenderResult* result) {
    std::size_t next = 0;
    FrameProvider provider = [&]() -> const HostFrame* { return next < frames.size() ? &frames[next++] : nullptr; };
    ViewRenderOptions options;
    options.frames = static_cast<int>(frames.size());
    options.width = 640;
    options.height = 240;
    options.overlays = false;
    *result = renderView(provider, pipeline, options);
    return result->image.convertToFormat(QImage::Format_RGBA8888);
  };
  const FilterChain chain = parseFilterChain("gray,conv=box:3,hist=64");
  std::unique_ptr<FramePipeline> cpuPipeline = RunSession(Backend::Cpu).newPipeline();
  std::unique_ptr<FramePipeline> cudaPipeline = RunSession(Backend::Cuda).newPipeline();
  cpuPipeline->setChain(chain);
  cudaPipeline->setChain(chain);
  ViewRenderResult cpu, cuda;
  QImage cpuView;
  try {
    cpuView = renderWith(*cpuPipeline, &cpu);
  } catch (const Error& error) {
    GTEST_SKIP() << "no offscreen GL context here: " << error.what();
  }
  for (const char* name : {"first view", "second view"}) {
    SCOPED_TRACE(name);
    const QImage cudaView = renderWith(*cudaPipeline, &cuda);
    SCOPED_TRACE(testing::Message() << "GL: " << cuda.glRenderer << " via " << cuda.glContext);
    if (cuda.displayPath != "interop" && std::string(name) == "first view")
      GTEST_SKIP() << "no CUDA-GL interop on this GL context (" << cuda.displayPath << ")";
    EXPECT_EQ(cuda.displayPath, "interop") << "the second view fell back from interop";
    EXPECT_EQ(cuda.framesPresented, cpu.framesPresented) << "frames since the last change of size";
    ASSERT_EQ(cudaView.size(), cpuView.size());
    int differing = 0;
    for (int y = 0; y < cpuView.height(); ++y)
      for (int x = 0; x < cpuView.width(); ++x) differing += cpuView.pixel(x, y) != cudaView.pixel(x, y);
    EXPECT_EQ(differing, 0) << "pixels of the CUDA view that differ from the CPU view of the same frames";
  }
  EXPECT_NO_THROW(cudaPipeline->process(frames[0])) << "an error left behind by the views' GL objects";
}

// The renderer's side of that contract, with GL alone (runs without a GPU): while CUDA may hold
// the textures it refuses to draw them, and draws them again once told they were released.
TEST(HeadlessView, RendererDrawsHeldTexturesOnlyAfterTheirRelease) {
  test::testApplication();
  std::unique_ptr<OffscreenGlContext> context;
  try {
    context = std::make_unique<OffscreenGlContext>();
  } catch (const Error& error) {
    GTEST_SKIP() << "no offscreen GL context here: " << error.what();
  }
  GlRenderer renderer;
  renderer.initialize();
  EXPECT_TRUE(renderer.needsTexturesAtPresent()) << "by default a renderer draws whenever asked";
  renderer.setDrawsOnlyAfterFlush(true);
  EXPECT_FALSE(renderer.needsTexturesAtPresent());
  renderer.setViewMode(ViewMode::FilteredOnly);
  renderer.setTimingOverlayVisible(false);
  renderer.setHistogramOverlayVisible(false);
  renderer.prepare({17, 3, 17, 3, PixelFormat::Gray8});
  const DisplayTextures textures = renderer.targetTextures();
  const std::vector<std::uint8_t> grey(17 * 3, 200);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, textures.filtered);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 17, 3, GL_RED, GL_UNSIGNED_BYTE, grey.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  renderer.presentTextures({});
  OffscreenTarget target(17, 3);
  target.bind();
  try {
    renderer.render(17, 3);
    ADD_FAILURE() << "render() drew textures CUDA may still hold";
  } catch (const InvalidArgument& error) {  // a broken contract, not a runtime failure
    EXPECT_NE(std::string(error.what()).find("flushLive"), std::string::npos) << error.what();
  }
  renderer.texturesReleased();
  renderer.render(17, 3);
  EXPECT_EQ(qRed(target.read().pixel(8, 1)), 200) << "the released texture is drawn";
  renderer.releaseGl();
}

TEST(HeadlessView, RejectsBadArguments) {
  auto pipeline = makeCpuPipeline();
  FrameProvider none = []() -> const HostFrame* { return nullptr; };
  ViewRenderOptions options;
  options.frames = 0;
  EXPECT_THROW(renderView(none, *pipeline, options), InvalidArgument);
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
