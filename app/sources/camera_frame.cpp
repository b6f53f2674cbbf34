#include "app/sources/camera_frame.hpp"

#include <QImage>

#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

std::optional<PixelFormat> hostPixelFormat(QVideoFrameFormat::PixelFormat format) {
  switch (format) {
    case QVideoFrameFormat::Format_NV12:
      return PixelFormat::Nv12;
    case QVideoFrameFormat::Format_YUV420P:
      return PixelFormat::I420;
    case QVideoFrameFormat::Format_YV12:
      return PixelFormat::Yv12;
    case QVideoFrameFormat::Format_YUYV:
      return PixelFormat::Yuyv;
    case QVideoFrameFormat::Format_UYVY:
      return PixelFormat::Uyvy;
    case QVideoFrameFormat::Format_Y8:
      return PixelFormat::Gray8;
    // The view ignores alpha, so an X byte may pass as alpha.
    case QVideoFrameFormat::Format_RGBA8888:
    case QVideoFrameFormat::Format_RGBX8888:
      return PixelFormat::Rgba8;
    case QVideoFrameFormat::Format_BGRA8888:
    case QVideoFrameFormat::Format_BGRX8888:
      return PixelFormat::Bgra8;
    default:
      break;
  }
  return std::nullopt;
}

YuvEncoding yuvEncodingOf(const QVideoFrameFormat& format) {
  YuvEncoding encoding;
  switch (format.colorSpace()) {
    case QVideoFrameFormat::ColorSpace_BT709:
      encoding.matrix = YuvMatrix::Bt709;
      break;
    case QVideoFrameFormat::ColorSpace_BT2020:
      encoding.matrix = YuvMatrix::Bt2020;
      break;
    default:
      break;
  }
  if (format.colorRange() == QVideoFrameFormat::ColorRange_Full) encoding.range = YuvRange::Full;
  return encoding;
}

namespace {

// A HostFrame viewing the mapped planes (no owner: valid while `mapped` stays mapped), or nothing
// when a plane is not where its size says.
std::optional<HostFrame> viewOfPlanes(const QVideoFrame& mapped, PixelFormat format) {
  const int w = mapped.width(), h = mapped.height();
  auto plane = [&](int qtPlane, int widthBytes, int rows) -> std::optional<ImageView<std::uint8_t>> {
    if (qtPlane >= mapped.planeCount()) return std::nullopt;
    const int pitch = mapped.bytesPerLine(qtPlane);
    const auto* bits = mapped.bits(qtPlane);
    if (!bits || pitch < widthBytes ||
        static_cast<long long>(mapped.mappedBytes(qtPlane)) < static_cast<long long>(pitch) * (rows - 1) + widthBytes)
      return std::nullopt;
    return ImageView<std::uint8_t>{const_cast<std::uint8_t*>(bits), widthBytes, rows, static_cast<std::size_t>(pitch)};
  };
  HostFrame frame;
  frame.format = format;
  if (format == PixelFormat::Gray8 || format == PixelFormat::Rgba8 || format == PixelFormat::Bgra8) {
    const auto only = plane(0, w * bytesPerPixel(format), h);
    if (!only) return std::nullopt;
    if (format == PixelFormat::Gray8) frame.gray = FrameImage<std::uint8_t>(*only, nullptr);
    else frame.rgba = FrameImage<Rgba8>({reinterpret_cast<Rgba8*>(only->data), w, h, only->pitch}, nullptr);
    return frame;
  }
  const YuvLayout layout = yuvLayout(format);
  frame.yuv.width = w;
  frame.yuv.height = h;
  frame.yuv.encoding = yuvEncodingOf(mapped.surfaceFormat());
  for (int p = 0; p < yuvPlaneCount(layout); ++p) {
    // Ours are in Y, Cb, Cr order; Qt's in memory order (YV12: Y, Cr, Cb).
    const int qtPlane = format == PixelFormat::Yv12 && p > 0 ? 3 - p : p;
    const PlaneSize size = yuvPlaneSize(layout, w, h, p);
    const auto view = plane(qtPlane, size.widthBytes, size.height);
    if (!view) return std::nullopt;
    frame.yuv.planes[p] = FrameImage<std::uint8_t>(*view, nullptr);
  }
  return frame;
}

HostFrame copyThroughImage(const QVideoFrame& videoFrame, FramePool& pool) {
  const QImage image = videoFrame.toImage().convertToFormat(QImage::Format_RGBA8888);
  if (image.isNull() || !frameSizeAllowed(image.width(), image.height())) return {};
  HostFrame view;
  view.format = PixelFormat::Rgba8;
  view.rgba = FrameImage<Rgba8>({reinterpret_cast<Rgba8*>(const_cast<uchar*>(image.constBits())), image.width(),
                                 image.height(), static_cast<std::size_t>(image.bytesPerLine())},
                                nullptr);
  return cloneFrame(view, pool);
}

}  // namespace

HostFrame copyVideoFrame(const QVideoFrame& videoFrame, FramePool& pool) {
  if (!videoFrame.isValid() || !frameSizeAllowed(videoFrame.width(), videoFrame.height())) return {};
  const QVideoFrameFormat surface = videoFrame.surfaceFormat();
  const std::optional<PixelFormat> format = hostPixelFormat(videoFrame.pixelFormat());
  // Bottom-up frames (some Windows drivers) are left to toImage(), which turns them upright.
  if (!format || surface.scanLineDirection() != QVideoFrameFormat::TopToBottom)
    return copyThroughImage(videoFrame, pool);
  QVideoFrame mapped(videoFrame);
  if (!mapped.map(QVideoFrame::ReadOnly)) return copyThroughImage(videoFrame, pool);
  const std::optional<HostFrame> view = viewOfPlanes(mapped, *format);
  HostFrame frame = view ? cloneFrame(*view, pool) : HostFrame{};
  mapped.unmap();
  return view ? frame : copyThroughImage(videoFrame, pool);
}

}  // namespace kc
