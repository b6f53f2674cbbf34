#include "app/record/video_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio/registry.hpp>

#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

namespace {

struct Codec {
  char fourcc[5];
  const char* name;
};

std::string lowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// In order of preference. MP4: H.264 (libx264 in Debian's FFmpeg) plays everywhere; MPEG-4 Part 2
// where no H.264 encoder exists. AVI: Motion JPEG, which OpenCV can also write without FFmpeg.
std::vector<Codec> codecsFor(const std::string& extension) {
  if (extension == ".mp4") return {{"avc1", "H.264"}, {"mp4v", "MPEG-4"}};
  return {{"MJPG", "Motion JPEG"}};
}

io::OutputError problem(const std::string& option, const std::string& path, const std::string& why) {
  return io::OutputError(io::OutputError::Kind::Usage, option + " " + quotedText(path, 120) + ": cannot write (" + why + ")");
}

std::string writerBackends() {
  std::string names;
  for (const cv::VideoCaptureAPIs api : cv::videoio_registry::getWriterBackends())
    names += (names.empty() ? "" : ", ") + cv::videoio_registry::getBackendName(api);
  return names.empty() ? "none" : names;
}

}  // namespace

bool isVideoPath(const std::string& path) {
  const std::string extension = lowerExtension(path);
  return extension == ".mp4" || extension == ".avi";
}

cv::Size videoFrameSize(int width, int height) { return {width + (width & 1), height + (height & 1)}; }

cv::Mat toVideoFrame(const cv::Mat& frame, cv::Size videoSize) {
  KC_REQUIRE(frame.type() == CV_8UC1 || frame.type() == CV_8UC4, "toVideoFrame: expected grey or RGBA");
  KC_REQUIRE(videoSize.width >= frame.cols && videoSize.height >= frame.rows &&
                 videoSize.width - frame.cols <= 1 && videoSize.height - frame.rows <= 1,
             "toVideoFrame: the video size must be the frame's, rounded up to even");
  cv::Mat bgr;
  cv::cvtColor(frame, bgr, frame.channels() == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_RGBA2BGR);
  if (bgr.size() == videoSize) return bgr;
  cv::Mat padded;
  cv::copyMakeBorder(bgr, padded, 0, videoSize.height - bgr.rows, 0, videoSize.width - bgr.cols, cv::BORDER_REPLICATE);
  return padded;
}

VideoFileWriter::VideoFileWriter(std::string option, std::string path, double framesPerSecond)
    : option_(std::move(option)), path_(std::move(path)), fps_(framesPerSecond > 0 ? framesPerSecond : 30.0) {
  if (!isVideoPath(path_)) throw problem(option_, path_, "a video is .mp4 or .avi");
  file_ = std::make_unique<io::PendingOutput>(io::OutputFile{option_, path_});
}

VideoFileWriter::~VideoFileWriter() {
  // Not finished: the temporary goes with file_ (no half-written video under the target's name).
  if (writer_.isOpened()) writer_.release();
}

void VideoFileWriter::open(cv::Size frameSize) {
  frameSize_ = frameSize;
  videoSize_ = videoFrameSize(frameSize.width, frameSize.height);
  // FFmpeg first (the container comes from the extension); then whatever else OpenCV has.
  for (const int api : {static_cast<int>(cv::CAP_FFMPEG), static_cast<int>(cv::CAP_ANY)}) {
    for (const Codec& codec : codecsFor(lowerExtension(path()))) {
      const int fourcc = cv::VideoWriter::fourcc(codec.fourcc[0], codec.fourcc[1], codec.fourcc[2], codec.fourcc[3]);
      try {
        if (writer_.open(file_->writePath(), api, fourcc, fps_, videoSize_, true)) {
          codec_ = codec.name;
          return;
        }
      } catch (const cv::Exception&) {
        // A backend that throws instead of returning false: try the next.
      }
    }
  }
  throw problem(option_, path(), "OpenCV found no encoder for " + lowerExtension(path()) + " at " +
                                    std::to_string(videoSize_.width) + "x" + std::to_string(videoSize_.height) +
                                    "; writer backends: " + writerBackends());
}

void VideoFileWriter::write(const cv::Mat& frame) {
  KC_REQUIRE(file_, "VideoFileWriter::write after finish()");
  if (!writer_.isOpened()) open(frame.size());
  writer_.write(toVideoFrame(fitInto(frame, frameSize_), videoSize_));
  ++written_;
}

void VideoFileWriter::finish() {
  KC_REQUIRE(file_, "VideoFileWriter::finish twice");
  if (!writer_.isOpened()) throw problem(option_, path(), "no frame to write");
  writer_.release();  // writes the container's index (the MP4 moov box): only now is the file playable
  std::unique_ptr<io::PendingOutput> file = std::move(file_);
  file->commit();
}

std::string VideoFileWriter::frameSize() const {
  if (videoSize_.empty()) return {};
  return std::to_string(videoSize_.width) + "x" + std::to_string(videoSize_.height);
}

}  // namespace kc
