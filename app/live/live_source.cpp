#include "app/live/live_source.hpp"

#include "app/sources/camera_source.hpp"
#include "app/sources/frame_source.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

// Paces a FrameSource for the view's poll timer: a file or the pattern hands out a frame when its
// frame interval has passed; a camera hands out each new frame once (its index tells new from seen).
class PacedLiveSource final : public LiveSource {
 public:
  PacedLiveSource(std::unique_ptr<FrameSource> source, bool still) : source_(std::move(source)), still_(still) {
    // No frame rate (a still image): 30 fps, though the controller grabs a still only once.
    const double fps = source_->framesPerSecond() > 0 ? source_->framesPerSecond() : 30.0;
    interval_ = source_->isLive() ? 0.0 : 1.0 / fps;
  }

  std::optional<HostFrame> grab() override {
    if (source_->isLive()) {
      if (!source_->hasNews()) return std::nullopt;
      HostFrame frame = source_->next();  // throws SourceError once the camera is lost
      if (frame.empty() || frame.index == lastIndex_) return std::nullopt;
      lastIndex_ = frame.index;
      return frame;
    }
    const double now = steadyNowSeconds();
    if (now < due_) return std::nullopt;
    due_ = (due_ == 0 || now - due_ > interval_) ? now + interval_ : due_ + interval_;  // no burst after a stall
    return source_->next();
  }

  std::string description() const override { return source_->name(); }
  bool isStill() const override { return still_; }
  int width() const override { return source_->width(); }
  int height() const override { return source_->height(); }
  void setFramePool(std::shared_ptr<FramePool> pool) override { source_->setFramePool(std::move(pool)); }
  QCamera* camera() const override {
    const auto* camera = dynamic_cast<const CameraSource*>(source_.get());
    return camera ? camera->camera() : nullptr;
  }

 private:
  std::unique_ptr<FrameSource> source_;
  bool still_ = false;
  double interval_ = 0;
  double due_ = 0;
  std::int64_t lastIndex_ = -1;
};

}  // namespace

std::unique_ptr<LiveSource> openLiveSource(const std::string& spec, const SourceOptions& options) {
  const SourceSpec parsed = parseSourceSpec(spec);
  return std::make_unique<PacedLiveSource>(makeSource(parsed, options), parsed.kind == SourceKind::Image);
}

}  // namespace kc
