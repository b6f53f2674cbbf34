#include "app/record/background_sink.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <opencv2/core.hpp>

#include "gpu/core/error.hpp"

namespace kc {

namespace {
// After a stall (the window hidden, the machine busy) at most a second of repeats.
constexpr double kMaxRepeatSeconds = 1.0;
}  // namespace

BackgroundSink::BackgroundSink(std::unique_ptr<FrameSink> sink, std::size_t capacity, double constantRate)
    : sink_(std::move(sink)), capacity_(std::max<std::size_t>(capacity, 1)), rate_(constantRate) {
  KC_REQUIRE(sink_ != nullptr, "BackgroundSink: no sink");
  thread_ = std::thread([this] { run(); });
}

BackgroundSink::~BackgroundSink() { stop(); }

void BackgroundSink::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool BackgroundSink::offer(CapturedFrame frame) {
  {
    std::lock_guard lock(mutex_);
    ++progress_.offered;
    if (firstTime_ < 0) firstTime_ = frame.timeSeconds;
    lastTime_ = frame.timeSeconds;
    progress_.seconds = lastTime_ - firstTime_;
    if (stopping_ || !progress_.error.empty() || queue_.size() >= capacity_) {
      ++progress_.dropped;
      return false;
    }
    queue_.push_back(std::move(frame));
  }
  wake_.notify_one();
  return true;
}

void BackgroundSink::missed() {
  std::lock_guard lock(mutex_);
  ++progress_.offered;
  ++progress_.dropped;
}

void BackgroundSink::run() {
  for (;;) {
    CapturedFrame frame;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything queued is written
      frame = std::move(queue_.front());
      queue_.pop_front();
      if (!progress_.error.empty()) continue;  // failed: drain without writing
    }
    try {
      consume(frame);
    } catch (const std::exception& error) {
      std::lock_guard lock(mutex_);
      progress_.error = error.what();
    }
  }
}

void BackgroundSink::consume(CapturedFrame& frame) {
  if (frame.bottomUp) {
    cv::Mat upright;
    cv::flip(frame.pixels, upright, 0);  // into a new image: other sinks may share the pixels
    frame.pixels = upright;
  }
  long long copies = 1;
  if (rate_ > 0) {
    std::lock_guard lock(mutex_);
    // Frame k of the video shows at k / rate: this frame covers the slots up to its own time.
    const long long due =
        static_cast<long long>(std::floor((frame.timeSeconds - firstTime_) * rate_)) + 1 - skippedSlots_;
    const long long maxRepeats = std::max(1LL, static_cast<long long>(kMaxRepeatSeconds * rate_));
    if (due - progress_.written > maxRepeats)
      skippedSlots_ += due - progress_.written - maxRepeats;  // the stall is cut
    copies = std::clamp(due - progress_.written, 0LL, maxRepeats);
    if (progress_.written == 0) copies = std::max(copies, 1LL);
  }
  for (long long i = 0; i < copies; ++i) sink_->write(frame.pixels);
  std::lock_guard lock(mutex_);
  progress_.written += copies;
  if (progress_.frameSize.empty()) progress_.frameSize = sink_->frameSize();
}

void BackgroundSink::finish() {
  stop();  // the worker writes what is queued before it returns
  std::string error;
  {
    std::lock_guard lock(mutex_);
    error = progress_.error;
  }
  if (!error.empty()) throw std::runtime_error(error);
  sink_->finish();
}

SinkProgress BackgroundSink::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

}  // namespace kc
