#include "ui/render/gl_renderer.hpp"

#include <GL/glew.h>

#include <QFile>
#include <QImage>
#include <algorithm>

#include "ui/render/frame_hand_off.hpp"
#include "ui/render/gl_check.hpp"
#include "ui/render/gl_functions.hpp"
#include "ui/render/overlay_fit.hpp"
#include "ui/render/overlay_layout.hpp"
#include "ui/render/overlay_painter.hpp"

// Qt resources compiled into a static library need an explicit init from outside a namespace.
static void initShaderResources() { Q_INIT_RESOURCE(kernelcam_shaders); }

namespace kc {

namespace {

// A few repaints per second keep the numbers readable and the QPainter work off the frame path.
constexpr auto kOverlayRepaintInterval = std::chrono::milliseconds(250);
constexpr int kOverlayMarginPx = 8;

std::string loadShader(const char* name) {
  QFile file(QStringLiteral(":/shaders/") + QString::fromLatin1(name));
  if (!file.open(QIODevice::ReadOnly))
    throwError(__FILE__, __LINE__, "QFile::open", std::string("shader resource missing: :/shaders/") + name);
  return file.readAll().toStdString();
}

}  // namespace

RectPx letterbox(int imageWidth, int imageHeight, RectPx box) {
  if (imageWidth <= 0 || imageHeight <= 0 || box.width <= 0 || box.height <= 0) return {box.x, box.y, 0, 0};
  const double scale = std::min(box.width / imageWidth, box.height / imageHeight);
  const double width = imageWidth * scale, height = imageHeight * scale;
  return {box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height};
}

GlRenderer::~GlRenderer() = default;

void GlRenderer::initialize() {
  if (initialized_) return;
  initShaderResources();
  initGlFunctions();
  const std::string vertex = loadShader("quad.vert");
  imageProgram_ = makeProgram(vertex, loadShader("image.frag"), "quad.vert + image.frag");
  overlayProgram_ = makeProgram(vertex, loadShader("overlay.frag"), "quad.vert + overlay.frag");
  imageRectLoc_ = glGetUniformLocation(imageProgram_.get(), "uRect");
  overlayRectLoc_ = glGetUniformLocation(overlayProgram_.get(), "uRect");
  overlayOpacityLoc_ = glGetUniformLocation(overlayProgram_.get(), "uOpacity");
  KC_GL_CHECK(glUseProgram(imageProgram_.get()));
  KC_GL_CHECK(glUniform1i(glGetUniformLocation(imageProgram_.get(), "uImage"), 0));
  KC_GL_CHECK(glUseProgram(overlayProgram_.get()));
  KC_GL_CHECK(glUniform1i(glGetUniformLocation(overlayProgram_.get(), "uOverlay"), 0));
  KC_GL_CHECK(glUseProgram(0));
  vao_ = makeVertexArray();
  GLint maxTexture = 0;
  KC_GL_CHECK(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxTexture));
  maxTextureSize_ = std::max(maxTexture, 1024);  // GL 3.3 guarantees 1024
  initialized_ = true;
}

void GlRenderer::releaseGl() {
  pixelBuffers_.reset();
  textures_ = {};
  shownOriginal_ = shownFiltered_ = 0;
  timingOverlay_ = {};
  histogramOverlay_ = {};
  captionOriginal_ = {};
  captionFiltered_ = {};
  captionSummary_ = {};
  captionsDirty_ = true;
  imageProgram_.reset();
  overlayProgram_.reset();
  vao_.reset();
  layout_ = ownLayout_ = {};
  initialized_ = false;
}

bool GlRenderer::prepare(const DisplayLayout& layout) {
  KC_REQUIRE(initialized_, "GlRenderer::prepare before initialize()");
  KC_REQUIRE(
      layout.originalWidth > 0 && layout.originalHeight > 0 && layout.filteredWidth > 0 && layout.filteredHeight > 0,
      "GlRenderer::prepare: empty frame layout");
  if (!pixelBuffers_.prepare(layout)) return false;  // made for this layout already

  const bool showingOwn = shownOriginal_ == 0 || shownOriginal_ == textures_.original.get();
  textures_ = makeImageTextures(layout);
  ++texturesGeneration_;
  ownLayout_ = layout;
  if (showingOwn) {  // the new textures hold nothing yet
    layout_ = layout;
    shownOriginal_ = shownFiltered_ = 0;
    framesPresented_ = 0;
  }
  return true;
}

void GlRenderer::writeOriginal(const std::uint8_t* pixels, std::size_t pitch) {
  pixelBuffers_.writeOriginal(pixels, pitch);
}

void GlRenderer::writeFiltered(const std::uint8_t* pixels, std::size_t pitch) {
  pixelBuffers_.writeFiltered(pixels, pitch);
}

void GlRenderer::present(const FrameStats& stats) {
  uploadBuffers();
  recordFrame(stats);
}

DisplayTextures GlRenderer::targetTextures() {
  KC_REQUIRE(textures_.original && textures_.filtered, "GlRenderer::targetTextures before prepare()");
  return {textures_.original.get(), textures_.filtered.get(), texturesGeneration_};
}

void GlRenderer::presentTextures(const FrameStats& stats) {
  showOwnTextures();
  recordFrame(stats);
  texturesHeldByCuda_ = drawsOnlyAfterFlush_;
  // Hand GL the frame now (the unmap's ordering included), not at the next frame's map, which
  // would then wait for GL's queue to start (+4% frames/s at 4K on an H100). The GL hand-off
  // flushes with its fence. Nothing to hand over while CUDA keeps the textures.
  if (!texturesHeldByCuda_) KC_GL_CHECK(glFlush());
}

void GlRenderer::uploadBuffers() {
  KC_REQUIRE(pixelBuffers_.ready(), "GlRenderer::uploadBuffers before prepare()");
  copyBuffersToTextures(pixelBuffers_.original(), pixelBuffers_.filtered(), textures_, ownLayout_);
  showOwnTextures();
}

void GlRenderer::showOwnTextures() {
  layout_ = ownLayout_;
  shownOriginal_ = textures_.original.get();
  shownFiltered_ = textures_.filtered.get();
}

void GlRenderer::showTextures(const DisplayLayout& layout, unsigned original, unsigned filtered) {
  KC_REQUIRE(original != 0 && filtered != 0, "GlRenderer::showTextures: no textures");
  layout_ = layout;
  shownOriginal_ = original;
  shownFiltered_ = filtered;
}

void GlRenderer::forgetTextures() {
  if (shownOriginal_ == textures_.original.get()) return;  // its own: nobody else deletes them
  shownOriginal_ = shownFiltered_ = 0;
  layout_ = {};
}

void GlRenderer::recordFrame(const FrameStats& stats, bool coldRun) {
  const bool firstStats = framesPresented_ == 0;
  lastStats_ = stats;
  coldRun_ = coldRun;
  means_.add(stats);
  ++framesPresented_;
  // A still's frames stop coming: a measurement's last runs would otherwise fall between the
  // few-per-second repaints and the table would keep the means of its first ones (27 of 30 runs).
  if (firstStats || still_) overlayDirty_ = true;
}

void GlRenderer::resetTimings() {
  means_ = RollingStageMeans{30};
  overlayDirty_ = true;
}

void GlRenderer::setStill(bool still, std::string name) {
  overlayDirty_ = overlayDirty_ || still != still_ || name != stillName_;
  still_ = still;
  stillName_ = std::move(name);
}

void GlRenderer::setSplitPosition(double fraction) { split_ = std::clamp(fraction, 0.0, 1.0); }

void GlRenderer::setCaptions(ViewCaptions captions) {
  if (captions == captions_) return;
  captions_ = std::move(captions);
  captionsDirty_ = true;
}

void GlRenderer::setDeviceName(std::string name) {
  deviceName_ = std::move(name);
  overlayDirty_ = true;
}

void GlRenderer::drawTexture(unsigned texture, RectPx rect, int viewWidth, int viewHeight, bool overlay,
                             double opacity) {
  const float left = static_cast<float>(2.0 * rect.x / viewWidth - 1.0);
  const float right = static_cast<float>(2.0 * (rect.x + rect.width) / viewWidth - 1.0);
  const float top = static_cast<float>(1.0 - 2.0 * rect.y / viewHeight);
  const float bottom = static_cast<float>(1.0 - 2.0 * (rect.y + rect.height) / viewHeight);
  if (overlay) {
    KC_GL_CHECK(glUseProgram(overlayProgram_.get()));
    KC_GL_CHECK(glUniform4f(overlayRectLoc_, left, bottom, right, top));
    KC_GL_CHECK(glUniform1f(overlayOpacityLoc_, static_cast<float>(opacity)));
  } else {
    KC_GL_CHECK(glUseProgram(imageProgram_.get()));
    KC_GL_CHECK(glUniform4f(imageRectLoc_, left, bottom, right, top));
  }
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, texture));
  KC_GL_CHECK(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

void GlRenderer::uploadOverlay(OverlayTexture& target, const QImage& image) {
  if (image.isNull()) {
    target = {};
    return;
  }
  QImage rgba = image.convertToFormat(QImage::Format_RGBA8888_Premultiplied);
  // A texture larger than GL_MAX_TEXTURE_SIZE is GL_INVALID_VALUE: an overlay that large (a caption
  // of a very long text) is drawn smaller, not lost. The painters keep theirs below it.
  if (rgba.width() > maxTextureSize_ || rgba.height() > maxTextureSize_)
    rgba = rgba.scaled(std::min(rgba.width(), maxTextureSize_), std::min(rgba.height(), maxTextureSize_),
                       Qt::KeepAspectRatio, Qt::SmoothTransformation);
  if (!target.texture) {
    target.texture = makeTexture();
    KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, target.texture.get()));
    setTextureDefaults();
  } else {
    KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, target.texture.get()));
  }
  UnpackAlignmentScope alignment;
  KC_GL_CHECK(glPixelStorei(GL_UNPACK_ROW_LENGTH, static_cast<GLint>(rgba.bytesPerLine() / 4)));
  KC_GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, rgba.width(), rgba.height(), 0, GL_RGBA, GL_UNSIGNED_BYTE,
                           rgba.constBits()));
  KC_GL_CHECK(glPixelStorei(GL_UNPACK_ROW_LENGTH, 0));
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, 0));
  target.width = rgba.width();
  target.height = rgba.height();
}

void GlRenderer::updateOverlays() {
  const auto now = std::chrono::steady_clock::now();
  if (!overlayDirty_ && now - lastOverlayPaint_ < kOverlayRepaintInterval) return;
  if (!hasFrame()) return;
  overlayDirty_ = false;
  lastOverlayPaint_ = now;
  if (showTiming_) {
    uploadOverlay(timingOverlay_, paintTimingOverlay({lastStats_, means_, deviceName_, overlayScale_, still_,
                                                      stillName_, still_ && coldRun_}));
    paintedTimingSamples_ = means_.samples();
  }
  if (showHistogram_) uploadOverlay(histogramOverlay_, paintHistogramOverlay(lastStats_, overlayScale_));
}

namespace {

// An overlay's size as drawn in a view of width x height (overlayDrawScale: 1:1 unless the view is small).
std::pair<double, double> overlayDrawSize(int width, int height, int overlayWidth, int overlayHeight) {
  const double scale = overlayDrawScale(width, height, overlayWidth, overlayHeight, kOverlayMarginPx);
  return {overlayWidth * scale, overlayHeight * scale};
}

std::pair<RectPx, RectPx> halves(const RectPx& area) {
  return {RectPx{area.x, area.y, area.width / 2.0, area.height},
          RectPx{area.x + area.width / 2.0, area.y, area.width - area.width / 2.0, area.height}};
}

}  // namespace

void GlRenderer::render(int width, int height) {
  KC_REQUIRE(initialized_, "GlRenderer::render before initialize()");
  if (width <= 0 || height <= 0) return;
  KC_GL_CHECK(glViewport(0, 0, width, height));
  KC_GL_CHECK(glDisable(GL_DEPTH_TEST));
  KC_GL_CHECK(glClearColor(0.09f, 0.09f, 0.10f, 1.0f));
  KC_GL_CHECK(glClear(GL_COLOR_BUFFER_BIT));
  ++framesRendered_;
  if (!hasFrame()) return;
  KC_REQUIRE(!texturesHeldByCuda_ || shownOriginal_ != textures_.original.get(),
             "GlRenderer::render: CUDA still holds the frame's textures (FramePipeline::flushLive first)");

  KC_GL_CHECK(glBindVertexArray(vao_.get()));
  KC_GL_CHECK(glActiveTexture(GL_TEXTURE0));
  updateOverlays();  // their sizes decide the bands drawImages leaves
  const bool drawTiming = showTiming_ && timingOverlay_.texture;
  const bool drawHistogram = showHistogram_ && histogramOverlay_.texture;
  const ImageBoxes boxes = drawImages(width, height, drawTiming, drawHistogram);

  overlayRects_.clear();
  if (viewMode_ == ViewMode::Split) {  // each side's caption next to the divider
    const double divider = split_ * width;
    drawCaptions(width, height, {0, 0, divider, static_cast<double>(height)},
                 {divider, 0, width - divider, static_cast<double>(height)});
  } else {
    drawCaptions(width, height, viewMode_ == ViewMode::SideBySide ? boxes.timing : RectPx{}, boxes.histogram);
  }
  if (drawTiming || drawHistogram) drawOverlays(width, height, boxes, drawTiming, drawHistogram);
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, 0));
  KC_GL_CHECK(glUseProgram(0));
  KC_GL_CHECK(glBindVertexArray(0));
}

GlRenderer::ImageBoxes GlRenderer::drawImages(int width, int height, bool drawTiming, bool drawHistogram) {
  const RectPx whole{0, 0, static_cast<double>(width), static_cast<double>(height)};
  const int ow = layout_.originalWidth, oh = layout_.originalHeight;
  const int fw = layout_.filteredWidth, fh = layout_.filteredHeight;
  // Side by side and filtered only: the timing overlay above the images, the histogram below, in
  // bands of their own where the view is tall enough (imageArea); split mode fills the view.
  const double topBand =
      drawTiming
          ? overlayDrawSize(width, height, timingOverlay_.width, timingOverlay_.height).second + 2 * kOverlayMarginPx
          : 0;
  const double bottomBand =
      drawHistogram ? overlayDrawSize(width, height, histogramOverlay_.width, histogramOverlay_.height).second +
                          2 * kOverlayMarginPx
                    : 0;
  ImageBoxes boxes{whole, whole};  // where each overlay is anchored
  switch (viewMode_) {
    case ViewMode::SideBySide: {
      const RectPx area = imageArea(whole, topBand, bottomBand, [&](const RectPx& a) {
        const auto [left, right] = halves(a);
        return std::max(letterbox(ow, oh, left).height, letterbox(fw, fh, right).height);
      });
      const auto [left, right] = halves(area);
      boxes.timing = letterbox(ow, oh, left);
      boxes.histogram = letterbox(fw, fh, right);
      drawTexture(shownOriginal_, boxes.timing, width, height, false);
      drawTexture(shownFiltered_, boxes.histogram, width, height, false);
      break;
    }
    case ViewMode::FilteredOnly: {
      const RectPx area =
          imageArea(whole, topBand, bottomBand, [&](const RectPx& a) { return letterbox(fw, fh, a).height; });
      boxes.timing = boxes.histogram = letterbox(fw, fh, area);
      drawTexture(shownFiltered_, boxes.timing, width, height, false);
      break;
    }
    case ViewMode::Split: {
      // Each frame fills the whole view with its own aspect (a transposed result is drawn
      // rotated in its own frame); the scissor shows the original left of the divider.
      const int divider = static_cast<int>(split_ * width + 0.5);
      KC_GL_CHECK(glEnable(GL_SCISSOR_TEST));
      KC_GL_CHECK(glScissor(0, 0, divider, height));
      drawTexture(shownOriginal_, letterbox(ow, oh, whole), width, height, false);
      KC_GL_CHECK(glScissor(divider, 0, width - divider, height));
      boxes.histogram = letterbox(fw, fh, whole);
      drawTexture(shownFiltered_, boxes.histogram, width, height, false);
      // The divider itself: a 2-pixel clear is cheaper than another shader.
      KC_GL_CHECK(glScissor(std::max(divider - 1, 0), 0, 2, height));
      KC_GL_CHECK(glClearColor(1.0f, 0.85f, 0.2f, 1.0f));
      KC_GL_CHECK(glClear(GL_COLOR_BUFFER_BIT));
      KC_GL_CHECK(glDisable(GL_SCISSOR_TEST));
      boxes.timing = whole;
      break;
    }
  }
  return boxes;
}

void GlRenderer::drawOverlays(int width, int height, const ImageBoxes& boxes, bool drawTiming, bool drawHistogram) {
  const RectPx whole{0, 0, static_cast<double>(width), static_cast<double>(height)};
  KC_GL_CHECK(glEnable(GL_BLEND));
  KC_GL_CHECK(glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA));
  // Anchored to their image's corner, at the size overlayDrawScale gives (1:1 unless the view is
  // small), on their own opaque plates: readable over any image (overlay_layout.hpp).
  std::vector<RectPx> taken;
  for (const OverlayRect& caption : overlayRects_) taken.push_back(caption.rect);
  auto draw = [&](const char* name, const OverlayTexture& overlay, const RectPx& rect) {
    drawTexture(overlay.texture.get(), rect, width, height, true);
    overlayRects_.push_back({name, rect});
    taken.push_back(rect);
  };
  if (drawTiming) {
    const auto [w, h] = overlayDrawSize(width, height, timingOverlay_.width, timingOverlay_.height);
    draw("timing", timingOverlay_, overlayAt(Corner::TopLeft, boxes.timing, w, h, whole, kOverlayMarginPx));
  }
  if (drawHistogram) {
    const auto [w, h] = overlayDrawSize(width, height, histogramOverlay_.width, histogramOverlay_.height);
    const std::optional<RectPx> free =
        firstFree({overlayAt(Corner::BottomRight, boxes.histogram, w, h, whole, kOverlayMarginPx),
                   overlayAt(Corner::BottomRight, whole, w, h, whole, kOverlayMarginPx),
                   overlayAt(Corner::TopRight, whole, w, h, whole, kOverlayMarginPx),
                   overlayAt(Corner::BottomLeft, whole, w, h, whole, kOverlayMarginPx)},
                  taken);
    if (free) draw("histogram", histogramOverlay_, *free);
  }
  KC_GL_CHECK(glDisable(GL_BLEND));
}

// The summary at the bottom centre, each side's caption just above it at the bottom of its side
// (in split mode both against the divider, so each names the side it stands on). The timing
// overlay keeps the top left, the histogram the filtered image's bottom right.
void GlRenderer::drawCaptions(int width, int height, RectPx originalBox, RectPx filteredBox) {
  if (captionsDirty_) {
    uploadOverlay(captionOriginal_, paintCaption(captions_.original, overlayScale_));
    uploadOverlay(captionFiltered_, paintCaption(captions_.filtered, overlayScale_));
    uploadOverlay(captionSummary_, paintCaption(captions_.summary, overlayScale_));
    captionsDirty_ = false;
  }
  if (!captionOriginal_.texture && !captionFiltered_.texture && !captionSummary_.texture) return;
  KC_GL_CHECK(glEnable(GL_BLEND));
  KC_GL_CHECK(glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA));
  // A caption wider than its room shrinks to fit it (text that runs into the other side's is worse).
  auto sizeIn = [](const OverlayTexture& caption, double room) {
    const double scale = caption.width > 0 ? std::min(1.0, std::max(room, 1.0) / caption.width) : 1.0;
    return RectPx{0, 0, caption.width * scale, caption.height * scale};
  };
  auto draw = [&](const OverlayTexture& caption, RectPx rect) {
    if (!caption.texture) return;
    rect.x = std::clamp(rect.x, 0.0, std::max(0.0, width - rect.width));
    rect.y = std::clamp(rect.y, 0.0, std::max(0.0, height - rect.height));
    drawTexture(caption.texture.get(), rect, width, height, true);
    overlayRects_.push_back({"caption", rect});
  };
  RectPx summary = sizeIn(captionSummary_, width - 2.0 * kOverlayMarginPx);
  summary.x = (width - summary.width) / 2.0;
  summary.y = height - kOverlayMarginPx - (captionSummary_.texture ? summary.height : 0);
  draw(captionSummary_, summary);
  const bool split = viewMode_ == ViewMode::Split;
  auto place = [&](const OverlayTexture& caption, const RectPx& box, bool againstRight) {
    if (box.width <= 0) return;
    RectPx rect = sizeIn(caption, box.width - 2.0 * kOverlayMarginPx);
    rect.x = againstRight ? box.x + box.width - rect.width - kOverlayMarginPx : box.x + kOverlayMarginPx;
    rect.y = std::min(summary.y, box.y + box.height) - kOverlayMarginPx - rect.height;
    draw(caption, rect);
  };
  place(captionOriginal_, originalBox, split);
  place(captionFiltered_, filteredBox, false);
  KC_GL_CHECK(glDisable(GL_BLEND));
}

}  // namespace kc
