#pragma once
// A child process kernelcam started, with a socket to it: the lab's worker or its compiler. The
// child gets its end of the socket as file descriptor 3 (and `--fd 3` on its command line),
// /dev/null as stdin, kernelcam's stdout and stderr (or, ChildOptions::captureOutput, /dev/null
// and a pipe only kernelcam reads), no other descriptor, default signal handlers and an empty mask.
//
// The owner ends it: the destructor kills (SIGKILL) a child still running and reaps it. Waits are
// bounded; a child that outlives the bound (stuck in the kernel driver) is reaped by a detached
// thread, so it never stays a zombie and nothing here hangs.
#include <sys/types.h>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gpu/lab/worker/unique_fd.hpp"

namespace kc::lab {

struct ChildOptions {
  // stdout to /dev/null, stderr into a pipe that capturedOutput() reads: what a child prints
  // (LLVM's "out of memory" before an abort) tells kernelcam why it ended, never the user.
  bool captureOutput = false;
  // Start the child from a thread of this object's own that lives until the child is gone. A
  // child's PR_SET_PDEATHSIG fires when the *thread* that started it exits; from a pool thread
  // that expires the child would die between two requests. With this, it dies with kernelcam.
  bool ownThread = false;
};

class ChildProcess {
 public:
  static constexpr int kChildSocketFd = 3;

  // Starts `path` with `arguments` then "--fd 3". Throws kc::Error when it cannot be started
  // (missing, not executable), with the system's reason.
  ChildProcess(const std::string& path, const std::vector<std::string>& arguments, ChildOptions options = {});
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }
  int socket() const noexcept { return socket_.get(); }

  // True until the child has been reaped (it may have exited without our knowing yet).
  bool running() const noexcept { return !reaped_; }
  // Reaps the child if it has exited; true when it has (now or before).
  bool poll();
  // Waits up to `ms` for the child to exit on its own; true when it has.
  bool waitForExit(double ms);
  // SIGKILL, then waits up to `ms` for the exit. True when it is gone (reaped); false leaves it
  // to a detached reaper: it may still hold what it had (its GPU mappings) for a while.
  bool kill(double ms = 5000);
  // Closes kernelcam's end of the socket (the child reads end of stream).
  void closeSocket() noexcept { socket_.reset(); }

  // "exited with status 3", "was killed by signal 11 (Segmentation fault)", "is still running".
  std::string exitDescription() const;
  // The signal that ended the child, once it is reaped and was ended by one.
  std::optional<int> endSignal() const;
  // What the child wrote to stderr so far (ChildOptions::captureOutput), at most `maxBytes`.
  std::string capturedOutput(std::size_t maxBytes = 4096);

 private:
  int spawn(const std::string& path, char* const* argv, const void* setup);
  void reapLater() noexcept;
  void releaseOwnThread() noexcept;

  pid_t pid_ = -1;
  UniqueFd socket_;
  bool reaped_ = false;
  bool handedToReaper_ = false;
  bool statusKnown_ = false;
  int status_ = 0;
  UniqueFd output_;  // the read end of the child's stderr (captureOutput)
  std::string captured_;
  std::thread ownThread_;
  std::mutex ownThreadMutex_;
  std::condition_variable ownThreadWake_;
  bool ownThreadReleased_ = false;
};

}  // namespace kc::lab
