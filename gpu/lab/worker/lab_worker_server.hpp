#pragma once
// The worker's side of the conversation (worker_protocol.hpp): greets, then answers kernelcam's
// requests one at a time through a handler until Quit, until kernelcam's end of the socket
// closes, or after a faulted run. The real handler runs kernels with CUDA
// (gpu/lab/cuda/worker/); the tests' fake worker (tests/support/fake_lab_worker.cpp) plays the same part without a
// GPU, so this loop and the client are tested on any machine.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

class LabWorkerHandler {
 public:
  virtual ~LabWorkerHandler() = default;
  virtual WorkerHello hello() = 0;
  virtual LoadReply load(const LoadRequest& request) = 0;
  virtual MapReply map(const MapRequest& request) = 0;
  virtual RunReply run(const RunRequest& request) = 0;
  // The compiler process's request; a worker that runs kernels does not compile.
  virtual NvrtcReply nvrtc(const NvrtcRequest& request);
  // An exercise kernel's launch (a worker that runs kernels; the compiler process refuses it).
  virtual LaunchReply launch(const LaunchRequest& request);
};

// The worker's command line: `--fd N` (the socket, added by ChildProcess) and `--NAME VALUE`
// options of the worker's own. Empty for anything else.
struct WorkerCommandLine {
  int fd = -1;
  std::vector<std::pair<std::string, std::string>> options;
  std::string option(const std::string& name, const std::string& fallback) const;
};
std::optional<WorkerCommandLine> parseWorkerCommandLine(int argc, char** argv);

// Serves kernelcam on `fd`; returns the exit status for the worker: 0 after Quit or when
// kernelcam closed its end, 1 when the greeting said "not ready", 3 on a broken conversation, 4
// after a faulted run. A watchdog thread ends the process (_exit) as soon as kernelcam's end
// closes, even while a kernel that never finishes holds the main thread.
int serveLabWorker(int fd, LabWorkerHandler& handler);

}  // namespace kc::lab
