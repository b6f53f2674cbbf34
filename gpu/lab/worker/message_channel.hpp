#pragma once
// Framed messages over a stream socket, each read and write bounded by a deadline: the channel
// between kernelcam and the lab's worker process (worker_protocol.hpp says what the messages
// hold). A frame is a 16-byte header (magic, type, payload size) and the payload.
//
// Nothing here waits without a deadline, and nothing raises SIGPIPE: a peer that died is an
// error the caller sees (ChannelError::Kind::Closed), never a signal that ends kernelcam.
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace kc::lab {

using Deadline = std::chrono::steady_clock::time_point;

// `ms` from now; a negative or infinite `ms` never passes.
Deadline deadlineAfter(double ms);

struct Message {
  std::uint32_t type = 0;
  std::string payload;
};

// The largest payload either side accepts: a cubin is far smaller (a 1 MiB source gives a few MiB).
constexpr std::uint64_t kMaxMessagePayload = 64u << 20;

class ChannelError : public std::runtime_error {
 public:
  enum class Kind {
    TimedOut,   // the deadline passed first
    Closed,     // the other end is gone (end of stream, reset, broken pipe)
    Malformed,  // bytes that are not a frame: a wrong magic or an impossible size
  };
  ChannelError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const noexcept { return kind_; }

 private:
  Kind kind_;
};

// Both throw ChannelError; a timeout may leave half a frame behind, so the caller stops using the
// channel after any error.
void sendMessage(int fd, const Message& message, Deadline deadline);
Message receiveMessage(int fd, Deadline deadline);

}  // namespace kc::lab
