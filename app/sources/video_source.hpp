#pragma once
// A video file (or, asked for explicitly, a numbered image sequence) through FFmpeg's libraries
// (av_video_reader.hpp). Frames may change size mid-stream: each frame carries its own size and
// the pipeline re-allocates for it. At the end it loops (the window) or, when not looping, says
// so by throwing VideoEnded (the CLI stops there).
#include <memory>

#include "app/sources/av_video_reader.hpp"
#include "app/sources/frame_source.hpp"

namespace kc {

struct VideoOptions {
  bool loop = true;       // false: next() throws VideoEnded after the last frame
  bool sequence = false;  // the path is a printf pattern of numbered images (sequence:PATTERN)
  bool lenient = false;   // damaged frames are skipped or kept instead of failing the stream
};

// The end of a video that does not loop: not a failure, the caller stops there.
class VideoEnded : public SourceError {
 public:
  VideoEnded(const std::string& message, long long frames) : SourceError(message), frames_(frames) {}
  long long frames() const noexcept { return frames_; }  // frames the video delivered

 private:
  long long frames_;
};

class VideoSource final : public FrameSource {
 public:
  explicit VideoSource(const std::string& path, const VideoOptions& options = {});
  ~VideoSource() override;
  std::string name() const override { return (options_.sequence ? "sequence:" : "video:") + path_; }
  HostFrame next() override;
  int width() const override { return width_; }
  int height() const override { return height_; }
  double framesPerSecond() const override { return fps_; }
  int loops() const { return loops_; }  // times it wrapped back to the start

 private:
  std::string path_;
  VideoOptions options_;
  std::unique_ptr<AvVideoReader> reader_;
  int width_ = 0, height_ = 0;
  double fps_ = 0;
  std::int64_t next_ = 0;
  int loops_ = 0;
};

}  // namespace kc
