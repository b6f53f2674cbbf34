#include "gpu/core/error.hpp"

namespace kc {

namespace {
std::string describe(const std::string& file, int line, const std::string& call, const std::string& message) {
  // No file and no call: a message for the user as it stands (a lab process that ended names
  // itself; a missing program names what to set): what() carries no source path.
  if (file.empty() && call.empty()) return message;
  return file + ":" + std::to_string(line) + ": " + call + " failed: " + message;
}
}  // namespace

Error::Error(std::string file, int line, std::string call, std::string message, int code)
    : std::runtime_error(describe(file, line, call, message)),
      file_(std::move(file)),
      line_(line),
      call_(std::move(call)),
      message_(std::move(message)),
      code_(code) {}

void throwError(const char* file, int line, const char* call, const std::string& message, int code) {
  throw Error(file, line, call, message, code);
}

}  // namespace kc
