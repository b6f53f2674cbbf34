#pragma once
// Runs one demo job on Qt's thread pool so the GUI thread (and the live view) never waits.
// Whatever the job throws (kc::InvalidArgument, MatrixMarketError, kc::Error from CUDA) comes
// back as the outcome's error text (a failed allocation as the CLI words it: "out of host memory
// while running the demo ..."): a failed run is a message, never a crash.
//
// Each run gets its own DemoControl: cancel() sets its flag, which the runners read between
// versions, repetitions, iterations and GPU launches (demo_control.hpp), and its progress goes
// into an inbox that the panel empties with takeProgress() a few times a second.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "gpu/demos/demo_control.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc {

struct DemoOutcome {
  std::shared_ptr<const demos::DemoResult> result;  // empty when the job threw or was cancelled
  QString error;                                    // empty when cancelled
  bool cancelled = false;
  double seconds = 0;  // wall time of the whole job
};

// What a run reported since the last takeProgress().
struct DemoProgressUpdate {
  std::optional<demos::DemoProgress> latest;  // the newest report, if any came
  std::vector<demos::DemoProgress> samples;   // every CG sample (iteration >= 0), in order
};

class BackgroundDemoRun : public QObject {
  Q_OBJECT
 public:
  // The job runs the demo with the control it is given (put it into the demo's config).
  using Job = std::function<std::shared_ptr<const demos::DemoResult>(const demos::DemoControl&)>;

  explicit BackgroundDemoRun(QObject* parent = nullptr);
  // Cancels a job that is still running; it ends on the pool at its next check (milliseconds)
  // and its result is dropped. The application's exit waits for the pool, so cancelling here is
  // what lets a closed window exit at once.
  ~BackgroundDemoRun() override;

  bool running() const { return running_; }
  // false (and nothing started) while a job is still running.
  bool start(Job job);
  // Asks the running job to stop; finished() follows with outcome.cancelled. No-op when idle.
  void cancel();
  bool cancelRequested() const { return running_ && control_.cancel.cancelled(); }
  DemoProgressUpdate takeProgress();

 signals:
  void finished(const kc::DemoOutcome& outcome);

 private:
  struct Inbox;
  QFutureWatcher<DemoOutcome>* watcher_ = nullptr;
  bool running_ = false;
  demos::DemoControl control_;
  std::shared_ptr<Inbox> inbox_;  // shared with the job, which may outlive this object
};

}  // namespace kc
