#include "app/io/signal_cleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

namespace kc::io {

namespace {

// A fixed table, no allocation: the handler may run at any point of any thread.
constexpr int kSlots = 64;
enum SlotState : int { kFree = 0, kFilling = 1, kArmed = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  bool folder = false;
  char path[PATH_MAX] = {};
};

Slot slots[kSlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction previous[sizeof kSignals / sizeof kSignals[0]];
std::atomic<bool> installed[sizeof kSignals / sizeof kSignals[0]];

// A folder's files, then the folder: only system calls (no opendir: it allocates), as a handler may.
void removeFolder(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0) {
    alignas(8) static char entries[8192];  // one handler at a time (the mask below)
    for (;;) {
      const long bytes = ::syscall(SYS_getdents64, fd, entries, sizeof entries);
      if (bytes <= 0) break;
      for (long at = 0; at < bytes;) {
        const auto* entry = reinterpret_cast<const struct dirent64*>(entries + at);
        const char* name = entry->d_name;
        if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)))) ::unlinkat(fd, name, 0);
        at += entry->d_reclen;
      }
    }
    ::close(fd);
  }
  ::rmdir(path);
}

void removeTemporaries(int signal) {
  for (Slot& slot : slots)
    if (slot.state.load(std::memory_order_acquire) == kArmed) {
      if (slot.folder) removeFolder(slot.path);
      else ::unlink(slot.path);
    }
  for (std::size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) {
    if (kSignals[i] != signal || !installed[i].load()) continue;
    ::sigaction(signal, &previous[i], nullptr);
    if (previous[i].sa_handler == SIG_DFL) {
      ::raise(signal);  // blocked while this handler runs: delivered, with the default action, on return
    } else if (previous[i].sa_handler != SIG_IGN && !(previous[i].sa_flags & SA_SIGINFO)) {
      previous[i].sa_handler(signal);
    }
  }
}

void installHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (std::size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) {
      struct sigaction current {};
      if (::sigaction(kSignals[i], nullptr, &current) != 0 || current.sa_handler == SIG_IGN) continue;  // nohup
      struct sigaction action {};
      action.sa_handler = removeTemporaries;
      sigemptyset(&action.sa_mask);
      for (const int other : kSignals) sigaddset(&action.sa_mask, other);  // one cleanup at a time
      previous[i] = current;
      if (::sigaction(kSignals[i], &action, nullptr) == 0) installed[i] = true;
    }
  });
}

}  // namespace

namespace {

int registerPath(const std::string& path, bool folder) {
  if (path.size() >= PATH_MAX) return -1;
  installHandlers();
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(slots[i].path, path.c_str(), path.size() + 1);
    slots[i].folder = folder;
    slots[i].state.store(kArmed, std::memory_order_release);
    return i;
  }
  return -1;
}

}  // namespace

int registerTemporary(const std::string& path) { return registerPath(path, false); }
int registerTemporaryFolder(const std::string& path) { return registerPath(path, true); }

void unregisterTemporary(int slot) {
  if (slot >= 0 && slot < kSlots) slots[slot].state.store(kFree, std::memory_order_release);
}

int registeredTemporaries() {
  int count = 0;
  for (const Slot& slot : slots) count += slot.state.load() == kArmed;
  return count;
}

}  // namespace kc::io
