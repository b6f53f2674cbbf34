#pragma once
// A video file through cv::VideoCapture, looping at the end. Frames may change size mid-stream
// (some streams do): each frame carries its own size and the pipeline re-allocates for it.
#include <memory>

#include "app/sources/frame_source.hpp"

namespace cv {
class VideoCapture;
}

namespace kc {

class VideoSource final : public FrameSource {
 public:
  explicit VideoSource(const std::string& path);
  ~VideoSource() override;
  std::string name() const override { return "video:" + path_; }
  HostFrame next() override;
  int width() const override { return width_; }
  int height() const override { return height_; }
  double framesPerSecond() const override { return fps_; }
  int loops() const { return loops_; }  // times it wrapped back to the start

 private:
  void open();
  std::string path_;
  std::unique_ptr<cv::VideoCapture> capture_;
  int width_ = 0, height_ = 0;
  double fps_ = 0;
  std::int64_t next_ = 0;
  int loops_ = 0;
};

}  // namespace kc
