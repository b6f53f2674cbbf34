#include "app/record/video_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <opencv2/imgproc.hpp>

#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/core/file_kind.hpp"

namespace kc {

namespace {

io::OutputError problem(const std::string& option, const std::string& path, const std::string& why) {
  return io::OutputError(io::OutputError::Kind::Usage,
                         option + " " + quotedText(path, 120) + ": cannot write (" + why + ")");
}

// How the temporary is made: an MP4 needs a regular file (seeked back to for its index; a
// recording also for its recovery); a recording outlives a kill.
io::PendingOptions pendingOptions(const std::string& path, VideoWriteMode mode) {
  io::PendingOptions options;
  options.keepOnSignal = mode == VideoWriteMode::Recording;
  if (mode == VideoWriteMode::Recording) options.needsRegularFile = "a recording needs a regular file: name one";
  else if (lowerExtension(path) == ".mp4")
    options.needsRegularFile =
        "an MP4 needs a regular file: its index is written last, by seeking back (.avi streams to a pipe or device)";
  return options;
}

}  // namespace

bool isVideoPath(const std::string& path) {
  const std::string extension = lowerExtension(path);
  return extension == ".mp4" || extension == ".avi";
}

cv::Size videoFrameSize(int width, int height) { return {width + (width & 1), height + (height & 1)}; }

const cv::Mat& toVideoFrame(const cv::Mat& frame, cv::Size videoSize, cv::Mat& bgr, cv::Mat& padded) {
  KC_REQUIRE(frame.type() == CV_8UC1 || frame.type() == CV_8UC4, "toVideoFrame: expected grey or RGBA");
  KC_REQUIRE(videoSize.width >= frame.cols && videoSize.height >= frame.rows && videoSize.width - frame.cols <= 1 &&
                 videoSize.height - frame.rows <= 1,
             "toVideoFrame: the video size must be the frame's, rounded up to even");
  cv::cvtColor(frame, bgr, frame.channels() == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_RGBA2BGR);
  if (bgr.size() == videoSize) return bgr;
  cv::copyMakeBorder(bgr, padded, 0, videoSize.height - bgr.rows, 0, videoSize.width - bgr.cols, cv::BORDER_REPLICATE);
  return padded;
}

VideoFileWriter::VideoFileWriter(std::string option, std::string path, double framesPerSecond, VideoWriteMode mode)
    : option_(std::move(option)),
      path_(std::move(path)),
      mode_(mode),
      fps_(framesPerSecond > 0 ? framesPerSecond : 30.0) {
  if (!isVideoPath(path_)) throw problem(option_, path_, "a video is .mp4 or .avi");
  file_ = std::make_unique<io::PendingOutput>(io::OutputFile{option_, path_}, pendingOptions(path_, mode_));
  temporaryPath_ = file_->writePath();
  finalPath_ = file_->finalPath();
}

// Not finished: the encoder goes first (it writes nothing more), then the temporary with file_
// (no half-written video under the target's name).
VideoFileWriter::~VideoFileWriter() { encoder_.reset(); }

void VideoFileWriter::open(cv::Size frameSize) {
  frameSize_ = frameSize;
  videoSize_ = videoFrameSize(frameSize.width, frameSize.height);
  const VideoContainer container = lowerExtension(path()) == ".mp4" ? VideoContainer::Mp4 : VideoContainer::Avi;
  encoder_ =
      std::make_unique<AvVideoEncoder>(file_->fd(), container, videoSize_, fps_, mode_ == VideoWriteMode::Recording,
                                       option_ + " " + quotedText(path(), 120));
  codec_ = encoder_->codecName();
}

void VideoFileWriter::write(const cv::Mat& frame) {
  KC_REQUIRE(file_, "VideoFileWriter::write after finish()");
  if (!encoder_) open(frame.size());
  encoder_->write(toVideoFrame(fitInto(frame, frameSize_), videoSize_, bgr_, padded_));
  ++written_;
}

void VideoFileWriter::finish() {
  KC_REQUIRE(file_, "VideoFileWriter::finish twice");
  std::unique_ptr<io::PendingOutput> file = std::move(file_);
  if (!encoder_) throw problem(option_, path(), "no frame to write");
  encoder_->finish();  // the trailer (the MP4 index): only now is a plain MP4 playable
  encoder_.reset();
  file->commit();  // synced, then renamed over the target
}

std::string VideoFileWriter::frameSize() const {
  if (videoSize_.empty()) return {};
  return std::to_string(videoSize_.width) + "x" + std::to_string(videoSize_.height);
}

}  // namespace kc
