#include "gpu/lab/worker/message_channel.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace kc::lab {
namespace {

using Clock = std::chrono::steady_clock;

struct FrameHeader {
  std::uint32_t magic;
  std::uint32_t type;
  std::uint64_t payloadBytes;
};
static_assert(sizeof(FrameHeader) == 16);
constexpr std::uint32_t kFrameMagic = 0x574c434b;  // "KCLW" in memory

// Waits until `fd` is ready for `events` or the deadline passes (ChannelError::TimedOut).
void waitUntilReady(int fd, short events, Deadline deadline, const char* doing) {
  for (;;) {
    int timeoutMs = -1;
    if (deadline != Deadline::max()) {
      const double left = std::chrono::duration<double, std::milli>(deadline - Clock::now()).count();
      if (left <= 0) throw ChannelError(ChannelError::Kind::TimedOut, std::string("timed out ") + doing);
      timeoutMs = static_cast<int>(std::min(std::ceil(left), 1e9));
    }
    pollfd entry{fd, events, 0};
    const int ready = ::poll(&entry, 1, timeoutMs);
    if (ready > 0) return;  // readable, writable, or hung up: the read or write says which
    if (ready < 0 && errno != EINTR)
      throw ChannelError(ChannelError::Kind::Closed, std::string("poll failed ") + doing + ": " + std::strerror(errno));
  }
}

[[noreturn]] void throwClosed(const char* doing, int error) {
  throw ChannelError(ChannelError::Kind::Closed,
                     std::string("the other process closed the channel ") + doing +
                         (error ? std::string(" (") + std::strerror(error) + ")" : std::string()));
}

void sendAll(int fd, const char* bytes, std::size_t size, Deadline deadline) {
  while (size > 0) {
    waitUntilReady(fd, POLLOUT, deadline, "while sending");
    const ssize_t sent = ::send(fd, bytes, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      throwClosed("while sending", errno);
    }
    bytes += sent;
    size -= static_cast<std::size_t>(sent);
  }
}

void receiveAll(int fd, char* bytes, std::size_t size, Deadline deadline) {
  while (size > 0) {
    waitUntilReady(fd, POLLIN, deadline, "while waiting for a message");
    const ssize_t received = ::recv(fd, bytes, size, MSG_DONTWAIT);
    if (received == 0) throwClosed("while receiving", 0);
    if (received < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      throwClosed("while receiving", errno);
    }
    bytes += received;
    size -= static_cast<std::size_t>(received);
  }
}

}  // namespace

Deadline deadlineAfter(double ms) {
  if (!(ms >= 0) || std::isinf(ms)) return Deadline::max();
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}

void sendMessage(int fd, const Message& message, Deadline deadline) {
  if (message.payload.size() > kMaxMessagePayload)
    throw ChannelError(ChannelError::Kind::Malformed,
                       "a message of " + std::to_string(message.payload.size()) + " bytes is over the channel's limit");
  const FrameHeader header{kFrameMagic, message.type, message.payload.size()};
  sendAll(fd, reinterpret_cast<const char*>(&header), sizeof header, deadline);
  sendAll(fd, message.payload.data(), message.payload.size(), deadline);
}

Message receiveMessage(int fd, Deadline deadline) {
  FrameHeader header{};
  receiveAll(fd, reinterpret_cast<char*>(&header), sizeof header, deadline);
  if (header.magic != kFrameMagic)
    throw ChannelError(ChannelError::Kind::Malformed, "received bytes that do not start a message");
  if (header.payloadBytes > kMaxMessagePayload)
    throw ChannelError(ChannelError::Kind::Malformed,
                       "received a message of " + std::to_string(header.payloadBytes) + " bytes, over the limit");
  Message message;
  message.type = header.type;
  message.payload.resize(header.payloadBytes);
  receiveAll(fd, message.payload.data(), message.payload.size(), deadline);
  return message;
}

}  // namespace kc::lab
