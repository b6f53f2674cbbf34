#pragma once
// An animated test pattern: moving gradients, hard edges, a checkerboard, a moving disc and the
// frame number as text. Deterministic: the same (index, size) always gives the same pixels, on
// any machine (OpenCV's built-in Hershey font, no system fonts), so tests and demos can rely on it.
// It can deliver any pixel format a camera does (--pattern-format: NV12, YUYV, ... encoded BT.601
// limited range, as UVC cameras do), so every path of the pipelines runs without a camera.
#include "app/sources/frame_source.hpp"

namespace kc {

class PatternSource final : public FrameSource {
 public:
  PatternSource(int width = 1280, int height = 720, double fps = 30, PixelFormat format = PixelFormat::Rgba8);
  std::string name() const override;
  HostFrame next() override;  // frameAt(n++) with the current timestamp
  int width() const override { return width_; }
  int height() const override { return height_; }
  double framesPerSecond() const override { return fps_; }
  PixelFormat format() const { return format_; }

  // Frame `index` in the source's format, in a buffer of its pool. RGBA is drawn in place; the
  // other formats are drawn into a scratch picture and converted into the frame (one counted pass).
  HostFrame frameAt(std::int64_t index) const;

 private:
  void draw(ImageView<Rgba8> target, std::int64_t index) const;
  int width_, height_;
  double fps_;
  PixelFormat format_;
  mutable HostImage<Rgba8> scratch_;  // other formats: drawn here first (kept: no per-frame allocation)
  std::int64_t next_ = 0;
};

}  // namespace kc
