#pragma once
// One job at a time on a thread of its own, and a wait for it: LabRunner's frame in flight (the
// reply from the lab's worker is awaited there, within the launch's time limit, while the pipeline's
// thread goes on with the next frame). A persistent thread: a frame costs a wake-up, not a thread.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace kc::lab {

class BackgroundCall {
 public:
  BackgroundCall();
  // Waits for the job that runs, then ends the thread.
  ~BackgroundCall();
  BackgroundCall(const BackgroundCall&) = delete;
  BackgroundCall& operator=(const BackgroundCall&) = delete;

  // Runs `job` on the thread. The one before must be finished (wait()). The job must not throw.
  void start(std::function<void()> job);
  // Returns once no job is waiting or running.
  void wait();

 private:
  void loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> job_;
  bool running_ = false;
  bool quit_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace kc::lab
