#include "gpu/lab/worker/lab_worker_client.hpp"

#include <cstdint>
#include <string_view>

#include "gpu/core/message_text.hpp"

namespace kc::lab {
namespace {

ChildProcess startChild(const std::string& path, const std::vector<std::string>& arguments,
                        const WorkerIdentity& identity) {
  try {
    return ChildProcess(path, arguments, identity.child);
  } catch (const Error& error) {  // "cannot start PATH: Permission denied"
    throw WorkerError(WorkerError::Kind::NotStarted, identity.who + ": " + error.message());
  }
}

std::string formatMs(double ms) { return std::to_string(static_cast<long long>(ms + 0.5)) + " ms"; }

// The last line a process that ended wrote to stderr (a loader's "cannot open shared object
// file", the worker's own reason), as the end of the one line saying it ended: "; it wrote '...'".
std::string lastWords(const std::string& output) {
  const std::size_t last = output.find_last_not_of(" \t\r\n");
  if (last == std::string::npos) return {};
  const std::size_t newline = output.rfind('\n', last);
  const std::size_t first = newline == std::string::npos ? 0 : newline + 1;
  return "; it wrote " + quotedText(std::string_view(output).substr(first, last + 1 - first), 200);
}

}  // namespace

// The message names the process (its WorkerIdentity: the worker or the compiler) and what it did:
// what() is that line alone, never this file's path.
WorkerError::WorkerError(Kind kind, const std::string& message, std::string output)
    : Error({}, 0, {}, message), kind_(kind), output_(std::move(output)) {}

LabWorkerClient::LabWorkerClient(const std::string& path, const std::vector<std::string>& arguments,
                                 WorkerLimits limits, WorkerIdentity identity)
    : path_(path),
      limits_(limits),
      who_(identity.who),
      notReady_(identity.notReady),
      captured_(identity.child.captureOutput),
      process_(startChild(path, arguments, identity)) {
  const std::string who = who_ + " (" + path + ")";
  WorkerHello hello;
  try {
    hello = decodeMessage<WorkerHello>(receiveMessage(process_.socket(), deadlineAfter(limits_.startMs)));
  } catch (const ChannelError& error) {
    switch (error.kind()) {
      case ChannelError::Kind::Closed:
        fail(WorkerError::Kind::NotStarted, who + " " + exitOf() + " before it was ready");
      case ChannelError::Kind::TimedOut:
        fail(WorkerError::Kind::NotStarted,
             who + " was not ready within " + formatMs(limits_.startMs) + "; it was stopped");
      case ChannelError::Kind::Malformed:
        fail(WorkerError::Kind::NotStarted,
             who + " did not greet as the protocol says (" + error.what() + "); it was stopped");
    }
  }
  if (hello.protocol != kWorkerProtocolVersion)
    fail(WorkerError::Kind::NotStarted, who + " speaks the lab's protocol version " + std::to_string(hello.protocol) +
                                            ", this kernelcam version " + std::to_string(kWorkerProtocolVersion) +
                                            ": it is from another build (KC_LAB_WORKER names the one to use)");
  if (!hello.ready) fail(WorkerError::Kind::NotStarted, who_ + " " + notReady_ + ": " + hello.message);
  deviceName_ = hello.message;
}

void LabWorkerClient::quit() noexcept {
  if (stopped_) return;
  stopped_ = true;
  try {
    sendMessage(process_.socket(), encodeMessage(QuitRequest{}), deadlineAfter(limits_.quitMs));
  } catch (...) {  // gone already, or not listening: killed below
  }
  process_.closeSocket();
  if (!process_.waitForExit(limits_.quitMs)) process_.kill(limits_.killMs);
}

LoadReply LabWorkerClient::load(const LoadRequest& request) { return exchange<LoadReply>(request, limits_.requestMs); }

MapReply LabWorkerClient::map(const MapRequest& request) { return exchange<MapReply>(request, limits_.requestMs); }

NvrtcReply LabWorkerClient::nvrtc(const NvrtcRequest& request, double timeLimitMs) {
  return exchange<NvrtcReply>(request, timeLimitMs);
}

RunReply LabWorkerClient::run(const RunRequest& request, double timeLimitMs) {
  return afterOutcome(exchange<RunReply>(request, timeLimitMs), "Run");
}

LaunchReply LabWorkerClient::launch(const LaunchRequest& request, double timeLimitMs) {
  return afterOutcome(exchange<LaunchReply>(request, timeLimitMs), "Launch");
}

template <class Reply>
Reply LabWorkerClient::afterOutcome(const Reply& reply, const char* request) {
  switch (reply.outcome) {
    case RunOutcome::Finished:
    case RunOutcome::Refused:
      return reply;
    case RunOutcome::Faulted:
      stop();
      return reply;  // its context is lost; it exits by itself
  }
  fail(WorkerError::Kind::Protocol, who_ + " replied to " + request + " with an outcome the protocol does not have (" +
                                        std::to_string(static_cast<std::uint32_t>(reply.outcome)) +
                                        "); it was stopped");
}

void LabWorkerClient::stop() noexcept {
  stopped_ = true;
  process_.closeSocket();
  process_.kill(limits_.killMs);
}

template <class Reply, class Request>
Reply LabWorkerClient::exchange(const Request& request, double limitMs) {
  const std::string what = messageTypeName(static_cast<std::uint32_t>(Request::kType));
  if (stopped_) fail(WorkerError::Kind::Ended, who_ + " was stopped earlier; a new one is needed");
  try {
    const Deadline deadline = deadlineAfter(limitMs);
    sendMessage(process_.socket(), encodeMessage(request), deadline);
    return decodeMessage<Reply>(receiveMessage(process_.socket(), deadline));
  } catch (const ChannelError& error) {
    switch (error.kind()) {
      case ChannelError::Kind::TimedOut:
        fail(WorkerError::Kind::TimedOut,
             who_ + " did not answer " + what + " within " + formatMs(limitMs) + "; it was stopped");
      case ChannelError::Kind::Closed:
        fail(WorkerError::Kind::Ended, who_ + " " + exitOf() + " during " + what);
      case ChannelError::Kind::Malformed:
        fail(WorkerError::Kind::Protocol,
             who_ + " sent a malformed reply to " + what + " (" + error.what() + "); it was stopped");
    }
    throw;
  }
}

void LabWorkerClient::fail(WorkerError::Kind kind, const std::string& message) {
  stop();
  const std::string output = captured_ ? process_.capturedOutput() : std::string();
  // A process that ended by itself may have said why; one that was stopped is not asked.
  const bool ended = kind == WorkerError::Kind::NotStarted || kind == WorkerError::Kind::Ended;
  throw WorkerError(kind, ended ? message + lastWords(output) : message, output);
}

// How the process ended, once it has: it closed the socket, so its exit is a moment away.
std::string LabWorkerClient::exitOf() {
  if (!process_.waitForExit(limits_.quitMs)) process_.kill(limits_.killMs);
  stopped_ = true;
  return process_.exitDescription();
}

}  // namespace kc::lab
