#include "app/live/frame_worker.hpp"

#include <utility>

#include "gpu/pipeline/frame_ops.hpp"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace kc {

namespace {
// The view counts as painting while it took a frame this recently (a 60 Hz display takes one
// every 17 ms; a 10 frames/s software view every 100 ms).
constexpr auto kViewIdle = std::chrono::milliseconds(250);
// The longest a frame waits for the view to take the last one: a stalled view costs the
// recorder's tap at most this per frame.
constexpr auto kPaceLimit = std::chrono::milliseconds(100);
constexpr auto kPacePoll = std::chrono::milliseconds(1);
}  // namespace

void yieldToTheGuiThread() {
#ifdef __linux__
  constexpr int kNicer = 4;
  const auto self = static_cast<id_t>(syscall(SYS_gettid));
  (void)setpriority(PRIO_PROCESS, self, getpriority(PRIO_PROCESS, self) + kNicer);
#endif
}

FrameWorker::FrameWorker(std::unique_ptr<FramePipeline> pipeline, std::unique_ptr<FrameHandOff> handOff,
                         const FilterChain& chain, Callbacks callbacks, const DisplayWrapper& wrapDisplay)
    : pipeline_(std::move(pipeline)), handOff_(std::move(handOff)), callbacks_(std::move(callbacks)) {
  if (wrapDisplay) display_ = wrapDisplay(*handOff_);
  chain_ = chain;  // set on the worker thread: the CUDA pipeline may refuse a stage
  thread_.reset(QThread::create([this] { run(); }));
  thread_->setObjectName(QStringLiteral("kernelcam frame worker"));
  handOff_->bindToThread(*thread_);
  thread_->start();
}

FrameWorker::~FrameWorker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_->wait();
}

void FrameWorker::submit(HostFrame frame, bool still) {
  {
    std::lock_guard lock(mutex_);
    if (input_) ++dropped_;
    input_ = std::move(frame);
    inputStill_ = still;
  }
  ++submitted_;
  wake_.notify_one();
}

void FrameWorker::setChain(const FilterChain& chain) {
  {
    std::lock_guard lock(mutex_);
    chain_ = chain;
  }
  wake_.notify_one();
}

void FrameWorker::startNewStream() {
  {
    std::lock_guard lock(mutex_);
    newStream_ = true;
    if (input_) ++dropped_;
    input_.reset();  // the old source's frame
  }
  wake_.notify_one();
}

void FrameWorker::measure(HostFrame frame, int runs) {
  {
    std::lock_guard lock(mutex_);
    measurement_ = Measurement{std::move(frame), runs};
  }
  wake_.notify_one();
}

void FrameWorker::run() {
  yieldToTheGuiThread();
  try {
    handOff_->attachWorker();
    loop();
  } catch (...) {
    failed_ = true;
    if (callbacks_.failed) callbacks_.failed(std::current_exception());
  }
  // Here, with the hand-off's context still current: CUDA drops its GL buffer registrations.
  pipeline_.reset();
  try {
    handOff_->detachWorker();
  } catch (...) {
    // The context is going anyway; nothing left to tell the user about.
  }
}

void FrameWorker::loop() {
  for (;;) {
    std::optional<FilterChain> chain;
    std::optional<Measurement> measurement;
    std::optional<HostFrame> frame;
    bool still = false;
    bool newStream = false;
    bool paced = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || chain_ || newStream_ || measurement_ || input_ || inFlight_; });
      if (stop_) return;
      if (!chain_ && !newStream_ && !measurement_ && input_ && waitForTheView()) {
        // The frame handed over waits for the view: wait for its take (newer input may come meanwhile).
        paced = true;
        if (!inFlight_) wake_.wait_for(lock, kPacePoll, [&] { return stop_ || chain_ || newStream_ || measurement_; });
      }
    }
    if (paced) {
      flush();  // the view gets the newest result to take
      continue;
    }
    {
      std::unique_lock lock(mutex_);
      if (stop_) return;
      if (chain_) {
        chain = std::exchange(chain_, std::nullopt);
      } else if (newStream_) {
        newStream = std::exchange(newStream_, false);
      } else if (measurement_) {
        measurement = std::exchange(measurement_, std::nullopt);
      } else if (input_) {
        frame = std::exchange(input_, std::nullopt);
        still = inputStill_;
      }
    }
    if (chain) {
      flush();  // the frame in flight still shows under the chain it ran
      pipeline_->setChain(*chain);
      nextGeneration();
      rerunLastFrame();
    } else if (newStream) {
      flush();
      {
        std::lock_guard lock(mutex_);
        lastFrame_ = HostFrame{};  // the old source's picture must not come back under a new chain
      }
      nextGeneration();
    } else if (measurement) {
      flush();
      nextGeneration();
      runMeasurement(std::move(*measurement));
    } else if (frame) {
      if (still) runStill(*frame);
      else processFrame(*frame);
    } else {
      // Nothing new came while the frame was in flight: show it now rather than wait for the next.
      flush();
    }
  }
}

bool FrameWorker::waitForTheView() {
  const auto now = std::chrono::steady_clock::now();
  const std::int64_t taken = handOff_->framesTaken();
  if (taken != lastTaken_) {
    lastTaken_ = taken;
    lastTakeSeen_ = now;
  }
  const bool viewPainting = taken > 0 && now - lastTakeSeen_ < kViewIdle;
  if (!viewPainting || !handOff_->frameWaiting()) {
    waiting_ = false;
    return false;
  }
  if (!waiting_) {
    waiting_ = true;
    waitingSince_ = now;
  }
  if (now - waitingSince_ >= kPaceLimit) {
    waiting_ = false;
    return false;
  }
  return true;
}

void FrameWorker::runMeasurement(Measurement measurement) {
  int done = 0;
  for (; done < measurement.runs; ++done) {
    {
      std::lock_guard lock(mutex_);
      if (interruptedLocked()) break;
    }
    measurement.frame.timestampSeconds = steadyNowSeconds();
    processFrame(measurement.frame, true);  // a still's: a chain change after it runs it cold and warm
    flush();
  }
  if (callbacks_.measured) callbacks_.measured(done);
}

bool FrameWorker::interruptedLocked() const {
  return stop_ || chain_.has_value() || newStream_ || measurement_.has_value() || input_.has_value();
}

// After a chain change: the last frame again under the new chain, unless a newer frame (or any
// other request) already waits, which the loop takes next anyway. This is also how a still image
// (or a frozen frame) shows a new chain. Its stamp is this run's, as a still's is: latency counts
// from the run, not from when the source first gave the frame.
void FrameWorker::rerunLastFrame() {
  HostFrame frame;
  bool still = false;
  {
    std::lock_guard lock(mutex_);
    if (lastFrame_.empty() || interruptedLocked()) return;
    frame = lastFrame_;
    still = lastFrameStill_;
  }
  frame.timestampSeconds = steadyNowSeconds();
  ++rerun_;
  if (still) runStill(frame);
  else processFrame(frame);
}

// A still's cold run, shown and marked cold, then (unless something else is asked meanwhile) the
// same frame again in a new generation: the view's means start over with the warm run alone, and
// the cold run's figure, replaced before the view took it or not, is not among them.
void FrameWorker::runStill(const HostFrame& frame) {
  handOff_->setColdRun(true);
  processFrame(frame, true);
  flush();
  handOff_->setColdRun(false);
  {
    std::lock_guard lock(mutex_);
    if (interruptedLocked()) return;
  }
  nextGeneration();
  HostFrame again = frame;
  again.timestampSeconds = steadyNowSeconds();
  processFrame(again, true);
  flush();
}

HostFrame FrameWorker::latestFrame() const {
  std::lock_guard lock(mutex_);
  return lastFrame_;
}

void FrameWorker::processFrame(const HostFrame& frame, bool still) {
  {
    std::lock_guard lock(mutex_);
    lastFrame_ = frame;  // shares the pixels: no copy
    lastFrameStill_ = still;
  }
  const std::int64_t before = handOff_->framesPresented();
  pipeline_->submitLive(frame, display());
  inFlight_ = true;
  ++runs_;
  if (handOff_->framesPresented() != before && callbacks_.presented) callbacks_.presented();
}

void FrameWorker::flush() {
  if (!inFlight_) return;
  inFlight_ = false;
  if (pipeline_->flushLive(display()) && callbacks_.presented) callbacks_.presented();
}

void FrameWorker::nextGeneration() { handOff_->setGeneration(++generation_); }

}  // namespace kc
