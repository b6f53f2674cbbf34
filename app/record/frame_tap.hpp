#pragma once
// Where the recorder and the virtual camera take their frames from the live path. The chain runs
// on the frame worker's thread (app/live/frame_worker.hpp) and hands finished frames to the view
// through a FrameHandOff (latest wins); the tap takes each kind of frame from its cheapest correct
// source, and only while a sink listens for that kind:
//  - filtered (the chain's output): on the worker thread, every frame the pipeline presents, also
//    those the view replaces unseen. display() puts a DisplaySink between the pipeline and the
//    hand-off that forwards every call. On the copy paths (CPU, CUDA without interop, the host
//    hand-off) the pixels come through writeFiltered: copied, no GL read at all. With CUDA-GL
//    interop the frame exists only in the hand-off's filtered pixel buffer, in the worker's GL
//    context: one read of that buffer (the filtered size, 1 or 4 bytes a pixel) after the frame
//    is handed over, never a re-render. The view never waits for it.
//  - composite (the view with its overlays, as on screen): only the view's renderer makes it, on
//    the GUI thread in paintGL (viewPainted): it renders once more into an offscreen framebuffer
//    of the recording's size and reads that. Not the widget's framebuffer: the window may be
//    resized while recording, and a video's size cannot change; and QOpenGLWidget::grabFramebuffer
//    would run paintGL again.
// Sinks only queue (background_sink.hpp): neither the worker nor the view waits for an encoder.
// Sinks are added and removed on the GUI thread; once remove() returns no thread touches the sink.
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include <opencv2/core.hpp>

#include "gpu/pipeline/display_sink.hpp"

namespace kc {

class BackgroundSink;
class GlRenderer;
class OffscreenTarget;

class FrameTap {
 public:
  FrameTap();
  ~FrameTap();  // the offscreen framebuffer must be gone by then (releaseGl)
  FrameTap(const FrameTap&) = delete;
  FrameTap& operator=(const FrameTap&) = delete;

  // GUI thread. The sinks are not owned; remove() before destroying one.
  void addFiltered(BackgroundSink* sink);
  void addComposite(BackgroundSink* sink, cv::Size size);  // one composite size at a time
  void remove(BackgroundSink* sink);
  bool empty() const;

  // The frame worker's side: a DisplaySink in front of `next` (the worker's hand-off) that forwards
  // every call and offers each presented filtered frame to the filtered sinks, on the thread that
  // presents. `next` and the tap must outlive it.
  std::unique_ptr<DisplaySink> display(DisplaySink& next);

  // GUI thread, in the view's paintGL (its GL context current), after the view took its newest
  // frame: the composite of `renderer` to the composite sinks. Nothing before the first frame.
  void viewPainted(GlRenderer& renderer);
  // Frees the offscreen framebuffer; with the view's context current (glAboutToRelease).
  void releaseGl();

 private:
  friend class TappedDisplay;
  bool wantsFiltered() const { return wantsFiltered_.load(std::memory_order_relaxed); }
  void offerFiltered(const cv::Mat& pixels);
  void missedFiltered();
  cv::Mat renderComposite(GlRenderer& renderer, cv::Size size);

  mutable std::mutex mutex_;  // the lists: the worker offers while the GUI thread adds and removes
  std::vector<BackgroundSink*> filtered_;
  std::vector<BackgroundSink*> composite_;
  cv::Size compositeSize_;
  std::atomic<bool> wantsFiltered_{false};
  std::unique_ptr<OffscreenTarget> target_;  // GUI thread only
};

}  // namespace kc
