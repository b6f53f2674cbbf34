#pragma once
// The A/B comparison's arithmetic: how far two versions of a frame (the built-in stage's and a
// user kernel's, or two user kernels') are apart, as numbers and as a picture. Plain C++: the
// window's A/B view and the tests use the same functions.
#include <cstdint>
#include <string>

#include "gpu/pipeline/host_frame.hpp"

namespace kc::lab {

struct FrameComparison {
  bool comparable = false;
  std::string whyNot;  // when not comparable: "A is 1280x720, B is 720x1280"
  int channels = 0;    // compared per pixel: 1 (both grey) or 3 (R, G, B; a grey side counts as v, v, v)
  int maxAbsDiff = 0;  // the largest |A - B| over every compared sample, 0..255
  double meanSquaredError = 0;
  std::int64_t differingPixels = 0;  // pixels with any compared sample different
  std::int64_t pixels = 0;
  bool identical() const { return comparable && maxAbsDiff == 0; }
  // 10 log10(255^2 / MSE) in dB; infinite when identical.
  double psnrDb() const;
};

// Alpha is not compared (the stages pass it through; a grey side has none).
FrameComparison compareFrames(const HostFrame& a, const HostFrame& b);

// "identical", or "max |A-B| 3, PSNR 48.1 dB, 1.2% of pixels differ", or the reason they cannot be compared.
std::string describeComparison(const FrameComparison& comparison);

// An RGBA picture of where A and B differ: per pixel the largest channel difference d, black at 0
// through red and yellow to white at d >= scaleMax (1..255). Requires comparable frames.
HostFrame differenceHeatMap(const HostFrame& a, const HostFrame& b, int scaleMax);
// The heat map's colour for a difference d at that scale (the legend uses it too).
Rgba8 heatColour(int difference, int scaleMax);

// "B is 1.80x faster" (or "B is 1.25x slower") from the two times in ms; "" when either is not positive.
std::string speedUpText(double aMs, double bMs);

}  // namespace kc::lab
