#pragma once
// A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) prints one line saying so and the crashing
// thread's stack as module+offset frames (addr2line -e MODULE OFFSET turns them into lines on the
// build that made the binary), then ends the process by the same signal (exit status and core dump
// as without the handler). Not installed under a sanitizer, which reports crashes itself.
namespace kc {

void installCrashReport();

}  // namespace kc
