#include "gpu/lab/worker/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "gpu/core/error.hpp"

extern char** environ;

namespace kc::lab {
namespace {

// posix_spawn's attributes and file actions, destroyed on every path out.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

[[noreturn]] void failToStart(const std::string& path, const std::string& why) {
  throwError(__FILE__, __LINE__, "posix_spawn", "cannot start " + path + ": " + why);
}

}  // namespace

ChildProcess::ChildProcess(const std::string& path, const std::vector<std::string>& arguments) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    failToStart(path, std::string("socketpair: ") + std::strerror(errno));
  socket_ = UniqueFd(ends[0]);
  UniqueFd childEnd(ends[1]);
  if (childEnd.get() == kChildSocketFd) {  // dup2 onto itself would keep close-on-exec
    childEnd = UniqueFd(::fcntl(ends[1], F_DUPFD_CLOEXEC, kChildSocketFd + 1));
    if (!childEnd.valid()) failToStart(path, std::string("fcntl: ") + std::strerror(errno));
  }

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, childEnd.get(), kChildSocketFd);
  posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  posix_spawn_file_actions_addclosefrom_np(&setup.actions, kChildSocketFd + 1);  // what lacks close-on-exec
#endif
  // kernelcam's threads may block or catch signals (Qt does): the worker starts clean.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&setup.attributes, &none);
  posix_spawnattr_setsigdefault(&setup.attributes, &all);
  posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> words{path};
  words.insert(words.end(), arguments.begin(), arguments.end());
  words.push_back("--fd");
  words.push_back(std::to_string(kChildSocketFd));
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  const int error = ::posix_spawn(&pid_, path.c_str(), &setup.actions, &setup.attributes, argv.data(), environ);
  if (error != 0) {
    pid_ = -1;
    reaped_ = true;
    failToStart(path, std::strerror(error));
  }
}

ChildProcess::~ChildProcess() {
  socket_.reset();
  if (!reaped_ && !handedToReaper_) kill();
}

bool ChildProcess::poll() {
  if (reaped_) return true;
  if (handedToReaper_) return false;
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == pid_) {
    status_ = status;
    statusKnown_ = true;
    reaped_ = true;
  } else if (done < 0 && errno == ECHILD) {  // reaped by someone else (a SIGCHLD handler set to ignore)
    reaped_ = true;
  }
  return reaped_;
}

bool ChildProcess::waitForExit(double ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
  auto pause = std::chrono::microseconds(50);
  while (!poll()) {
    if (handedToReaper_ || std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
  return true;
}

bool ChildProcess::kill(double ms) {
  if (poll()) return true;
  if (handedToReaper_) return false;
  ::kill(pid_, SIGKILL);  // not reaped yet: the pid is still ours, never another process's
  if (waitForExit(ms)) return true;
  reapLater();
  return false;
}

void ChildProcess::reapLater() noexcept {
  if (reaped_ || handedToReaper_) return;
  handedToReaper_ = true;
  try {
    std::thread([pid = pid_] { ::waitpid(pid, nullptr, 0); }).detach();
  } catch (...) {  // no thread: it stays a zombie until kernelcam exits
  }
}

std::string ChildProcess::exitDescription() const {
  if (!reaped_) return "is still running";
  if (!statusKnown_) return "ended";
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    const int signal = WTERMSIG(status_);
    return "was killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
  }
  return "ended (wait status " + std::to_string(status_) + ")";
}

}  // namespace kc::lab
