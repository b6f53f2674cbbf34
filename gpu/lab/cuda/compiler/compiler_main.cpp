// kernelcam-lab-compiler: the process every user kernel is compiled in (docs/KERNEL-LAB.md,
// "Compiles as untrusted input"). kernelcam starts it with `--memory-mib N --parent PID --fd 3`
// and sends it Nvrtc requests (worker_protocol.hpp). Before the first one it:
//   - dies with kernelcam: PR_SET_PDEATHSIG, and the server's watchdog when kernelcam's end of the
//     socket closes (kernelcam kills it on a time limit, a cancel or its own exit);
//   - loads what NVRTC would load later, then may no longer open, stat or run files (sandbox.hpp):
//     the headers come with the request, read by kernelcam inside the kernel's folder;
//   - limits its address space (RLIMIT_AS), so a compile that would take gigabytes fails here.
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <string>
#include <cstdint>

#include "gpu/lab/cuda/compiler/nvrtc_host.hpp"
#include "gpu/lab/cuda/compiler/sandbox.hpp"
#include "gpu/lab/worker/lab_worker_server.hpp"

namespace {

template <class T>
bool parseNumber(const std::string& text, T& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  const auto line = kc::lab::parseWorkerCommandLine(argc, argv);
  std::uint64_t memoryMiB = 0;
  pid_t parent = 0;
  if (!line || !parseNumber(line->option("memory-mib", ""), memoryMiB) ||
      !parseNumber(line->option("parent", ""), parent)) {
    std::fputs("kernelcam-lab-compiler: compiles user kernels for kernelcam's kernel lab, which starts it "
               "(kernelcam-lab-compiler --memory-mib N --parent PID --fd N)\n",
               stderr);
    return 2;
  }
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) return 0;  // kernelcam died before the line above
  ::signal(SIGPIPE, SIG_IGN);

  kc::lab::NvrtcHost host;
  std::string why = host.prepare();
  if (why.empty()) why = kc::lab::forbidFileAccess();
  if (why.empty()) why = kc::lab::limitMemory(memoryMiB);
  if (!why.empty()) host.setNotReady(why);
  const int status = kc::lab::serveLabWorker(line->fd, host);
  std::fflush(stderr);
  ::_exit(status);
}
