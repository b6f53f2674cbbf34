#pragma once
// A child process kernelcam started, with a socket to it: the lab's worker. The child gets its
// end of the socket as file descriptor 3 (and `--fd 3` on its command line), /dev/null as stdin,
// kernelcam's stdout and stderr, no other descriptor, default signal handlers and an empty mask.
//
// The owner ends it: the destructor kills (SIGKILL) a child still running and reaps it. Waits are
// bounded; a child that outlives the bound (stuck in the kernel driver) is reaped by a detached
// thread, so it never stays a zombie and nothing here hangs.
#include <sys/types.h>

#include <string>
#include <vector>

#include "gpu/lab/worker/unique_fd.hpp"

namespace kc::lab {

class ChildProcess {
 public:
  static constexpr int kChildSocketFd = 3;

  // Starts `path` with `arguments` then "--fd 3". Throws kc::Error when it cannot be started
  // (missing, not executable), with the system's reason.
  ChildProcess(const std::string& path, const std::vector<std::string>& arguments);
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

 private:
  void reapLater() noexcept;

  pid_t pid_ = -1;
  UniqueFd socket_;
  bool reaped_ = false;
  bool handedToReaper_ = false;
  bool statusKnown_ = false;
  int status_ = 0;
};

}  // namespace kc::lab
