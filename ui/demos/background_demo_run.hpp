#pragma once
// Runs one demo job on Qt's thread pool so the GUI thread (and the live view) never waits.
// Whatever the job throws (kc::InvalidArgument, MatrixMarketError, kc::Error from CUDA) comes
// back as the outcome's error text: a failed run is a message, never a crash.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <variant>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_report.hpp"

namespace kc {

using DemoResult = std::variant<demos::DemoReport, cg::CgDemoReport>;

struct DemoOutcome {
  std::optional<DemoResult> result;  // empty when the job threw
  QString error;
  double seconds = 0;  // wall time of the whole job
};

class BackgroundDemoRun : public QObject {
  Q_OBJECT
 public:
  using Job = std::function<DemoResult()>;

  explicit BackgroundDemoRun(QObject* parent = nullptr);
  // A job still running when this object goes finishes on the pool and its result is dropped:
  // the runners cannot be interrupted, and waiting here would freeze the window.
  ~BackgroundDemoRun() override;

  bool running() const { return running_; }
  // false (and nothing started) while a job is still running.
  bool start(Job job);

 signals:
  void finished(const kc::DemoOutcome& outcome);

 private:
  QFutureWatcher<DemoOutcome>* watcher_ = nullptr;
  bool running_ = false;
};

}  // namespace kc
