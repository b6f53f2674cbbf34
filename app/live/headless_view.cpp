#include "app/live/headless_view.hpp"

#include <QGuiApplication>
#include <chrono>
#include <memory>

#include "gpu/core/error.hpp"
#include "gpu/core/nvtx_range.hpp"
#include "ui/render/gl_functions.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/offscreen_gl_context.hpp"
#include "ui/render/offscreen_target.hpp"

namespace kc {

namespace {

// QPainter draws text only with a QGuiApplication. The CLI has none: make an offscreen one, once
// per process (Qt allows one application object; it lives until exit).
void ensureGuiApplication() {
  if (qobject_cast<QGuiApplication*>(QCoreApplication::instance())) return;
  if (QCoreApplication::instance())
    throwError(__FILE__, __LINE__, "renderView",
               "a QCoreApplication exists but the overlays need a QGuiApplication (or none at all)");
  static int argc = 3;
  static char name[] = "kernelcam", platformFlag[] = "-platform", platform[] = "offscreen";
  static char* argv[] = {name, platformFlag, platform, nullptr};
  static QGuiApplication* app = new QGuiApplication(argc, argv);
  (void)app;
}

}  // namespace

ViewRenderResult renderView(const FrameProvider& nextFrame, FramePipeline& pipeline, const ViewRenderOptions& options) {
  KC_REQUIRE(options.frames >= 1, "renderView: frames must be at least 1");
  ensureGuiApplication();

  OffscreenGlContext context;
  ViewRenderResult result;
  result.glContext = context.kind();
  {
    // Renderer and target die before the context (their destructors call GL).
    GlRenderer renderer;
    renderer.initialize();
    result.glRenderer = currentGlRenderer();
    renderer.setDeviceName(pipeline.deviceName());
    renderer.setViewMode(options.mode);
    renderer.setTimingOverlayVisible(options.overlays);
    // It draws once, after flushLive: CUDA keeps the textures mapped meanwhile (no GL-CUDA
    // hand-over per frame, ~0.33 ms of GPU time each on an H100/H200).
    renderer.setDrawsOnlyAfterFlush(true);
    renderer.setHistogramOverlayVisible(options.overlays);
    OffscreenTarget target(options.width, options.height);

    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < options.frames; ++i) {
      const HostFrame* frame = nullptr;
      {
        NvtxRange range("view next frame");
        frame = nextFrame();
      }
      if (!frame) break;
      NvtxRange range("view submit");
      pipeline.submitLive(*frame, renderer);
    }
    pipeline.flushLive(renderer);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    if (!renderer.hasFrame()) throwError(__FILE__, __LINE__, "renderView", "no frame was presented");
    result.framesPresented = static_cast<int>(renderer.framesPresented());
    if (seconds.count() > 0) result.framesPerSecond = result.framesPresented / seconds.count();
    result.displayPath = displayPathId(pipeline.displayPath());

    renderer.refreshOverlaysNow();
    target.bind();
    renderer.render(target.width(), target.height());
    result.image = target.read();
    // The renderer's textures and buffers are deleted here, with the context current: the
    // pipeline's registrations of them go first.
    pipeline.releaseDisplay();
    renderer.releaseGl();
  }
  return result;
}

}  // namespace kc
