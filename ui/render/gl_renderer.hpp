#pragma once
// Draws the original and filtered frames and the overlays with whatever GL context is current
// (QOpenGLWidget's in the window, an EGL context headless): the same code runs in both.
// Implements kc::DisplaySink: the pipeline fills two pixel buffers (CUDA-GL interop or host
// copies), present() moves them into textures, render() draws them.
//
// Every member is called with the context current; releaseGl() (or the destructor, if the
// context is still current) frees the GL objects.
#include <chrono>
#include <cstdint>
#include <string>

#include "gpu/pipeline/display_sink.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "ui/render/gl_objects.hpp"
#include "ui/render/view_mode.hpp"

class QImage;

namespace kc {

struct RectPx {  // top-left origin, pixels
  double x = 0, y = 0, width = 0, height = 0;
};
// The largest rectangle of the image's aspect that fits `box`, centred (letterbox/pillarbox).
RectPx letterbox(int imageWidth, int imageHeight, RectPx box);

class GlRenderer : public DisplaySink {
 public:
  GlRenderer() = default;
  ~GlRenderer() override;
  GlRenderer(const GlRenderer&) = delete;
  GlRenderer& operator=(const GlRenderer&) = delete;

  // Loads GL entry points and builds shaders; call once with the context current.
  void initialize();
  void releaseGl();

  // DisplaySink
  bool prepare(const DisplayLayout& layout) override;
  unsigned originalBuffer() const override { return originalPbo_.get(); }
  unsigned filteredBuffer() const override { return filteredPbo_.get(); }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override;
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override;
  void present(const FrameStats& stats) override;

  // Draws into the bound framebuffer, viewport (0, 0, width, height) in device pixels.
  void render(int width, int height);

  void setViewMode(ViewMode mode) { viewMode_ = mode; }
  ViewMode viewMode() const { return viewMode_; }
  void setSplitPosition(double fraction);  // 0..1 of the view width, split mode's divider
  double splitPosition() const { return split_; }
  void setTimingOverlayVisible(bool visible) {
    showTiming_ = visible;
    overlayDirty_ = true;
  }
  bool timingOverlayVisible() const { return showTiming_; }
  void setHistogramOverlayVisible(bool visible) {
    showHistogram_ = visible;
    overlayDirty_ = true;
  }
  bool histogramOverlayVisible() const { return showHistogram_; }
  void setDeviceName(std::string name);
  // The next render() repaints the overlay images (normally a few times per second).
  void refreshOverlaysNow() { overlayDirty_ = true; }

  bool hasFrame() const { return framesPresented_ > 0; }
  std::int64_t framesPresented() const { return framesPresented_; }
  const FrameStats& lastStats() const { return lastStats_; }
  const DisplayLayout& layout() const { return layout_; }

 private:
  struct OverlayTexture {
    GlTexture texture;
    int width = 0, height = 0;
  };
  void drawTexture(unsigned texture, RectPx rect, int viewWidth, int viewHeight, bool overlay, double opacity = 1.0);
  void updateOverlays();
  void uploadOverlay(OverlayTexture& target, const QImage& image);
  static void writeBuffer(unsigned pbo, const std::uint8_t* pixels, std::size_t pitch, int rowBytes, int rows);

  bool initialized_ = false;
  GlVertexArray vao_;  // empty, but core profiles draw only with one bound
  GlProgram imageProgram_, overlayProgram_;
  int imageRectLoc_ = -1, overlayRectLoc_ = -1, overlayOpacityLoc_ = -1;
  GlBuffer originalPbo_, filteredPbo_;
  GlTexture originalTexture_, filteredTexture_;
  DisplayLayout layout_;
  OverlayTexture timingOverlay_, histogramOverlay_;

  ViewMode viewMode_ = ViewMode::SideBySide;
  double split_ = 0.5;
  bool showTiming_ = true, showHistogram_ = true;
  std::string deviceName_;

  std::int64_t framesPresented_ = 0;
  FrameStats lastStats_;
  RollingStageMeans means_{30};
  bool overlayDirty_ = true;
  std::chrono::steady_clock::time_point lastOverlayPaint_{};
};

}  // namespace kc
