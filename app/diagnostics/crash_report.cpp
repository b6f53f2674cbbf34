#include "app/diagnostics/crash_report.hpp"

#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <initializer_list>

namespace kc {
namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

void writeText(const char* text) {
  if (::write(STDERR_FILENO, text, ::strlen(text)) < 0) return;  // nothing else to tell
}

// Only async-signal-safe calls here, besides backtrace(), whose library is loaded at install time.
extern "C" void onCrash(int signal) {
  writeText("kernelcam: crashed (");
  writeText(::sigabbrev_np(signal) ? ::sigabbrev_np(signal) : "signal");
  writeText("), a kernelcam bug; please report it with these lines:\n");
  void* frames[64];
  const int count = ::backtrace(frames, 64);
  ::backtrace_symbols_fd(frames, count, STDERR_FILENO);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

}  // namespace

void installCrashReport() {
  if (kSanitized) return;
  void* warm[1];
  ::backtrace(warm, 1);  // loads libgcc's unwinder now: not from inside the handler
  struct sigaction action {};
  action.sa_handler = onCrash;
  action.sa_flags = SA_RESETHAND | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::sigaction(signal, &action, nullptr);
}

}  // namespace kc
