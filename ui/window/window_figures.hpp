#pragma once
// The window's own figures (`kernelcam --measure`, issue 20): frames that reach the screen per
// second, the process's CPU time per such frame, and the latency from a frame's source stamp to
// the end of the swap that put it on screen. Counted at QOpenGLWidget::frameSwapped: a swap that
// shows a frame the renderer had not shown before counts once (repaints of the same frame do not).
#include <QObject>
#include <vector>

namespace kc {

class GlView;

struct WindowFiguresResult {
  int frames = 0;      // new frames swapped onto the screen while measuring
  double seconds = 0;  // wall time measured
  double framesPerSecond = 0;
  double cpuMsPerFrame = 0;                   // the whole process's CPU time (every thread) per frame shown
  double latencyMsP50 = 0, latencyMsP95 = 0;  // source stamp -> swapped
  // The median latency's parts: source stamp -> the pipeline's result ready -> handed to the view
  // -> taken by the view's paint -> swapped (FrameStats' stamps).
  double toReadyMsP50 = 0, readyToHandedMsP50 = 0, handedToTakenMsP50 = 0, takenToSwappedMsP50 = 0;
};

class WindowFigures : public QObject {
  Q_OBJECT
 public:
  explicit WindowFigures(GlView& view, QObject* parent = nullptr);
  void start();  // counts from now
  WindowFiguresResult result() const;

 private:
  void swapped();

  GlView& view_;
  bool measuring_ = false;
  long long lastPresented_ = -1;
  double startSeconds_ = 0, startCpuSeconds_ = 0;
  std::vector<double> latencies_;
  std::vector<double> toReady_, readyToHanded_, handedToTaken_, takenToSwapped_;
};

}  // namespace kc
