#include "app/live/replay_source.hpp"

#include <vector>

#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

class UnpacedReplay final : public LiveSource {
 public:
  UnpacedReplay(std::unique_ptr<LiveSource> source, int frames) : source_(std::move(source)), wanted_(frames) {}

  std::optional<HostFrame> grab() override {
    if (static_cast<int>(frames_.size()) < wanted_) {  // still collecting, at the source's pace
      std::optional<HostFrame> frame = source_->grab();
      if (frame) frames_.push_back(*frame);
      return frame;
    }
    HostFrame frame = frames_[next_ % frames_.size()];
    frame.index = static_cast<std::int64_t>(wanted_ + next_++);
    frame.timestampSeconds = steadyNowSeconds();
    return frame;
  }

  std::string description() const override { return source_->description(); }
  // A still image is replayed like any frame (the controller would grab it once, and there would
  // be nothing to measure): what is measured is the window's path, on that image.
  bool isStill() const override { return false; }
  int width() const override { return source_->width(); }
  int height() const override { return source_->height(); }
  void setFramePool(std::shared_ptr<FramePool> pool) override { source_->setFramePool(std::move(pool)); }

 private:
  std::unique_ptr<LiveSource> source_;
  int wanted_;
  std::vector<HostFrame> frames_;
  std::size_t next_ = 0;
};

}  // namespace

std::unique_ptr<LiveSource> unpacedReplay(std::unique_ptr<LiveSource> source, int frames) {
  return std::make_unique<UnpacedReplay>(std::move(source), frames);
}

}  // namespace kc
