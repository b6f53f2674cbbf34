#include "ui/demos/background_demo_run.hpp"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <mutex>
#include <utility>

#include "gpu/core/memory_budget.hpp"

namespace kc {

struct BackgroundDemoRun::Inbox {
  std::mutex mutex;
  DemoProgressUpdate pending;

  void post(const demos::DemoProgress& progress) {
    const std::lock_guard lock(mutex);
    pending.latest = progress;
    if (progress.iteration >= 0) pending.samples.push_back(progress);
  }
};

namespace {

DemoOutcome runCatchingEverything(const BackgroundDemoRun::Job& job, const demos::DemoControl& control) {
  DemoOutcome outcome;
  QElapsedTimer clock;
  clock.start();
  try {
    outcome.result = job(control);
  } catch (const demos::Cancelled&) {
    outcome.cancelled = true;
  } catch (const std::exception& error) {
    // An allocation that failed despite the admission: the same kind of line as the CLI's.
    const std::string oom = describeOutOfMemory("the demo", error);
    outcome.error = QString::fromStdString(oom.empty() ? error.what() : oom);
  } catch (...) {
    outcome.error = QStringLiteral("the demo failed with an unknown error");
  }
  outcome.seconds = clock.elapsed() / 1000.0;
  return outcome;
}

}  // namespace

BackgroundDemoRun::BackgroundDemoRun(QObject* parent)
    : QObject(parent), watcher_(new QFutureWatcher<DemoOutcome>(this)) {
  connect(watcher_, &QFutureWatcher<DemoOutcome>::finished, this, [this] {
    running_ = false;
    emit finished(watcher_->result());
  });
}

BackgroundDemoRun::~BackgroundDemoRun() {
  watcher_->disconnect(this);
  cancel();
}

bool BackgroundDemoRun::start(Job job) {
  if (running_) return false;
  running_ = true;
  inbox_ = std::make_shared<Inbox>();
  control_ = demos::DemoControl{};  // a fresh flag: the last run's cancel does not carry over
  control_.progress = [inbox = inbox_](const demos::DemoProgress& progress) { inbox->post(progress); };
  watcher_->setFuture(
      QtConcurrent::run([job = std::move(job), control = control_] { return runCatchingEverything(job, control); }));
  return true;
}

void BackgroundDemoRun::cancel() {
  if (running_) control_.cancel.cancel();
}

DemoProgressUpdate BackgroundDemoRun::takeProgress() {
  if (!inbox_) return {};
  const std::lock_guard lock(inbox_->mutex);
  return std::exchange(inbox_->pending, DemoProgressUpdate{});
}

}  // namespace kc
