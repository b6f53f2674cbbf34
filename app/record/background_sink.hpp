#pragma once
// A FrameSink fed from the GUI thread and written on its own thread, so that encoding a video or
// writing to a virtual camera never holds up the view: a bounded queue between the two; when it is
// full the frame is dropped and counted, never waited for.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <opencv2/core.hpp>

#include "app/record/frame_sink.hpp"

namespace kc {

// A frame on its way to a sink: grey or RGBA pixels the queue owns, and when it was shown.
struct CapturedFrame {
  cv::Mat pixels;          // CV_8UC1 or CV_8UC4 (RGBA)
  bool bottomUp = false;   // rows as GL reads them; flipped on the worker thread
  double timeSeconds = 0;  // steady clock, when the frame was presented
};

struct SinkProgress {
  long long offered = 0;  // frames handed to offer()
  long long written = 0;  // frames the sink took (a constant-rate video counts its repeats)
  long long dropped = 0;  // frames offered while the queue was full
  double seconds = 0;     // from the first frame offered to the last
  std::string frameSize;  // the sink's, once its first frame is written
  std::string error;      // the sink's failure: nothing more is written
  double framesPerSecond() const { return seconds > 0 ? (offered - 1) / seconds : 0; }
};

class BackgroundSink {
 public:
  // `constantRate` > 0: the sink is a video at that rate, and each frame is written as often as its
  // presentation time asks (repeated when the view was slower, skipped when faster), so that the
  // video plays at the speed it was shown. 0: each frame once (a virtual camera).
  BackgroundSink(std::unique_ptr<FrameSink> sink, std::size_t capacity, double constantRate = 0);
  ~BackgroundSink();  // stops without finish(): a video's temporary file is removed
  BackgroundSink(const BackgroundSink&) = delete;
  BackgroundSink& operator=(const BackgroundSink&) = delete;

  // Never blocks: false (and counted as dropped) when the queue is full or the sink failed.
  bool offer(CapturedFrame frame);
  // A frame that could not be captured (a failed GPU read): counted as dropped.
  void missed();
  // Writes what is queued, then completes the sink (FrameSink::finish). Throws the sink's
  // failure (one line) if it failed.
  void finish();
  SinkProgress progress() const;

 private:
  void run();
  void consume(CapturedFrame& frame);
  void stop();

  std::unique_ptr<FrameSink> sink_;
  const std::size_t capacity_;
  const double rate_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<CapturedFrame> queue_;
  bool stopping_ = false;
  SinkProgress progress_;
  double firstTime_ = -1, lastTime_ = 0;
  long long skippedSlots_ = 0;  // video frame slots of stalls longer than a second, left out
  std::thread thread_;
};

}  // namespace kc
