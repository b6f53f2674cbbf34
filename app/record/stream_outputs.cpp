#include "app/record/stream_outputs.hpp"

#include <thread>

#include "app/record/video_file.hpp"
#include "app/record/virtual_camera.hpp"
#include "app/sources/mat_to_frame.hpp"

namespace kc {

StreamOutputs::StreamOutputs(const std::string& out, const std::string& vcam, double framesPerSecond)
    : fps_(framesPerSecond > 0 ? framesPerSecond : 30.0) {
  if (isVideoPath(out)) {
    sinks_.push_back(std::make_unique<VideoFileWriter>("--out", out, fps_));
    writesVideo_ = true;
  }
  if (!vcam.empty()) {
    sinks_.push_back(VirtualCamera::open(vcam, fps_));
    paced_ = true;
  }
}

StreamOutputs::~StreamOutputs() = default;

void StreamOutputs::write(const HostFrame& frame) {
  if (sinks_.empty()) return;
  if (paced_) {
    if (frames_ == 0) start_ = std::chrono::steady_clock::now();
    std::this_thread::sleep_until(start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(frames_ / fps_)));
  }
  const cv::Mat pixels = frameAsMat(frame);
  for (const auto& sink : sinks_) sink->write(pixels);
  ++frames_;
}

void StreamOutputs::finish() {
  for (const auto& sink : sinks_) sink->finish();
}

}  // namespace kc
