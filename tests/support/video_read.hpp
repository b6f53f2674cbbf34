#pragma once
// Reads a video back the way a player would (OpenCV's FFmpeg reader), for the recording tests.
#include <opencv2/videoio.hpp>
#include <string>

namespace kc::test {

// The number of frames OpenCV decodes from `path` (-1 when it cannot open it); `size`: the last
// frame's size.
inline int countVideoFrames(const std::string& path, cv::Size* size) {
  cv::VideoCapture capture(path);
  if (!capture.isOpened()) return -1;
  int frames = 0;
  cv::Mat frame;
  while (capture.read(frame)) {
    *size = frame.size();
    ++frames;
  }
  return frames;
}

}  // namespace kc::test
