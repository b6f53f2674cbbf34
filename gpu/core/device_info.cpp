#include "gpu/core/device_info.hpp"

#include <cstdio>

namespace kc {

std::string describe(const DeviceInfo& d) {
  char text[512];
  std::snprintf(text, sizeof text,
                "CUDA device %d: %s\n  compute capability %d.%d, %d SMs, SM clock %.0f MHz\n"
                "  memory %.1f GiB (%.1f GiB free), bus %d bits at %.0f MHz, peak %.0f GB/s\n"
                "  L2 %.1f MiB, shared memory per block (opt-in) %zu KiB",
                d.index, d.name.c_str(), d.computeMajor, d.computeMinor, d.multiprocessors, d.smClockKHz / 1e3,
                d.totalMemoryBytes / 1073741824.0, d.freeMemoryBytes / 1073741824.0, d.memoryBusWidthBits,
                d.memoryClockKHz / 1e3, d.peakBandwidthGBs(), d.l2CacheBytes / 1048576.0,
                d.sharedMemoryPerBlockOptin / 1024);
  return text;
}

}  // namespace kc
