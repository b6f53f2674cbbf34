#include "ui/demos/background_demo_run.hpp"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace kc {

namespace {

DemoOutcome runCatchingEverything(const BackgroundDemoRun::Job& job) {
  DemoOutcome outcome;
  QElapsedTimer clock;
  clock.start();
  try {
    outcome.result = job();
  } catch (const std::exception& error) {
    outcome.error = QString::fromStdString(error.what());
  } catch (...) {
    outcome.error = QStringLiteral("the demo failed with an unknown error");
  }
  outcome.seconds = clock.elapsed() / 1000.0;
  return outcome;
}

}  // namespace

BackgroundDemoRun::BackgroundDemoRun(QObject* parent) : QObject(parent), watcher_(new QFutureWatcher<DemoOutcome>(this)) {
  connect(watcher_, &QFutureWatcher<DemoOutcome>::finished, this, [this] {
    running_ = false;
    emit finished(watcher_->result());
  });
}

BackgroundDemoRun::~BackgroundDemoRun() { watcher_->disconnect(this); }

bool BackgroundDemoRun::start(Job job) {
  if (running_) return false;
  running_ = true;
  watcher_->setFuture(QtConcurrent::run([job = std::move(job)] { return runCatchingEverything(job); }));
  return true;
}

}  // namespace kc
