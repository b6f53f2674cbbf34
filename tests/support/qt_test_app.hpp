#pragma once
// One QApplication per test process (CTest runs each case in its own process), the app's own
// subclass (its last-chance exception handler included). Without a display
// it runs on Qt's offscreen platform: widgets and QPainter work, QOpenGLWidget does not.
#include <gtest/gtest.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <cstdlib>
#include <functional>
#include <string>

#include "app/diagnostics/quiet_output.hpp"
#include "app/live/kernelcam_application.hpp"
#include "tests/support/gpu_graphics_health.hpp"
#include "ui/window/gl_view.hpp"

namespace kc::test {

inline QApplication& testApplication() {
  static QApplication* app = [] {
    const bool display = std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY");
    if (!display && !std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    installQuietOutput(false);  // as main() does: no XDG_RUNTIME_DIR / PulseAudio lines in the logs
    useGlCoreProfileByDefault();
    static int argc = 1;
    static char name[] = "app_tests";
    static char* argv[] = {name, nullptr};
    auto* created = new KernelcamApplication(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("kernelcam-tests"));
    return created;
  }();
  return *app;
}

// QOpenGLWidget needs a real window system (xcb under Xvfb in CI). On a GPU whose CUDA-GL interop
// stalls after an earlier fault (gpu_graphics_health.hpp) the test fails at once with the reason
// (then skips) instead of waiting out the stalls.
inline bool windowSystemHasGl() {
  testApplication();
  if (QGuiApplication::platformName() == QStringLiteral("offscreen") ||
      QGuiApplication::platformName() == QStringLiteral("minimal"))
    return false;
  if (const std::string stalled = stalledInteropReason(); !stalled.empty()) {
    ADD_FAILURE() << stalled;
    return false;
  }
  return true;
}

// Processes events until `done` or the timeout; returns done(). It sleeps between events, as the
// app's event loop does: a loop of processEvents() without a wait kept the GUI thread at ~90% of a
// CPU (H200 machine), a core the real window leaves to the lab's compiler and the frame worker, so
// the timing tests measured a busier machine than the app makes. `done` is checked at least every
// millisecond (the tick), since some conditions change on other threads without an event. Not
// QTest::qWaitFor: it sleeps 10 ms between rounds, and the timing tests would measure that sleep.
inline bool processEventsUntil(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer timer;
  timer.start();
  QTimer tick;
  tick.setInterval(1);
  tick.start();
  QEventLoop loop;
  while (!done() && timer.elapsed() < timeoutMs)
    loop.processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
  return done();
}

}  // namespace kc::test
