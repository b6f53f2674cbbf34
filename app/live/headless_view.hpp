#pragma once
// The view without a window (`kernelcam process --view PATH`, tests, the GPU machine): an
// offscreen GL context (EGL device platform first), the same GlRenderer as the window, a few
// frames through FramePipeline::submitLive, the framebuffer read back as an image (side by side,
// both overlays). The caller writes it (process --view: through the one output helper).
#include <QImage>
#include <functional>
#include <optional>
#include <string>

#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/host_frame.hpp"
#include "ui/render/view_mode.hpp"

namespace kc {

struct ViewRenderResult {
  std::string displayPath;  // displayPathId() of the path the frames took: interop, copy or cpu
  std::string glRenderer;   // GL_RENDERER of the context used
  std::string glContext;    // "EGL device", "EGL default display", "Qt offscreen"
  int framesPresented = 0;
  double framesPerSecond = 0;  // frames presented over the wall time of the submit loop (live path)
  QImage image;                // the view as drawn: width x height, overlays included
};

struct ViewRenderOptions {
  int frames = 3;  // frames submitted (the pipeline presents one behind, then flushes)
  int width = 1600, height = 900;
  ViewMode mode = ViewMode::SideBySide;
  bool overlays = true;
};

// `nextFrame` yields the frames (an image source repeats its picture; null = end of stream). A
// pointer, not a copy: a 4K frame is 33 MB, and copying it would cost more than the GPU's work.
// Needs a QGuiApplication or none at all (then an offscreen one is made for QPainter's fonts).
// Throws kc::Error when no GL context can be made or no frame was presented.
using FrameProvider = std::function<const HostFrame*()>;
ViewRenderResult renderView(const FrameProvider& nextFrame, FramePipeline& pipeline,
                            const ViewRenderOptions& options = {});

}  // namespace kc
