#include "gpu/lab/worker/worker_protocol.hpp"

#include <cstring>
#include <string_view>
#include <type_traits>
#include <cstdint>

namespace kc::lab {
namespace {

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};

template <class T>
constexpr bool kRawBytes = std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, IpcHandleBytes>;

template <class T>
void write(std::string& out, const T& value) {
  if constexpr (kRawBytes<T>) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    write(out, static_cast<std::uint64_t>(value.size()));
    out.append(value);
  } else if constexpr (IsVector<T>::value) {
    write(out, static_cast<std::uint64_t>(value.size()));
    for (const auto& item : value) write(out, item);
  } else {
    std::apply([&out](const auto&... field) { (write(out, field), ...); }, value.fields());
  }
}

[[noreturn]] void malformed(const std::string& what) { throw ChannelError(ChannelError::Kind::Malformed, what); }

class Reader {
 public:
  Reader(std::string_view bytes, const char* messageName) : bytes_(bytes), name_(messageName) {}

  template <class T>
  void read(T& value) {
    if constexpr (std::is_same_v<T, bool>) {
      std::uint8_t byte = 0;
      read(byte);
      if (byte > 1) malformed(std::string("a ") + name_ + " with a flag that is neither 0 nor 1");
      value = byte == 1;
    } else if constexpr (kRawBytes<T>) {
      std::memcpy(&value, take(sizeof value).data(), sizeof value);
    } else if constexpr (std::is_same_v<T, std::string>) {
      value = std::string(take(count()));
    } else if constexpr (IsVector<T>::value) {
      value.resize(count());  // each item takes at least a byte: count() bounds the allocation
      for (auto& item : value) read(item);
    } else {
      std::apply([this](auto&... field) { (read(field), ...); }, value.fields());
    }
  }

  void expectEnd() const {
    if (!bytes_.empty())
      malformed(std::string("a ") + name_ + " with " + std::to_string(bytes_.size()) + " bytes too many");
  }

 private:
  std::string_view take(std::size_t size) {
    if (size > bytes_.size()) malformed(std::string("a ") + name_ + " cut short");
    const std::string_view taken = bytes_.substr(0, size);
    bytes_.remove_prefix(size);
    return taken;
  }
  std::size_t count() {
    std::uint64_t size = 0;
    read(size);
    if (size > bytes_.size()) malformed(std::string("a ") + name_ + " cut short");
    return static_cast<std::size_t>(size);
  }

  std::string_view bytes_;
  const char* name_;
};

}  // namespace

std::string messageTypeName(std::uint32_t type) {
  switch (static_cast<WorkerMessageType>(type)) {
    case WorkerMessageType::Hello:
      return "Hello";
    case WorkerMessageType::Load:
      return "Load";
    case WorkerMessageType::Map:
      return "Map";
    case WorkerMessageType::Run:
      return "Run";
    case WorkerMessageType::Quit:
      return "Quit";
    case WorkerMessageType::Nvrtc:
      return "Nvrtc";
    case WorkerMessageType::Launch:
      return "Launch";
    case WorkerMessageType::LaunchReply:
      return "LaunchReply";
    case WorkerMessageType::NvrtcReply:
      return "NvrtcReply";
    case WorkerMessageType::LoadReply:
      return "LoadReply";
    case WorkerMessageType::MapReply:
      return "MapReply";
    case WorkerMessageType::RunReply:
      return "RunReply";
  }
  return "message type " + std::to_string(type);
}

template <class T>
Message encodeMessage(const T& message) {
  Message encoded;
  encoded.type = static_cast<std::uint32_t>(T::kType);
  write(encoded.payload, message);
  return encoded;
}

template <class T>
T decodeMessage(const Message& message) {
  const std::string name = messageTypeName(static_cast<std::uint32_t>(T::kType));
  if (message.type != static_cast<std::uint32_t>(T::kType))
    malformed("expected a " + name + ", received a " + messageTypeName(message.type));
  T decoded;
  Reader reader(message.payload, name.c_str());
  reader.read(decoded);
  reader.expectEnd();
  return decoded;
}

#define KC_WORKER_MESSAGE(T)                   \
  template Message encodeMessage<T>(const T&); \
  template T decodeMessage<T>(const Message&);
KC_WORKER_MESSAGE(WorkerHello)
KC_WORKER_MESSAGE(LoadRequest)
KC_WORKER_MESSAGE(LoadReply)
KC_WORKER_MESSAGE(MapRequest)
KC_WORKER_MESSAGE(MapReply)
KC_WORKER_MESSAGE(RunRequest)
KC_WORKER_MESSAGE(RunReply)
KC_WORKER_MESSAGE(QuitRequest)
KC_WORKER_MESSAGE(NvrtcRequest)
KC_WORKER_MESSAGE(NvrtcReply)
KC_WORKER_MESSAGE(LaunchRequest)
KC_WORKER_MESSAGE(LaunchReply)
#undef KC_WORKER_MESSAGE

}  // namespace kc::lab
