#include "app/diagnostics/memory_usage.hpp"

#include <fstream>
#include <string>
#include <sys/resource.h>

#ifdef KC_HAVE_CUDA
#include "gpu/core/device_query.cuh"  // plain C++ declarations
#endif

namespace kc {

std::optional<double> residentMemoryMiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // "VmRSS:   12345 kB"
  return std::nullopt;
}

std::optional<double> peakResidentMemoryMiB() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return std::nullopt;
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

std::optional<double> deviceMemoryUsedMiB() {
#ifdef KC_HAVE_CUDA
  if (cudaDeviceCountOrZero() > 0) return static_cast<double>(currentDeviceMemory().usedBytes()) / (1024.0 * 1024.0);
#endif
  return std::nullopt;
}

std::optional<double> deviceMemoryFreeBytes() {
#ifdef KC_HAVE_CUDA
  if (cudaDeviceCountOrZero() > 0) return static_cast<double>(currentDeviceMemory().freeBytes);
#endif
  return std::nullopt;
}

}  // namespace kc
