#pragma once
// Runs the frame pipeline on a thread of its own, so that no chain, however slow, holds up the
// window: the GUI thread hands frames in and takes finished ones out of a FrameHandOff when it
// paints. Both ends are latest-wins slots: a frame handed in replaces one the worker has not
// started (a dropped frame), and a finished frame replaces one the view has not taken. Nothing
// queues, so memory stays flat and latency stays one frame when the chain is slower than the source.
//
// The worker owns the pipeline from construction on and frees it on its own thread (with the
// hand-off's GL context current there: CUDA drops its buffer registrations with it).
// Changes (chain, a new stream, a measurement) apply to the next frame the worker takes; the
// frame in progress finishes first (a stage cannot be interrupted), and so does the destructor.
// Paced by the view: while the view is painting (it took a frame in the last kViewIdle), the
// worker starts no new frame while the one it handed over waits untaken, up to kPaceLimit. A
// frame computed then would only replace that one unseen, and its GL hand-off would queue behind
// the view's draw and swap: at 4K on the H200 under Xvfb a frame's result came 17 ms after its
// capture, 3.7 frames of latency (docs/PERFORMANCE.md, "The window on the H200"). Meanwhile the
// source's newer frames replace the waiting input, so the frame started next is the newest.
// A view that takes nothing (hidden, or no view: the recorder's tap alone) does not slow it.
// A new chain runs at once on the last frame the source gave when no newer one waits: an edit in
// the kernel lab (or a filter ticked in the dock) shows without waiting for the source's next
// frame, up to a whole frame interval of a 30 frames/s camera.
// A still (an image, a frozen frame) is run twice per change: the first run is cold (the chain's
// first on the frame: caches, thread pools, a CUDA module's first launch, buffers; it read 34 ms
// for a convolution that takes 30 us) and is shown at once, marked cold (HandedFrame::coldRun);
// the second, in a generation of its own, is the warm figure the overlay keeps.
#include <QThread>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "ui/render/frame_hand_off.hpp"

namespace kc {

// Lowers the calling thread's priority a little (Linux: nice +4, per thread): when the window and
// the frame work want the same core, the window should win. Input handled late is what a user
// notices; a frame a little later is not.
void yieldToTheGuiThread();

class FrameWorker {
 public:
  // Called on the worker thread: keep them short (post to the GUI thread).
  struct Callbacks {
    std::function<void()> presented;                 // a finished frame waits in the hand-off
    std::function<void(std::exception_ptr)> failed;  // the pipeline threw; the worker has stopped
    std::function<void(int runs)> measured;          // a measurement finished (runs done)
  };

  // What the pipeline writes into instead of the hand-off itself: a sink in front of it that passes
  // every call on (the recorder's tap, app/record/frame_tap.hpp), used on the worker thread.
  using DisplayWrapper = std::function<std::unique_ptr<DisplaySink>(DisplaySink& handOff)>;

  FrameWorker(std::unique_ptr<FramePipeline> pipeline, std::unique_ptr<FrameHandOff> handOff, const FilterChain& chain,
              Callbacks callbacks, const DisplayWrapper& wrapDisplay = {});
  ~FrameWorker();  // waits for the frame in progress, then frees the pipeline on the worker thread
  FrameWorker(const FrameWorker&) = delete;
  FrameWorker& operator=(const FrameWorker&) = delete;

  // GUI thread --------------------------------------------------------------------------------
  // Latest wins. `still`: the frame is a still's, run again warm after its first run (above).
  void submit(HostFrame frame, bool still = false);
  void setChain(const FilterChain& chain);
  // Frames from now on come from another source (or the same still again): the overlay's means
  // and fps start over.
  void startNewStream();
  // Runs `frame` through the chain `runs` times back to back (a still's timing table); stops
  // early when anything else is asked of the worker.
  void measure(HostFrame frame, int runs);

  FrameHandOff& handOff() { return *handOff_; }
  // The frame the worker ran last (any thread; shares its pixels): what a kernel's per-line
  // profile runs on. Empty before the first.
  HostFrame latestFrame() const;
  std::int64_t framesSubmitted() const { return submitted_.load(); }  // handed in
  std::int64_t framesDropped() const { return dropped_.load(); }      // handed in, replaced unprocessed
  std::int64_t pipelineRuns() const { return runs_.load(); }          // frames through the chain
  std::int64_t framesRerun() const { return rerun_.load(); }          // the last frame again, on a new chain
  bool failed() const { return failed_.load(); }

 private:
  struct Measurement {
    HostFrame frame;
    int runs = 0;
  };
  void run();
  void loop();
  void runMeasurement(Measurement measurement);
  void processFrame(const HostFrame& frame, bool still = false);
  void runStill(const HostFrame& frame);
  void rerunLastFrame();
  void flush();
  void nextGeneration();
  DisplaySink& display() { return display_ ? *display_ : *handOff_; }
  bool interruptedLocked() const;

  std::unique_ptr<FramePipeline> pipeline_;
  std::unique_ptr<FrameHandOff> handOff_;
  std::unique_ptr<DisplaySink> display_;  // in front of handOff_, or null
  Callbacks callbacks_;
  std::unique_ptr<QThread> thread_;

  // Under mutex_ (the GUI thread asks, the worker takes):
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::optional<HostFrame> input_;
  bool inputStill_ = false;
  std::optional<FilterChain> chain_;
  bool newStream_ = false;
  std::optional<Measurement> measurement_;
  HostFrame lastFrame_;  // the newest frame run (one pooled buffer kept; empty: none): run again on a new chain
  bool lastFrameStill_ = false;

  // Worker thread only:
  bool waitForTheView();  // pacing (above): true while the next frame should wait
  std::int64_t lastTaken_ = -1;
  std::chrono::steady_clock::time_point lastTakeSeen_{}, waitingSince_{};
  bool waiting_ = false;
  bool inFlight_ = false;  // the pipeline holds a frame it has not presented (CUDA's two-frame overlap)
  std::uint64_t generation_ = 0;

  std::atomic<std::int64_t> submitted_{0}, dropped_{0}, runs_{0}, rerun_{0};
  std::atomic<bool> failed_{false};
};

}  // namespace kc
