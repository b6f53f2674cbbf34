#pragma once
// A frame on the host. The chain runs on 8-bit grey or RGBA with its pitch (the gray stage turns
// RGBA grey, transpose swaps width and height). A source may also deliver a camera's own format:
// BGRA, or YUV (NV12, I420, YV12, YUYV, UYVY) as planes with their pitches, colour matrix and range.
// The pipelines convert at entry (the CUDA backend on the GPU, after uploading the native bytes).
//
// Pixels are shared, not copied: a copy of a HostFrame (or of a FrameImage) is another reference
// to the same pixels, which live (and a pooled buffer stays out of its pool, frame_pool.hpp) until
// the last reference goes, as with cv::Mat or QVideoFrame. So handing a 33 MB frame on costs
// nothing. The rule that makes this safe: whoever makes a frame fills it before handing it on, and
// nobody writes into a frame they were handed (cloneFrame, frame_ops.hpp, makes a private copy).
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "gpu/image/host_image.hpp"
#include "gpu/image/yuv_convert.hpp"

namespace kc {

// Gray8 and Rgba8 are what stages see; the others exist only between a source and a pipeline.
enum class PixelFormat { Gray8, Rgba8, Bgra8, Nv12, I420, Yv12, Yuyv, Uyvy };

constexpr bool isYuv(PixelFormat format) { return format >= PixelFormat::Nv12; }

// "gray", "rgba", "bgra", "nv12", "i420", "yv12", "yuyv", "uyvy": names in timing rows and messages.
inline const char* pixelFormatName(PixelFormat format) {
  switch (format) {
    case PixelFormat::Gray8:
      return "gray";
    case PixelFormat::Rgba8:
      return "rgba";
    case PixelFormat::Bgra8:
      return "bgra";
    case PixelFormat::Nv12:
      return "nv12";
    case PixelFormat::I420:
      return "i420";
    case PixelFormat::Yv12:
      return "yv12";
    case PixelFormat::Yuyv:
      return "yuyv";
    case PixelFormat::Uyvy:
      break;
  }
  return "uyvy";
}

// The format a name of pixelFormatName() stands for; nothing for other text.
inline std::optional<PixelFormat> pixelFormatNamed(std::string_view name) {
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Bgra8, PixelFormat::Nv12,
                             PixelFormat::I420, PixelFormat::Yv12, PixelFormat::Yuyv, PixelFormat::Uyvy})
    if (name == pixelFormatName(format)) return format;
  return std::nullopt;
}

// The plane layout of a YUV format (YV12 is I420 with the chroma planes' memory order swapped).
inline YuvLayout yuvLayout(PixelFormat format) {
  switch (format) {
    case PixelFormat::Nv12:
      return YuvLayout::Nv12;
    case PixelFormat::I420:
    case PixelFormat::Yv12:
      return YuvLayout::I420;
    case PixelFormat::Yuyv:
      return YuvLayout::Yuyv;
    case PixelFormat::Uyvy:
      return YuvLayout::Uyvy;
    default:
      break;
  }
  throw InvalidArgument(std::string("yuvLayout: ") + pixelFormatName(format) + " is not a YUV format");
}

// Bytes per pixel of the one-plane formats: grey 1, RGBA and BGRA 4. A YUV format has no single
// figure (see yuvPlaneSize): asking is a programming error.
inline int bytesPerPixel(PixelFormat format) {
  if (format == PixelFormat::Gray8) return 1;
  if (format == PixelFormat::Rgba8 || format == PixelFormat::Bgra8) return 4;
  throw InvalidArgument(std::string("bytesPerPixel: ") + pixelFormatName(format) +
                        " has planes, not pixels of one size");
}

// Pixels of one plane, shared: a view plus whatever keeps its memory alive (a pool's lease, or
// the HostImage it was made from). The accessors mirror HostImage's.
template <class T>
class FrameImage {
 public:
  FrameImage() = default;
  // Takes the image's pixels over (no copy).
  FrameImage(HostImage<T>&& image) { adopt(std::move(image)); }  // NOLINT: implicit, as assignment from images
  // Copies them (tests that keep the image to compare with).
  FrameImage(const HostImage<T>& image) { adopt(HostImage<T>(image)); }  // NOLINT
  // Pixels someone else owns, kept alive by `owner`.
  FrameImage(ImageView<T> view, std::shared_ptr<void> owner) : view_(view), owner_(std::move(owner)) {}
  FrameImage(const FrameImage&) = default;
  FrameImage& operator=(const FrameImage&) = default;
  // A moved-from image is empty, not a view whose pixels may be gone.
  FrameImage(FrameImage&& other) noexcept : view_(std::exchange(other.view_, {})), owner_(std::move(other.owner_)) {}
  FrameImage& operator=(FrameImage&& other) noexcept {
    view_ = std::exchange(other.view_, {});
    owner_ = std::move(other.owner_);
    return *this;
  }

  int width() const { return view_.width; }
  int height() const { return view_.height; }
  std::size_t pitch() const { return view_.pitch; }
  std::size_t sizeBytes() const { return view_.pitch * static_cast<std::size_t>(view_.height); }
  bool empty() const { return view_.empty(); }
  unsigned char* bytes() { return reinterpret_cast<unsigned char*>(view_.data); }
  const unsigned char* bytes() const { return reinterpret_cast<const unsigned char*>(view_.data); }
  ImageView<T> view() { return view_; }
  ImageView<const T> view() const { return view_; }
  T& at(int x, int y) { return view_.at(x, y); }
  const T& at(int x, int y) const { return view_.at(x, y); }
  void fillBytes(unsigned char value) {
    for (int y = 0; y < view_.height; ++y) std::memset(view_.row(y), value, view_.rowBytes());
  }
  // What keeps the pixels alive: equal for two images sharing one buffer.
  const std::shared_ptr<void>& owner() const { return owner_; }

 private:
  void adopt(HostImage<T>&& image) {
    auto owned = std::make_shared<HostImage<T>>(std::move(image));
    view_ = owned->view();
    owner_ = std::move(owned);
  }
  ImageView<T> view_;
  std::shared_ptr<void> owner_;
};

// A YUV picture: its planes as byte views in Y, Cb, Cr order (NV12: Y and the CbCr pairs; YUYV and
// UYVY: the one packed plane), whatever their order in memory (YV12 stores Cr before Cb).
struct YuvFrame {
  int width = 0, height = 0;  // pixels
  FrameImage<std::uint8_t> planes[3];
  YuvEncoding encoding;
};

struct HostFrame {
  PixelFormat format = PixelFormat::Rgba8;
  FrameImage<std::uint8_t> gray;  // valid when format == Gray8
  FrameImage<Rgba8> rgba;         // valid when format == Rgba8 or Bgra8 (then memory order B,G,R,A)
  YuvFrame yuv;                   // valid for the YUV formats
  std::int64_t index = 0;         // frame number from the source
  double timestampSeconds = 0;    // capture time (steady clock), for latency

  int width() const { return format == PixelFormat::Gray8 ? gray.width() : isYuv(format) ? yuv.width : rgba.width(); }
  int height() const {
    return format == PixelFormat::Gray8 ? gray.height() : isYuv(format) ? yuv.height : rgba.height();
  }
  // The image's pitch and first byte (a YUV frame's first plane: its Y or packed plane).
  std::size_t pitch() const {
    return format == PixelFormat::Gray8 ? gray.pitch() : isYuv(format) ? yuv.planes[0].pitch() : rgba.pitch();
  }
  const unsigned char* bytes() const {
    return format == PixelFormat::Gray8 ? gray.bytes() : isYuv(format) ? yuv.planes[0].bytes() : rgba.bytes();
  }
  bool empty() const { return width() == 0 || height() == 0; }
  ChannelOrder channelOrder() const { return format == PixelFormat::Bgra8 ? ChannelOrder::BGRA : ChannelOrder::RGBA; }

  // The planes as the conversions take them (YUV formats only).
  YuvPlanes yuvPlanes() const {
    YuvPlanes planes;
    planes.layout = yuvLayout(format);
    planes.width = yuv.width;
    planes.height = yuv.height;
    for (int p = 0; p < 3; ++p) planes.plane[p] = yuv.planes[p].view();
    return planes;
  }
  // Bytes of pixels without row padding, all planes: what an upload of the whole frame moves.
  std::size_t pixelBytes() const {
    if (!isYuv(format)) return static_cast<std::size_t>(width()) * bytesPerPixel(format) * height();
    std::size_t bytes = 0;
    for (int p = 0; p < 3; ++p) {
      const PlaneSize size = yuvPlaneSize(yuvLayout(format), yuv.width, yuv.height, p);
      bytes += static_cast<std::size_t>(size.widthBytes) * size.height;
    }
    return bytes;
  }
};

}  // namespace kc
