#pragma once
// When the kernel editor compiles: as soon as the text changes (delayMs(), default 0: at once, in
// the edit's own handler; a longer delay restarts with every keystroke), on a worker thread
// (QtConcurrent), one compile at a time. Text typed while a compile runs
// is compiled when it finishes; a result for text that has changed since is dropped, so what the
// editor shows always belongs to its current text.
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/occupancy.hpp"

namespace kc {

struct CompileRequest {
  std::string path;
  std::string text;
  std::uint64_t revision = 0;                        // counts edits: the latest is the one that matters
  std::chrono::steady_clock::time_point editedAt{};  // the edit (or reload) that made this text
};

struct CompileResult {
  CompileRequest request;
  lab::CompiledKernel kernel;
  std::optional<lab::Occupancy> occupancy;
  std::string failure;  // the compiler itself failed (not the kernel): NVRTC missing or broken
  std::chrono::steady_clock::time_point startedAt{};   // the compile began (on its thread)
  std::chrono::steady_clock::time_point finishedAt{};  // the compile returned (on its thread)
};

class CompileScheduler : public QObject {
  Q_OBJECT
 public:
  // `compile` runs on a worker thread; it may throw (the message becomes CompileResult::failure).
  using Compile = std::function<CompileResult(const CompileRequest&)>;
  explicit CompileScheduler(Compile compile, QObject* parent = nullptr);
  ~CompileScheduler() override;

  void setDelayMs(int ms) { timer_.setInterval(ms); }
  int delayMs() const { return timer_.interval(); }
  // A keystroke: compile `text` now (delayMs() 0) or once the typing has stopped for delayMs().
  void edited(const std::string& path, const std::string& text);
  // Compile now (a file opened or reloaded from disk).
  void compileNow(const std::string& path, const std::string& text);

  bool waiting() const { return timer_.isActive(); }  // typing: the debounce runs
  bool compiling() const { return running_ != 0; }    // until its result has been handled
  std::uint64_t latestRevision() const { return latest_.revision; }

 signals:
  void compileStarted(quint64 revision);
  void compiled(const kc::CompileResult& result);  // only for the editor's current text

 private:
  void update(const std::string& path, const std::string& text);
  void startLatest();
  void onFinished();

  Compile compile_;
  QTimer timer_;
  QFutureWatcher<CompileResult> watcher_;
  CompileRequest latest_;
  std::uint64_t running_ = 0;  // revision in the worker, 0 when none
};

}  // namespace kc
