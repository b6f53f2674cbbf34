#include "app/diagnostics/memory_usage.hpp"

#include <fstream>
#include <string>
#include <sys/resource.h>

#include "gpu/plugin/cuda_backend_loader.hpp"

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
  DeviceBackend* devices = cudaDevices();
  if (devices && devices->deviceCountOrZero() > 0)
    return static_cast<double>(devices->currentDeviceMemory().usedBytes()) / (1024.0 * 1024.0);
  return std::nullopt;
}

std::optional<double> deviceMemoryFreeBytes() {
  DeviceBackend* devices = cudaDevices();
  if (devices && devices->deviceCountOrZero() > 0) return static_cast<double>(devices->currentDeviceMemory().freeBytes);
  return std::nullopt;
}

}  // namespace kc
