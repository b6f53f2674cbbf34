#pragma once
// Where frames come from: a test pattern, an image, a video or a camera. Qt-free, so the CLI,
// the tests and the pipeline see one small interface; the camera adds Qt signals in its subclass.
#include <memory>
#include <stdexcept>
#include <string>

#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// A source that cannot deliver: the message names the input and the reason, ready for one
// line on stderr ("image:/x/y.png: no such file").
class SourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  // The --source spelling, for logs and the title bar: "pattern 1280x720", "image:/path/a.png".
  virtual std::string name() const = 0;
  // The next frame, with its index and steady-clock timestamp (frame_ops.hpp): RGBA, or a camera's
  // own format (host_frame.hpp), in a buffer of framePool(). Copies share its pixels. A live source
  // (camera) returns its latest frame, or an empty frame while none has arrived yet.
  // Throws SourceError when the source fails.
  virtual HostFrame next() = 0;
  // Size of the frames it delivers now (0x0 for a camera before its first frame).
  virtual int width() const = 0;
  virtual int height() const = 0;
  // Frames per second to pace playback at (pattern, video); 0 = as they arrive (camera) or any.
  virtual double framesPerSecond() const { return 0; }
  virtual bool isLive() const { return false; }
  // A live source: whether next() has something new to say (a frame not handed out yet, or that
  // the source is gone), so a poller need not copy the same frame again. Files: always.
  virtual bool hasNews() const { return true; }
  // What the user should hear about an input that opened anyway, one line naming it (an image
  // decoded despite damage with --lenient); empty when nothing.
  virtual std::string warning() const { return {}; }

  // Frames are filled in buffers of this pool: give it the pipeline's (FramePipeline::framePool(),
  // page-locked on CUDA), so nothing copies a frame between the source and the upload. Until then
  // the source has a plain pool of its own.
  virtual void setFramePool(std::shared_ptr<FramePool> pool) {
    if (pool) pool_ = std::move(pool);
  }

 protected:
  FramePool& framePool() const { return *pool_; }

 private:
  std::shared_ptr<FramePool> pool_ = std::make_shared<FramePool>();
};

}  // namespace kc
