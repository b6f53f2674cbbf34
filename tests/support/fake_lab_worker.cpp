// A stand-in for kernelcam-lab-worker that needs no GPU: the real conversation
// (gpu/lab/worker/lab_worker_server.hpp) with scripted behaviour, so cpu_tests check how kernelcam
// starts its worker, reads its replies and survives its crashes, hangs and bad replies.
//   --behave ready            greets "fake GPU"; Load: 8 blocks, 2048 threads per SM; Map: ok;
//                             Run: Finished in 0.25 ms, echoing the request in the message (default)
//   --behave exit-at-start    exits with status 3 before greeting
//   --behave silent-at-start  never greets
//   --behave not-ready        greets "not ready: no CUDA device"
//   --behave old-protocol     greets with protocol version 999
//   --behave refuse-load      Load fails as a cubin for another GPU does (code 209)
//   --behave crash-in-run     aborts (SIGABRT) in Run
//   --behave hang-in-run      never answers Run
//   --behave fault-in-run     replies Faulted (code 700) and exits, as the real worker does
//   --behave garbage-in-run   answers Run with bytes that are not a message
//   --behave garbage-at-start sends bytes that are not a message instead of its greeting, then waits
//   --behave chatter-at-start prints 256 KiB to stdout and a line with escape sequences to stderr,
//                             then exits with status 3 (a wrong or broken binary named as the worker)
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "gpu/lab/worker/lab_worker_server.hpp"

namespace {

using namespace kc::lab;

std::string describe(const FrameInAllocation& f) {
  return std::to_string(f.width) + "x" + std::to_string(f.height) + "x" + std::to_string(f.channels) + " pitch " +
         std::to_string(f.pitch) + " at " + std::to_string(f.allocation) + "+" + std::to_string(f.offset);
}

class FakeWorker final : public LabWorkerHandler {
 public:
  FakeWorker(std::string behaviour, int fd) : behaviour_(std::move(behaviour)), fd_(fd) {}

  WorkerHello hello() override {
    if (behaviour_ == "not-ready") return {kWorkerProtocolVersion, false, "no CUDA device"};
    if (behaviour_ == "old-protocol") return {999, true, "fake GPU"};
    return {kWorkerProtocolVersion, true, "fake GPU"};
  }

  LoadReply load(const LoadRequest& request) override {
    if (behaviour_ == "refuse-load")
      return {{209, "cuModuleLoadData: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available"}, 0, 0};
    return {{0, "loaded " + request.entry + " (" + std::to_string(request.cubin.size()) + " bytes)"}, 8, 2048};
  }

  MapReply map(const MapRequest& request) override {
    return {{0, "mapped " + std::to_string(request.allocations.size())}};
  }

  RunReply run(const RunRequest& request) override {
    if (behaviour_ == "crash-in-run") {
      const rlimit noCore{0, 0};
      ::setrlimit(RLIMIT_CORE, &noCore);
      std::abort();
    }
    if (behaviour_ == "hang-in-run")
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    if (behaviour_ == "fault-in-run")
      return {RunOutcome::Faulted, {700, "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered"}, 0};
    if (behaviour_ == "garbage-in-run") {
      const char garbage[] = "this is not a message, nor its header";
      (void)::write(fd_, garbage, sizeof garbage);
    }
    std::string params;
    for (std::uint32_t word : request.params) params += (params.empty() ? "" : ",") + std::to_string(word);
    return {RunOutcome::Finished,
            {0, "in " + describe(request.in) + "; out " + describe(request.out) + "; block " +
                    std::to_string(request.blockX) + "x" + std::to_string(request.blockY) + "; params " + params +
                    (request.order.ordered()
                         ? "; after the order page's word " + std::to_string(request.order.readyOffset) + " reaches " +
                               std::to_string(request.order.sequence)
                         : std::string())},
            0.25f};
  }

 private:
  std::string behaviour_;
  int fd_;
};

}  // namespace

int main(int argc, char** argv) {
  const auto line = parseWorkerCommandLine(argc, argv);
  if (!line) {
    std::fputs("fake_lab_worker: usage: fake_lab_worker [--behave WHAT] --fd N\n", stderr);
    return 2;
  }
  const std::string behaviour = line->option("behave", "ready");
  if (behaviour == "exit-at-start") return 3;
  if (behaviour == "garbage-at-start") {
    const char garbage[] = "HTTP/1.1 200 OK\r\n\r\nnot the lab's protocol";
    (void)::write(line->fd, garbage, sizeof garbage);
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  if (behaviour == "chatter-at-start") {
    const std::string chatter(256 * 1024, 'y');
    std::fwrite(chatter.data(), 1, chatter.size(), stdout);
    std::fflush(stdout);
    std::fputs(
        "fake_lab_worker: first line\nfake_lab_worker: \x1b]0;pwned\x07"
        "cannot start\n",
        stderr);
    return 3;
  }
  if (behaviour == "silent-at-start")
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  FakeWorker worker(behaviour, line->fd);
  ::_exit(serveLabWorker(line->fd, worker));
}
