#include "app/sources/video_source.hpp"

#include "app/sources/image_sequence.hpp"
#include "app/sources/image_source.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

VideoSource::VideoSource(const std::string& path, const VideoOptions& options) : path_(path), options_(options) {
  // Every input file passes the one check before it is decoded: each frame of a sequence too (the
  // reader opens each again through the same check, av_video_reader.cpp).
  if (options.sequence) requireReadableSequence(path);
  else requireReadableFile(path, name());
  reader_ = std::make_unique<AvVideoReader>(path, name(), AvVideoOptions{options.sequence, options.lenient});
  width_ = reader_->width();
  height_ = reader_->height();
  fps_ = reader_->framesPerSecond();
  if (!(fps_ > 0 && fps_ < 1000)) fps_ = 30;
}

VideoSource::~VideoSource() = default;

HostFrame VideoSource::next() {
  HostFrame frame;
  if (!reader_->read(frame, framePool())) {
    const long long delivered = next_;
    if (delivered == 0 || reader_->framesRead() == 0) throw SourceError(name() + ": the video has no decodable frames");
    if (!options_.loop)
      throw VideoEnded(name() + ": the video ended after " + std::to_string(delivered) + " frames", delivered);
    ++loops_;
    reader_->rewind();
    if (!reader_->read(frame, framePool()))
      throw SourceError(name() + ": the video has no decodable frames after rewinding");
  }
  width_ = frame.width();
  height_ = frame.height();
  frame.index = next_++;
  frame.timestampSeconds = steadyNowSeconds();
  return frame;
}

}  // namespace kc
