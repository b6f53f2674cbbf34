#include "gpu/core/memory_budget.hpp"

#include <fstream>
#include <new>
#include <sstream>
#include <sys/resource.h>

#include "gpu/core/message_text.hpp"

namespace kc {

namespace {

// cudaErrorMemoryAllocation's value (cuda_runtime_api.h); this file is plain C++.
constexpr int kCudaErrorMemoryAllocation = 2;

// What the machine has left, and the process's own address-space limit where one is set (under
// `ulimit -v` an allocation fails long before MemAvailable runs out).
std::string hostAvailableText() {
  const std::optional<double> available = hostMemoryAvailable();
  std::string text = available ? formatBytes(*available) + " available (MemAvailable)" : "available memory unknown";
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    text += "; this process's address space is limited to " + formatBytes(static_cast<double>(limit.rlim_cur)) +
            " (ulimit -v)";
  return text;
}

}  // namespace

std::optional<double> hostMemoryAvailable() {
  std::ifstream meminfo("/proc/meminfo");
  for (std::string line; std::getline(meminfo, line);) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream fields(line.substr(13));
    double kib = 0;
    if (fields >> kib) return kib * 1024.0;  // "MemAvailable:   22766344 kB"
  }
  return std::nullopt;
}

void requireMemory(const std::string& what, const MemoryNeed& need, std::optional<double> deviceFree,
                   const std::string& deviceName) {
  const std::optional<double> host = hostMemoryAvailable();
  if (host && need.hostBytes > *host)
    throw OutOfMemory("not enough host memory for " + what + ": needs about " + formatBytes(need.hostBytes) + ", " +
                      formatBytes(*host) + " available (MemAvailable)");
  if (deviceFree && need.deviceBytes > *deviceFree)
    throw OutOfMemory("not enough device memory for " + what + ": needs about " + formatBytes(need.deviceBytes) + ", " +
                      formatBytes(*deviceFree) + " free on " + deviceName + " (cudaMemGetInfo)");
}

std::string describeOutOfMemory(const std::string& what, const std::exception& error) {
  if (dynamic_cast<const std::bad_alloc*>(&error))
    return "out of host memory while running " + what + " (an allocation failed: " + error.what() + "); " +
           hostAvailableText();
  const auto* cuda = dynamic_cast<const Error*>(&error);
  if (!cuda || cuda->code() != kCudaErrorMemoryAllocation) return {};
  const bool pinned = cuda->call().find("Host") != std::string::npos;  // cudaMallocHost: page-locked host memory
  return std::string("out of ") + (pinned ? "page-locked host" : "device") + " memory while running " + what + " (" +
         cuda->call() + ": " + cuda->message() + ")";
}

}  // namespace kc
