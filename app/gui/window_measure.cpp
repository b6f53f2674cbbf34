#include "app/gui/window_measure.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "app/gui/gui_launcher.hpp"
#include "app/live/fallback_notices.hpp"
#include "app/live/live_controller.hpp"
#include "gpu/core/message_text.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "ui/window/window_figures.hpp"

namespace kc {

namespace {

constexpr int kWarmUpMs = 2000;
constexpr int kFirstFrameTimeoutMs = 60000;

// The source asked for could not be shown (the window stands in the pattern, or a smaller one):
// measuring what stands in would be figures of something else.
bool sourceStoodIn(GuiSession& session) {
  const Notice* notice = session.window().notices()->find(kSourceNoticeId);
  if (!notice) return false;
  std::fprintf(stderr, "kernelcam: --measure: %s (%s): nothing measured\n",
               printableText(notice->summary.toStdString()).c_str(),
               printableText(notice->explanation.toStdString()).c_str());
  QCoreApplication::exit(2);
  return true;
}

void finish(GuiSession& session, WindowFigures* figures, double seconds) {
  if (sourceStoodIn(session)) return;  // the source was lost during the measurement
  const WindowFiguresResult result = figures->result();
  if (result.frames == 0) {  // nothing to put figures on: say why, and no JSON that reads as a measurement
    std::fprintf(stderr,
                 "kernelcam: --measure: no frame reached the screen in the %s s measured (source %s): measure for "
                 "longer\n",
                 exactNumber(seconds).c_str(),
                 quotedText(session.controller().sourceSpec().toStdString(), 200).c_str());
    QCoreApplication::exit(1);
    return;
  }
  MainWindow& window = session.window();
  GlView& view = *window.view();
  const qreal ratio = view.devicePixelRatioF();
  const FrameStats& stats = view.renderer().lastStats();
  QJsonObject json{
      {"source", session.controller().sourceSpec()},
      {"frame_width", stats.width},
      {"frame_height", stats.height},
      {"view_width", static_cast<int>(view.width() * ratio + 0.5)},
      {"view_height", static_cast<int>(view.height() * ratio + 0.5)},
      {"device", window.statusDevice()},
      {"display_path", window.statusDisplayPath()},
      {"frames", result.frames},
      {"seconds", result.seconds},
      {"fps", result.framesPerSecond},
      {"cpu_ms_per_frame", result.cpuMsPerFrame},
      {"latency_ms_p50", result.latencyMsP50},
      {"latency_ms_p95", result.latencyMsP95},
      // The latency in frame intervals of the window's own rate: "<= 2 frames" is the target.
      {"latency_frames_p50", result.latencyMsP50 * result.framesPerSecond / 1000.0},
      // Where the median latency goes: to the pipeline's result, to the hand-over, to the view's
      // take, to the end of the swap.
      {"latency_parts_ms_p50", QJsonObject{{"to_result", result.toReadyMsP50},
                                           {"result_to_handed", result.readyToHandedMsP50},
                                           {"handed_to_taken", result.handedToTakenMsP50},
                                           {"taken_to_swapped", result.takenToSwappedMsP50}}},
  };
  std::fprintf(stdout, "%s\n", QJsonDocument(json).toJson(QJsonDocument::Compact).constData());
  std::fflush(stdout);
  QCoreApplication::exit(0);
}

}  // namespace

void measureWindow(GuiSession& session, double seconds) {
  auto* figures = new WindowFigures(*session.window().view(), &session.window());
  auto* poll = new QTimer(figures);
  poll->setInterval(20);
  auto clock = std::make_shared<QElapsedTimer>();
  clock->start();
  QObject::connect(poll, &QTimer::timeout, figures, [&session, figures, poll, clock, seconds] {
    if (session.window().view()->renderer().framesPresented() == 0) {
      if (clock->elapsed() < kFirstFrameTimeoutMs) return;
      std::fprintf(stderr, "kernelcam: --measure: no frame reached the screen in %d s\n", kFirstFrameTimeoutMs / 1000);
      QCoreApplication::exit(1);
      return;
    }
    poll->stop();
    if (sourceStoodIn(session)) return;
    QTimer::singleShot(kWarmUpMs, figures, [&session, figures, seconds] {
      figures->start();
      QTimer::singleShot(static_cast<int>(seconds * 1000 + 0.5), figures,
                         [&session, figures, seconds] { finish(session, figures, seconds); });
    });
  });
  poll->start();
}

}  // namespace kc
