#include "gpu/lab/background_call.hpp"

#include "gpu/core/error.hpp"

namespace kc::lab {

BackgroundCall::BackgroundCall() : thread_([this] { loop(); }) {}

BackgroundCall::~BackgroundCall() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundCall::start(std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    KC_REQUIRE(!job_ && !running_, "BackgroundCall::start: the job before has not finished");
    job_ = std::move(job);
  }
  changed_.notify_all();
}

void BackgroundCall::wait() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !job_ && !running_; });
}

void BackgroundCall::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return quit_ || job_; });
    if (!job_) return;  // quit, and nothing left to run
    std::function<void()> job = std::move(job_);
    job_ = nullptr;
    running_ = true;
    lock.unlock();
    job();
    lock.lock();
    running_ = false;
    changed_.notify_all();
  }
}

}  // namespace kc::lab
