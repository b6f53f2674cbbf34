#include "app/live/live_source.hpp"

#include <chrono>
#include <utility>

#include "app/sources/source_factory.hpp"

namespace kc {

namespace {

using Clock = std::chrono::steady_clock;

// Files and the pattern could be read as fast as the pipeline runs; the view paces them at their
// own frame rate instead (a still image at 30 fps, so the timing overlay keeps measuring), which
// leaves the GPU and the CPU free for the demos. A camera paces itself: only its new frames count.
constexpr double kStillImageFps = 30.0;

class PacedLiveSource final : public LiveSource {
 public:
  explicit PacedLiveSource(std::unique_ptr<FrameSource> source) : source_(std::move(source)) {}

  std::optional<HostFrame> grab() override {
    return source_->isLive() ? grabNewCameraFrame() : grabWhenDue();
  }

  std::string description() const override { return source_->name(); }

 private:
  std::optional<HostFrame> grabNewCameraFrame() {
    HostFrame frame = source_->next();
    if (frame.empty() || (delivered_ && frame.index == lastIndex_)) return std::nullopt;
    delivered_ = true;
    lastIndex_ = frame.index;
    return frame;
  }

  std::optional<HostFrame> grabWhenDue() {
    const Clock::time_point now = Clock::now();
    if (delivered_ && now < due_) return std::nullopt;
    const double fps = source_->framesPerSecond() > 0 ? source_->framesPerSecond() : kStillImageFps;
    const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / fps));
    // After a stall (a slow frame, a dragged window) start afresh rather than rush to catch up.
    due_ = (delivered_ && now - due_ < period) ? due_ + period : now + period;
    delivered_ = true;
    return source_->next();
  }

  std::unique_ptr<FrameSource> source_;
  bool delivered_ = false;
  std::int64_t lastIndex_ = -1;
  Clock::time_point due_{};
};

}  // namespace

std::unique_ptr<LiveSource> openLiveSource(const std::string& spec) {
  return std::make_unique<PacedLiveSource>(makeSource(parseSourceSpec(spec)));
}

}  // namespace kc
