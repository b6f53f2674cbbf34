// The app's last-chance handler (KernelcamApplication::notify, issue 15.5): an exception that leaves
// a slot or an event handler is logged as one line and the app keeps running, instead of
// std::terminate (exit 134). Each case throws from a different way Qt calls into the app.
#include <gtest/gtest.h>

#include <QMouseEvent>
#include <QPushButton>
#include <QTimer>

#include "app/live/kernelcam_application.hpp"
#include "gpu/core/error.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

KernelcamApplication& app() {
  auto* kernelcam = qobject_cast<KernelcamApplication*>(&test::testApplication());
  EXPECT_NE(kernelcam, nullptr) << "the tests run under the app's own QApplication";
  return *kernelcam;
}

// After the throw, the event loop still runs what comes next.
bool eventLoopStillRuns() {
  bool ran = false;
  QTimer::singleShot(0, qApp, [&] { ran = true; });
  return test::processEventsUntil([&] { return ran; }, 5000);
}

TEST(LastChanceHandler, AQueuedSlotThatThrowsIsLoggedAndTheAppKeepsRunning) {
  const std::int64_t before = app().exceptionsCaught();
  QObject receiver;
  testing::internal::CaptureStderr();
  QMetaObject::invokeMethod(
      &receiver, [] { throw InvalidArgument("weights: 'abc' is not a number"); }, Qt::QueuedConnection);
  EXPECT_TRUE(eventLoopStillRuns());
  const std::string logged = testing::internal::GetCapturedStderr();
  EXPECT_EQ(app().exceptionsCaught(), before + 1);
  EXPECT_NE(logged.find("kernelcam: internal error (the app keeps running): weights: 'abc' is not a number"),
            std::string::npos)
      << logged;
  EXPECT_EQ(std::count(logged.begin(), logged.end(), '\n'), 1) << "one line: " << logged;
}

TEST(LastChanceHandler, ATimerSlotThatThrowsSomethingElse) {
  const std::int64_t before = app().exceptionsCaught();
  QTimer::singleShot(0, qApp, [] { throw 42; });
  EXPECT_TRUE(eventLoopStillRuns());
  EXPECT_EQ(app().exceptionsCaught(), before + 1);
}

TEST(LastChanceHandler, AClickedButtonWhoseSlotThrows) {
  const std::int64_t before = app().exceptionsCaught();
  QPushButton button(QStringLiteral("Apply"));
  button.resize(100, 30);
  button.show();
  int clicks = 0;
  QObject::connect(&button, &QPushButton::clicked, [&] {
    ++clicks;
    throw std::runtime_error("apply failed");
  });
  for (int i = 0; i < 2; ++i) {  // a second click still works
    const QPointF at(50, 15);
    QCoreApplication::postEvent(&button, new QMouseEvent(QEvent::MouseButtonPress, at, button.mapToGlobal(at),
                                                         Qt::LeftButton, Qt::LeftButton, Qt::NoModifier));
    QCoreApplication::postEvent(&button, new QMouseEvent(QEvent::MouseButtonRelease, at, button.mapToGlobal(at),
                                                         Qt::LeftButton, Qt::NoButton, Qt::NoModifier));
    EXPECT_TRUE(eventLoopStillRuns());
  }
  EXPECT_EQ(clicks, 2);
  EXPECT_EQ(app().exceptionsCaught(), before + 2);
}

TEST(LastChanceHandler, TheCloseHandlerThrows) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  const std::int64_t before = app().exceptionsCaught();
  MainWindow window;
  // What saving the settings did with an invalid custom-kernel cell (issue 15.5).
  QObject::connect(&window, &MainWindow::closing, [] { throw InvalidArgument("conv: weights: 'abc'"); });
  window.show();
  test::processEventsUntil([] { return false; }, 100);
  window.close();
  EXPECT_TRUE(eventLoopStillRuns());
  EXPECT_EQ(app().exceptionsCaught(), before + 1);
}

}  // namespace
}  // namespace kc
