#pragma once
// kernelcam's side of the lab's compiler process (kernelcam-lab-compiler, gpu/lab/cuda/compiler/):
// every compile of a user kernel runs there, never in kernelcam (not in the window, not in the
// CLI), under CompileLimits: a compile that passes its time limit is killed; one that passes its
// memory limit fails in the compiler process, which ends. Either way kernelcam goes on, and the
// compile comes back with a one-line reason.
//
// One process serves a whole kernelcam (the editor, the kernel stage, `kernel check`), one compile
// at a time, and stays between compiles: the window's next keystroke finds it warm. A new one is
// started after a kill, a crash or a cancel, and when the memory limit changes. It dies with
// kernelcam (PR_SET_PDEATHSIG, the socket's hang-up), so nothing outlives the window.
#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "gpu/lab/compile_limits.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"

namespace kc::lab {

struct CompileRun {
  enum class Outcome {
    Replied,      // NVRTC ran: `reply` (the kernel's own errors are in its log)
    TimedOut,     // killed at the time limit
    OutOfMemory,  // failed at the memory limit
    Ended,        // the compiler process ended some other way (a crash, a signal)
    Cancelled,    // cancel() ended it
  };
  Outcome outcome = Outcome::Replied;
  NvrtcReply reply;
  std::string message;  // one line, when not Replied: why the compile has no result
};

class CompilerService {
 public:
  // `executable`: the compiler's path (findLabExecutable).
  explicit CompilerService(std::string executable);
  ~CompilerService();
  CompilerService(const CompilerService&) = delete;
  CompilerService& operator=(const CompilerService&) = delete;

  // One compile, waiting at most limits.seconds for it. Throws WorkerError when the compiler
  // cannot be started or breaks the protocol (not the kernel's doing).
  CompileRun compile(const NvrtcRequest& request, const CompileLimits& limits);
  // Starts the process now if none runs, so the first compile finds it ready (the window).
  void start(const CompileLimits& limits);
  // What the process said when it started ("NVRTC 13.0 for sm_75 sm_80 ..."), starting it if needed.
  std::string greeting(const CompileLimits& limits);
  // Ends the process now (SIGKILL): a compile in flight returns Cancelled at once; the next
  // compile starts a new process. Safe from any thread (the window's close).
  void cancel() noexcept;
  // The running process, or -1 (tests).
  pid_t pid() const;

 private:
  void ensureRunning(const CompileLimits& limits);
  void retire() noexcept;

  std::string executable_;
  std::mutex compileMutex_;  // one compile at a time; guards client_
  std::unique_ptr<LabWorkerClient> client_;
  std::uint64_t memoryMiB_ = 0;  // the running process's limit
  mutable std::mutex pidMutex_;  // guards the next three: cancel() runs beside a compile
  pid_t pid_ = -1;
  int pidFd_ = -1;  // signals exactly this process even after it is reaped (no pid reuse)
  std::uint64_t cancels_ = 0;
  std::uint64_t cancelsAtStart_ = 0;  // cancels_ when the running process started: a later cancel killed it
};

}  // namespace kc::lab
