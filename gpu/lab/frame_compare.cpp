#include "gpu/lab/frame_compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

// Samples of pixel x of row y as R, G, B (a grey pixel as v, v, v).
struct Rgb {
  int r, g, b;
};
Rgb rgbAt(const HostFrame& frame, int x, int y) {
  if (frame.format == PixelFormat::Gray8) {
    const int v = frame.gray.view().at(x, y);
    return {v, v, v};
  }
  const Rgba8 p = frame.rgba.view().at(x, y);
  return {p.r, p.g, p.b};
}

// The largest compared difference at (x, y), and the squared differences summed into `squares`.
int differenceAt(const HostFrame& a, const HostFrame& b, bool grey, int x, int y, double* squares) {
  if (grey) {
    const int d = std::abs(a.gray.view().at(x, y) - b.gray.view().at(x, y));
    if (squares) *squares += static_cast<double>(d) * d;
    return d;
  }
  const Rgb p = rgbAt(a, x, y), q = rgbAt(b, x, y);
  const int dr = std::abs(p.r - q.r), dg = std::abs(p.g - q.g), db = std::abs(p.b - q.b);
  if (squares) *squares += static_cast<double>(dr) * dr + static_cast<double>(dg) * dg + static_cast<double>(db) * db;
  return std::max({dr, dg, db});
}

bool bothGrey(const HostFrame& a, const HostFrame& b) {
  return a.format == PixelFormat::Gray8 && b.format == PixelFormat::Gray8;
}

std::uint8_t unit(double v) { return static_cast<std::uint8_t>(std::clamp(v, 0.0, 1.0) * 255.0 + 0.5); }

}  // namespace

double FrameComparison::psnrDb() const {
  if (meanSquaredError <= 0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(255.0 * 255.0 / meanSquaredError);
}

FrameComparison compareFrames(const HostFrame& a, const HostFrame& b) {
  FrameComparison result;
  if (a.empty() || b.empty() || a.width() != b.width() || a.height() != b.height()) {
    result.whyNot = "A is " + std::to_string(a.width()) + "x" + std::to_string(a.height()) + ", B is " +
                    std::to_string(b.width()) + "x" + std::to_string(b.height()) + ": not the same size";
    return result;
  }
  const bool grey = bothGrey(a, b);
  result.comparable = true;
  result.channels = grey ? 1 : 3;
  result.pixels = static_cast<std::int64_t>(a.width()) * a.height();
  double squares = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const int d = differenceAt(a, b, grey, x, y, &squares);
      result.maxAbsDiff = std::max(result.maxAbsDiff, d);
      if (d > 0) ++result.differingPixels;
    }
  result.meanSquaredError = squares / (static_cast<double>(result.pixels) * result.channels);
  return result;
}

std::string describeComparison(const FrameComparison& c) {
  if (!c.comparable) return c.whyNot;
  if (c.identical()) return "identical (max |A-B| 0)";
  char text[160];
  std::snprintf(text, sizeof text, "max |A-B| %d, PSNR %.1f dB, %.2g%% of pixels differ", c.maxAbsDiff, c.psnrDb(),
                100.0 * static_cast<double>(c.differingPixels) / static_cast<double>(c.pixels));
  return text;
}

Rgba8 heatColour(int difference, int scaleMax) {
  const double t = static_cast<double>(std::clamp(difference, 0, 255)) / std::clamp(scaleMax, 1, 255);
  return {unit(3 * t), unit(3 * t - 1), unit(3 * t - 2), 255};
}

HostFrame differenceHeatMap(const HostFrame& a, const HostFrame& b, int scaleMax) {
  KC_REQUIRE(!a.empty() && a.width() == b.width() && a.height() == b.height(),
             "differenceHeatMap: A and B must have the same size");
  const bool grey = bothGrey(a, b);
  HostFrame heat;
  heat.format = PixelFormat::Rgba8;
  heat.rgba = HostImage<Rgba8>(a.width(), a.height());
  heat.index = b.index;
  heat.timestampSeconds = b.timestampSeconds;
  const auto view = heat.rgba.view();
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) view.at(x, y) = heatColour(differenceAt(a, b, grey, x, y, nullptr), scaleMax);
  return heat;
}

std::string speedUpText(double aMs, double bMs) {
  if (!(aMs > 0) || !(bMs > 0)) return "";
  char text[64];
  const double ratio = aMs / bMs;
  if (ratio >= 1) std::snprintf(text, sizeof text, "B is %.2fx faster", ratio);
  else std::snprintf(text, sizeof text, "B is %.2fx slower", 1 / ratio);
  return text;
}

}  // namespace kc::lab
