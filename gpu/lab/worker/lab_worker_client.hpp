#pragma once
// kernelcam's side of the conversation with the lab's worker process (worker_protocol.hpp):
// starts it, waits for its greeting, sends requests and waits for each reply within a limit.
//
// Any failure of the worker itself (no reply in time, the process ended, a reply that is not the
// protocol's) stops it (SIGKILL, reaped) and throws WorkerError saying which; the client is then
// spent (running() false) and the owner starts a new one when it needs a worker again. A reply
// that reports a failed CUDA call (a refused cubin) is a reply, not a failure of the worker.
#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/lab/worker/child_process.hpp"
#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

// How long kernelcam waits for the worker, in milliseconds.
struct WorkerLimits {
  double startMs = 20000;    // to its greeting: a fresh process's CUDA set-up (driver, context)
  double requestMs = 10000;  // to the reply to Load or Map
  double quitMs = 1000;      // to exit after Quit, before it is killed
  double killMs = 5000;      // to be gone after SIGKILL (the driver tears down its context)
};

class WorkerError : public Error {
 public:
  enum class Kind {
    NotStarted,  // missing, crashed or hung before its greeting, or cannot use CUDA
    TimedOut,    // no reply within the limit
    Ended,       // the process ended (crashed, killed) before it replied
    Protocol,    // it replied with something that is not the protocol's
  };
  // `output`: what the process wrote to stderr before it ended, where it was captured
  // (ChildOptions::captureOutput): for kernelcam to tell why, never shown as it is.
  WorkerError(Kind kind, const std::string& message, std::string output = {});
  Kind kind() const noexcept { return kind_; }
  const std::string& output() const noexcept { return output_; }

 private:
  Kind kind_;
  std::string output_;
};

// Which process this is, for messages and for how it is started. Its output is captured
// (ChildOptions::captureOutput): a broken or wrong binary's chatter never reaches kernelcam's
// terminal; the last line it wrote to stderr ends the one line that says it ended.
struct WorkerIdentity {
  std::string who = "the kernel lab's worker process";
  std::string notReady = "cannot run kernels";  // "WHO NOTREADY: what its greeting said"
  ChildOptions child{.captureOutput = true};
};

class LabWorkerClient {
 public:
  // Starts `path` with `arguments` and waits for its greeting. Throws WorkerError(NotStarted).
  LabWorkerClient(const std::string& path, const std::vector<std::string>& arguments, WorkerLimits limits = {},
                  WorkerIdentity identity = {});
  ~LabWorkerClient() { quit(); }
  LabWorkerClient(const LabWorkerClient&) = delete;
  LabWorkerClient& operator=(const LabWorkerClient&) = delete;

  const std::string& deviceName() const noexcept { return deviceName_; }
  pid_t pid() const noexcept { return process_.pid(); }
  // False once stopped: after a failure, a faulted run, or stop().
  bool running() const noexcept { return !stopped_; }
  // True once the process is known to be gone (reaped): nothing it mapped is mapped any more.
  bool gone() const noexcept { return !process_.running(); }

  LoadReply load(const LoadRequest& request);
  MapReply map(const MapRequest& request);
  // Waits `timeLimitMs` for the reply. After a Faulted reply the worker is stopped.
  RunReply run(const RunRequest& request, double timeLimitMs);
  // An exercise kernel's launches: waits `timeLimitMs` for the reply (the caller allows for all of
  // them). After a Faulted reply the worker is stopped.
  LaunchReply launch(const LaunchRequest& request, double timeLimitMs);
  // The compiler process's request; waits `timeLimitMs` for the reply.
  NvrtcReply nvrtc(const NvrtcRequest& request, double timeLimitMs);

  // The process (its exit status and captured output, once it ended).
  ChildProcess& process() noexcept { return process_; }

  // Asks the worker to quit; kills it after limits.quitMs. The client is spent afterwards.
  void quit() noexcept;
  // Ends the worker now (SIGKILL) and reaps it within limits.killMs.
  void stop() noexcept;

 private:
  template <class Reply, class Request>
  Reply exchange(const Request& request, double limitMs);
  template <class Reply>
  Reply afterOutcome(const Reply& reply, const char* request);
  [[noreturn]] void fail(WorkerError::Kind kind, const std::string& message);
  std::string exitOf();

  std::string path_;
  WorkerLimits limits_;
  std::string who_;
  std::string notReady_;
  bool captured_ = false;  // the process's stderr is captured: failures carry it
  ChildProcess process_;
  std::string deviceName_;
  bool stopped_ = false;
};

}  // namespace kc::lab
