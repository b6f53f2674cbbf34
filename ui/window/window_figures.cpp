#include "ui/window/window_figures.hpp"

#include <algorithm>
#include <ctime>

#include "gpu/pipeline/frame_ops.hpp"
#include "ui/window/gl_view.hpp"

namespace kc {

namespace {

double processCpuNowSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  const std::size_t k = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

}  // namespace

WindowFigures::WindowFigures(GlView& view, QObject* parent) : QObject(parent), view_(view) {
  connect(&view_, &QOpenGLWidget::frameSwapped, this, &WindowFigures::swapped);
}

void WindowFigures::start() {
  measuring_ = true;
  for (std::vector<double>* series : {&latencies_, &toReady_, &readyToHanded_, &handedToTaken_, &takenToSwapped_})
    series->clear();
  lastPresented_ = view_.renderer().framesPresented();
  startSeconds_ = steadyNowSeconds();
  startCpuSeconds_ = processCpuNowSeconds();
}

void WindowFigures::swapped() {
  const long long presented = view_.renderer().framesPresented();
  if (!measuring_ || presented == lastPresented_) return;
  lastPresented_ = presented;
  const FrameStats& stats = view_.renderer().lastStats();
  const double now = steadyNowSeconds();
  const double capture = stats.captureSeconds;
  latencies_.push_back(capture > 0 ? (now - capture) * 1e3 : 0.0);
  if (capture > 0 && stats.handedSeconds > 0 && stats.takenSeconds > 0) {
    const double ready = capture + stats.latencyMs / 1e3;
    toReady_.push_back(stats.latencyMs);
    readyToHanded_.push_back((stats.handedSeconds - ready) * 1e3);
    handedToTaken_.push_back((stats.takenSeconds - stats.handedSeconds) * 1e3);
    takenToSwapped_.push_back((now - stats.takenSeconds) * 1e3);
  }
}

WindowFiguresResult WindowFigures::result() const {
  WindowFiguresResult result;
  result.frames = static_cast<int>(latencies_.size());
  result.seconds = steadyNowSeconds() - startSeconds_;
  if (result.seconds > 0) result.framesPerSecond = result.frames / result.seconds;
  if (result.frames > 0) result.cpuMsPerFrame = (processCpuNowSeconds() - startCpuSeconds_) * 1e3 / result.frames;
  result.latencyMsP50 = percentile(latencies_, 0.5);
  result.latencyMsP95 = percentile(latencies_, 0.95);
  result.toReadyMsP50 = percentile(toReady_, 0.5);
  result.readyToHandedMsP50 = percentile(readyToHanded_, 0.5);
  result.handedToTakenMsP50 = percentile(handedToTaken_, 0.5);
  result.takenToSwappedMsP50 = percentile(takenToSwapped_, 0.5);
  return result;
}

}  // namespace kc
