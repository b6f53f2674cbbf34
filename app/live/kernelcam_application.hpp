#pragma once
// The window's QApplication, with a last-chance handler: an exception that leaves an event
// handler or a slot (a bug, or a library throwing where nobody expected it) would otherwise reach
// Qt's event loop, which is not exception-safe, and end the program with std::terminate. Here it
// is logged as one line on stderr, announced through exceptionCaught (the window shows it in the
// status bar), and the app keeps running: a failed action is better than a lost session.
// Exceptions are still meant to be handled where they arise; this only catches the ones that were not.
#include <QApplication>
#include <cstdint>

namespace kc {

class KernelcamApplication : public QApplication {
  Q_OBJECT
 public:
  KernelcamApplication(int& argc, char** argv);

  bool notify(QObject* receiver, QEvent* event) override;
  std::int64_t exceptionsCaught() const { return caught_; }

 signals:
  void exceptionCaught(const QString& message);

 private:
  void report(QObject* receiver, QEvent* event, const char* what);
  std::int64_t caught_ = 0;
};

}  // namespace kc
