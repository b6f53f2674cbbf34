#pragma once
// The overlays as pictures: QPainter draws them into premultiplied RGBA QImages on the CPU
// (needs only a QGuiApplication, so it works headless too); the renderer uploads and blends
// them. Painting costs ~0.1-0.5 ms, so the renderer repaints a few times per second, not per frame.
// `scale` (View > Presentation) enlarges a panel as a whole: the image is painted at scale times
// its pixels (a device pixel ratio), so text and bars stay sharp when drawn 1:1.
#include <QImage>
#include <QString>
#include <string>

#include "gpu/pipeline/frame_stats.hpp"

namespace kc {

struct TimingOverlayInput {
  const FrameStats& latest;               // stage names, bytes, path, size
  const RollingStageMeans& means;         // ms over the last 30 frames (fewer while they fill)
  std::string deviceName;                 // GPU name or "CPU (...)"
  double scale = 1.0;                     // 1: a 13 px font; presentation mode 1.25..3
  bool still = false;                     // a still image: time per run instead of fps and latency
  std::string stillName = "still image";  // or "frozen frame"
  bool coldRun = false;                   // a still's first run after a change: a warm one follows
};

// One row per kernel/copy: mean ms, GB/s, a bar of % of the roofline; fps, latency, path, device.
// At most kMaxTimingRows rows: a longer chain's table shows its first rows and ends with
// "... and K more stages" and their time, so the panel stays a panel (a 10,000-stage chain made an
// image 180,000 pixels high, beyond any GL texture: the view failed with GL_INVALID_VALUE).
inline constexpr int kMaxTimingRows = 30;
QImage paintTimingOverlay(const TimingOverlayInput& input);
// The footer's note on what the means are over: "mean of 30 frames", "1 warm run; View > Measure
// still", "cold run: the warm one follows".
QString timingSampleNote(int samples, bool still, bool coldRun = false);

// One line of text on a dark rounded label (the view's captions); a null image for "".
QImage paintCaption(const std::string& text, double scale = 1.0);

// Bars of the last histogram (1 channel grey, 3 channels r/g/b blended); a null image when the
// stats hold no histogram.
QImage paintHistogramOverlay(const FrameStats& stats, double scale = 1.0);

}  // namespace kc
