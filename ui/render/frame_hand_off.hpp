#pragma once
// The hand-over of finished frames from the pipeline's worker thread to the view (GUI thread).
// The worker's pipeline sees a DisplaySink: it prepares, writes and presents a frame as it would
// into the renderer. The view takes the newest presented frame into its own renderer when it
// paints. Latest wins: one frame waits at most; a newer one replaces it (a dropped frame, whose
// timings still reach the overlay's means), so nothing queues up when the view is slower.
//
// Two kinds: GlFrameHandOff (gl_frame_hand_off.hpp) has a GL context of its own on the worker,
// shared with the view's, and hands over textures; HostFrameHandOff keeps the pixels in host
// memory, for platforms without GL on other threads.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "gpu/pipeline/display_sink.hpp"

class QThread;

namespace kc {

class GlRenderer;

// What comes with the pixels of a taken frame.
struct HandedFrame {
  FrameStats stats;                 // the frame now in the view's buffers
  std::vector<FrameStats> skipped;  // frames presented since the last take and replaced unseen (oldest first)
  std::uint64_t generation = 0;     // the worker's epoch (chain, source or measurement) it belongs to
  bool coldRun = false;             // a still's first run after a change: its times are not the warm ones
};

class FrameHandOff : public DisplaySink {
 public:
  // At most this many skipped frames' stats travel with a taken one (the overlay's means window).
  static constexpr std::size_t kMaxSkipped = 30;

  // GUI thread, before the worker starts: give what the worker thread must own to `worker`.
  virtual void bindToThread(QThread& /*worker*/) {}
  // Worker thread, before the first and after the last pipeline call.
  virtual void attachWorker() {}
  virtual void detachWorker() {}

  // Worker thread: frames presented from now on belong to `generation`. Within one generation a
  // frame's frameMs becomes the time since the previous present (what the view really gets); the
  // first frame of a generation keeps the pipeline's own figure.
  void setGeneration(std::uint64_t generation) { generation_.store(generation); }
  // Worker thread: frames presented from now on are (or are not) a still's cold first run.
  void setColdRun(bool cold) { coldRun_.store(cold); }

  // GUI thread, the view's GL context current: the newest presented frame into `view` (its
  // pixels uploaded, or the worker's textures shown); the caller then records its stats
  // (GlRenderer::recordFrame). Nothing when no frame was presented since the last take.
  virtual std::optional<HandedFrame> takeInto(GlRenderer& view) = 0;

  std::int64_t framesPresented() const { return presented_.load(); }  // by the pipeline, on the worker
  std::int64_t framesTaken() const { return taken_.load(); }          // by the view
  std::int64_t framesReplaced() const { return replaced_.load(); }    // presented, never taken
  // A presented frame waits for the view (any thread; a snapshot).
  bool frameWaiting() const { return presented_.load() > taken_.load() + replaced_.load(); }

 protected:
  // Called by present() with mutex_ held: records `stats` as the frame waiting to be taken.
  void publishLocked(FrameStats stats);
  // With mutex_ held: the waiting frame, if any (taking it).
  std::optional<HandedFrame> takeLocked();
  bool hasWaitingLocked() const { return waiting_.has_value(); }

  std::mutex mutex_;

 private:
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<bool> coldRun_{false};
  std::optional<HandedFrame> waiting_;
  std::uint64_t lastGeneration_ = 0;
  double lastPresentSeconds_ = 0;
  std::atomic<std::int64_t> presented_{0}, taken_{0}, replaced_{0};
};

// Pixels in host memory, three sets rotating (written by the worker, waiting, read by the view),
// so neither side copies while holding the lock; the view uploads them. No GL buffers: the CUDA
// pipeline takes its copy path. For where the worker can have no GL context.
class HostFrameHandOff final : public FrameHandOff {
 public:
  bool prepare(const DisplayLayout& layout) override;
  unsigned originalBuffer() const override { return 0; }
  unsigned filteredBuffer() const override { return 0; }
  void writeOriginal(const std::uint8_t* pixels, std::size_t pitch) override;
  void writeFiltered(const std::uint8_t* pixels, std::size_t pitch) override;
  void present(const FrameStats& stats) override;
  std::optional<HandedFrame> takeInto(GlRenderer& view) override;

 private:
  struct Pixels {
    DisplayLayout layout;
    std::vector<std::uint8_t> original, filtered;  // tightly packed rows
  };
  Pixels writing_, waiting_, reading_;
};

}  // namespace kc
