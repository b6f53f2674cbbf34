#pragma once
// Where a stream of filtered (or composited) frames goes: a video file, a virtual camera. The
// window feeds one from a worker thread (background_sink.hpp), the CLI directly.
#include <string>

#include <opencv2/core.hpp>

namespace kc {

class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // `frame`: grey (CV_8UC1) or RGBA (CV_8UC4, RGBA order), top row first. The first frame fixes the
  // output's size; later frames of another size (the chain changed) are fitted into it.
  // Throws (one line, naming the output) when the output cannot take it.
  virtual void write(const cv::Mat& frame) = 0;
  // Completes the output (a file is renamed into place). Throws when it cannot.
  virtual void finish() = 0;
  // "1280x720" once the first frame fixed it, else "".
  virtual std::string frameSize() const = 0;
};

// `frame` (grey or RGBA) scaled into `size` with its aspect kept (black bars), when its size
// differs; else the frame itself. For a stream whose size is fixed by its first frame.
cv::Mat fitInto(const cv::Mat& frame, cv::Size size);

}  // namespace kc
