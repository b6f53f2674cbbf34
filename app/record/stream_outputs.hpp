#pragma once
// `kernelcam process`'s streamed outputs: --out x.mp4|x.avi (every frame of the run, in one video
// of the chain's output size) and --vcam (every frame to a virtual camera, at the source's frame
// rate so that apps see a live stream, not a burst). Both are checked when constructed (one line,
// io::OutputError) and completed by finish(); destroyed before finish() (a failed run), the video
// leaves no file behind.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/record/frame_sink.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

class StreamOutputs {
 public:
  // `out`: --out (a video when it ends in .mp4/.avi, else not this class's); `vcam`: --vcam or "".
  StreamOutputs(const std::string& out, const std::string& vcam, double framesPerSecond);
  ~StreamOutputs();
  bool writesVideo() const { return writesVideo_; }
  void write(const HostFrame& frame);
  void finish();

 private:
  std::vector<std::unique_ptr<FrameSink>> sinks_;
  bool writesVideo_ = false;
  bool paced_ = false;
  double fps_;
  long long frames_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace kc
