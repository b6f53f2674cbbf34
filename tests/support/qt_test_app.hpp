#pragma once
// One QApplication per test process (CTest runs each case in its own process), the app's own
// subclass (its last-chance exception handler included). Without a display
// it runs on Qt's offscreen platform: widgets and QPainter work, QOpenGLWidget does not.
#include <QApplication>
#include <QElapsedTimer>
#include <cstdlib>
#include <functional>

#include "app/diagnostics/quiet_output.hpp"
#include "app/live/kernelcam_application.hpp"
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

// QOpenGLWidget needs a real window system (xcb under Xvfb in CI).
inline bool windowSystemHasGl() {
  testApplication();
  return QGuiApplication::platformName() != QStringLiteral("offscreen") &&
         QGuiApplication::platformName() != QStringLiteral("minimal");
}

// Processes events until `done` or the timeout; returns done().
inline bool processEventsUntil(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer timer;
  timer.start();
  while (!done() && timer.elapsed() < timeoutMs) QApplication::processEvents(QEventLoop::AllEvents, 20);
  return done();
}

}  // namespace kc::test
