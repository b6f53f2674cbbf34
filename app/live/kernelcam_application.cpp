#include "app/live/kernelcam_application.hpp"

#include <QEvent>
#include <QMetaEnum>
#include <cstdio>
#include <exception>

namespace kc {

KernelcamApplication::KernelcamApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool KernelcamApplication::notify(QObject* receiver, QEvent* event) {
  try {
    return QApplication::notify(receiver, event);
  } catch (const std::exception& error) {
    report(receiver, event, error.what());
  } catch (...) {
    report(receiver, event, "an exception that is not a std::exception");
  }
  return false;
}

void KernelcamApplication::report(QObject* receiver, QEvent* event, const char* what) {
  ++caught_;
  const char* eventName = QMetaEnum::fromType<QEvent::Type>().valueToKey(event ? event->type() : QEvent::None);
  const char* receiverClass = receiver ? receiver->metaObject()->className() : "nothing";
  std::fprintf(stderr, "kernelcam: internal error (the app keeps running): %s [while %s handled %s]\n", what,
               receiverClass, eventName ? eventName : "an event");
  emit exceptionCaught(QString::fromLocal8Bit(what));
}

}  // namespace kc
