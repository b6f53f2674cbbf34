// kernelcam-lab-worker: the process user kernels run in (docs/KERNEL-LAB.md, "Isolation").
// kernelcam starts it with `--device N --fd 3`; it links no Qt, OpenCV or CUDA library beyond
// cudart_static, so it starts in milliseconds plus CUDA's own set-up.
#include <signal.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <string>

#include "gpu/lab/cuda/worker/cuda_kernel_host.hpp"
#include "gpu/lab/worker/lab_worker_server.hpp"

int main(int argc, char** argv) {
  const auto line = kc::lab::parseWorkerCommandLine(argc, argv);
  const std::string deviceText = line ? line->option("device", "0") : std::string();
  int device = -1;
  const auto [end, error] = std::from_chars(deviceText.data(), deviceText.data() + deviceText.size(), device);
  if (!line || error != std::errc() || end != deviceText.data() + deviceText.size()) {
    std::fputs(
        "kernelcam-lab-worker: runs user kernels for kernelcam's kernel lab, which starts it "
        "(kernelcam-lab-worker --device N --fd N)\n",
        stderr);
    return 2;
  }
  ::signal(SIGPIPE, SIG_IGN);
  int status = 0;
  {
    kc::lab::CudaKernelHost host(device);
    status = kc::lab::serveLabWorker(line->fd, host);
  }
  std::fflush(stderr);
  // Not exit(): cudart's exit handlers have nothing left to do, and after a fault they would
  // talk to a lost context.
  ::_exit(status);
}
