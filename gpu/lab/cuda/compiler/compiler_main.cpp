// kernelcam-lab-compiler: the process every user kernel is compiled in (docs/KERNEL-LAB.md,
// "Compiles as untrusted input"). kernelcam starts it with `--memory-mib N --parent PID --fd 3`
// and sends it Nvrtc requests (worker_protocol.hpp). Before the first one it:
//   - dies with kernelcam: PR_SET_PDEATHSIG, and the server's watchdog when kernelcam's end of the
//     socket closes (kernelcam kills it on a time limit, a cancel or its own exit);
//   - loads what NVRTC would load later, then may no longer open, stat or run files (sandbox.hpp):
//     the headers come with the request, read by kernelcam inside the kernel's folder;
//   - limits its address space (RLIMIT_AS), so a compile that would take gigabytes fails here;
//   - keeps the memory NVRTC frees (keepFreedMemory below): each compile reuses the last one's pages.
#include <malloc.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <string>
#include <cstdint>
#include <limits>

#include "gpu/lab/cuda/compiler/nvrtc_host.hpp"
#include "gpu/lab/cuda/compiler/sandbox.hpp"
#include "gpu/lab/worker/lab_worker_server.hpp"

namespace {

template <class T>
bool parseNumber(const std::string& text, T& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

// NVRTC allocates and frees some hundred MB per compile. By default glibc serves blocks over its
// mmap threshold by mmap and returns them, and the heap's free top, to the kernel on free, so every
// compile page-faults all of its memory in again: on the 2-core workstation the template compiled in
// 70 ms, 36 ms with the memory kept (docs/PERFORMANCE.md, "NVRTC's time was page faults"). Kept: all
// from the heap, never trimmed. This process only compiles, one kernel at a time, and RLIMIT_AS still
// bounds it.
void keepFreedMemory() {
  ::mallopt(M_MMAP_MAX, 0);
  ::mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
  ::mallopt(M_TOP_PAD, 64 << 20);
}

}  // namespace

int main(int argc, char** argv) {
  const auto line = kc::lab::parseWorkerCommandLine(argc, argv);
  std::uint64_t memoryMiB = 0;
  pid_t parent = 0;
  if (!line || !parseNumber(line->option("memory-mib", ""), memoryMiB) ||
      !parseNumber(line->option("parent", ""), parent)) {
    std::fputs(
        "kernelcam-lab-compiler: compiles user kernels for kernelcam's kernel lab, which starts it "
        "(kernelcam-lab-compiler --memory-mib N --parent PID --fd N)\n",
        stderr);
    return 2;
  }
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) return 0;  // kernelcam died before the line above
  ::signal(SIGPIPE, SIG_IGN);
  keepFreedMemory();

  kc::lab::NvrtcHost host;
  std::string why = host.prepare();
  if (why.empty()) why = kc::lab::forbidFileAccess();
  if (why.empty()) why = kc::lab::limitMemory(memoryMiB);
  if (!why.empty()) host.setNotReady(why);
  const int status = kc::lab::serveLabWorker(line->fd, host);
  std::fflush(stderr);
  ::_exit(status);
}
