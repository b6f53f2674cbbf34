#include "app/sources/video_source.hpp"

#include <opencv2/videoio.hpp>

#include "app/sources/image_source.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

VideoSource::VideoSource(const std::string& path) : path_(path) {
  requireReadableFile(path, name());
  open();
  width_ = static_cast<int>(capture_->get(cv::CAP_PROP_FRAME_WIDTH));
  height_ = static_cast<int>(capture_->get(cv::CAP_PROP_FRAME_HEIGHT));
  fps_ = capture_->get(cv::CAP_PROP_FPS);
  if (!(fps_ > 0 && fps_ < 1000)) fps_ = 30;
}

VideoSource::~VideoSource() = default;

void VideoSource::open() {
  capture_ = std::make_unique<cv::VideoCapture>();
  bool opened = false;
  try {
    opened = capture_->open(path_, cv::CAP_ANY);
  } catch (const cv::Exception& e) {
    throw SourceError(name() + ": cannot be opened as a video (" + e.msg + ")");
  }
  if (!opened) throw SourceError(name() + ": cannot be opened as a video (unknown format, corrupt, or no decoder)");
}

HostFrame VideoSource::next() {
  cv::Mat mat;
  if (!capture_->read(mat) || mat.empty()) {
    // End of stream: seek back; backends that cannot seek are reopened.
    ++loops_;
    if (!capture_->set(cv::CAP_PROP_POS_FRAMES, 0) || !capture_->read(mat) || mat.empty()) {
      open();
      if (!capture_->read(mat) || mat.empty()) throw SourceError(name() + ": the video has no decodable frames");
    }
  }
  HostFrame frame = matToRgbaFrame(mat, name(), framePool());  // the decoder's picture, converted into a pool frame
  width_ = frame.width();
  height_ = frame.height();
  frame.index = next_++;
  frame.timestampSeconds = steadyNowSeconds();
  return frame;
}

}  // namespace kc
