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
  latencies_.clear();
  lastPresented_ = view_.renderer().framesPresented();
  startSeconds_ = steadyNowSeconds();
  startCpuSeconds_ = processCpuNowSeconds();
}

void WindowFigures::swapped() {
  const long long presented = view_.renderer().framesPresented();
  if (!measuring_ || presented == lastPresented_) return;
  lastPresented_ = presented;
  const double capture = view_.renderer().lastStats().captureSeconds;
  latencies_.push_back(capture > 0 ? (steadyNowSeconds() - capture) * 1e3 : 0.0);
}

WindowFiguresResult WindowFigures::result() const {
  WindowFiguresResult result;
  result.frames = static_cast<int>(latencies_.size());
  result.seconds = steadyNowSeconds() - startSeconds_;
  if (result.seconds > 0) result.framesPerSecond = result.frames / result.seconds;
  if (result.frames > 0) result.cpuMsPerFrame = (processCpuNowSeconds() - startCpuSeconds_) * 1e3 / result.frames;
  result.latencyMsP50 = percentile(latencies_, 0.5);
  result.latencyMsP95 = percentile(latencies_, 0.95);
  return result;
}

}  // namespace kc
