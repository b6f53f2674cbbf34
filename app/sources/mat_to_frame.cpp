#include "app/sources/mat_to_frame.hpp"

#include <opencv2/imgproc.hpp>

#include "app/sources/frame_source.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

cv::Mat frameAsMat(HostFrame& frame) {
  KC_REQUIRE(!isYuv(frame.format), std::string("frameAsMat: a ") + pixelFormatName(frame.format) + " frame has planes");
  const int type = frame.format == PixelFormat::Gray8 ? CV_8UC1 : CV_8UC4;
  unsigned char* data = frame.format == PixelFormat::Gray8 ? frame.gray.bytes() : frame.rgba.bytes();
  return cv::Mat(frame.height(), frame.width(), type, data, frame.pitch());
}

cv::Mat frameAsMat(const HostFrame& frame) { return frameAsMat(const_cast<HostFrame&>(frame)); }

HostFrame matToRgbaFrame(const cv::Mat& input, const std::string& what) {
  FramePool own;  // its one frame keeps the buffer (and the pool's state) alive after it goes
  return matToRgbaFrame(input, what, own);
}

HostFrame matToRgbaFrame(const cv::Mat& input, const std::string& what, FramePool& pool) {
  if (input.empty() || input.cols <= 0 || input.rows <= 0) throw SourceError(what + ": the image is empty (0x0)");
  if (!frameSizeAllowed(input.cols, input.rows))
    throw SourceError(what + ": " + frameSizeProblem(input.cols, input.rows));
  cv::Mat mat8;
  switch (input.depth()) {
    case CV_8U:
      mat8 = input;
      break;
    case CV_16U:
      input.convertTo(mat8, CV_8U, 1.0 / 257.0);
      break;  // 65535 -> 255, rounded
    case CV_32F:
    case CV_64F:
      input.convertTo(mat8, CV_8U, 255.0);
      break;  // HDR/EXR: 0..1 -> 0..255, saturated
    default:
      throw SourceError(what + ": unsupported pixel depth (OpenCV depth " + std::to_string(input.depth()) + ")");
  }
  HostFrame frame = pool.acquire(PixelFormat::Rgba8, mat8.cols, mat8.rows);
  cv::Mat out = frameAsMat(frame);
  switch (mat8.channels()) {
    case 1:
      cv::cvtColor(mat8, out, cv::COLOR_GRAY2RGBA);
      break;
    case 2: {  // grey + alpha
      cv::Mat planes[2];
      cv::split(mat8, planes);
      const cv::Mat rgba[] = {planes[0], planes[0], planes[0], planes[1]};
      cv::merge(rgba, 4, out);
      break;
    }
    case 3:
      cv::cvtColor(mat8, out, cv::COLOR_BGR2RGBA);
      break;
    case 4:
      cv::cvtColor(mat8, out, cv::COLOR_BGRA2RGBA);
      break;
    default:
      throw SourceError(what + ": unsupported channel count " + std::to_string(mat8.channels()));
  }
  // `out` already has the size and type asked for, so cvtColor/merge write into the frame itself.
  KC_REQUIRE(out.data == frame.rgba.bytes(), "matToRgbaFrame: OpenCV wrote elsewhere than into the frame");
  countHostFrameCopy();
  return frame;
}

}  // namespace kc
