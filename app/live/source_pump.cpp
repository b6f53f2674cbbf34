#include "app/live/source_pump.hpp"

#include <chrono>

#include "app/live/frame_worker.hpp"
#include "app/live/live_source.hpp"

namespace kc {

namespace {
// How often to ask a source that had nothing new: a paced source's frame is due at most this late,
// and a camera's frame waits at most this long. Far below any frame interval, and next to no CPU.
constexpr auto kPollInterval = std::chrono::milliseconds(2);
}  // namespace

SourcePump::SourcePump(LiveSource& source, FrameWorker& worker, std::function<void(std::exception_ptr)> failed)
    : source_(source), worker_(worker), failed_(std::move(failed)), thread_([this] { run(); }) {}

SourcePump::~SourcePump() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void SourcePump::run() {
  yieldToTheGuiThread();
  std::unique_lock lock(mutex_);
  while (!stop_) {
    lock.unlock();
    std::optional<HostFrame> frame;
    try {
      frame = source_.grab();
    } catch (...) {
      if (failed_) failed_(std::current_exception());
      return;
    }
    if (frame) worker_.submit(std::move(*frame));
    lock.lock();
    if (!frame) wake_.wait_for(lock, kPollInterval, [this] { return stop_; });
  }
}

}  // namespace kc
