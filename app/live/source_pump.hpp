#pragma once
// Grabs frames from a live source on a thread of its own, at the source's pace, and hands each to
// the frame worker (latest wins there). Drawing the pattern, decoding a video or copying a camera
// frame then costs the GUI thread nothing (8 ms per 1280x720 pattern frame on a busy 2-core
// machine, several times that at 4K), and a source keeps its own pace however slow the chain is:
// a video plays in real time with frames dropped, not in slow motion.
// Still images do not need one: the controller grabs a still once.
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace kc {

class FrameWorker;
class LiveSource;

class SourcePump {
 public:
  // `failed` runs on the pump's thread when the source throws (camera lost, file unreadable);
  // the pump has stopped by then. `source` and `worker` must outlive the pump.
  SourcePump(LiveSource& source, FrameWorker& worker, std::function<void(std::exception_ptr)> failed);
  ~SourcePump();  // stops and joins (a grab in progress finishes first)
  SourcePump(const SourcePump&) = delete;
  SourcePump& operator=(const SourcePump&) = delete;

 private:
  void run();

  LiveSource& source_;
  FrameWorker& worker_;
  std::function<void(std::exception_ptr)> failed_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace kc
