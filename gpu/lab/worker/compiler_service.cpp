#include "gpu/lab/worker/compiler_service.hpp"

#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace kc::lab {
namespace {

constexpr std::int32_t kNvrtcOutOfMemory = 1;  // NVRTC_ERROR_OUT_OF_MEMORY (no nvrtc.h here: plain C++)

// What a compiler that ran out of address space leaves on stderr before it aborts: LLVM's
// "LLVM ERROR: out of memory", the C++ runtime's std::bad_alloc, or a thread whose stack the limit
// refused (std::system_error from pthread_create's EAGAIN: "Resource temporarily unavailable").
bool saysOutOfMemory(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* words : {"out of memory", "bad_alloc", "cannot allocate memory", "resource temporarily unavailable"})
    if (text.find(words) != std::string::npos) return true;
  return false;
}

std::string outOfMemory(const CompileLimits& limits) {
  return "the compile needed more memory than the lab's limit of " + describeMemoryMiB(limits.memoryMiB) +
         " and was stopped (kernel check --compile-memory MIB or " + kCompileMemoryVariable + " raises it)";
}

std::string timedOut(const CompileLimits& limits) {
  return "the compile did not finish within " + describeSeconds(limits.seconds) +
         " and was stopped (kernel check --compile-time SECONDS or " + kCompileSecondsVariable + " raises the limit)";
}

int openPidFd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

}  // namespace

CompilerService::CompilerService(std::string executable) : executable_(std::move(executable)) {}

CompilerService::~CompilerService() {
  const std::lock_guard lock(compileMutex_);
  retire();
}

pid_t CompilerService::pid() const {
  const std::lock_guard lock(pidMutex_);
  return pid_;
}

void CompilerService::start(const CompileLimits& limits) {
  const std::lock_guard lock(compileMutex_);
  ensureRunning(limits);
}

std::string CompilerService::greeting(const CompileLimits& limits) {
  const std::lock_guard lock(compileMutex_);
  ensureRunning(limits);
  return client_->deviceName();
}

void CompilerService::ensureRunning(const CompileLimits& limits) {
  bool cancelledSinceStart = false;  // SIGKILL sent, maybe not delivered yet: poll() may still see it alive
  {
    const std::lock_guard lock(pidMutex_);
    cancelledSinceStart = cancels_ != cancelsAtStart_;
  }
  if (client_ &&
      (cancelledSinceStart || !client_->running() || client_->process().poll() || memoryMiB_ != limits.memoryMiB))
    retire();
  if (client_) return;
  WorkerIdentity identity;
  identity.who = "the kernel lab's compiler process";
  identity.notReady = "cannot compile";
  identity.child.captureOutput = true;
  identity.child.ownThread = true;
  try {
    client_ =
        std::make_unique<LabWorkerClient>(executable_,
                                          std::vector<std::string>{"--memory-mib", std::to_string(limits.memoryMiB),
                                                                   "--parent", std::to_string(::getpid())},
                                          WorkerLimits{}, identity);
  } catch (const WorkerError& error) {
    // NVRTC itself did not fit: the limit is the user's to raise, not a broken installation.
    if (error.kind() == WorkerError::Kind::NotStarted && saysOutOfMemory(error.output()))
      throw WorkerError(WorkerError::Kind::NotStarted,
                        identity.who + " cannot start NVRTC within the lab's memory limit of " +
                            describeMemoryMiB(limits.memoryMiB) + " (kernel check --compile-memory MIB or " +
                            kCompileMemoryVariable + " raises it)");
    throw;
  }
  memoryMiB_ = limits.memoryMiB;
  const std::lock_guard lock(pidMutex_);
  pid_ = client_->pid();
  pidFd_ = openPidFd(pid_);
  cancelsAtStart_ = cancels_;
}

void CompilerService::retire() noexcept {
  {
    const std::lock_guard lock(pidMutex_);
    if (pidFd_ >= 0) ::close(pidFd_);
    pidFd_ = -1;
    pid_ = -1;
  }
  client_.reset();  // Quit, or the reaping of a process that ended (bounded waits)
}

void CompilerService::cancel() noexcept {
  const std::lock_guard lock(pidMutex_);
  ++cancels_;
#ifdef SYS_pidfd_send_signal
  if (pidFd_ >= 0) {
    ::syscall(SYS_pidfd_send_signal, pidFd_, SIGKILL, nullptr, 0);
    return;
  }
#endif
  // Without pidfds (Linux before 5.3) the pid itself: it is reaped only after it ended.
  if (pid_ > 0) ::kill(pid_, SIGKILL);
}

CompileRun CompilerService::compile(const NvrtcRequest& request, const CompileLimits& limits) {
  const std::lock_guard lock(compileMutex_);
  const auto cancelledSince = [this](std::uint64_t then) {
    const std::lock_guard pidLock(pidMutex_);
    return cancels_ != then;
  };
  std::uint64_t cancelsAtStart = 0;
  {
    const std::lock_guard pidLock(pidMutex_);
    cancelsAtStart = cancels_;
  }
  ensureRunning(limits);
  CompileRun run;
  if (cancelledSince(cancelsAtStart)) {  // a cancel while the process started: it never saw this one
    retire();
    run.outcome = CompileRun::Outcome::Cancelled;
    run.message = "the compile was cancelled";
    return run;
  }
  try {
    run.reply = client_->nvrtc(request, limits.seconds * 1000);
    if (run.reply.result == kNvrtcOutOfMemory) {
      run.outcome = CompileRun::Outcome::OutOfMemory;
      run.message = outOfMemory(limits);
      retire();  // its heap may be in pieces: the next compile gets a fresh process
    }
    return run;
  } catch (const WorkerError& error) {
    ChildProcess& process = client_->process();
    const std::string output = process.capturedOutput();
    const std::string ended = process.exitDescription();
    const bool cancelled = cancelledSince(cancelsAtStart);
    retire();
    if (cancelled) {
      run.outcome = CompileRun::Outcome::Cancelled;
      run.message = "the compile was cancelled";
    } else if (error.kind() == WorkerError::Kind::TimedOut) {
      run.outcome = CompileRun::Outcome::TimedOut;
      run.message = timedOut(limits);
    } else if (error.kind() == WorkerError::Kind::Ended && saysOutOfMemory(output)) {
      run.outcome = CompileRun::Outcome::OutOfMemory;
      run.message = outOfMemory(limits);
    } else if (error.kind() == WorkerError::Kind::Ended) {
      run.outcome = CompileRun::Outcome::Ended;
      run.message = "the compiler process " + ended + " during the compile";
    } else {
      throw;
    }
    return run;
  }
}

}  // namespace kc::lab
