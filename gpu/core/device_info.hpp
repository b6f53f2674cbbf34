#pragma once
// What the CLI's `devices` command and the overlays need to know about a CUDA device.
// Plain C++: the UI may include it.
#include <cstddef>
#include <string>
#include <vector>

namespace kc {

struct DeviceInfo {
  int index = 0;
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  int multiprocessors = 0;
  std::size_t totalMemoryBytes = 0;
  std::size_t freeMemoryBytes = 0;
  std::size_t l2CacheBytes = 0;
  std::size_t sharedMemoryPerBlock = 0;
  std::size_t sharedMemoryPerBlockOptin = 0;
  int maxThreadsPerBlock = 0;
  int maxThreadsPerMultiprocessor = 0;
  int memoryClockKHz = 0;
  int memoryBusWidthBits = 0;
  int smClockKHz = 0;
  // Theoretical: 2 (DDR) x memory clock x bus width. The measured copy roofline is the bench's job.
  double peakBandwidthGBs() const { return 2.0 * memoryClockKHz * 1e3 * (memoryBusWidthBits / 8.0) / 1e9; }
};

// Human-readable one-device summary in the spirit of deviceQuery.
std::string describe(const DeviceInfo& info);

}  // namespace kc
