#include "gpu/pipeline/frame_ops.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "gpu/image/channel_convert.hpp"

#ifdef KC_HAVE_OPENCV
#include <opencv2/imgproc.hpp>
#endif

namespace kc {

namespace {

std::atomic<std::uint64_t> gHostFrameCopies{0};

#ifdef KC_HAVE_OPENCV
cv::Mat planeMat(const FrameImage<std::uint8_t>& plane, int width, int height, int type) {
  return cv::Mat(height, width, type, const_cast<unsigned char*>(plane.bytes()), plane.pitch());
}

// cvtColor where its conventions are the frame's: OpenCV's YUV -> RGB is BT.601 limited range
// (its ITU-R BT.601 constants, within one level of ours) and wants even sizes (4:2:0) or widths
// (4:2:2); I420/YV12 also want the planes where its one-Mat layout puts them. False: not taken.
bool yuvToRgbaOpenCv(const HostFrame& frame, ImageView<Rgba8> out) {
  const YuvFrame& yuv = frame.yuv;
  if (yuv.encoding != YuvEncoding{YuvMatrix::Bt601, YuvRange::Limited} || yuv.width % 2 != 0) return false;
  cv::Mat dst(out.height, out.width, CV_8UC4, out.data, out.pitch);
  switch (frame.format) {
    case PixelFormat::Yuyv:
    case PixelFormat::Uyvy:
      cv::cvtColor(planeMat(yuv.planes[0], yuv.width, yuv.height, CV_8UC2), dst,
                   frame.format == PixelFormat::Yuyv ? cv::COLOR_YUV2RGBA_YUYV : cv::COLOR_YUV2RGBA_UYVY);
      return true;
    case PixelFormat::Nv12:
      if (yuv.height % 2 != 0) return false;
      cv::cvtColorTwoPlane(planeMat(yuv.planes[0], yuv.width, yuv.height, CV_8UC1),
                           planeMat(yuv.planes[1], yuv.width / 2, yuv.height / 2, CV_8UC2), dst,
                           cv::COLOR_YUV2RGBA_NV12);
      return true;
    case PixelFormat::I420:
    case PixelFormat::Yv12: {
      if (yuv.height % 2 != 0) return false;
      // One Mat of 3h/2 rows of w bytes: Y, then the first chroma plane, then the second, each
      // chroma row w/2 bytes, two per Mat row.
      const std::size_t w = static_cast<std::size_t>(yuv.width), h = static_cast<std::size_t>(yuv.height);
      const bool yv12 = frame.format == PixelFormat::Yv12;
      const unsigned char* first = yuv.planes[yv12 ? 2 : 1].bytes();
      const unsigned char* second = yuv.planes[yv12 ? 1 : 2].bytes();
      const bool contiguous = yuv.planes[0].pitch() == w && yuv.planes[1].pitch() == w / 2 &&
                              yuv.planes[2].pitch() == w / 2 && first == yuv.planes[0].bytes() + w * h &&
                              second == first + w * h / 4;
      if (!contiguous) return false;
      cv::cvtColor(planeMat(yuv.planes[0], yuv.width, yuv.height * 3 / 2, CV_8UC1), dst,
                   yv12 ? cv::COLOR_YUV2RGBA_YV12 : cv::COLOR_YUV2RGBA_I420);
      return true;
    }
    default:
      break;
  }
  return false;
}
#endif

}  // namespace

void countHostFrameCopy() { gHostFrameCopies.fetch_add(1, std::memory_order_relaxed); }
std::uint64_t hostFrameCopies() { return gHostFrameCopies.load(std::memory_order_relaxed); }

HostFrame makeHostFrame(PixelFormat format, int width, int height) {
  HostFrame frame;
  frame.format = format;
  if (format == PixelFormat::Gray8) frame.gray = HostImage<std::uint8_t>(width, height);
  else if (format == PixelFormat::Rgba8 || format == PixelFormat::Bgra8) frame.rgba = HostImage<Rgba8>(width, height);
  else
    throw InvalidArgument(std::string("makeHostFrame: ") + pixelFormatName(format) + " frames come from a FramePool");
  return frame;
}

void copyPlaneRows(ConstImageView<std::uint8_t> from, ImageView<std::uint8_t> to) {
  const std::size_t rowBytes = std::min(from.rowBytes(), to.rowBytes());
  const int rows = std::min(from.height, to.height);
  if (from.pitch == rowBytes && to.pitch == rowBytes) {
    std::memcpy(to.data, from.data, rowBytes * static_cast<std::size_t>(rows));
    return;
  }
  for (int y = 0; y < rows; ++y) std::memcpy(to.row(y), from.row(y), rowBytes);
}

HostFrame toRgbaFrame(const HostFrame& frame) {
  if (frame.format == PixelFormat::Rgba8) return frame;
  HostFrame out = makeHostFrame(PixelFormat::Rgba8, frame.width(), frame.height());
  out.index = frame.index;
  out.timestampSeconds = frame.timestampSeconds;
  const ImageView<Rgba8> target = out.rgba.view();
  if (frame.format == PixelFormat::Gray8) {
    grayToRgbaCpu(frame.gray.view(), target);
  } else if (frame.format == PixelFormat::Bgra8) {
    bgraToRgbaCpu(frame.rgba.view(), target);
  } else {
#ifdef KC_HAVE_OPENCV
    if (!yuvToRgbaOpenCv(frame, target))
#endif
      yuvToRgbaCpu(frame.yuvPlanes(), frame.yuv.encoding, target);
  }
  countHostFrameCopy();
  return out;
}

bool chainStartsFromLuma(const FilterChain& chain) {
  return !chain.empty() && chain.front().definition->headInput == HeadInput::LumaPlane;
}

bool startsFromLumaPlane(const HostFrame& frame, const FilterChain& chain) {
  return isYuv(frame.format) && !isPacked422(yuvLayout(frame.format)) && chainStartsFromLuma(chain);
}

std::string entryConversionName(const HostFrame& frame, const FilterChain& chain) {
  if (frame.format == PixelFormat::Gray8 || frame.format == PixelFormat::Rgba8) return {};
  if (!startsFromLumaPlane(frame, chain)) return std::string("convert ") + pixelFormatName(frame.format);
  if (frame.yuv.encoding.range == YuvRange::Full) return {};  // the Y plane is the grey picture
  return std::string("luma ") + pixelFormatName(frame.format);
}

HostFrame pipelineInputFrame(const HostFrame& frame, const FilterChain& chain) {
  if (frame.format == PixelFormat::Gray8 || frame.format == PixelFormat::Rgba8) return frame;
  if (!startsFromLumaPlane(frame, chain)) return toRgbaFrame(frame);
  HostFrame gray;
  gray.format = PixelFormat::Gray8;
  gray.index = frame.index;
  gray.timestampSeconds = frame.timestampSeconds;
  const FrameImage<std::uint8_t>& lumaPlane = frame.yuv.planes[0];
  const ImageView<std::uint8_t> luma{const_cast<std::uint8_t*>(lumaPlane.view().data), frame.width(), frame.height(),
                                     lumaPlane.pitch()};
  if (frame.yuv.encoding.range == YuvRange::Full) {
    gray.gray = FrameImage<std::uint8_t>(luma, lumaPlane.owner());  // the Y plane is the grey picture: shared
    return gray;
  }
  gray.gray = HostImage<std::uint8_t>(frame.width(), frame.height());
#ifdef KC_HAVE_OPENCV
  // A function of one byte: a 256-entry table of the reference's values, applied by cv::LUT (SIMD).
  cv::Mat table(1, 256, CV_8UC1);
  const YuvToRgbCoefficients c = yuvToRgbCoefficients(frame.yuv.encoding);
  for (int y = 0; y < 256; ++y) table.at<std::uint8_t>(y) = lumaToGray(y, c);
  const ImageView<std::uint8_t> out = gray.gray.view();
  cv::LUT(cv::Mat(luma.height, luma.width, CV_8UC1, luma.data, luma.pitch), table,
          cv::Mat(out.height, out.width, CV_8UC1, out.data, out.pitch));
#else
  lumaToGrayCpu(luma, frame.yuv.encoding.range, gray.gray.view());
#endif
  countHostFrameCopy();
  return gray;
}

namespace {

// Every plane of `from` into the same plane of `to` (same format and size), counted once.
void copyFramePixels(const HostFrame& from, HostFrame& to) {
  auto bytesOf = [](auto view) {  // a grey or RGBA view as rows of bytes
    return ImageView<std::uint8_t>{
        reinterpret_cast<std::uint8_t*>(const_cast<void*>(static_cast<const void*>(view.data))),
        static_cast<int>(view.rowBytes()), view.height, view.pitch};
  };
  if (from.format == PixelFormat::Gray8) {
    copyPlaneRows(from.gray.view(), to.gray.view());
  } else if (!isYuv(from.format)) {
    copyPlaneRows(bytesOf(from.rgba.view()), bytesOf(to.rgba.view()));
  } else {
    for (int p = 0; p < yuvPlaneCount(yuvLayout(from.format)); ++p)
      copyPlaneRows(from.yuv.planes[p].view(), to.yuv.planes[p].view());
  }
  to.index = from.index;
  to.timestampSeconds = from.timestampSeconds;
  countHostFrameCopy();
}

}  // namespace

HostFrame cloneFrame(const HostFrame& frame) {
  HostFrame out;
  out.format = frame.format;
  if (frame.format == PixelFormat::Gray8) {
    out.gray = HostImage<std::uint8_t>(frame.width(), frame.height());
  } else if (!isYuv(frame.format)) {
    out.rgba = HostImage<Rgba8>(frame.width(), frame.height());
  } else {
    out.yuv.width = frame.yuv.width;
    out.yuv.height = frame.yuv.height;
    out.yuv.encoding = frame.yuv.encoding;
    for (int p = 0; p < yuvPlaneCount(yuvLayout(frame.format)); ++p) {
      const PlaneSize size = yuvPlaneSize(yuvLayout(frame.format), frame.yuv.width, frame.yuv.height, p);
      out.yuv.planes[p] = HostImage<std::uint8_t>(size.widthBytes, size.height);
    }
  }
  copyFramePixels(frame, out);
  return out;
}

HostFrame cloneFrame(const HostFrame& frame, FramePool& pool) {
  HostFrame out = pool.acquire(frame.format, frame.width(), frame.height(), frame.yuv.encoding);
  copyFramePixels(frame, out);
  return out;
}

}  // namespace kc
