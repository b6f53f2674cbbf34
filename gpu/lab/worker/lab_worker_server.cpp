#include "gpu/lab/worker/lab_worker_server.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <thread>

namespace kc::lab {
namespace {

// How long the worker tries to hand a reply to kernelcam, which is waiting for it.
constexpr double kReplyMs = 10000;

// Ends the process when kernelcam's end of the socket closes (kernelcam quit or crashed). The
// main thread notices too when it is reading; this covers a main thread held by a kernel that
// never finishes, which would otherwise keep the GPU busy with no one to stop it.
void watchForHangUp(int fd) {
  std::thread([fd] {
    pollfd entry{fd, POLLRDHUP, 0};
    for (;;) {
      if (::poll(&entry, 1, -1) < 0 && errno != EINTR) ::_exit(3);
      if (entry.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) ::_exit(0);
    }
  }).detach();
}

// One request: its reply, or nothing for Quit. Throws ChannelError for a request that is not one.
std::optional<Message> answer(const Message& request, LabWorkerHandler& handler, bool* faulted) {
  switch (static_cast<WorkerMessageType>(request.type)) {
    case WorkerMessageType::Load:
      return encodeMessage(handler.load(decodeMessage<LoadRequest>(request)));
    case WorkerMessageType::Map:
      return encodeMessage(handler.map(decodeMessage<MapRequest>(request)));
    case WorkerMessageType::Run: {
      const RunReply reply = handler.run(decodeMessage<RunRequest>(request));
      *faulted = reply.outcome == RunOutcome::Faulted;
      return encodeMessage(reply);
    }
    case WorkerMessageType::Launch: {
      const LaunchReply reply = handler.launch(decodeMessage<LaunchRequest>(request));
      *faulted = reply.outcome == RunOutcome::Faulted;
      return encodeMessage(reply);
    }
    case WorkerMessageType::Nvrtc:
      return encodeMessage(handler.nvrtc(decodeMessage<NvrtcRequest>(request)));
    case WorkerMessageType::Quit:
      (void)decodeMessage<QuitRequest>(request);
      return std::nullopt;
    default:
      break;
  }
  throw ChannelError(ChannelError::Kind::Malformed,
                     "received a " + messageTypeName(request.type) + ", which is not a request");
}

}  // namespace

NvrtcReply LabWorkerHandler::nvrtc(const NvrtcRequest&) {
  NvrtcReply reply;
  reply.result = -1;
  reply.resultText = "this process runs kernels and does not compile them (a kernelcam bug)";
  return reply;
}

LaunchReply LabWorkerHandler::launch(const LaunchRequest&) {
  LaunchReply reply;
  reply.outcome = RunOutcome::Refused;
  reply.status = {-1, "this process does not run kernels (a kernelcam bug)"};
  return reply;
}

std::string WorkerCommandLine::option(const std::string& name, const std::string& fallback) const {
  for (const auto& [key, value] : options)
    if (key == name) return value;
  return fallback;
}

std::optional<WorkerCommandLine> parseWorkerCommandLine(int argc, char** argv) {
  WorkerCommandLine line;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view name = argv[i];
    const std::string_view value = argv[i + 1];
    if (name.size() < 3 || name.substr(0, 2) != "--") return std::nullopt;
    if (name == "--fd") {
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), line.fd);
      if (error != std::errc() || end != value.data() + value.size() || line.fd < 0) return std::nullopt;
    } else {
      line.options.emplace_back(std::string(name.substr(2)), std::string(value));
    }
  }
  if (argc % 2 == 0 || line.fd < 0) return std::nullopt;  // an option without its value, or no --fd
  return line;
}

int serveLabWorker(int fd, LabWorkerHandler& handler) {
  watchForHangUp(fd);
  try {
    const WorkerHello hello = handler.hello();
    sendMessage(fd, encodeMessage(hello), deadlineAfter(kReplyMs));
    if (!hello.ready) return 1;
    for (;;) {
      const Message request = receiveMessage(fd, Deadline::max());  // kernelcam asks when it needs to
      bool faulted = false;
      const std::optional<Message> reply = answer(request, handler, &faulted);
      if (!reply) return 0;
      sendMessage(fd, *reply, deadlineAfter(kReplyMs));
      if (faulted) return 4;
    }
  } catch (const ChannelError& error) {
    if (error.kind() == ChannelError::Kind::Closed) return 0;  // kernelcam went away
    std::fprintf(stderr, "kernelcam-lab-worker: %s\n", error.what());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "kernelcam-lab-worker: %s\n", error.what());
  }
  return 3;
}

}  // namespace kc::lab
