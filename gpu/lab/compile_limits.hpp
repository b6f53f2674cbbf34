#pragma once
// The limits every compile of a user kernel runs under (its process: cuda/compiler/): NVRTC on
// hostile source can take gigabytes (`__device__ int a[1<<28] = {1};`) or never finish (macros
// that double 40 times), so the compile gets an address-space limit (RLIMIT_AS) and a wall-time
// limit, and is killed when it passes one; the kernel then fails with that reason. The defaults
// hold any real kernel with a wide margin (the template needs about 130 MiB and 0.1 s). Raised
// with `kernel check --compile-memory/--compile-time` or, for every command and the window,
// KC_COMPILE_MEMORY (MiB) and KC_COMPILE_SECONDS.
#include <cstdint>
#include <string>

namespace kc::lab {

constexpr const char* kCompileMemoryVariable = "KC_COMPILE_MEMORY";
constexpr const char* kCompileSecondsVariable = "KC_COMPILE_SECONDS";

struct CompileLimits {
  std::uint64_t memoryMiB = 2048;  // the compile process's address space
  double seconds = 10;             // one compile, from the request to the reply
};

// The defaults, with KC_COMPILE_MEMORY / KC_COMPILE_SECONDS applied where set. Throws
// kc::InvalidArgument naming the variable for a value it cannot take.
CompileLimits compileLimitsFromEnvironment();

// "512" -> 512 (MiB, 256 .. 1048576: below 256 the compiler may not even start); "2.5" -> 2.5
// (seconds, 0.1 .. 3600). `what` names the option
// or variable in the kc::InvalidArgument thrown for anything else.
std::uint64_t parseCompileMemoryMiB(const std::string& text, const std::string& what);
double parseCompileSeconds(const std::string& text, const std::string& what);

// "2 GiB", "256 MiB"; "10 s", "2.5 s".
std::string describeMemoryMiB(std::uint64_t mib);
std::string describeSeconds(double seconds);

}  // namespace kc::lab
