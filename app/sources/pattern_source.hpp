#pragma once
// An animated test pattern: moving gradients, hard edges, a checkerboard, a moving disc and the
// frame number as text. Deterministic: the same (index, size) always gives the same pixels, on
// any machine (OpenCV's built-in Hershey font, no system fonts), so tests and demos can rely on it.
#include "app/sources/frame_source.hpp"

namespace kc {

class PatternSource final : public FrameSource {
 public:
  PatternSource(int width = 1280, int height = 720, double fps = 30);
  std::string name() const override;
  HostFrame next() override;  // frameAt(n++) with the current timestamp
  int width() const override { return width_; }
  int height() const override { return height_; }
  double framesPerSecond() const override { return fps_; }

  HostFrame frameAt(std::int64_t index) const;

 private:
  int width_, height_;
  double fps_;
  std::int64_t next_ = 0;
};

}  // namespace kc
