#pragma once
// The live view's one contact with app/sources: a source spec opens a FrameSource (camera[:N],
// pattern, image:PATH, video:PATH) behind this small interface. live_source.cpp is the only file
// that knows the FrameSource API, so the controller and the headless view stay independent of it.
#include <memory>
#include <optional>
#include <string>

#include "app/sources/source_factory.hpp"
#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/host_frame.hpp"

class QCamera;

namespace kc {

class LiveSource {
 public:
  virtual ~LiveSource() = default;
  // The newest frame since the last call, or nothing when no new frame has arrived yet.
  // Throws (SourceError, a std::exception) when the source is gone (camera unplugged, file unreadable).
  virtual std::optional<HostFrame> grab() = 0;
  virtual std::string description() const = 0;  // for the status bar: "camera 0 (...)", "pattern"
  // The same picture every time (image:PATH): grabbed once, filtered again only when the chain changes.
  virtual bool isStill() const { return false; }
  // The frames' size where it is known before the first frame (0 where not: a camera before it
  // delivers): what the memory admission asks for.
  virtual int width() const { return 0; }
  virtual int height() const { return 0; }
  // The pipeline's frame pool (FramePipeline::framePool()): frames are filled where it uploads from.
  virtual void setFramePool(std::shared_ptr<FramePool> pool) { (void)pool; }
  // A camera's own QCamera (its exposure, focus, white balance: Source > Camera controls); nullptr
  // for every other source.
  virtual QCamera* camera() const { return nullptr; }
};

// Throws SourceError for a malformed spec or a source that cannot be opened. `options`: the
// pattern's size (--size) and format (--pattern-format), and the camera format (--camera-format,
// Source > Camera).
std::unique_ptr<LiveSource> openLiveSource(const std::string& spec, const SourceOptions& options = {});

}  // namespace kc
