#pragma once
// A video file decoded through FFmpeg's libraries (libavformat, libavcodec, libswscale) directly.
// OpenCV's reader keeps the size of the first frame for the whole stream (a stream that changes
// resolution came out cropped or repeated); here every frame is converted in its own size, so the
// pipeline re-allocates for it as it does for the pattern's size changes.
#include <memory>
#include <string>

#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct AvVideoOptions {
  // false: `path` is one file, read as it is named (a '%' in it is a character, not a pattern).
  // true: `path` is a printf pattern of numbered images (frame_%04d.png), FFmpeg's image2 reader.
  bool sequence = false;
  // false: a decoder error, or a frame the decoder had to conceal, fails with the frame number.
  // true: such frames are skipped (errors) or kept as decoded (concealed).
  bool lenient = false;
};

class AvVideoReader {
 public:
  // Throws SourceError naming `what` ("video:x.mp4") and the reason when it cannot be opened.
  AvVideoReader(const std::string& path, const std::string& what, const AvVideoOptions& options);
  ~AvVideoReader();
  AvVideoReader(const AvVideoReader&) = delete;
  AvVideoReader& operator=(const AvVideoReader&) = delete;

  // The next frame as RGBA8 in its own size, converted straight into a frame of `pool` (one counted
  // host pass); false at the end of the stream. Throws SourceError naming the frame number when the
  // stream fails (unless lenient) or a frame cannot be used.
  bool read(HostFrame& frame, FramePool& pool);
  // Back to the first frame (seek, or reopen where the format cannot seek).
  void rewind();

  int width() const;  // of the stream's header (0 when it does not say); frames carry their own
  int height() const;
  double framesPerSecond() const;  // 0 when the stream does not say
  long long framesRead() const;    // since the open or the last rewind

 private:
  struct State;
  void open();
  std::string path_, what_;
  AvVideoOptions options_;
  std::unique_ptr<State> state_;
};

}  // namespace kc
