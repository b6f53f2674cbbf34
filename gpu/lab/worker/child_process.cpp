#include "gpu/lab/worker/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
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

// A descriptor numbered above the child's fixed ones (0-3), so that the file actions placing them
// never close one another's source.
UniqueFd aboveChildFds(UniqueFd fd, const std::string& path) {
  if (fd.get() > ChildProcess::kChildSocketFd) return fd;
  UniqueFd moved(::fcntl(fd.get(), F_DUPFD_CLOEXEC, ChildProcess::kChildSocketFd + 1));
  if (!moved.valid()) failToStart(path, std::string("fcntl: ") + std::strerror(errno));
  return moved;
}

}  // namespace

ChildProcess::ChildProcess(const std::string& path, const std::vector<std::string>& arguments, ChildOptions options) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    failToStart(path, std::string("socketpair: ") + std::strerror(errno));
  socket_ = UniqueFd(ends[0]);
  const UniqueFd childEnd = aboveChildFds(UniqueFd(ends[1]), path);  // dup2 onto itself would keep close-on-exec
  UniqueFd outputEnd;
  if (options.captureOutput) {
    int pipeEnds[2];
    if (::pipe2(pipeEnds, O_CLOEXEC | O_NONBLOCK) != 0) failToStart(path, std::string("pipe: ") + std::strerror(errno));
    output_ = UniqueFd(pipeEnds[0]);
    outputEnd = aboveChildFds(UniqueFd(pipeEnds[1]), path);
    // The child's end blocks as usual (O_NONBLOCK is per open file: clear it on the write end).
    ::fcntl(outputEnd.get(), F_SETFL, ::fcntl(outputEnd.get(), F_GETFL) & ~O_NONBLOCK);
  }

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, childEnd.get(), kChildSocketFd);
  posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (outputEnd.valid()) {
    posix_spawn_file_actions_addopen(&setup.actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&setup.actions, outputEnd.get(), STDERR_FILENO);
  }
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

  const auto spawn = [&] {
    return ::posix_spawn(&pid_, path.c_str(), &setup.actions, &setup.attributes, argv.data(), environ);
  };
  int error = 0;
  if (options.ownThread) {
    std::promise<int> started;
    std::future<int> result = started.get_future();
    ownThread_ = std::thread([&] {
      started.set_value(spawn());  // the constructor's locals are used only up to here
      std::unique_lock lock(ownThreadMutex_);
      ownThreadWake_.wait(lock, [this] { return ownThreadReleased_; });
    });
    error = result.get();
  } else {
    error = spawn();
  }
  if (error != 0) {
    pid_ = -1;
    reaped_ = true;
    releaseOwnThread();
    failToStart(path, std::strerror(error));
  }
}

ChildProcess::~ChildProcess() {
  socket_.reset();
  if (!reaped_ && !handedToReaper_) kill();
  releaseOwnThread();
}

void ChildProcess::releaseOwnThread() noexcept {
  if (!ownThread_.joinable()) return;
  {
    const std::lock_guard lock(ownThreadMutex_);
    ownThreadReleased_ = true;
  }
  ownThreadWake_.notify_all();
  ownThread_.join();
}

std::optional<int> ChildProcess::endSignal() const {
  if (!statusKnown_ || !WIFSIGNALED(status_)) return std::nullopt;
  return WTERMSIG(status_);
}

std::string ChildProcess::capturedOutput(std::size_t maxBytes) {
  char buffer[4096];
  while (output_.valid() && captured_.size() < maxBytes) {
    const ssize_t n = ::read(output_.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // nothing more now (EAGAIN), or the child's end closed
    captured_.append(buffer, static_cast<std::size_t>(n));
  }
  return captured_.substr(0, maxBytes);
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
