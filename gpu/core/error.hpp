#pragma once
// The one error path of kernelcam's core: every failed CUDA (or GL) call becomes a
// kc::Error carrying where it happened, what was called and the library's own message.
#include <stdexcept>
#include <string>

namespace kc {

class Error : public std::runtime_error {
 public:
  Error(std::string file, int line, std::string call, std::string message, int code = 0);

  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }
  const std::string& call() const noexcept { return call_; }
  const std::string& message() const noexcept { return message_; }
  int code() const noexcept { return code_; }

 private:
  std::string file_;
  int line_;
  std::string call_;
  std::string message_;
  int code_;
};

// Invalid arguments (sizes, parameters) from the caller: reported, never undefined behaviour.
class InvalidArgument : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] void throwError(const char* file, int line, const char* call, const std::string& message, int code = 0);

}  // namespace kc

#define KC_FAIL(call_text, message) ::kc::throwError(__FILE__, __LINE__, call_text, message)
#define KC_REQUIRE(cond, message)                                   \
  do {                                                              \
    if (!(cond)) throw ::kc::InvalidArgument(std::string(message)); \
  } while (0)
