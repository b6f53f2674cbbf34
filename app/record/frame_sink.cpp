#include "app/record/frame_sink.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace kc {

cv::Mat fitInto(const cv::Mat& frame, cv::Size size) {
  if (frame.size() == size) return frame;
  const double scale =
      std::min(static_cast<double>(size.width) / frame.cols, static_cast<double>(size.height) / frame.rows);
  const int width = std::clamp(static_cast<int>(frame.cols * scale + 0.5), 1, size.width);
  const int height = std::clamp(static_cast<int>(frame.rows * scale + 0.5), 1, size.height);
  cv::Mat fitted(size, frame.type(), cv::Scalar::all(0));
  if (frame.channels() == 4) fitted.setTo(cv::Scalar(0, 0, 0, 255));
  const cv::Rect inside((size.width - width) / 2, (size.height - height) / 2, width, height);
  cv::resize(frame, fitted(inside), inside.size(), 0, 0, cv::INTER_AREA);
  return fitted;
}

}  // namespace kc
