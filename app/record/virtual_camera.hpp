#pragma once
// --vcam: the filtered stream as a camera for video-call apps, through a v4l2loopback device: V4L2
// output, YUYV (BT.601 limited, yuyv.hpp), one write() per frame. `file:PATH` writes the same raw
// YUYV frames to a file instead (to check a stream without the module: ffplay -f rawvideo
// -pixel_format yuyv422 -video_size WxH PATH); that file is written atomically like every output.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/record/frame_sink.hpp"

namespace kc {

namespace io {
class PendingOutput;
}

// The file a `file:PATH` target writes (PATH), or "" for a device: an output of the run, which the
// output guard (app/io/output_file.hpp) checks against the run's inputs and other outputs.
std::string vcamFilePath(const std::string& target);

// The one line for a device path that open() refused with `error` (errno): "--vcam /dev/video9:
// no such device: load the module: sudo modprobe v4l2loopback exclusive_caps=1", busy, no permission.
std::string vcamOpenProblem(const std::string& path, int error);
// From VIDIOC_QUERYCAP's answer: "" for a loopback output device we can write to, else the one line
// (a camera, another V4L2 device, a loopback device another program already sends to).
std::string vcamCapabilityProblem(const std::string& path, const std::string& driver, const std::string& card,
                                  std::uint32_t deviceCaps);

class VirtualCamera final : public FrameSink {
 public:
  // `target`: a V4L2 device path (/dev/videoN), or file:PATH. Opens and checks it now: a missing,
  // busy or wrong device is one line (io::OutputError Usage). The frame size is set with the first frame.
  // `framesPerSecond` is told to the device (apps show it); 0: 30.
  static std::unique_ptr<VirtualCamera> open(const std::string& target, double framesPerSecond = 0);
  ~VirtualCamera() override;
  VirtualCamera(const VirtualCamera&) = delete;
  VirtualCamera& operator=(const VirtualCamera&) = delete;

  void write(const cv::Mat& frame) override;  // the first frame sets the format (OutputError Usage when refused)
  void finish() override;                     // a file: renamed into place; a device: closed
  std::string frameSize() const override;     // as sent: the width rounded up to even
  const std::string& name() const { return name_; }

 private:
  VirtualCamera(int fd, bool device, std::string name, double framesPerSecond, std::unique_ptr<io::PendingOutput> file);
  void setFormat(int width, int height);
  void closeDevice();

  int fd_ = -1;
  bool device_ = false;
  std::string name_;  // the target as given, for messages
  double fps_ = 30;
  std::unique_ptr<io::PendingOutput> file_;
  cv::Size size_;  // the first frame's size
  std::vector<std::uint8_t> yuyv_;
};

}  // namespace kc
