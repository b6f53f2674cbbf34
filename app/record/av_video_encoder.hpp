#pragma once
// A video encoded and muxed through FFmpeg's libraries directly (libavcodec, libavformat,
// libswscale), into a file descriptor through kernelcam's own I/O callbacks: every write's errno is
// kept, so a full disk or /dev/full is reported as such, and every call's result and the trailer
// are checked (cv::VideoWriter reported none of them). The encoder settings are OpenCV's for the
// same fourcc (the files look as they did), with x264's thread count fixed: the same frames give
// the same bytes on every machine and backend.
//  - .mp4: H.264 (libx264, CRF 23), or MPEG-4 Part 2 where no libx264 exists; YUV 4:2:0.
//  - .avi: Motion JPEG (full-range YUV 4:2:0), about 6 bits a pixel.
// `fragmented` (the window's recordings): MP4 as fragments (an empty moov first, then moof+mdat
// about every second), every packet flushed to the descriptor: a kill loses at most the last
// second, and what is on disk plays (recording_recovery.hpp trims a cut last fragment).
#include <memory>
#include <string>

#include <opencv2/core.hpp>

namespace kc {

enum class VideoContainer { Mp4, Avi };

class AvVideoEncoder {
 public:
  // Opens the encoder for `size` (even sides) at `framesPerSecond` and writes the container's
  // header to `fd` (not owned; seeks only where the descriptor can). Throws io::OutputError naming
  // `label` ("--out 'x.mp4'"): Usage when no encoder opens, WriteFailed when writing fails.
  AvVideoEncoder(int fd, VideoContainer container, cv::Size size, double framesPerSecond, bool fragmented,
                 std::string label);
  ~AvVideoEncoder();
  AvVideoEncoder(const AvVideoEncoder&) = delete;
  AvVideoEncoder& operator=(const AvVideoEncoder&) = delete;

  // `bgr`: CV_8UC3 of the size given. Throws io::OutputError WriteFailed with the reason.
  void write(const cv::Mat& bgr);
  // Drains the encoder and writes the trailer (the MP4 index); checked like every write.
  void finish();
  // "H.264", "MPEG-4", "Motion JPEG".
  const std::string& codecName() const { return codecName_; }

 private:
  struct State;
  void send(bool last);
  [[noreturn]] void fail(int status, const std::string& during);

  std::unique_ptr<State> state_;
  std::string label_, codecName_;
};

}  // namespace kc
