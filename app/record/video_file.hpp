#pragma once
// A video file (MP4, AVI) for `process --out x.mp4` and the window's Record, encoded through
// FFmpeg's libraries (av_video_encoder.hpp: every write and the trailer checked). Written to a
// temporary in the target's folder and renamed at finish() (app/io/pending_output.hpp): a failed,
// cancelled or signalled run leaves no file and an older one untouched. An MP4 needs a regular
// file (its index is written last, by seeking back): a FIFO or a device is refused up front; an
// AVI streams to them as every output does.
#include <memory>
#include <string>

#include <opencv2/core.hpp>

#include "app/io/pending_output.hpp"
#include "app/record/av_video_encoder.hpp"
#include "app/record/frame_sink.hpp"

namespace kc {

// Whether `path` ends in a video extension VideoFileWriter writes (.mp4, .avi; any case).
bool isVideoPath(const std::string& path);

// The size a width x height frame is stored at: even sides, because the codecs store colour at half
// resolution (4:2:0) and OpenCV would silently drop an odd last row or column. An odd side gets its
// last row/column repeated instead, so every pixel of the frame is in the video.
cv::Size videoFrameSize(int width, int height);

// Grey (CV_8UC1) or RGBA (CV_8UC4) -> the BGR frame the encoder takes, padded to `videoSize`
// (videoFrameSize of the frame). Grey becomes BGR with B = G = R: one input format for every codec
// and backend (OpenCV's grey input is codec-dependent), and the file still plays as grey.
// `bgr` and `padded` are the caller's buffers, reused from frame to frame (cv::cvtColor and
// cv::copyMakeBorder allocate only when the size changes): the result is one of them.
const cv::Mat& toVideoFrame(const cv::Mat& frame, cv::Size videoSize, cv::Mat& bgr, cv::Mat& padded);

enum class VideoWriteMode {
  Complete,   // `process --out`: a plain file, playable once finished
  Recording,  // the window's Record: fragmented MP4 (AVI as it is), flushed as it goes; a kill or a
              // signal leaves the temporary, which recording_recovery.hpp puts in place later
};

class VideoFileWriter final : public FrameSink {
 public:
  // Checks the target and creates the temporary now (one line, io::OutputError Usage); the encoder
  // opens with the first frame, whose size the whole video keeps. `option` names the file in
  // messages ("--out", "Record").
  VideoFileWriter(std::string option, std::string path, double framesPerSecond,
                  VideoWriteMode mode = VideoWriteMode::Complete);
  ~VideoFileWriter() override;

  void write(const cv::Mat& frame) override;  // the first call throws OutputError (Usage) if no encoder opens
  void finish() override;
  std::string frameSize() const override;  // the stored size (even sides)
  // "H.264", "MPEG-4", "Motion JPEG" once open.
  const std::string& codec() const { return codec_; }
  const std::string& path() const { return path_; }
  // Where the frames go until finish(), and the file that it replaces then (symlinks resolved).
  const std::string& temporaryPath() const { return temporaryPath_; }
  const std::string& finalPath() const { return finalPath_; }
  long long framesWritten() const { return written_; }

 private:
  void open(cv::Size frameSize);

  std::string option_, path_, temporaryPath_, finalPath_;
  VideoWriteMode mode_;
  std::unique_ptr<io::PendingOutput> file_;
  double fps_;
  std::unique_ptr<AvVideoEncoder> encoder_;
  cv::Size frameSize_, videoSize_;
  cv::Mat bgr_, padded_;  // toVideoFrame's buffers: a 4K frame's 25 MB not allocated per frame
  std::string codec_;
  long long written_ = 0;
};

}  // namespace kc
