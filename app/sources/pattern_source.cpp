#include "app/sources/pattern_source.hpp"

#include <cmath>
#include <vector>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include "gpu/image/channel_convert.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/image/yuv_convert.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

PatternSource::PatternSource(int width, int height, double fps, PixelFormat format)
    : width_(width), height_(height), fps_(fps), format_(format) {
  if (!frameSizeAllowed(width, height)) throw SourceError("pattern: size " + frameSizeProblem(width, height));
}

std::string PatternSource::name() const {
  return "pattern " + std::to_string(width_) + "x" + std::to_string(height_) +
         (format_ == PixelFormat::Rgba8 ? "" : std::string(" ") + pixelFormatName(format_));
}

HostFrame PatternSource::next() {
  HostFrame frame = frameAt(next_++);
  frame.timestampSeconds = steadyNowSeconds();
  return frame;
}

namespace {

// rgbaToYuvCpu over bands of rows in parallel (one core converts a 4K frame in ~40 ms). Bands
// start on even rows, so each 4:2:0 chroma row comes from the same two picture rows as in one call.
void convertInBands(ConstImageView<Rgba8> in, YuvEncoding encoding, const MutableYuvPlanes& out) {
  constexpr int kBandRows = 32;
  const int bands = (in.height + kBandRows - 1) / kBandRows;
  cv::parallel_for_(cv::Range(0, bands), [&](const cv::Range& range) {
    for (int band = range.start; band < range.end; ++band) {
      const int y0 = band * kBandRows, rows = std::min(kBandRows, in.height - y0);
      MutableYuvPlanes part{out.layout, out.width, rows, {}};
      for (int p = 0; p < yuvPlaneCount(out.layout); ++p) {
        const bool fullHeight = p == 0 || isPacked422(out.layout);
        const int first = fullHeight ? y0 : y0 / 2;
        part.plane[p] = {out.plane[p].row(first), out.plane[p].width, fullHeight ? rows : chromaHeight(rows),
                         out.plane[p].pitch};
      }
      rgbaToYuvCpu(ConstImageView<Rgba8>{in.row(y0), in.width, rows, in.pitch}, encoding, part);
    }
  });
}

}  // namespace

HostFrame PatternSource::frameAt(std::int64_t index) const {
  HostFrame frame = framePool().acquire(format_, width_, height_, YuvEncoding{});
  frame.index = index;
  if (format_ == PixelFormat::Rgba8) {
    draw(frame.rgba.view(), index);
    return frame;
  }
  if (scratch_.width() != width_ || scratch_.height() != height_) scratch_ = HostImage<Rgba8>(width_, height_);
  draw(scratch_.view(), index);
  switch (format_) {
    case PixelFormat::Gray8:
      grayscaleCpu(scratch_.view(), frame.gray.view(), GrayWeights::BT601);
      break;
    case PixelFormat::Bgra8:
      bgraToRgbaCpu(scratch_.view(), frame.rgba.view());
      break;  // the same swap either way
    default: {
      MutableYuvPlanes planes{yuvLayout(format_), width_, height_, {}};
      for (int p = 0; p < 3; ++p) planes.plane[p] = frame.yuv.planes[p].view();
      convertInBands(scratch_.view(), frame.yuv.encoding, planes);
    }
  }
  countHostFrameCopy();
  return frame;
}

// Writes every pixel of `target` (the pool does not clear its buffers).
void PatternSource::draw(ImageView<Rgba8> target, std::int64_t index) const {
  const int w = width_, h = height_;
  const int t = static_cast<int>(index % 100000);
  // Per-column terms, computed once per frame rather than per pixel (divisions).
  const int cell = std::max(2, std::min(w, h) / 24);
  const int boardW = w / 3, boardH = h / 2;
  std::vector<std::uint8_t> gradient(w), bars(w);
  for (int x = 0; x < w; ++x) {
    gradient[x] = static_cast<std::uint8_t>((x * 255 / std::max(1, w - 1) + 3 * t) & 255);
    const int period = 2 + x * 30 / std::max(1, w);
    bars[x] = (x / period) % 2 ? 255 : 0;
  }
  // Rows are independent: drawn in parallel (a 4K frame is 8 Mpixels; one core takes ~20 ms).
  cv::parallel_for_(cv::Range(0, h), [&](const cv::Range& rows) {
    for (int y = rows.start; y < rows.end; ++y) {
      Rgba8* row = target.row(y);
      if (y >= h * 3 / 4) {
        // Vertical bars of rising frequency along the bottom: where box and gauss differ.
        for (int x = 0; x < w; ++x) row[x] = {bars[x], bars[x], bars[x], 255};
        continue;
      }
      // Background: a diagonal colour gradient that scrolls with the frame index (smooth areas
      // show what blurs do not change; the scroll makes motion visible).
      const auto green = static_cast<std::uint8_t>((y * 255 / std::max(1, h - 1) + 2 * t) & 255);
      for (int x = 0; x < w; ++x)
        row[x] = {gradient[x], green, static_cast<std::uint8_t>(((x + y) / 4 + 128 - t) & 255), 255};
      // Checkerboard in the top-left: hard edges in both directions (sobel, laplacian, sharpen).
      if (y < boardH) {
        for (int x = 0; x < boardW; ++x) {
          const std::uint8_t v = ((x + t) / cell + y / cell) % 2 == 0 ? 235 : 20;
          row[x] = {v, v, v, 255};
        }
      }
    }
  });
  cv::Mat mat(h, w, CV_8UC4, target.data, target.pitch);
  // A disc moving on a circle and a rotating line: curved and oblique edges.
  const double phase = 2 * M_PI * static_cast<double>(index % 120) / 120.0;
  const cv::Point centre(static_cast<int>(w * (0.65 + 0.2 * std::cos(phase))),
                         static_cast<int>(h * (0.45 + 0.2 * std::sin(phase))));
  cv::circle(mat, centre, std::max(1, std::min(w, h) / 10), cv::Scalar(250, 60, 40, 255), cv::FILLED, cv::LINE_8);
  const cv::Point hub(w / 2, h / 2);
  const cv::Point tip(hub.x + static_cast<int>(std::min(w, h) * 0.4 * std::cos(-phase)),
                      hub.y + static_cast<int>(std::min(w, h) * 0.4 * std::sin(-phase)));
  cv::line(mat, hub, tip, cv::Scalar(30, 230, 60, 255), std::max(1, std::min(w, h) / 120), cv::LINE_8);
  // The frame number, so a stuck or reordered frame is visible at a glance.
  const double scale = std::max(0.3, std::min(w, h) / 400.0);
  cv::putText(mat, "kernelcam #" + std::to_string(index), cv::Point(w / 20 + 1, h * 3 / 4 - h / 40),
              cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(255, 255, 255, 255), std::max(1, static_cast<int>(scale * 2)),
              cv::LINE_8);
}

}  // namespace kc
