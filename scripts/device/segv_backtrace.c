// LD_PRELOAD on the GPU machine (no gdb there): on SIGSEGV/SIGBUS/SIGABRT/SIGFPE prints the faulting
// thread's backtrace (glibc's backtrace_symbols_fd, addresses with their library and offset, which
// addr2line resolves here against the same binaries) to stderr, then re-raises the signal.
//   gcc -O1 -g -shared -fPIC -o kc_segv.so segv_backtrace.c
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static void on_fault(int sig) {
  void* frames[64];
  const int n = backtrace(frames, 64);
  static const char head[] = "\n=== kc_segv: fatal signal, backtrace of the faulting thread ===\n";
  write(2, head, sizeof head - 1);
  backtrace_symbols_fd(frames, n, 2);
  signal(sig, SIG_DFL);
  raise(sig);
}

__attribute__((constructor)) static void install(void) {
  void* warm[1];
  backtrace(warm, 1);  // loads libgcc_s now, not inside the handler
  const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; ++i) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fault;
    action.sa_flags = SA_RESETHAND | SA_ONSTACK;
    sigaction(signals[i], &action, 0);
  }
}
