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
#include <vector>

#include "gpu/pipeline/display_sink.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "ui/render/gl_objects.hpp"
#include "ui/render/image_buffers.hpp"
#include "ui/render/view_mode.hpp"

class QImage;

namespace kc {

struct RectPx {  // top-left origin, pixels
  double x = 0, y = 0, width = 0, height = 0;
};
// The largest rectangle of the image's aspect that fits `box`, centred (letterbox/pillarbox).
RectPx letterbox(int imageWidth, int imageHeight, RectPx box);

// Where the images are laid out so that the overlays sit beside them, not on them: `whole` less a
// band at the top (`topBand` px, the timing overlay's) and one at the bottom (the histogram's).
// `imageHeightIn(area)` is the images' drawn height when laid out in `area`. The bands are kept only
// while the images keep at least kMinImageShareForBands of the height they have in `whole` (a short
// view, the demo dock open: the overlays then go over the images, on their opaque plates).
inline constexpr double kMinImageShareForBands = 0.75;
template <class ImageHeightIn>
RectPx imageArea(RectPx whole, double topBand, double bottomBand, ImageHeightIn imageHeightIn) {
  const RectPx banded{whole.x, whole.y + topBand, whole.width, whole.height - topBand - bottomBand};
  if (banded.height <= 0) return whole;
  return imageHeightIn(banded) >= kMinImageShareForBands * imageHeightIn(whole) ? banded : whole;
}

// Labels over the view, e.g. the A/B view's "A: gray lab 0.21 ms" over the original side, "B: ..."
// over the filtered side, and the comparison at the top. Empty strings draw nothing.
struct ViewCaptions {
  std::string original, filtered, summary;
  bool operator==(const ViewCaptions& o) const {
    return original == o.original && filtered == o.filtered && summary == o.summary;
  }
};

// An overlay as the last render() drew it: "timing", "histogram" or "caption", and where (pixels).
struct OverlayRect {
  const char* name;
  RectPx rect;
};

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
  unsigned originalBuffer() const override { return pixelBuffers_.original(); }
  unsigned filteredBuffer() const override { return pixelBuffers_.filtered(); }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override;
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override;
  // uploadBuffers() then recordFrame(stats).
  void present(const FrameStats& stats) override;
  // Texture interop into the renderer's own textures (one pair: mapping them for CUDA waits for
  // the draws that read them).
  DisplayTextures targetTextures() override;
  // showOwnTextures() then recordFrame(stats).
  void presentTextures(const FrameStats& stats) override;
  // Whether this renderer draws only after FramePipeline::flushLive (the headless view): then
  // CUDA may keep the textures mapped between frames (DisplaySink::needsTexturesAtPresent), and
  // render() refuses to draw them while it does. Off by default: a view that redraws any time
  // needs them unmapped after each frame. For a renderer that is the pipeline's sink itself (a
  // wrapping sink answers for itself: a frame tap reads the textures at each frame).
  void setDrawsOnlyAfterFlush(bool onlyAfterFlush) { drawsOnlyAfterFlush_ = onlyAfterFlush; }
  bool needsTexturesAtPresent() const override { return !drawsOnlyAfterFlush_; }
  void texturesReleased() override { texturesHeldByCuda_ = false; }

  // The two pixel buffers -> the renderer's own textures, which are drawn from now on.
  void uploadBuffers();
  // The renderer's own textures (written by interop) are drawn from now on.
  void showOwnTextures();
  // Draws textures made elsewhere in this context's share group (the worker's, frame_hand_off.hpp)
  // until the next uploadBuffers() or forgetTextures(); `layout` describes them. Their owner keeps
  // them alive while they are shown.
  void showTextures(const DisplayLayout& layout, unsigned original, unsigned filtered);
  // Their owner is about to delete them: draw nothing until the next frame.
  void forgetTextures();
  // The frame now shown came with `stats`: the overlays and their means take them. `coldRun`: a
  // still's first run after a change (frame_hand_off.hpp), which the overlay labels as such.
  void recordFrame(const FrameStats& stats, bool coldRun = false);
  bool coldRun() const { return coldRun_; }

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
  // View > Presentation: the overlays painted this many times larger (overlay_painter.hpp).
  void setOverlayScale(double scale) {
    overlayScale_ = scale;
    overlayDirty_ = true;
    captionsDirty_ = true;
  }
  double overlayScale() const { return overlayScale_; }
  void setDeviceName(std::string name);
  // The next render() repaints the overlay images (normally a few times per second).
  void refreshOverlaysNow() { overlayDirty_ = true; }
  // The overlay's means start again (a new chain or source: old timings would hide the new ones
  // for 30 frames); addTimings counts a frame that was processed but never shown.
  void resetTimings();
  void addTimings(const FrameStats& stats) { means_.add(stats); }
  const RollingStageMeans& timings() const { return means_; }
  // Frames the timing overlay on screen counts (its footer): the means as of its last repaint.
  int paintedTimingSamples() const { return paintedTimingSamples_; }
  // A still image, or a frozen frame (`name` heads the overlay's line): the overlay gives the
  // time per run instead of fps and latency.
  void setStill(bool still, std::string name = "still image");
  bool still() const { return still_; }
  void setCaptions(ViewCaptions captions);
  const ViewCaptions& captions() const { return captions_; }

  bool hasFrame() const { return framesPresented_ > 0 && shownOriginal_ != 0; }
  std::int64_t framesPresented() const { return framesPresented_; }
  std::int64_t framesRendered() const { return framesRendered_; }  // render() calls: repaints of the view
  const FrameStats& lastStats() const { return lastStats_; }
  const DisplayLayout& layout() const { return layout_; }  // of the frame shown
  // The timing overlay's texture as last uploaded, in pixels (0 x 0: none yet).
  int timingOverlayWidth() const { return timingOverlay_.width; }
  int timingOverlayHeight() const { return timingOverlay_.height; }
  // Every overlay the last render() drew (a histogram with no free corner is not among them).
  const std::vector<OverlayRect>& overlayRects() const { return overlayRects_; }

 private:
  bool drawsOnlyAfterFlush_ = false;
  bool texturesHeldByCuda_ = false;  // presented while still mapped for CUDA, until texturesReleased()

  struct OverlayTexture {
    GlTexture texture;
    int width = 0, height = 0;
  };
  void drawTexture(unsigned texture, RectPx rect, int viewWidth, int viewHeight, bool overlay, double opacity = 1.0);
  // The images as the view mode lays them out, leaving bands for the overlays drawn; returns the
  // boxes the timing and histogram overlays are anchored to.
  struct ImageBoxes {
    RectPx timing, histogram;
  };
  ImageBoxes drawImages(int width, int height, bool drawTiming, bool drawHistogram);
  void drawOverlays(int width, int height, const ImageBoxes& boxes, bool drawTiming, bool drawHistogram);
  void updateOverlays();
  void drawCaptions(int width, int height, RectPx originalBox, RectPx filteredBox);
  void uploadOverlay(OverlayTexture& target, const QImage& image);

  bool initialized_ = false;
  int maxTextureSize_ = 1024;  // GL_MAX_TEXTURE_SIZE of the context
  GlVertexArray vao_;          // empty, but core profiles draw only with one bound
  GlProgram imageProgram_, overlayProgram_;
  int imageRectLoc_ = -1, overlayRectLoc_ = -1, overlayOpacityLoc_ = -1;
  DisplayPixelBuffers pixelBuffers_;
  ImageTextures textures_;
  unsigned texturesGeneration_ = 0;  // DisplayTextures::generation: bumped when textures_ is re-made
  DisplayLayout ownLayout_;          // of the buffers and textures above
  DisplayLayout layout_;             // of the textures drawn: these, or another owner's
  unsigned shownOriginal_ = 0, shownFiltered_ = 0;
  OverlayTexture timingOverlay_, histogramOverlay_;
  OverlayTexture captionOriginal_, captionFiltered_, captionSummary_;
  std::vector<OverlayRect> overlayRects_;
  ViewCaptions captions_;
  bool captionsDirty_ = false;

  ViewMode viewMode_ = ViewMode::SideBySide;
  double split_ = 0.5;
  bool showTiming_ = true, showHistogram_ = true, still_ = false, coldRun_ = false;
  std::string stillName_ = "still image";
  double overlayScale_ = 1.0;
  std::string deviceName_;

  std::int64_t framesPresented_ = 0, framesRendered_ = 0;
  FrameStats lastStats_;
  RollingStageMeans means_{30};
  bool overlayDirty_ = true;
  std::chrono::steady_clock::time_point lastOverlayPaint_{};
  int paintedTimingSamples_ = 0;
};

}  // namespace kc
