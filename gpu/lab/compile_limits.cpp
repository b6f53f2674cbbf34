#include "gpu/lab/compile_limits.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <cstdint>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

// The smallest limit a kernel can be compiled under, found by trying (issue 40; NVRTC 13.0, the lab's
// template, 2026-11-29): below 129 MiB the compiler process cannot start (a thread's stack is
// refused: pthread_create's EAGAIN, then an abort); from 129 to 155 MiB it starts but the template
// fails (NVRTC "out of memory", or no message at all); from 156 MiB it compiles, slowly below
// 208 MiB (1.2 s against 0.1 s). 256 leaves room for what other machines and versions need
// (NVRTC's threads' stacks count against RLIMIT_AS); one that needs more still gets one line
// (compiler_service.cpp).
constexpr std::uint64_t kMinMemoryMiB = 256;
constexpr std::uint64_t kMaxMemoryMiB = std::uint64_t{1} << 20;
constexpr double kMinSeconds = 0.1;
constexpr double kMaxSeconds = 3600;

}  // namespace

std::uint64_t parseCompileMemoryMiB(const std::string& text, const std::string& what) {
  std::uint64_t mib = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), mib);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || mib < kMinMemoryMiB ||
      mib > kMaxMemoryMiB)
    throw InvalidArgument(what + " '" + text + "': expected a whole number of MiB from " +
                          std::to_string(kMinMemoryMiB) + " to " + std::to_string(kMaxMemoryMiB) + " (the default is " +
                          std::to_string(CompileLimits{}.memoryMiB) + ")");
  return mib;
}

double parseCompileSeconds(const std::string& text, const std::string& what) {
  char* end = nullptr;
  const double seconds = text.empty() ? NAN : std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(seconds >= kMinSeconds && seconds <= kMaxSeconds))
    throw InvalidArgument(what + " '" + text + "': expected seconds from 0.1 to 3600 (the default is " +
                          describeSeconds(CompileLimits{}.seconds) + ")");
  return seconds;
}

CompileLimits compileLimitsFromEnvironment() {
  CompileLimits limits;
  if (const char* memory = std::getenv(kCompileMemoryVariable); memory && *memory)
    limits.memoryMiB = parseCompileMemoryMiB(memory, kCompileMemoryVariable);
  if (const char* seconds = std::getenv(kCompileSecondsVariable); seconds && *seconds)
    limits.seconds = parseCompileSeconds(seconds, kCompileSecondsVariable);
  return limits;
}

std::string describeMemoryMiB(std::uint64_t mib) {
  if (mib % 1024 == 0) return std::to_string(mib / 1024) + " GiB";
  return std::to_string(mib) + " MiB";
}

std::string describeSeconds(double seconds) {
  std::ostringstream text;
  text << seconds << " s";
  return text.str();
}

}  // namespace kc::lab
